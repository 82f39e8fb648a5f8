package dev.unocraft.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

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
            case "hello", "stats" -> args.isEmpty();
            case "pollEvents" -> args.size() == 1 && (args.get(0) instanceof Integer || args.get(0) instanceof Long);
            case "applyOps" -> args.size() == 1 && args.get(0) instanceof String;
            default -> false;
        };
        if (fits) {
            return null;
        }
        return switch (method) {
            case "hello", "stats" -> "takes no arguments";
            case "pollEvents" -> "takes one whole number (the longest wait in ms)";
            case "applyOps" -> "takes one text, a JSON op batch {\"ops\": [...]}";
            default -> "not a bridge method";
        };
    }

    private final UnoCore core;

    Bridge(UnoCore core) {
        this.core = core;
    }

    /** First call of an engine session: protocol version, online players, players whose items are in the vault. */
    public String hello() {
        JsonObject o = new JsonObject();
        o.addProperty("protocol", 1);
        o.addProperty("platform", core.platformName());
        JsonArray online = new JsonArray();
        core.platform().onlinePlayers().forEach(online::add);
        o.add("online", online);
        JsonArray vault = new JsonArray();
        core.vault().saved().forEach(vault::add);
        o.add("vault", vault);
        core.engineAttached();
        return o.toString();
    }

    /** Long-poll: a JSON array of player events, empty after maxWaitMs without input. */
    public String pollEvents(long maxWaitMs) throws InterruptedException {
        return core.events().poll(Math.min(Math.max(maxWaitMs, 0), 5_000)).toString();
    }

    /**
     * Queues one batch of display ops ({"ops": [...]}) to be applied together in one tick. The text
     * is read here, on the engine's thread ({@link OpBatch}): a malformed batch goes back to the
     * engine as an error (and one log line), and the server thread only applies ops.
     */
    public String applyOps(String json) {
        JsonArray ops;
        try {
            ops = OpBatch.parse(json);
        } catch (IllegalArgumentException e) {
            core.platform().logger().warning("refused " + e.getMessage());
            throw e;
        }
        core.queueBatch(ops);
        return "ok";
    }

    /** Main-thread time spent per applied batch, for the benchmark. */
    public String stats() {
        return core.stats().toString();
    }
}
