package dev.unocraft.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The only object the engine can reach through py4j (see {@link EngineGateway}): it pulls player
 * input and pushes display operations, as JSON text. Called on py4j threads; it never touches the
 * world itself.
 */
public final class Bridge {
    /** Method names py4j may call; everything else is refused by {@link EngineGateway}. */
    public static final java.util.Set<String> METHODS = java.util.Set.of("hello", "pollEvents", "applyOps", "stats");

    /**
     * Why these arguments (as py4j decoded them) do not fit the method, or null when they do. Checked
     * by {@link EngineGateway} before the call, so that {@code applyOps(None)} or a wrong type is an
     * error for the caller, not a failure inside the bridge.
     */
    static String checkArguments(String method, java.util.List<Object> args) {
        boolean fits = switch (method) {
            case "hello" -> args.isEmpty() || args.size() == 1 && args.get(0) instanceof String;
            case "stats" -> args.isEmpty();
            case "pollEvents" -> args.size() == 1 && (args.get(0) instanceof Integer || args.get(0) instanceof Long);
            case "applyOps" -> args.size() == 1 && args.get(0) instanceof String;
            default -> false;
        };
        if (fits) {
            return null;
        }
        return switch (method) {
            case "hello" -> "takes nothing or one text, the engine's {\"protocol\", \"version\"}";
            case "stats" -> "takes no arguments";
            case "pollEvents" -> "takes one whole number (the longest wait in ms)";
            case "applyOps" -> "takes one text, a JSON op batch {\"ops\": [...]}";
            default -> "not a bridge method";
        };
    }

    private final UnoCore core;
    private final IncomingBatches incoming;

    Bridge(UnoCore core) {
        this.core = core;
        this.incoming = new IncomingBatches(core);
    }

    /** Where the op batches are read and prepared. */
    IncomingBatches incoming() {
        return incoming;
    }

    /**
     * The bridge protocol this plugin speaks; the engine's {@code unocraft.PROTOCOL} must be the same.
     * 2: the engine sends its op batches one way ({@link #OPS_COMMAND}).
     */
    public static final int PROTOCOL = 2;

    /**
     * The command line of an op batch sent one way on the engine's py4j connection (served by
     * {@link EngineGateway} for the attached engine only): the next line is the batch's JSON (JSON
     * text without indentation has no line break), and nothing is answered, so the engine does not
     * wait for a round trip. Same as {@code unocraft.transport.py4j_bridge.OPS_COMMAND}.
     */
    public static final String OPS_COMMAND = "O";

    /** An engine older than the protocol check: refused, with the reason in both logs. */
    public String hello() {
        return hello("{}");
    }

    /**
     * First call of an engine session; {@code engine} is {"protocol", "version"}. Answers with this
     * plugin's protocol and version, the online players and the players whose items are in the vault,
     * or with "refused" when the engine speaks another protocol. Runs on a py4j thread, so it reads
     * only the core's own thread-safe copies, never the server API; it first waits for the start-up
     * warm-up to end ({@link UnoCore#awaitWarmUp}).
     */
    public String hello(String engine) {
        core.awaitWarmUp();     // the engine's first batches after the start-up warm-up, not beside it
        JsonObject o = new JsonObject();
        o.addProperty("protocol", PROTOCOL);
        o.addProperty("version", UnoCore.VERSION);
        o.addProperty("platform", core.platformName());
        int theirs = -1;
        String theirVersion = "?";
        try {
            JsonObject e = JsonParser.parseString(engine).getAsJsonObject();
            theirs = e.has("protocol") ? e.get("protocol").getAsInt() : -1;
            theirVersion = e.has("version") ? e.get("version").getAsString() : "?";
        } catch (RuntimeException ex) {
            // refused below
        }
        if (theirs != PROTOCOL) {
            String msg = "refused an engine (unocraft " + theirVersion + ") that speaks bridge protocol "
                    + (theirs < 0 ? "unknown" : String.valueOf(theirs)) + "; this plugin (unocraft " + UnoCore.VERSION
                    + ") speaks " + PROTOCOL + ": install the engine and the plugin of the same release";
            core.platform().logger().severe(msg);
            o.addProperty("refused", msg);
            return o.toString();
        }
        JsonArray online = new JsonArray();
        core.onlineNow().forEach(online::add);
        o.add("online", online);
        JsonArray vault = new JsonArray();
        core.onlineNow().stream().filter(core::vaultHoldsOnline).forEach(vault::add);     // a py4j thread: no platform call
        o.add("vault", vault);
        // the faces already on maps, when the engine that sent them was of this version: a restarted
        // engine need not render and send them again
        JsonArray faces = new JsonArray();
        if (theirVersion.equals(core.engineVersion())) {
            core.faces().shownKeys().forEach(faces::add);
        }
        o.add("faces", faces);
        // the engine keeps the placeholders' cache current only where something reads it (PlaceholderAPI, the dev server)
        o.addProperty("placeholders", core.placeholdersWanted());
        core.engineAttached(theirVersion);
        return o.toString();
    }

    /** Long-poll: a JSON array of player events, empty after maxWaitMs without input. */
    public String pollEvents(long maxWaitMs) throws InterruptedException {
        JsonArray events = core.events().poll(Math.min(Math.max(maxWaitMs, 0), 5_000));
        core.legs().polled(events);
        return events.toString();
    }

    /**
     * Queues one batch of display ops ({"ops": [...]}) to be applied together in one tick, as a
     * batch sent one way does ({@link #OPS_COMMAND}, what the engine sends; this call is for tools
     * and tests). A malformed batch is one log line and a {@code "refused_batch"} event for the
     * engine's next poll, and the server thread only applies ops.
     */
    public String applyOps(String json) {
        receiveOps(json);
        return "ok";
    }

    /** An op batch sent one way or through {@link #applyOps}: read and prepared here ({@link IncomingBatches}). */
    void receiveOps(String json) {
        incoming.readAndPrepare(json, core.legs().arrived());
    }

    /** Main-thread time spent per applied batch, for the benchmark. */
    public String stats() {
        return core.stats().toString();
    }
}
