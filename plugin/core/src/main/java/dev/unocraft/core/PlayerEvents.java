package dev.unocraft.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.Arrays;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/** Player and console input as the engine's events: built from what the platform reports and queued for the engine's next poll. */
final class PlayerEvents {
    private final Players players;
    private final java.util.logging.Logger logger;
    private final EventQueue events;
    /** Where each player stood at their last event (read on their own thread): "nearby" announcements measure from it. */
    private final java.util.Map<String, Players.Position> lastSeen = new java.util.concurrent.ConcurrentHashMap<>();
    private final CoreMessages messages;
    private final BooleanSupplier engineAttached;

    PlayerEvents(Players players, java.util.logging.Logger logger, EventQueue events, CoreMessages messages,
                 BooleanSupplier engineAttached) {
        this.players = players;
        this.logger = logger;
        this.events = events;
        this.messages = messages;
        this.engineAttached = engineAttached;
    }

    /** `/uno args…`; {@code admin}: the player holds the `uno.admin` permission. */
    void command(String player, String[] args, boolean admin) {
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
    void use(String player, int slot, String tag) {
        JsonObject e = event("use", player);
        e.addProperty("slot", slot);
        e.addProperty("tag", tag);
        offer(player, e);
    }

    /** An inventory click on an engine item. */
    void click(String player, int slot, String tag) {
        JsonObject e = event("click", player);
        e.addProperty("slot", slot);
        e.addProperty("tag", tag);
        offer(player, e);
    }

    /** A chat message was sent (its text is not forwarded). */
    void chat(String player) {
        offer(player, event("chat", player));
    }

    void join(String player) {
        offer(player, event("join", player));
    }

    void quit(String player) {
        offer(player, event("quit", player));
        lastSeen.remove(player);
    }

    /** Where the player stood at their last event, or null. Any thread. */
    Players.Position lastSeen(String player) {
        return lastSeen.get(player);
    }

    /** Back from a death: the server emptied the inventory, so the engine draws the hand again. */
    void respawn(String player) {
        offer(player, event("respawn", player));
    }

    /** A console command for the engine, as a "console" event; the reason it cannot go goes to {@code reply}. */
    void console(String[] args, Consumer<String> reply) {
        if (!engineAttached.getAsBoolean()) {
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

    /** Whether the event is {@code /uno leave}. */
    private static boolean leave(JsonObject e) {
        JsonArray args = e.getAsJsonArray("args");
        return args != null && args.size() == 1 && "leave".equalsIgnoreCase(args.get(0).getAsString());
    }

    private JsonObject event(String type, String player) {
        JsonObject e = new JsonObject();
        e.addProperty("type", type);
        e.addProperty("player", player);
        if (!"quit".equals(type) && !"chat".equals(type)) {   // chat arrives off the main thread
            String locale = players.locale(player);
            if (locale != null) {
                e.addProperty("locale", locale);
            }
            String uuid = "join".equals(type) || "command".equals(type) ? players.uuid(player) : null;
            if (uuid != null) {
                e.addProperty("uuid", uuid);
            }
            Players.Position pos = players.position(player);
            if (pos != null) {
                lastSeen.put(player, pos);
                JsonArray p = new JsonArray();
                p.add(pos.x());
                p.add(pos.y());
                p.add(pos.z());
                e.add("pos", p);
                e.addProperty("world", pos.world());
            }
        }
        return e;
    }

    private void offer(String player, JsonObject e) {
        boolean command = "command".equals(e.get("type").getAsString()) || "use".equals(e.get("type").getAsString());
        if (command && !leave(e) && !engineAttached.getAsBoolean()) {     // a leave always waits for the engine
            players.sendMessage(player, messages.get("no_engine"));
            return;
        }
        if (!events.offer(e)) {
            logger.warning("event queue full; dropped " + e);
        }
    }
}
