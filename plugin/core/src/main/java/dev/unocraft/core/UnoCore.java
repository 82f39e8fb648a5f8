package dev.unocraft.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
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
    private final Bridge bridge = new Bridge(this);
    private final ConcurrentLinkedQueue<JsonArray> batches = new ConcurrentLinkedQueue<>();
    private final AtomicInteger scheduled = new AtomicInteger();
    private final Map<String, JsonElement> strings = new ConcurrentHashMap<>();
    private final Set<String> seated = ConcurrentHashMap.newKeySet();   // players holding engine items
    private final Set<String> sidebars = ConcurrentHashMap.newKeySet(); // players shown a sidebar
    private final long[] applyNanos = new long[4096];
    private int applyCount;
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
        this.vault = new InventoryVault(data.resolve("vault"), platform, this::vaultKey);
        strings.put("paused", new JsonPrimitive("§eUNO: the game engine is away; the game is paused and your items are safe."));
        strings.put("resumed", new JsonPrimitive("§aUNO: the game engine is back."));
        strings.put("no_engine", new JsonPrimitive("§cUNO: the game engine is not running; try again in a moment."));
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
        if (supervisor != null) {
            supervisor.stop(20_000);     // SIGTERM: it saves its tables (up to 15 s); never waited for here
        }
        for (String p : platform.onlinePlayers()) {
            if (vault.holds(p)) {
                vault.restore(p);
            }
        }
        seated.clear();
        for (String p : List.copyOf(sidebars)) {
            clearSidebar(p);      // their own scoreboards back too
        }
        platform.logger().info(statsLine());
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
        // After a crash the vault still holds this player's own items: put them back first.
        if (vault.restore(player)) {
            platform.logger().info("restored the saved inventory of " + player);
        }
        offer(player, event("join", player));
    }

    public void onQuit(String player) {
        // Put the real items back before the platform saves the player's data.
        vault.restore(player);
        seated.remove(player);
        clearSidebar(player);     // and the player's own scoreboard
        completions.forget(player);
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

    /** Called on a py4j thread with a parsed batch ({@link OpBatch}): applied in one tick, on the main thread. */
    void queueBatch(JsonArray batch) {
        batches.add(batch);
        if (scheduled.getAndIncrement() == 0) {
            platform.runOnMain(this::drain);
        }
    }

    private void drain() {
        scheduled.set(0);
        JsonArray batch;
        while ((batch = batches.poll()) != null) {
            long t0 = System.nanoTime();
            apply(batch);
            record(System.nanoTime() - t0);
        }
    }

    private synchronized void record(long nanos) {
        applyNanos[applyCount % applyNanos.length] = nanos;
        applyCount++;
    }

    /** One line for the log: how many op batches were applied and the server time each took, in ms. */
    public String statsLine() {
        JsonObject st = stats();
        return "op batches applied: " + st.get("batches") + ", time per batch on the server thread: median "
                + millis(st.get("median_us").getAsDouble()) + " ms, p99 " + millis(st.get("p99_us").getAsDouble()) + " ms";
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

    synchronized JsonObject stats() {
        int n = Math.min(applyCount, applyNanos.length);
        long[] copy = Arrays.copyOf(applyNanos, n);
        Arrays.sort(copy);
        JsonObject o = new JsonObject();
        o.addProperty("batches", applyCount);
        o.addProperty("median_us", n == 0 ? 0 : copy[n / 2] / 1000.0);
        o.addProperty("p99_us", n == 0 ? 0 : copy[Math.min(n - 1, (int) Math.ceil(n * 0.99) - 1)] / 1000.0);
        o.addProperty("faces", faces.size());
        return o;
    }

    /** Applies the ops of one batch in order; a bad op is logged once and skipped, never stops the others. */
    void apply(JsonArray ops) {
        for (JsonElement op : ops) {
            try {
                if (!op.isJsonObject()) {
                    throw new IllegalArgumentException("an op must be an object");
                }
                applyOne(op.getAsJsonObject());
            } catch (RuntimeException ex) {
                platform.logger().warning("bad op " + abbreviate(op) + ": "
                        + (ex instanceof IllegalArgumentException && ex.getMessage() != null ? ex.getMessage() : ex.toString()));
            }
        }
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

    /** A console line, capped like any text the engine sends. */
    private static String capped(String line) {
        return line.length() > 2000 ? line.substring(0, 2000) + "…" : line;
    }

    private void applyOne(JsonObject op) {
        String kind = text(op, "op");
        String player = op.has("player") ? text(op, "player") : null;
        if (player == null && !kind.equals("face") && !kind.equals("complete") && !kind.equals("strings")
                && !kind.equals("console")) {
            throw new IllegalArgumentException("no \"player\"");
        }
        if (player != null && !platform.isOnline(player) && !kind.equals("complete")) {
            return;   // left meanwhile; the engine hears about it through the quit event
        }
        switch (kind) {
            case "msg" -> platform.sendMessage(player, component(op, "c"));
            case "actionbar" -> platform.sendActionBar(player, component(op, "c"));
            case "title" -> platform.showTitle(player, component(op, "title"), component(op, "subtitle"));
            case "sound" -> playSound(player, op);
            case "face" -> faces.show(platform, text(op, "key"), Base64.getDecoder().decode(text(op, "pixels")));
            case "items" -> setItems(player, op);
            case "restore" -> {
                vault.restore(player);
                seated.remove(player);
            }
            case "sidebar" -> showSidebar(player, op);
            case "sidebar_clear" -> clearSidebar(player);
            case "complete" -> completions.update(player, op.getAsJsonObject("tree"));
            case "console" -> op.getAsJsonArray("lines").forEach(l -> platform.logger().info("[uno] " + capped(l.getAsString())));
            case "strings" -> op.getAsJsonObject("strings").entrySet().forEach(e -> strings.put(e.getKey(), TextCaps.component(e.getValue())));
            default -> platform.logger().warning("unknown op " + kind);
        }
    }

    /**
     * {"op": "items", "player", "slots": {"slot": item or null, ...}, "held": 0–8}: applied whole or
     * not at all. Every slot and item is checked before the inventory is saved or touched, so a bad
     * one leaves the player's own items where they are.
     */
    private void setItems(String player, JsonObject op) {
        if (!op.has("slots") || !op.get("slots").isJsonObject()) {
            throw new IllegalArgumentException("\"slots\" must be an object");
        }
        Map<Integer, Platform.CardItem> changes = new java.util.LinkedHashMap<>();   // null: empty the slot
        for (Map.Entry<String, JsonElement> e : op.getAsJsonObject("slots").entrySet()) {
            int slot = slotNumber(e.getKey());
            JsonElement v = e.getValue();
            if (!v.isJsonNull() && !v.isJsonObject()) {
                throw new IllegalArgumentException("slot " + slot + " must hold an item or null");
            }
            changes.put(slot, v.isJsonNull() ? null : item(v.getAsJsonObject()));
        }
        int held = -1;
        if (op.has("held")) {
            held = op.get("held").isJsonPrimitive() && op.get("held").getAsJsonPrimitive().isNumber() ? op.get("held").getAsInt() : -1;
            if (held < 0 || held > 8) {
                throw new IllegalArgumentException("\"held\" must be a hotbar slot 0–8");
            }
        }
        vault.saveAndClear(player);   // no-op when already saved; throws (and so changes nothing) if it cannot
        seated.add(player);
        changes.forEach((slot, item) -> platform.setSlot(player, slot, item));
        if (held >= 0) {
            platform.setHeldSlot(player, held);
        }
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
    private void playSound(String player, JsonObject op) {
        String sound = text(op, "sound");
        float volume = op.has("volume") ? op.get("volume").getAsFloat() : 1f;
        float pitch = op.has("pitch") ? op.get("pitch").getAsFloat() : 1f;
        platform.playSound(player, sound,
                Math.max(0f, Math.min(1f, volume)), Math.max(0.5f, Math.min(2f, pitch)));
    }

    private void showSidebar(String player, JsonObject op) {
        List<JsonElement> lines = new ArrayList<>();
        if (op.has("lines")) {
            for (JsonElement line : op.getAsJsonArray("lines")) {
                if (lines.size() == 15) {
                    break;      // what a client shows
                }
                lines.add(TextCaps.component(line));
            }
        }
        sidebars.add(player);
        platform.showSidebar(player, component(op, "title"), lines);
    }

    private void clearSidebar(String player) {
        if (sidebars.remove(player)) {
            platform.clearSidebar(player);
        }
    }

    private Platform.CardItem item(JsonObject o) {
        int mapId = -1;
        if (o.has("face")) {
            Integer id = faces.idOf(text(o, "face"));
            if (id == null) {
                throw new IllegalArgumentException("face not sent yet: " + o.get("face"));
            }
            mapId = id;
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
