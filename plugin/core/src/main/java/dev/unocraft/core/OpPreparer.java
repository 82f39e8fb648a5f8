package dev.unocraft.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/** Turns the engine's op JSON into steps for the server thread: each op checked and its data built on the engine's thread, so that what is left only touches the platform. */
final class OpPreparer {
    private final Platform platform;
    private final Players players;
    private final Inventories<?> inventories;
    /** Where a player stood when they last did something (their position in their events): announcements "nearby" measure from it. */
    private final java.util.function.Function<String, Players.Position> lastSeen;
    private final CardFaces faces;
    private final InventoryVault vault;
    private final ItemPolicy items;
    private final Completions completions;
    private final CoreMessages messages;
    private final PlayerDisplays displays;
    private final Placeholders placeholders;
    private final Stakes stakes;

    OpPreparer(Platform platform, Inventories<?> inventories, java.util.function.Function<String, Players.Position> lastSeen,
               CardFaces faces, InventoryVault vault, ItemPolicy items, Completions completions,
               CoreMessages messages, PlayerDisplays displays, Placeholders placeholders, Stakes stakes) {
        this.platform = platform;
        this.players = platform.players();
        this.inventories = inventories;
        this.lastSeen = lastSeen;
        this.faces = faces;
        this.vault = vault;
        this.items = items;
        this.completions = completions;
        this.messages = messages;
        this.displays = displays;
        this.placeholders = placeholders;
        this.stakes = stakes;
    }

    /**
     * The batch's ops checked and built, ready to apply: a bad op is logged once and skipped, never
     * stops the others. An empty batch is one empty step, so that it is counted as applied.
     */
    List<Step> prepare(JsonArray ops) {
        List<JsonElement> sources = new ArrayList<>();
        List<String> kinds = new ArrayList<>();
        List<Runnable> actions = new ArrayList<>();
        List<String> lanes = new ArrayList<>();
        for (JsonElement op : ops) {
            try {
                if (!op.isJsonObject()) {
                    throw new IllegalArgumentException("an op must be an object");
                }
                actions.add(prepareOne(op.getAsJsonObject()));
                sources.add(op);
                kinds.add(text(op.getAsJsonObject(), "op"));
                lanes.add(laneOf(op.getAsJsonObject()));
            } catch (RuntimeException ex) {
                warnBadOp(op, ex);
            }
        }
        if (actions.isEmpty()) {
            sources.add(JsonNull.INSTANCE);
            kinds.add("none");
            actions.add(() -> { });
            lanes.add(null);
        }
        Step.Batch batch = new Step.Batch(actions.size());
        // the players' ops after a global one wait for the batch's global ops (a face's map before the card that shows it)
        int global = (int) lanes.stream().filter(java.util.Objects::isNull).count();
        Step.Gate gate = global > 0 ? new Step.Gate(global) : null;
        boolean globalBefore = false;
        List<Step> out = new ArrayList<>(actions.size());
        for (int i = 0; i < actions.size(); i++) {
            String lane = lanes.get(i);
            globalBefore |= lane == null;
            out.add(new Step(sources.get(i), kinds.get(i), actions.get(i), batch, lane, lane == null || globalBefore ? gate : null));
        }
        return out;
    }

    /** The lane an op runs in: its player's (their inventory, chat, screen, money), else the global one. */
    private static String laneOf(JsonObject op) {
        String kind = text(op, "op");
        boolean global = kind.equals("face") || kind.equals("strings") || kind.equals("console")
                || kind.equals("stake_settle") || kind.equals("stake_tables") || kind.equals("stake_refund");
        return global || !op.has("player") ? null : text(op, "player");
    }

