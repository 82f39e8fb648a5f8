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

    /** Queues one batch of display ops ({"ops": [...]}) to be applied together in one tick. */
    public String applyOps(String json) {
        core.queueBatch(json);      // parsed where it is applied: the engine does not wait for it
        return "ok";
    }

    /** Main-thread time spent per applied batch, for the benchmark. */
    public String stats() {
        return core.stats().toString();
    }
}
