package dev.unocraft.core;

import com.google.gson.JsonPrimitive;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The core's own messages to players (paused, resumed, no_engine, items_…), by key, already in the platform's form ({@link Players#text}). */
final class CoreMessages {
    private final Players players;
    private final Map<String, Object> strings = new ConcurrentHashMap<>();

    CoreMessages(Players players) {
        this.players = players;
        // built once here, at start-up; the engine's replacements are built on its thread (the "strings" op)
        strings.put("paused", text("§eUNO: the game engine is away; the game is paused and your items are safe."));
        strings.put("resumed", text("§aUNO: the game engine is back."));
        strings.put("no_engine", text("§cUNO: the game engine is not running; try again in a moment."));
        strings.put("items_paused", text("§eUNO: your own items are in safekeeping during the game; picking up"
                + " or taking items waits until it ends."));
        strings.put("items_kept", text("§eUNO: some of your items did not fit in your inventory; they are kept"
                + " safe and come back as soon as you have room."));
        strings.put("items_set_aside", text("§eUNO: an item you received during the game was put aside to make"
                + " room for a card; it comes back when the game ends."));
        strings.put("left_while_away", text("§eUNO: you left the table and your items are back; the game engine"
                + " learns it as soon as it is back."));
        strings.put("stake_paid", text("§aUNO: what a staked table owed you (winnings or your stake back) is yours"
                + " now."));
        strings.put("items_back", text("§aUNO: the items kept for you are back in your inventory."));
    }

    /** A plain (§-coloured) text in the platform's form. */
    private Object text(String legacy) {
        return players.text(new JsonPrimitive(legacy));
    }

    /** The message under {@code key} (null for none). */
    Object get(String key) {
        return strings.get(key);
    }

    /** Sends the player one of the core's own messages (where the player's work runs). */
    void tell(String player, String key) {
        Object message = strings.get(key);
        if (message != null) {
            players.sendMessage(player, message);
        }
    }

    /** The engine's replacements (or additions), already built in the platform's form. */
    void putAll(Map<String, Object> more) {
        strings.putAll(more);
    }
}
