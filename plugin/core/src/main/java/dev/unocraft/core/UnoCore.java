package dev.unocraft.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The platform-neutral plugin: starts the engine bridge, forwards player input as events, applies
 * the engine's op batches on the main thread, keeps the card-face cache and the inventory vault.
 * It decides nothing about UNO. Startup and shutdown order live here; platforms call
 * {@link #enable} and {@link #disable} and forward their events to the {@code on…} methods.
 */
public final class UnoCore {
    /** Item tag prefix marking an item as the engine's (cards, buttons): never dropped or moved. */
    public static final String TAG_KEY = "unocraft";
    /** The release (the engine's too: one version number for both), from the build. */
    public static final String VERSION = Version.VERSION;

    private final Platform platform;
    private final String platformName;
    private final EventQueue events = new EventQueue();
    private final Completions completions = new Completions();
    private final CardFaces faces;
    private final InventoryVault vault;
    private final ItemPolicy items;
    /** Gives kept items back when there is room: a look every few seconds, on the main thread. */
    private final java.util.concurrent.ScheduledExecutorService owedTimer =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "unocraft-owed-items");
                t.setDaemon(true);
                return t;
            });
    private final Bridge bridge = new Bridge(this);
    private final BridgeLegs legs = new BridgeLegs();
    private final ConcurrentLinkedQueue<Step> steps = new ConcurrentLinkedQueue<>();
    private final AtomicInteger scheduled = new AtomicInteger();
    /** Server time one tick may spend on ops; the rest waits for the next tick (-Dunocraft.tickBudgetMicros). */
    private volatile long budgetNanos = Long.getLong("unocraft.tickBudgetMicros", 2_000) * 1_000;
    private final AtomicLong carried = new AtomicLong();     // ticks that ran out of budget with ops left
    private final Timings batchTimes = new Timings();
    private final Timings tickTimes = new Timings();
    /** Per op kind ("items", "sidebar", …, "vault" for the vault's follow-ups): {ops applied, their server time in ns}. */
    private final Map<String, long[]> opKinds = new java.util.HashMap<>();
    /**
     * The CPU time of the same batches: the wall time above also counts the ticks' thread waiting
     * for a core (a busy machine) or for a GC pause; this is what the ops themselves cost.
     */
    private final Timings batchCpuTimes = new Timings();
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();
    private static final boolean CPU_TIME = THREADS.isCurrentThreadCpuTimeSupported();
    /** An op slower than this on the server thread (wall time) is logged (the first 20), to find what lags (-Dunocraft.slowOpMicros). */
    private static final long SLOW_OP_NANOS = Long.getLong("unocraft.slowOpMicros", 5_000) * 1_000;
    private final AtomicInteger slowOpsLogged = new AtomicInteger();
    /** The core's own messages (paused, resumed, no_engine), already in the platform's form ({@link Platform#text}). */
    private final Map<String, Object> strings = new ConcurrentHashMap<>();
    private final Set<String> seated = ConcurrentHashMap.newKeySet();   // players holding engine items
    private final Set<String> sidebars = ConcurrentHashMap.newKeySet(); // players shown a sidebar
    /** Online players (name → vault key: the UUID, else the name), kept on the main thread for py4j threads to read. */
    private final Map<String, String> online = new ConcurrentHashMap<>();
    private EngineGateway gateway;
    private EngineSupervisor supervisor;
    private volatile String engineVersion;      // from the attached engine's hello
    private volatile boolean disabling;

    public UnoCore(Platform platform, String platformName) {
        this.platform = platform;
        this.platformName = platformName;
        Path data = platform.dataFolder();
        this.faces = new CardFaces(data.resolve("faces.properties"));
        this.vault = new InventoryVault(data.resolve("vault"), platform, this::vaultKey,
                then -> queueSteps(List.of(new Step(VAULT_STEP, "vault", then, new Batch(), true))), this::tell);
        this.items = new ItemPolicy(this, this::tell);
        // built once here, at start-up; the engine's replacements are built on its thread (the "strings" op)
        strings.put("paused", text("§eUNO: the game engine is away; the game is paused and your items are safe."));
        strings.put("resumed", text("§aUNO: the game engine is back."));
        strings.put("no_engine", text("§cUNO: the game engine is not running; try again in a moment."));
        strings.put("items_paused", text("§eUNO: your own items are in safekeeping during the game; picking up"
                + " or taking items waits until it ends."));
        strings.put("items_kept", text("§eUNO: some of your items did not fit in your inventory; they are kept"
                + " safe and come back as soon as you have room."));
        strings.put("items_back", text("§aUNO: the items kept for you are back in your inventory."));
    }

    /** Sends the player one of the core's own messages (main thread). */
    private void tell(String player, String key) {
        Object message = strings.get(key);
        if (message != null) {
            platform.sendMessage(player, message);
        }
    }

    /** A plain (§-coloured) text in the platform's form. */
    private Object text(String legacy) {
        return platform.text(new JsonPrimitive(legacy));
    }

    // ---------------------------------------------------------------- lifecycle

    public void enable(int port, Path tokenFile) throws IOException {
        String token = TokenFile.readOrCreate(tokenFile);
        gateway = new EngineGateway(bridge, port, token, platform.logger(), this::engineDetached);
        try {
            gateway.start();
        } catch (RuntimeException e) {
            // py4j reports a port in use as Py4JNetworkException (unchecked): the platforms catch
            // IOException, so this becomes one, with the port named, instead of escaping onEnable
            gateway = null;
            throw new IOException("the bridge port 127.0.0.1:" + port + " is not free (another server or plugin uses it?);"
                    + " set another bridge-port: " + e.getMessage(), e);
        }
        startWarmUp();
        owedTimer.scheduleWithFixedDelay(() -> {
            if (vault.owesAnyone() && !disabling) {
                platform.runOnMain(vault::giveOwedToOnline);
            }
        }, 5, 5, java.util.concurrent.TimeUnit.SECONDS);
    }

    /** Done when the start-up warm-up is over; done from the start where there is none (tests, the rehearsal's own core). */
    private volatile java.util.concurrent.CountDownLatch warming = new java.util.concurrent.CountDownLatch(0);

    /** Runs {@link #warmUp} on a thread of its own; an engine's hello waits for it ({@link #awaitWarmUp}). */
    void startWarmUp() {
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        warming = done;
        Thread warm = new Thread(() -> {
            try {
                warmUp();
            } finally {
                done.countDown();
            }
        }, "unocraft-warmup");
        warm.setDaemon(true);
        warm.start();
    }

    /**
     * On a py4j thread, when an engine says hello: waits (at most 30 s) until the warm-up is over, so
     * that its work never shares the machine's cores with the engine's first batch (the card faces)
     * or the first game on the server thread. Never called on the server thread.
     */
    void awaitWarmUp() {
        try {
            if (!warming.await(30, java.util.concurrent.TimeUnit.SECONDS)) {
                platform.logger().warning("the warm-up is still running after 30 s; the engine attaches anyway");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A batch with one op of each kind that costs something to prepare, for {@link #warmUp}; no face
     * (a face prepared on the real platform would take a map id: it is rehearsed, {@link #WARM_UP_FACE}).
     */
    private static final String WARM_UP_BATCH = "{\"ops\":["
            + "{\"op\":\"msg\",\"player\":\"-\",\"c\":[{\"text\":\"a\",\"colour\":\"red\",\"bold\":true,\"click\":{\"command\":\"/uno\"},\"hover\":\"b\"}]},"
            + "{\"op\":\"complete\",\"player\":\"-\",\"tree\":{\"\":[\"start\",\"play\"],\"play\":[\"R5\"]}},"
            + "{\"op\":\"items\",\"player\":\"-\",\"slots\":{\"0\":{\"material\":\"paper\",\"name\":\"a\",\"lore\":[\"b\"],\"glow\":true,\"tag\":\"-\"},\"1\":null},\"held\":0},"
            + "{\"op\":\"sidebar\",\"player\":\"-\",\"title\":\"a\",\"lines\":[\"b\"]},"
            + "{\"op\":\"sound\",\"player\":\"-\",\"sound\":\"minecraft:ui.button.click\",\"volume\":0.5}]}";

    /** What the rehearsal applies first: a card face. */
    private static final String WARM_UP_FACE = "{\"ops\":[{\"op\":\"face\",\"key\":\"-\",\"pixels\":\""
            + Base64.getEncoder().encodeToString(new byte[128 * 128]) + "\"}]}";

    /** What the rehearsal applies after {@link #WARM_UP_BATCH}: a card on a face, a title, then the way out. */
    private static final String WARM_UP_END = "{\"ops\":["
            + "{\"op\":\"items\",\"player\":\"-\",\"slots\":{\"2\":{\"face\":\"-\",\"name\":\"a\",\"tag\":\"-\"}}},"
            + "{\"op\":\"title\",\"player\":\"-\",\"title\":\"a\",\"subtitle\":\"b\"},{\"op\":\"actionbar\",\"player\":\"-\",\"c\":\"a\"},"
            + "{\"op\":\"restore\",\"player\":\"-\"},{\"op\":\"sidebar_clear\",\"player\":\"-\"}]}";

    /**
     * Start-up, on a thread of its own: what the first game would pay for on the main thread (class
     * loading, the first run of the parser, the op preparation and the platform's builders) is done
     * now, so that the first {@code /uno start} costs what the hundredth does. Nothing is applied to
     * this platform: the core's own apply code (faces, the vault's save and restore, items) runs in
     * a rehearsal on a throwaway core and a platform that shows nothing ({@link WarmUpPlatform}).
     */
    void warmUp() {
        long t0 = System.nanoTime();
        try {
            vault.startThread();
            prepare(OpBatch.parse(WARM_UP_BATCH));
            rehearse();
            platform.warmUp();
        } catch (IOException | RuntimeException e) {
            platform.logger().warning("warm-up failed (the first game may be slower): " + e);
            return;
        }
        platform.logger().info("warmed up in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
    }

    /**
     * How often the warm-up runs the paths of a batch (here and in {@link Platform#warmUp}): enough
     * for the JIT to compile them (after a few hundred calls; optimised after some thousands), so that
     * the first game runs compiled code, not the interpreter (on the dev server a player's first deal
     * took 1.5–2 ms of the server thread's CPU after a warm-up that ran each path once, a later one 0.3).
     */
    public static final int WARM_UP_ROUNDS = 3_000;

    /** A game's ops applied by a throwaway core to a platform that shows nothing, its files in a temporary folder. */
    private static void rehearse() throws IOException {
        Path tmp = java.nio.file.Files.createTempDirectory("unocraft-warmup");
        try {
            UnoCore ghost = new UnoCore(new WarmUpPlatform(tmp), "warm-up");
            ghost.onJoin(WarmUpPlatform.PLAYER);
            ghost.apply(OpBatch.parse(WARM_UP_FACE));
            ghost.apply(OpBatch.parse(WARM_UP_BATCH));      // its items op saves the inventory first (the vault's thread)
            for (int i = 1; i < WARM_UP_ROUNDS; i++) {
                ghost.queueBatch(OpBatch.parse(WARM_UP_BATCH));     // read, prepared, drained (this platform runs it at once)
            }
            ghost.apply(OpBatch.parse(WARM_UP_END));
            ghost.vault.close();
            CardFaces.awaitSaves();
        } finally {
            try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(tmp)) {
                for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    java.nio.file.Files.deleteIfExists(f);
                }
            }
        }
    }

    /**
     * Starts the engine as a child process and keeps it running (see {@link EngineSupervisor});
     * {@code launch} runs on the supervisor's thread. Call after {@link #enable}.
     */
    public void superviseEngine(EngineSupervisor.Launch launch) {
        supervisor = new EngineSupervisor(launch, platform.dataFolder(), platform.logger());
        supervisor.start();
    }

    /** The engine supervisor, or null when the engine runs on its own (`unocraft serve --attach`). */
    public EngineSupervisor supervisor() {
        return supervisor;
    }

    /** Plugin disable / server stop: the engine is told to stop, every saved inventory goes back, then the bridge closes. */
    public void disable() {
        disabling = true;
        owedTimer.shutdownNow();
        if (supervisor != null) {
            supervisor.stop(20_000);     // SIGTERM: it saves its tables (up to 15 s); never waited for here
        }
        for (String p : platform.onlinePlayers()) {
            vault.restore(p);
        }
        vault.close();
        seated.clear();
        for (String p : List.copyOf(sidebars)) {
            clearSidebar(p);      // their own scoreboards back too
        }
        CardFaces.awaitSaves();
        platform.logger().info(statsLine());
        platform.logger().info(tickStatsLine());
        platform.logger().info(opKindsLine());
        platform.logger().info(bridgeLegsLine());
        if (gateway != null) {
            gateway.stop();
        }
    }

    public int bridgePort() {
        return gateway.port();
    }

    // ---------------------------------------------------------------- platform → engine

    /** `/uno args…`; the engine answers (usage, refusal, action) with ops. */
    public void onCommand(String player, String[] args) {
        onCommand(player, args, false);
    }

    /** `/uno args…` from a player who may or may not hold the `uno.admin` permission. */
    public void onCommand(String player, String[] args, boolean admin) {
        JsonObject e = event("command", player);
        if (admin) {
            e.addProperty("admin", true);
        }
        JsonArray a = new JsonArray();
        Arrays.stream(args).forEach(a::add);
        e.add("args", a);
        offer(player, e);
    }

    /** Right-click with an engine item in hand. */
    public void onUse(String player, int slot, String tag) {
        JsonObject e = event("use", player);
        e.addProperty("slot", slot);
        e.addProperty("tag", tag);
        offer(player, e);
    }

    /** An inventory click on an engine item (the click is always cancelled by the platform). */
    public void onInventoryClick(String player, int slot, String tag) {
        JsonObject e = event("click", player);
        e.addProperty("slot", slot);
        e.addProperty("tag", tag);
        offer(player, e);
    }

    /** A chat message was sent (its text is not forwarded): silent twos (RULES.md §10) needs to know. */
    public void onChat(String player) {
        offer(player, event("chat", player));
    }

    public void onJoin(String player) {
        String uuid = platform.uuid(player);
        online.put(player, uuid != null ? uuid : player);
        // After a crash the vault still holds this player's own items: they go back first (the file
        // is read off the main thread; cards the engine deals meanwhile wait for it)
        vault.restore(player);
        vault.giveOwed(player);     // items that did not fit at an earlier restore, if there is room now
        offer(player, event("join", player));
    }

    public void onQuit(String player) {
        // Put the real items back before the platform saves the player's data.
        vault.restore(player);
        seated.remove(player);
        clearSidebar(player);     // and the player's own scoreboard
        completions.forget(player);
        items.forget(player);
        offer(player, event("quit", player));
        online.remove(player);
    }

    /** The online players as the core last saw them on the main thread; safe on any thread. */
    public List<String> onlineNow() {
        return online.keySet().stream().sorted().toList();
    }

    private String vaultKey(String player) {
        String key = online.get(player);
        if (key != null) {
            return key;
        }
        String uuid = platform.uuid(player);
        return uuid != null ? uuid : player;
    }

    public List<String> complete(String player, String[] args) {
        return completions.complete(player, args);
    }

    /** The name the engine's completion tree for the server console is sent under. */
    static final String CONSOLE = "#console";

    /**
     * `/uno …` typed in the server console. The engine's supervision and the version are answered
     * here, so they work while the engine is down; everything else (tables, close, reload) goes to the
     * engine as a "console" event, and its answer comes back as a "console" op, written to the log.
     */
    public void onConsoleCommand(String[] args, java.util.function.Consumer<String> reply) {
        String sub = args.length > 0 ? args[0].toLowerCase(java.util.Locale.ROOT) : "";
        if (sub.equals("engine") && args.length == 2 && (args[1].equals("status") || args[1].equals("restart"))) {
            if (supervisor == null) {
                reply.accept("unocraft: the engine runs on its own (engine.autostart: false); it is "
                        + (engineAttachedNow() ? "attached" : "not attached"));
            } else if (args[1].equals("status")) {
                reply.accept("unocraft: engine " + supervisor.status() + "; " + (engineAttachedNow() ? "attached" : "not attached"));
            } else {
                supervisor.restart();
                reply.accept("unocraft: restarting the engine; the tables resume in a moment");
            }
            return;
        }
        if (sub.equals("version") && args.length == 1) {
            reply.accept("unocraft plugin " + VERSION + ", bridge protocol " + Bridge.PROTOCOL + "; engine "
                    + (engineVersion == null ? "not attached" : engineVersion));
            return;
        }
        if (!engineAttachedNow()) {
            reply.accept("unocraft: the engine is not running (/uno engine status)");
            return;
        }
        JsonObject e = new JsonObject();
        e.addProperty("type", "console");
        JsonArray a = new JsonArray();
        Arrays.stream(args).forEach(a::add);
        e.add("args", a);
        if (!events.offer(e)) {
            reply.accept("unocraft: the engine is busy; try again");
        }
    }

    /** Tab completion for the console, from the tree the engine sends for it. */
    public List<String> completeConsole(String[] args) {
        return completions.complete(CONSOLE, args, false);
    }

    public static boolean isEngineTag(String tag) {
        return tag != null && !tag.isEmpty();
    }

    private JsonObject event(String type, String player) {
        JsonObject e = new JsonObject();
        e.addProperty("type", type);
        e.addProperty("player", player);
        if (!"quit".equals(type) && !"chat".equals(type)) {   // chat arrives off the main thread
            String locale = platform.locale(player);
            if (locale != null) {
                e.addProperty("locale", locale);
            }
            String uuid = "join".equals(type) || "command".equals(type) ? platform.uuid(player) : null;
            if (uuid != null) {
                e.addProperty("uuid", uuid);
            }
            double[] pos = platform.position(player);
            if (pos != null) {
                JsonArray p = new JsonArray();
                for (double d : pos) {
                    p.add(d);
                }
                e.add("pos", p);
            }
        }
        return e;
    }

    private void offer(String player, JsonObject e) {
        boolean command = "command".equals(e.get("type").getAsString()) || "use".equals(e.get("type").getAsString());
        if (command && (gateway == null || !gateway.attached())) {
            platform.sendMessage(player, strings.get("no_engine"));
            return;
        }
        if (!events.offer(e)) {
            platform.logger().warning("event queue full; dropped " + e);
        }
    }

    // ---------------------------------------------------------------- engine → platform

    /** The version of the engine attached last (null before the first). */
    String engineVersion() {
        return engineVersion;
    }

    void engineAttached(String version) {
        engineVersion = version;
        engineAttached();
    }

    void engineAttached() {
        platform.runOnMain(() -> {
            for (String p : seated) {
                platform.sendMessage(p, strings.get("resumed"));
            }
        });
    }

    void engineDetached() {
        events.clear();
        if (disabling) {
            return;     // the platform no longer runs our tasks
        }
        platform.runOnMain(() -> {
            for (String p : seated) {
                if (platform.isOnline(p)) {
                    platform.sendMessage(p, strings.get("paused"));
                }
            }
        });
    }

    /** Called on a py4j thread with a parsed batch ({@link OpBatch}): each op is checked and built here, then queued for the main thread. */
    void queueBatch(JsonArray batch) {
        queueBatch(batch, null);
    }

    /** The same, for the engine's answer to polled events: its way through the server is timed ({@link BridgeLegs}). */
    void queueBatch(JsonArray batch, BridgeLegs.Answer answer) {
        List<Step> prepared = prepare(batch);
        if (answer != null) {
            Step first = prepared.get(0);
            prepared.set(0, first.doing(() -> {
                legs.firstOp(answer);
                first.action().run();
            }));
            Step last = prepared.get(prepared.size() - 1);
            prepared.set(prepared.size() - 1, last.doing(() -> {
                try {
                    last.action().run();
                } finally {
                    legs.lastOp(answer);
                }
            }));
            legs.queued(answer);
        }
        queueSteps(prepared);
    }

    /** The source the stats and the slow-op log show for the vault's main-thread follow-ups (clear, then the cards). */
    private static final JsonElement VAULT_STEP = new JsonPrimitive("inventory vault: a save or read finished (clear, cards in, or items back)");

    /** Any thread: queues steps for the main thread, in order after those queued before. */
    private void queueSteps(List<Step> prepared) {
        steps.addAll(prepared);
        if (scheduled.getAndIncrement() == 0) {
            platform.runOnMain(this::drain);
        }
    }

    /**
     * One tick's share of the queued ops, in order: at least one op, then more while the tick's
     * budget lasts; what is left goes to the next tick (counted: the stats line says how often).
     */
    private void drain() {
        scheduled.set(0);
        long start = System.nanoTime();
        long cpuMark = cpuTime();
        Step s;
        while ((s = steps.poll()) != null) {
            run(s);
            Step next = steps.peek();
            boolean outOfBudget = next != null && System.nanoTime() - start >= budgetNanos;
            if (s.last() || next == null || outOfBudget || next.batch() != s.batch()) {
                cpuMark = charge(s, cpuMark);
            }
            if (outOfBudget) {
                carried.incrementAndGet();
                if (scheduled.getAndIncrement() == 0) {
                    platform.runOnMain(this::drain);
                }
                break;
            }
        }
        tickTimes.record(System.nanoTime() - start);
    }

    /** Runs one op, adding its wall time to its batch (and noting the batch's slowest op). */
    private void run(Step s) {
        long t0 = System.nanoTime();
        try {
            s.action().run();
        } catch (RuntimeException ex) {
            warnBadOp(s.source(), ex);
        }
        long took = System.nanoTime() - t0;
        synchronized (opKinds) {
            long[] kind = opKinds.computeIfAbsent(s.kind(), k -> new long[2]);
            kind[0]++;
            kind[1] += took;
        }
        Batch b = s.batch();
        b.nanos += took;
        if (took > b.slowestNanos) {
            b.slowestNanos = took;
            b.slowest = s.source();
        }
    }

    /**
     * The server thread's CPU time since {@code mark} goes to the step's batch, and a batch that is
     * done is recorded (and its slowest op logged when it was slow: the first 20). The CPU clock is
     * read once per batch, not around every op: a read is a system call (about 1 µs), and a batch
     * has several ops. Returns the new mark: after the slow-op line, if one was logged, so that the
     * line's own time (the logger's first use loads classes: tens of ms) is charged to no batch.
     */
    private long charge(Step s, long mark) {
        long now = cpuTime();
        Batch b = s.batch();
        b.cpuNanos += now - mark;
        if (s.last()) {
            batchTimes.record(b.nanos);
            batchCpuTimes.record(b.cpuNanos);
            if (b.slowestNanos > SLOW_OP_NANOS && slowOpsLogged.getAndIncrement() < 20) {
                String op = b.slowest.toString();
                platform.logger().info("an op took " + millis(b.slowestNanos / 1000.0) + " ms on the server thread (its batch "
                        + millis(b.nanos / 1000.0) + " ms, CPU " + millis(b.cpuNanos / 1000.0) + " ms): "
                        + (op.length() > 120 ? op.substring(0, 120) + "…" : op));
                return cpuTime();
            }
        }
        return now;
    }

    /** The server thread's CPU time so far, in nanoseconds (0 where the JVM cannot tell). */
    private static long cpuTime() {
        return CPU_TIME ? THREADS.getCurrentThreadCpuTime() : 0;
    }

    /** One line for the log: how many op batches were applied and the server time each took, in ms. */
    public String statsLine() {
        long[] b = batchTimes.summary();
        long[] c = batchCpuTimes.summary();
        return "op batches applied: " + b[0] + ", time per batch on the server thread: median " + millis(b[1] / 1000.0)
                + " ms, p99 " + millis(b[2] / 1000.0) + " ms; its CPU time: median " + millis(c[1] / 1000.0)
                + " ms, p99 " + millis(c[2] / 1000.0) + " ms, max " + millis(c[3] / 1000.0) + " ms";
    }

    /** The second stats line: the slowest batch, the server time per tick spent on ops, and how often a tick's budget carried ops over. */
    public String tickStatsLine() {
        long[] b = batchTimes.summary();
        long[] t = tickTimes.summary();
        return "slowest op batch " + millis(b[3] / 1000.0) + " ms; time per tick on ops: median " + millis(t[1] / 1000.0)
                + " ms, p99 " + millis(t[2] / 1000.0) + " ms, max " + millis(t[3] / 1000.0) + " ms (" + t[0] + " ticks); ticks that carried ops over to the next: "
                + carried.get() + " (budget " + millis(budgetNanos / 1000.0) + " ms per tick)";
    }

    /** The third stats line: where the server time goes, by op kind, the costliest first: mean time per op and how many. */
    public String opKindsLine() {
        return "server time per op kind (mean per op, ops):" + opKindTimes().stream()
                .sorted(java.util.Comparator.comparingLong(OpKind::nanos).reversed())
                .map(k -> " " + k.kind() + " " + millis(k.meanMicros()) + " ms (" + k.ops() + ")")
                .collect(java.util.stream.Collectors.joining(","));
    }

    /** One op kind's share of the server thread: the ops of that kind applied so far and their server time in all. */
    record OpKind(String kind, long ops, long nanos) {
        double meanMicros() {
            return nanos / 1000.0 / ops;
        }
    }

    /** The per-kind counts as they are now (the server thread adds to them as it runs ops), for the log line and the stats. */
    private List<OpKind> opKindTimes() {
        synchronized (opKinds) {
            return opKinds.entrySet().stream().map(e -> new OpKind(e.getKey(), e.getValue()[0], e.getValue()[1])).toList();
        }
    }

    /** The fourth stats line: where the engine's answers to player input spent their time ({@link BridgeLegs}). */
    public String bridgeLegsLine() {
        return legs.line();
    }

    /** Microseconds as milliseconds a reader takes in at a glance: two significant digits below 10 ms ("0.21", "3.9"), whole ones above. */
    static String millis(double us) {
        double ms = us / 1000.0;
        if (ms >= 10) {
            return Long.toString(Math.round(ms));
        }
        if (ms == 0) {
            return "0";
        }
        return new java.math.BigDecimal(ms).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString();
    }

    JsonObject stats() {
        long[] b = batchTimes.summary();
        long[] t = tickTimes.summary();
        JsonObject o = new JsonObject();
        o.addProperty("batches", b[0]);
        o.addProperty("median_us", b[1] / 1000.0);
        o.addProperty("p99_us", b[2] / 1000.0);
        o.addProperty("max_us", b[3] / 1000.0);
        long[] c = batchCpuTimes.summary();
        o.addProperty("cpu_median_us", c[1] / 1000.0);
        o.addProperty("cpu_p99_us", c[2] / 1000.0);
        o.addProperty("cpu_max_us", c[3] / 1000.0);
        o.addProperty("ticks", t[0]);
        o.addProperty("tick_median_us", t[1] / 1000.0);
        o.addProperty("tick_p99_us", t[2] / 1000.0);
        o.addProperty("tick_max_us", t[3] / 1000.0);
        o.addProperty("carried", carried.get());
        o.addProperty("faces", faces.size());
        JsonObject kinds = new JsonObject();
        for (OpKind kind : opKindTimes()) {
            JsonObject k = new JsonObject();
            k.addProperty("ops", kind.ops());
            k.addProperty("mean_us", kind.meanMicros());
            kinds.add(kind.kind(), k);
        }
        o.add("op_kinds", kinds);
        o.add("legs", legs.json());
        o.add("batch_in", bridge.incoming().json());
        return o;
    }

    /** Sets the server time one tick may spend on ops (tests). */
    void tickBudget(long micros) {
        budgetNanos = micros * 1_000;
    }

    /**
     * Applies the ops of one batch in order, now (tests, and nothing else): as the main thread would,
     * without a budget; then waits for the inventory vault's disk work and what it hands back (which,
     * where the main thread runs tasks at once, runs before this returns).
     */
    void apply(JsonArray ops) {
        long cpuMark = cpuTime();
        for (Step s : prepare(ops)) {
            run(s);
            cpuMark = charge(s, cpuMark);
        }
        vault.awaitIdle();
    }

    /**
     * The batch's ops checked and built, ready to apply: a bad op is logged once and skipped, never
     * stops the others. An empty batch is one empty step, so that it is counted as applied.
     */
    private List<Step> prepare(JsonArray ops) {
        List<JsonElement> sources = new ArrayList<>();
        List<String> kinds = new ArrayList<>();
        List<Runnable> actions = new ArrayList<>();
        for (JsonElement op : ops) {
            try {
                if (!op.isJsonObject()) {
                    throw new IllegalArgumentException("an op must be an object");
                }
                actions.add(prepareOne(op.getAsJsonObject()));
                sources.add(op);
                kinds.add(text(op.getAsJsonObject(), "op"));
            } catch (RuntimeException ex) {
                warnBadOp(op, ex);
            }
        }
        if (actions.isEmpty()) {
            sources.add(JsonNull.INSTANCE);
            kinds.add("none");
            actions.add(() -> { });
        }
        Batch batch = new Batch();
        List<Step> out = new ArrayList<>(actions.size());
        for (int i = 0; i < actions.size(); i++) {
            out.add(new Step(sources.get(i), kinds.get(i), actions.get(i), batch, i == actions.size() - 1));
        }
        return out;
    }

    private void warnBadOp(JsonElement op, RuntimeException ex) {
        platform.logger().warning("bad op " + abbreviate(op) + ": "
                + (ex instanceof IllegalArgumentException && ex.getMessage() != null ? ex.getMessage() : ex.toString()));
    }

    private static String abbreviate(JsonElement op) {
        String s = op.toString();
        return s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }

    /** The op's text field {@code key}; a missing or non-text one makes the op bad. */
    private static String text(JsonObject op, String key) {
        JsonElement v = op.get(key);
        if (v == null || !v.isJsonPrimitive() || !v.getAsJsonPrimitive().isString()) {
            throw new IllegalArgumentException("\"" + key + "\" must be a text");
        }
        return v.getAsString();
    }

    /** A component field, cut to what the protocol carries ({@link TextCaps}); "" when absent. */
    private static JsonElement component(JsonObject op, String key) {
        return op.has(key) ? TextCaps.component(op.get(key)) : new JsonPrimitive("");
    }

    /** A component field, capped, as the platform's message object: built here, on the engine's thread, not at send. */
    private Object message(JsonObject op, String key) {
        return platform.text(component(op, key));
    }

    /** A console line, capped like any text the engine sends. */
    private static String capped(String line) {
        return line.length() > 2000 ? line.substring(0, 2000) + "…" : line;
    }

    /** The op checked, its data built (components cut and built as the platform's message objects, pixels decoded, items described): what is left touches only the platform. */
    private Runnable prepareOne(JsonObject op) {
        String kind = text(op, "op");
        String player = op.has("player") ? text(op, "player") : null;
        if (player == null && !kind.equals("face") && !kind.equals("complete") && !kind.equals("strings")
                && !kind.equals("console")) {
            throw new IllegalArgumentException("no \"player\"");
        }
        Runnable action = switch (kind) {
            case "msg" -> {
                Object c = message(op, "c");
                yield () -> platform.sendMessage(player, c);
            }
            case "actionbar" -> {
                Object c = message(op, "c");
                yield () -> platform.sendActionBar(player, c);
            }
            case "title" -> {
                Object title = message(op, "title");
                Object subtitle = message(op, "subtitle");
                yield () -> platform.showTitle(player, title, subtitle);
            }
            case "sound" -> prepareSound(player, op);
            case "face" -> faces.prepare(platform, text(op, "key"), Base64.getDecoder().decode(text(op, "pixels")));
            case "items" -> prepareItems(player, op);
            case "restore" -> () -> {
                vault.restore(player);
                seated.remove(player);
            };
            case "sidebar" -> prepareSidebar(player, op);
            case "sidebar_clear" -> () -> clearSidebar(player);
            case "complete" -> {
                Map<String, List<String>> tree = Completions.tree(op.getAsJsonObject("tree"));
                yield () -> completions.set(player, tree);
            }
            case "console" -> {
                List<String> lines = new ArrayList<>();
                op.getAsJsonArray("lines").forEach(l -> lines.add(capped(l.getAsString())));
                yield () -> lines.forEach(l -> platform.logger().info("[uno] " + l));
            }
            case "strings" -> {
                Map<String, Object> more = new java.util.LinkedHashMap<>();
                op.getAsJsonObject("strings").entrySet().forEach(e -> more.put(e.getKey(), platform.text(TextCaps.component(e.getValue()))));
                yield () -> strings.putAll(more);
            }
            default -> () -> platform.logger().warning("unknown op " + kind);
        };
        if (player == null || kind.equals("complete")) {
            return action;
        }
        // a player who left meanwhile is skipped; the engine hears about it through the quit event
        return () -> {
            if (platform.isOnline(player)) {
                action.run();
            }
        };
    }

    /**
     * {"op": "items", "player", "slots": {"slot": item or null, ...}, "held": 0–8}: applied whole or
     * not at all. Every slot and item is checked before the inventory is saved or touched, so a bad
     * one leaves the player's own items where they are.
     */
    private Runnable prepareItems(String player, JsonObject op) {
        if (!op.has("slots") || !op.get("slots").isJsonObject()) {
            throw new IllegalArgumentException("\"slots\" must be an object");
        }
        Map<Integer, JsonObject> later = new java.util.LinkedHashMap<>();    // items whose face comes earlier in this batch
        Map<Integer, Object> changes = new java.util.LinkedHashMap<>();   // what the platform prepared; null: empty the slot
        for (Map.Entry<String, JsonElement> e : op.getAsJsonObject("slots").entrySet()) {
            int slot = slotNumber(e.getKey());
            JsonElement v = e.getValue();
            if (!v.isJsonNull() && !v.isJsonObject()) {
                throw new IllegalArgumentException("slot " + slot + " must hold an item or null");
            }
            if (v.isJsonObject() && v.getAsJsonObject().has("face") && faces.idOf(text(v.getAsJsonObject(), "face")) == null) {
                item(v.getAsJsonObject(), 0);      // checked now all the same
                later.put(slot, v.getAsJsonObject());
                changes.put(slot, null);
            } else {
                // the platform's item found (and built, where it can be) now, off the server thread
                changes.put(slot, v.isJsonNull() ? null : platform.prepare(item(v.getAsJsonObject(), -1)));
            }
        }
        int held = -1;
        if (op.has("held")) {
            held = op.get("held").isJsonPrimitive() && op.get("held").getAsJsonPrimitive().isNumber() ? op.get("held").getAsInt() : -1;
            if (held < 0 || held > 8) {
                throw new IllegalArgumentException("\"held\" must be a hotbar slot 0–8");
            }
        }
        int heldSlot = held;
        return () -> {
            later.forEach((slot, o) -> changes.put(slot, platform.prepare(item(o, -1))));   // its face must be shown by now
            // the cards go in once the player's own items are safely on disk (at once when they are
            // already); the inventory is never touched if they cannot be saved
            vault.saveThen(player, () -> {
                seated.add(player);
                platform.setSlots(player, changes);
                if (heldSlot >= 0) {
                    platform.setHeldSlot(player, heldSlot);
                }
            });
        };
    }

    /** An inventory slot the engine may use: 0–8 hotbar, 9–35 main inventory, 40 off-hand. */
    private static int slotNumber(String key) {
        int slot;
        try {
            slot = Integer.parseInt(key);
        } catch (NumberFormatException e) {
            slot = -1;
        }
        if (slot < 0 || slot > 35 && slot != 40) {
            throw new IllegalArgumentException("no inventory slot \"" + key + "\" (0–35, 40)");
        }
        return slot;
    }

    /** {"op": "sound", "player", "sound": key, "volume": 0–1 (default 1), "pitch": 0.5–2 (default 1)}. */
    private Runnable prepareSound(String player, JsonObject op) {
        String sound = text(op, "sound");
        float volume = Math.max(0f, Math.min(1f, op.has("volume") ? op.get("volume").getAsFloat() : 1f));
        float pitch = Math.max(0.5f, Math.min(2f, op.has("pitch") ? op.get("pitch").getAsFloat() : 1f));
        Object prepared = platform.sound(sound, volume, pitch);
        return () -> platform.playSound(player, prepared);
    }

    private Runnable prepareSidebar(String player, JsonObject op) {
        List<Object> lines = new ArrayList<>();
        if (op.has("lines")) {
            for (JsonElement line : op.getAsJsonArray("lines")) {
                if (lines.size() == 15) {
                    break;      // what a client shows
                }
                lines.add(platform.text(TextCaps.component(line)));
            }
        }
        Object title = message(op, "title");
        return () -> {
            sidebars.add(player);
            platform.showSidebar(player, title, lines);
        };
    }

    private void clearSidebar(String player) {
        if (sidebars.remove(player)) {
            platform.clearSidebar(player);
        }
    }

    /** The item described by {@code o}; {@code unsentFaceId >= 0} stands in for a face not shown yet (to check the rest). */
    private Platform.CardItem item(JsonObject o, int unsentFaceId) {
        int mapId = -1;
        if (o.has("face")) {
            Integer id = faces.idOf(text(o, "face"));
            if (id == null && unsentFaceId < 0) {
                throw new IllegalArgumentException("face not sent yet: " + o.get("face"));
            }
            mapId = id != null ? id : unsentFaceId;
        }
        List<JsonElement> lore = new ArrayList<>();
        if (o.has("lore")) {
            for (JsonElement line : o.getAsJsonArray("lore")) {
                if (lore.size() == TextCaps.MAX_LORE_LINES) {
                    break;
                }
                lore.add(TextCaps.component(line));
            }
        }
        String tag = text(o, "tag");
        if (!isEngineTag(tag)) {
            throw new IllegalArgumentException("an item needs a non-empty \"tag\"");
        }
        return new Platform.CardItem(mapId, o.has("material") ? text(o, "material") : null,
                component(o, "name"), lore, o.has("glow") && o.get("glow").getAsBoolean(), tag);
    }

    /** One op ready to apply (checked and built on the engine's thread), of this {@code kind} ("items", …); {@code last}: its batch is then done. */
    private record Step(JsonElement source, String kind, Runnable action, Batch batch, boolean last) {
        /** The same step doing {@code other} instead (which usually runs this step's action too). */
        Step doing(Runnable other) {
            return new Step(source, kind, other, batch, last);
        }
    }

    /** A batch's server time, summed over the ticks its ops took, and its slowest op. Only the main thread changes it. */
    private static final class Batch {
        long nanos;
        long cpuNanos;
        long slowestNanos;
        JsonElement slowest;
    }

    // ---------------------------------------------------------------- accessors

    public Platform platform() {
        return platform;
    }

    public String platformName() {
        return platformName;
    }

    public EventQueue events() {
        return events;
    }

    BridgeLegs legs() {
        return legs;
    }

    /** What is cancelled of a player's inventory events (the adapters ask it). */
    public ItemPolicy items() {
        return items;
    }

    /** Whether the vault holds the items of this online player; any thread (reads only what the main thread recorded). */
    boolean vaultHoldsOnline(String player) {
        String key = online.get(player);
        return key != null && vault.holdsKey(key, player);
    }

    public InventoryVault vault() {
        return vault;
    }

    public CardFaces faces() {
        return faces;
    }

    public boolean engineAttachedNow() {
        return gateway != null && gateway.attached();
    }
}
