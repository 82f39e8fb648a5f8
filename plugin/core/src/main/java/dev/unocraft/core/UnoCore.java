package dev.unocraft.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The platform-neutral plugin: starts the engine bridge, forwards player input as events, applies
 * the engine's op batches on the main thread, keeps the card-face cache and the inventory vault.
 * It decides nothing about UNO. Startup and shutdown order live here; platforms call
 * {@link #enable} and {@link #disable} and forward their events to the {@code on…} methods.
 * The work itself is done by its parts: {@link PlayerEvents} (input → events), {@link OpPreparer}
 * (op JSON → steps), {@link ApplyQueues} (steps → each player's lane and the global one, within a tick budget),
 * {@link ApplyStats} (what that costs), {@link WarmUp} (start-up), {@link CoreMessages},
 * {@link PlayerDisplays}, {@link InventoryVault}, {@link Inventories} and {@link ItemPolicy}.
 */
public final class UnoCore {
    /** Item tag prefix marking an item as the engine's (cards, buttons): never dropped or moved. */
    public static final String TAG_KEY = "unocraft";
    /** The release (the engine's too: one version number for both), from the build. */
    public static final String VERSION = Version.VERSION;
    /** How often a platform's own warm-up ({@link Platform#warmUp}) runs the paths of a batch (why so many: {@link WarmUp#ROUNDS}). */
    public static final int WARM_UP_ROUNDS = WarmUp.ROUNDS;

    private final Platform platform;
    private final Players players;
    private final Inventories<?> inventories;
    private final String platformName;
    private final EventQueue events = new EventQueue();
    private final Completions completions = new Completions();
    private final CardFaces faces;
    private final CoreMessages messages;
    private final InventoryVault vault;
    private final ItemPolicy items;
    private final PlayerDisplays displays;
    private final TableStages<?> stages;     // the tables in the world
    /** What tables play for, in escrow on disk ({@link Stakes}). */
    private final Stakes stakes;
    /** PlaceholderAPI's answers, from what the engine last sent ("placeholders" ops). */
    private final Placeholders placeholders = new Placeholders();
    private final PlayerEvents input;
    private final ApplyStats applyStats;
    private final ApplyQueues queue;
    private final WarmUp warmUp;
    /** Gives kept items and stakes owed back when there is room: a look every few seconds, in each player's lane. */
    private final java.util.concurrent.ScheduledExecutorService owedTimer =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "unocraft-owed-items");
                t.setDaemon(true);
                return t;
            });
    private final Bridge bridge = new Bridge(this);
    private final BridgeLegs legs = new BridgeLegs();
    /** Online players (name → vault key: the UUID, else the name), kept on the main thread for py4j threads to read. */
    private final Map<String, String> online = new ConcurrentHashMap<>();
    private EngineGateway gateway;
    private EngineSupervisor supervisor;
    private volatile String engineVersion;      // from the attached engine's hello
    private volatile boolean disabling;
    private volatile boolean placeholdersWanted;     // PlaceholderAPI (or the dev server's command) reads the cache
    /** Reads and checks each op of a batch (ProtocolTest records what it reads). */
    final OpPreparer preparer;

    public UnoCore(Platform platform, String platformName) {
        this.platform = platform;
        this.players = platform.players();
        this.inventories = Inventories.of(platform.slots(), players);
        this.platformName = platformName;
        Path data = platform.dataFolder();
        this.faces = new CardFaces(data.resolve("faces.properties"));
        this.messages = new CoreMessages(players);
        this.vault = new InventoryVault(data.resolve("vault"), platform, inventories, this::vaultKey, this::followUp,
                messages::tell);
        this.items = new ItemPolicy(this, inventories, messages::tell);
        this.displays = new PlayerDisplays(platform.screen());
        this.stages = new TableStages<>(platform.stage());
        this.input = new PlayerEvents(players, platform.logger(), events, messages, this::engineAttachedNow);
        this.stakes = new Stakes(data.resolve("stakes"), platform, inventories, vault, this::followUp,
                then -> followUp(null, then), this::vaultKey, this::onlineNameOf, this::stakeAnswer, messages::tell);
        this.preparer = new OpPreparer(platform, inventories, input::lastSeen, faces, vault, items, completions,
                messages, displays, placeholders, stakes, stages);
        this.applyStats = new ApplyStats(platform.logger());
        this.queue = new ApplyQueues(platform.scheduling(), preparer, applyStats, legs);
        this.warmUp = new WarmUp(platform, vault, preparer);
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
        events.awaitEngine();     // chat typed before the engine attaches is none of a game's business
        startWarmUp();
        stakes.start();
        owedTimer.scheduleWithFixedDelay(() -> {
            if (disabling) {
                return;
            }
            giveOwedToOnline();
        }, 5, 5, java.util.concurrent.TimeUnit.SECONDS);
    }

    /** Items kept and stakes owed go to the players online, each in their own lane, as far as there is room now. Any thread. */
    void giveOwedToOnline() {
        if (vault.owesAnyone()) {
            online.keySet().forEach(p -> followUp(p, () -> vault.giveOwed(p)));
        }
        followUp(null, stakes::payOnline);     // shares of items that did not fit, as room is made
    }

    /** Runs the start-up warm-up on a thread of its own ({@link WarmUp}); an engine's hello waits for it ({@link #awaitWarmUp}). */
    void startWarmUp() {
        warmUp.start();
    }

    /** On a py4j thread, when an engine says hello: waits (at most 30 s) until the warm-up is over ({@link WarmUp#await}). */
    void awaitWarmUp() {
        warmUp.await();
    }

    /** The warm-up itself, on the calling thread ({@link WarmUp#run}). */
    void warmUp() {
        warmUp.run();
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
        for (String p : players.onlinePlayers()) {
            vault.restore(p);
        }
        stakes.close();     // before the vault's thread finishes its queue: pay-ins not taken leave no intent
        vault.close();
        displays.unseatAll();
        displays.clearAllSidebars();      // their own scoreboards back too
        stages.removeEverything();        // none is saved anyway: no ghost at the next start
        CardFaces.awaitSaves();
        if (figuresAtStop()) {
            platform.logger().info(statsLine());
            platform.logger().info(tickStatsLine());
            platform.logger().info(opKindsLine());
            platform.logger().info(bridgeLegsLine());
        }
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
        if (args.length == 1 && args[0].equalsIgnoreCase("leave") && !engineAttachedNow() && vault.holds(player)) {
            // the engine is away (restarting): the player gets up now, with their items, as at a quit;
            // the leave waits in the queue for the engine, which then lets the table go on without them
            vault.restore(player);
            items.restored(player);
            displays.unseat(player);
            displays.clearSidebar(player);
            messages.tell(player, "left_while_away");
        }
        input.command(player, args, admin);
    }

    /** Right-click with an engine item in hand. */
    public void onUse(String player, int slot, String tag) {
        input.use(player, slot, tag);
    }

    /** An inventory click on an engine item (the click is always cancelled by the platform). */
    public void onInventoryClick(String player, int slot, String tag) {
        input.click(player, slot, tag);
    }

    /** A chat message was sent (its text is not forwarded): silent twos (RULES.md §10) needs to know. */
    public void onChat(String player) {
        input.chat(player);
    }

    public void onJoin(String player) {
        String uuid = players.uuid(player);
        online.put(player, uuid != null ? uuid : player);
        // After a crash the vault still holds this player's own items: they go back first (the file
        // is read off the main thread; cards the engine deals meanwhile wait for it)
        vault.joined(player);       // items given back at a game's end that the server had not saved yet
        vault.restore(player);
        vault.giveOwed(player);     // items that did not fit at an earlier restore, if there is room now
        followUp(null, stakes::payOnline);     // winnings or refunds of tables that ended while they were away
        input.join(player);
    }

    public void onQuit(String player) {
        // Put the real items back before the platform saves the player's data.
        vault.restore(player);
        displays.unseat(player);
        displays.clearSidebar(player);     // and the player's own scoreboard
        completions.forget(player);
        items.forget(player);
        placeholders.forget(player);     // the engine sends them again at the next join
        input.quit(player);
        online.remove(player);
        queue.forget(player);
    }

    /**
     * The player respawned after a death. The server emptied the inventory at the death (cards never
     * drop: {@link ItemPolicy#dropsAtDeath}; the player's own items are in the vault, on disk), but
     * the engine sends only the slots that changed: a "respawn" event makes it draw the hand again.
     */
    public void onRespawn(String player) {
        input.respawn(player);
    }

    /** The online players as the core last saw them on the main thread; safe on any thread. */
    public List<String> onlineNow() {
        return online.keySet().stream().sorted().toList();
    }

    /** The plugin's answer to a pay-in, for the engine's next poll (never dropped quietly: it names money). */
    private void stakeAnswer(JsonObject ev) {
        if (!events.offer(ev)) {
            platform.logger().severe("event queue full; the engine did not hear the stake answer " + ev
                    + " (the stake is refunded when the engine next attaches)");
        }
    }

    /** The stakes' escrow (tests). */
    Stakes stakes() {
        return stakes;
    }

    /** The online player whose lasting key (UUID) this is, or null. */
    private String onlineNameOf(String key) {
        for (Map.Entry<String, String> e : online.entrySet()) {
            if (e.getValue().equalsIgnoreCase(key)) {
                return e.getKey();
            }
        }
        return null;
    }

    private String vaultKey(String player) {
        String key = online.get(player);
        if (key != null) {
            return key;
        }
        String uuid = players.uuid(player);
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
     * engine as a "console" event ({@link PlayerEvents#console}), and its answer comes back as a
     * "console" op, written to the log.
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
                reply.accept(switch (supervisor.restart()) {
                    case RESTARTING -> "unocraft: restarting the engine; the tables resume in a moment";
                    // it had given up (no Python, a failed install): looked for and installed again
                    case STARTING_OVER -> "unocraft: starting the engine again: looking for Python and installing the"
                            + " engine if needed (the log shows how it goes; /uno engine status)";
                    case STOPPED -> "unocraft: the plugin is stopping; the engine is not started again";
                });
            }
            return;
        }
        if (sub.equals("version") && args.length == 1) {
            reply.accept("unocraft plugin " + VERSION + ", bridge protocol " + Bridge.PROTOCOL + "; engine "
                    + (engineVersion == null ? "not attached" : engineVersion));
            return;
        }
        input.console(args, reply);
    }

    /** Tab completion for the console, from the tree the engine sends for it. */
    public List<String> completeConsole(String[] args) {
        return completions.complete(CONSOLE, args, false);
    }

    public static boolean isEngineTag(String tag) {
        return tag != null && !tag.isEmpty();
    }

    // ---------------------------------------------------------------- engine → platform

    /** The version of the engine attached last (null before the first). */
    String engineVersion() {
        return engineVersion;
    }

    void engineAttached(String version) {
        engineVersion = version;
        events.engineBack();
        engineAttached();
    }

    void engineAttached() {
        for (String p : displays.seated()) {
            platform.scheduling().forPlayer(p, () -> players.sendMessage(p, messages.get("resumed")));
        }
    }

    void engineDetached() {
        events.engineGone();     // what it polled last and may not have handled goes to the next engine
        if (disabling) {
            return;     // the platform no longer runs our tasks
        }
        for (String p : displays.seated()) {
            platform.scheduling().forPlayer(p, () -> {
                if (players.isOnline(p)) {
                    players.sendMessage(p, messages.get("paused"));
                }
            });
        }
    }

    /** Called on a py4j thread with a parsed batch ({@link OpBatch}): each op is checked and built here, then queued in its lane. */
    void queueBatch(JsonArray batch) {
        queueBatch(batch, null);
    }

    /** The same, for the engine's answer to polled events: its way through the server is timed ({@link BridgeLegs}). */
    void queueBatch(JsonArray batch, BridgeLegs.Answer answer) {
        queue.queueBatch(batch, answer);
    }

    /** The vault's and the stakes' follow-ups (clear, then the cards; a payment) in the player's lane (null: global), behind the ops before them. */
    private void followUp(String player, Runnable then) {
        queue.followUp(player, then);
    }

    /**
     * Applies the ops of one batch in order, now (tests, and the warm-up's rehearsal): as the main
     * thread would, without a budget; then waits for the inventory vault's disk work and what it
     * hands back (which, where the main thread runs tasks at once, runs before this returns).
     */
    void apply(JsonArray ops) {
        queue.applyNow(ops);
        vault.awaitIdle();
    }

    /** Sets the server time one lane may spend on ops in one run (tests). */
    void tickBudget(long micros) {
        queue.budget(micros);
    }

    // ---------------------------------------------------------------- stats

    /** The stats lines below are the benchmarks' figures: a stop logs them only when the benchmarks ask,
     *  with the engine's switch (UNOCRAFT_FIGURES_EVERY); an operator's console stays free of them. */
    public static boolean figuresAtStop() {
        return System.getenv("UNOCRAFT_FIGURES_EVERY") != null;
    }

    /** One line for the log: how many op batches were applied and the server time each took, in ms. */
    public String statsLine() {
        return applyStats.statsLine();
    }

    /** The second stats line: the slowest batch, the server time per tick spent on ops, and how often a tick's budget carried ops over. */
    public String tickStatsLine() {
        return applyStats.tickStatsLine(queue.budgetNanos());
    }

    /** The third stats line: where the server time goes, by op kind, the costliest first: mean time per op and how many. */
    public String opKindsLine() {
        return applyStats.opKindsLine();
    }

    /** The fourth stats line: where the engine's answers to player input spent their time ({@link BridgeLegs}). */
    public String bridgeLegsLine() {
        return legs.line();
    }

    /** Everything the stats call reports ({@link Bridge#stats}). */
    JsonObject stats() {
        JsonObject o = applyStats.json();
        o.addProperty("faces", faces.size());
        o.add("op_kinds", applyStats.opKindsJson());
        o.add("legs", legs.json());
        o.add("batch_in", bridge.incoming().json());
        return o;
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

    /**
     * {@code %unocraft_<params>%} for an online player (null: none), answered at once from the cache the
     * engine keeps current; "" for anything unknown ({@link Placeholders}). Any thread.
     */
    public String placeholder(String player, String params) {
        return placeholders.answer(player, params);
    }

    /**
     * Something reads the placeholders (PlaceholderAPI's expansion, the dev server's command): the engine
     * is asked, in the hello, to keep their cache current. Call before {@link #enable}.
     */
    public void wantPlaceholders() {
        placeholdersWanted = true;
    }

    boolean placeholdersWanted() {
        return placeholdersWanted;
    }

    /** The players' inventories, as the core's item rules see them. */
    public Inventories<?> inventories() {
        return inventories;
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

    /** A chunk was loaded: the tables standing there get back what its unload took (their entities are not saved). */
    public void onChunkLoad(String world, int chunkX, int chunkZ) {
        stages.chunkLoaded(world, chunkX, chunkZ);
    }

    /** The tables in the world (tests). */
    TableStages<?> stages() {
        return stages;
    }

    public CardFaces faces() {
        return faces;
    }

    public boolean engineAttachedNow() {
        return gateway != null && gateway.attached();
    }
}