    /** Logs a bad op (one that could not be prepared, or failed on the server thread). */
    void warnBadOp(JsonElement op, RuntimeException ex) {
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
        return players.text(component(op, key));
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
                && !kind.equals("console") && !(kind.equals("placeholders") && op.has("top"))
                && !kind.equals("stake_settle") && !kind.equals("stake_tables") && !kind.equals("stake_refund")) {
            throw new IllegalArgumentException("no \"player\"");
        }
        Runnable action = switch (kind) {
            case "msg" -> {
                Object c = message(op, "c");
                if (op.has("near")) {   // an announcement for the players near someone (table.announce)
                    JsonObject near = op.getAsJsonObject("near");
                    String of = text(near, "of");
                    double radius = near.has("radius") ? near.get("radius").getAsDouble() : Double.POSITIVE_INFINITY;
                    yield () -> {
                        Players.Position here = players.position(player);
                        Players.Position there = lastSeen.apply(of);
                        double d = here == null || there == null ? Double.POSITIVE_INFINITY : here.distance(there);
                        if (d < Double.POSITIVE_INFINITY && d <= radius) {   // infinite: another world, or gone
                            players.sendMessage(player, c);
                        }
                    };
                }
                yield () -> players.sendMessage(player, c);
            }
            case "actionbar" -> {
                Object c = message(op, "c");
                yield () -> players.sendActionBar(player, c);
            }
            case "title" -> {
                Object title = message(op, "title");
                Object subtitle = message(op, "subtitle");
                yield () -> players.showTitle(player, title, subtitle);
            }
            case "sound" -> prepareSound(player, op);
            case "face" -> faces.prepare(platform, text(op, "key"), Base64.getDecoder().decode(text(op, "pixels")));
            case "items" -> prepareItems(player, op);
            case "restore" -> () -> {
                vault.restore(player);
                items.restored(player);
                displays.unseat(player);
            };
            case "sidebar" -> prepareSidebar(player, op);
            case "sidebar_clear" -> () -> displays.clearSidebar(player);
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
                op.getAsJsonObject("strings").entrySet().forEach(e -> more.put(e.getKey(), players.text(TextCaps.component(e.getValue()))));
                yield () -> messages.putAll(more);
            }
            case "placeholders" -> {
                // PlaceholderAPI's answers (Placeholders): checked and copied here, stored on the server thread
                if (player == null) {
                    Map<String, List<Placeholders.Entry>> lists = Placeholders.lists(op);
                    yield () -> placeholders.putTop(lists);
                }
                Map<String, String> values = Placeholders.values(op);
                yield () -> placeholders.put(player, values);
            }
            // stakes move money and items whether or not their player is online (Stakes answers or owes)
            case "stake_take" -> {
                JsonObject copy = stakeOp(op, true);
                yield () -> stakes.take(copy);
            }
            case "stake_settle" -> {
                JsonObject copy = stakeOp(op, false);
                yield () -> stakes.settle(copy);
            }
            case "stake_refund" -> {
                text(op, "id");
                JsonObject copy = op.deepCopy();
                yield () -> stakes.refund(copy);
            }
            case "stake_tables" -> {
                if (!op.has("tables") || !op.get("tables").isJsonObject()) {
                    throw new IllegalArgumentException("\"tables\" must be an object");
                }
                JsonObject copy = op.deepCopy();
                yield () -> stakes.tables(copy);
            }
            default -> () -> platform.logger().warning("unknown op " + kind);
        };
        if (player == null || kind.equals("complete") || kind.startsWith("stake_")) {
            return action;
        }
        // a player who left meanwhile is skipped; the engine hears about it through the quit event
        return () -> {
            if (players.isOnline(player)) {
                action.run();
            }
        };
    }

    /** A stake op checked (ids and table are texts, amounts whole numbers, shares objects) and copied. */
    private static JsonObject stakeOp(JsonObject op, boolean take) {
        text(op, "id");
        text(op, "table");
        if (take) {
            text(op, "player");
            if (op.has("money") == op.has("item")) {
                throw new IllegalArgumentException("a stake is \"money\" or \"item\" with \"count\"");
            }
            whole(op, op.has("money") ? "money" : "count");
            if (op.has("item")) {
                text(op, "item");
            }
        } else {
            if (!op.has("entries") || !op.get("entries").isJsonArray() || !op.has("shares") || !op.get("shares").isJsonArray()) {
                throw new IllegalArgumentException("\"entries\" and \"shares\" must be lists");
            }
            op.getAsJsonArray("entries").forEach(e -> {
                if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
                    throw new IllegalArgumentException("\"entries\" must be texts");
                }
            });
            for (JsonElement sh : op.getAsJsonArray("shares")) {
                if (!sh.isJsonObject()) {
                    throw new IllegalArgumentException("a share must be an object");
                }
                text(sh.getAsJsonObject(), "player");
                whole(sh.getAsJsonObject(), sh.getAsJsonObject().has("money") ? "money" : "count");
            }
            if (op.has("cut")) {
                whole(op, "cut");
            }
        }
        return op.deepCopy();
    }

    /** The op's field {@code key}: a whole number, 0 or more. */
    private static long whole(JsonObject op, String key) {
        JsonElement v = op.get(key);
        if (v == null || !v.isJsonPrimitive() || !v.getAsJsonPrimitive().isNumber()
                || v.getAsDouble() != Math.rint(v.getAsDouble()) || v.getAsDouble() < 0) {
            throw new IllegalArgumentException("\"" + key + "\" must be a whole number, 0 or more");
        }
        return v.getAsLong();
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
                changes.put(slot, v.isJsonNull() ? null : inventories.card(item(v.getAsJsonObject(), -1)));
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
            later.forEach((slot, o) -> changes.put(slot, inventories.card(item(o, -1))));   // its face must be shown by now
            // the cards go in once the player's own items are safely on disk (at once when they are
            // already); the inventory is never touched if they cannot be saved
            vault.saveThen(player, () -> {
                displays.seat(player);
                inventories.atomically(player, () -> {
                    items.makeWay(player, changes);     // what arrived during the game is never overwritten
                    inventories.putCards(player, changes);
                });
                if (heldSlot >= 0) {
                    inventories.setHeld(player, heldSlot);
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
        Object prepared = players.sound(sound, volume, pitch);
        return () -> players.playSound(player, prepared);
    }

    private Runnable prepareSidebar(String player, JsonObject op) {
        List<Object> lines = new ArrayList<>();
        if (op.has("lines")) {
            for (JsonElement line : op.getAsJsonArray("lines")) {
                if (lines.size() == 15) {
                    break;      // what a client shows
                }
                lines.add(players.text(TextCaps.component(line)));
            }
        }
        Object title = message(op, "title");
        return () -> {
            displays.sidebarShown(player);
            platform.screen().showSidebar(player, title, lines);
        };
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
        if (!UnoCore.isEngineTag(tag)) {
            throw new IllegalArgumentException("an item needs a non-empty \"tag\"");
        }
        return new Platform.CardItem(mapId, o.has("material") ? text(o, "material") : null,
                component(o, "name"), lore, o.has("glow") && o.get("glow").getAsBoolean(), tag);
    }
}
