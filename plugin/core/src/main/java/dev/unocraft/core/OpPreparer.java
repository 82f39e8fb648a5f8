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
import java.util.function.Consumer;

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
    private final TableStages<?> stages;
    /** Each op field read (ProtocolTest records them; nothing otherwise). */
    private volatile Consumer<String> reads = OpFields.NOT_RECORDED;

    OpPreparer(Platform platform, Inventories<?> inventories, java.util.function.Function<String, Players.Position> lastSeen,
               CardFaces faces, InventoryVault vault, ItemPolicy items, Completions completions,
               CoreMessages messages, PlayerDisplays displays, Placeholders placeholders, Stakes stakes,
               TableStages<?> stages) {
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
        this.stages = stages;
    }

    /** Records every op field read from now on (a test: ProtocolTest). */
    void recordReads(Consumer<String> reads) {
        this.reads = reads;
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
                OpFields fields = OpFields.of(op.getAsJsonObject(), reads);
                actions.add(prepareOne(fields));
                sources.add(op);
                kinds.add(fields.kind());
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

    /** The ops for no one player (the protocol says which): they run in the global lane. */
    private static final java.util.Set<String> GLOBAL_OPS =
            java.util.Set.of("face", "console", "strings", "stake_settle", "stake_tables", "stake_refund",
                    "stage", "stage_remove", "stage_tables");

    /** The lane an op runs in (read after the op was checked): its player's (their inventory, chat, screen, money), else the global one. */
    private static String laneOf(JsonObject op) {
        return GLOBAL_OPS.contains(op.get("op").getAsString()) || !op.has("player") ? null : op.get("player").getAsString();
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

    /** A component field, cut to what the protocol carries ({@link TextCaps}); "" when absent. */
    private static JsonElement component(OpFields op, String key) {
        JsonElement v = op.get(key);
        return v != null ? TextCaps.component(v) : new JsonPrimitive("");
    }

    /** A component field, capped, as the platform's message object: built here, on the engine's thread, not at send. */
    private Object message(OpFields op, String key) {
        return players.text(component(op, key));
    }

    /** A console line, capped like any text the engine sends. */
    private static String capped(String line) {
        return line.length() > 2000 ? line.substring(0, 2000) + "…" : line;
    }

    /** The op checked, its data built (components cut and built as the platform's message objects, pixels decoded, items described): what is left touches only the platform. */
    private Runnable prepareOne(OpFields op) {
        String kind = op.kind();
        // the ops for one player name them; the others have no "player" (the protocol says which)
        boolean forAPlayer = !GLOBAL_OPS.contains(kind);
        String player = forAPlayer && op.has("player") ? op.text("player") : null;
        if (player == null && forAPlayer && !kind.equals("complete") && !(kind.equals("placeholders") && op.has("top"))) {
            throw new IllegalArgumentException("no \"player\"");
        }
        Runnable action = switch (kind) {
            case "msg" -> {
                Object c = message(op, "c");
                if (op.has("near")) {   // an announcement for the players near someone (table.announce)
                    OpFields near = op.object("near");
                    String of = near.text("of");
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
            case "face" -> faces.prepare(platform, op.text("key"), Base64.getDecoder().decode(op.text("pixels")));
            case "items" -> prepareItems(player, op);
            case "restore" -> () -> {
                vault.restore(player);
                items.restored(player);
                displays.unseat(player);
            };
            case "sidebar" -> prepareSidebar(player, op);
            case "sidebar_clear" -> () -> displays.clearSidebar(player);
            case "complete" -> {
                Map<String, List<String>> tree = Completions.tree(op.object("tree").entries());
                yield () -> completions.set(player, tree);
            }
            case "console" -> {
                List<String> lines = new ArrayList<>();
                op.get("lines").getAsJsonArray().forEach(l -> lines.add(capped(l.getAsString())));
                yield () -> lines.forEach(l -> platform.logger().info("[uno] " + l));
            }
            case "strings" -> {
                Map<String, Object> more = new java.util.LinkedHashMap<>();
                op.object("strings").entries().entrySet().forEach(e -> more.put(e.getKey(), players.text(TextCaps.component(e.getValue()))));
                yield () -> messages.putAll(more);
            }
            case "placeholders" -> {
                // PlaceholderAPI's answers (Placeholders): checked and copied here, stored on the server thread
                if (player == null) {
                    Map<String, List<Placeholders.Entry>> lists = Placeholders.lists(op.get("top"));
                    yield () -> placeholders.putTop(lists);
                }
                Map<String, String> values = Placeholders.values(op.get("values"));
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
                op.text("id");
                JsonObject copy = op.copy();
                yield () -> stakes.refund(copy);
            }
            case "stake_tables" -> {
                op.object("tables");
                JsonObject copy = op.copy();
                yield () -> stakes.tables(copy);
            }
            case "stage" -> prepareStage(op);
            case "stage_remove" -> {
                String table = op.text("table");
                yield () -> stages.remove(table);
            }
            case "stage_tables" -> {
                java.util.Set<String> keep = new java.util.HashSet<>();
                JsonElement list = op.get("tables");
                if (list == null || !list.isJsonArray()) {
                    throw new IllegalArgumentException("\"tables\" must be a list");
                }
                list.getAsJsonArray().forEach(t -> keep.add(t.getAsString()));
                yield () -> stages.keepOnly(keep);
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

    /**
     * A stake op checked (ids and table are texts, amounts whole numbers, shares objects, every field
     * Stakes reads later from its copy among them) and copied.
     */
    private static JsonObject stakeOp(OpFields op, boolean take) {
        op.text("id");
        op.text("table");
        if (take) {
            op.text("player");
            if (op.has("money") == op.has("item")) {
                throw new IllegalArgumentException("a stake is \"money\" or \"item\" with \"count\"");
            }
            if (op.has("money")) {
                whole(op, "money");
            } else {
                op.text("item");
                whole(op, "count");
            }
        } else {
            JsonElement entries = op.get("entries");
            JsonElement shares = op.get("shares");
            if (entries == null || !entries.isJsonArray() || shares == null || !shares.isJsonArray()) {
                throw new IllegalArgumentException("\"entries\" and \"shares\" must be lists");
            }
            entries.getAsJsonArray().forEach(e -> {
                if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
                    throw new IllegalArgumentException("\"entries\" must be texts");
                }
            });
            for (JsonElement sh : shares.getAsJsonArray()) {
                OpFields share = op.inside("shares", sh, "a share");
                share.text("player");
                if (share.has("uuid")) {
                    share.text("uuid");
                }
                whole(share, share.has("money") ? "money" : "count");
            }
            if (op.has("cut")) {
                whole(op, "cut");
            }
            if (op.has("why")) {
                op.text("why");
            }
        }
        return op.copy();
    }

    /** The op's field {@code key}: a whole number, 0 or more. */
    private static long whole(OpFields op, String key) {
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
    private Runnable prepareItems(String player, OpFields op) {
        Map<Integer, OpFields> later = new java.util.LinkedHashMap<>();    // items whose face comes earlier in this batch
        Map<Integer, Object> changes = new java.util.LinkedHashMap<>();   // what the platform prepared; null: empty the slot
        for (Map.Entry<String, JsonElement> e : op.object("slots").entries().entrySet()) {
            int slot = slotNumber(e.getKey());
            JsonElement v = e.getValue();
            if (v.isJsonNull()) {
                changes.put(slot, null);
                continue;
            }
            OpFields o = op.inside("slots", v, "slot " + slot + " (an item or null)");
            if (o.has("face") && faces.idOf(o.text("face")) == null) {
                item(o, 0);      // checked now all the same
                later.put(slot, o);
                changes.put(slot, null);
            } else {
                // the platform's item found (and built, where it can be) now, off the server thread
                changes.put(slot, inventories.card(item(o, -1)));
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

    /**
     * {"op": "stage", "table", "world", "at": [x, y, z], "reset", "put": {id: prop}, "drop": [id]}: every
     * prop checked and its text built here; the map a card shows is looked up when it runs (its face is
     * shown by then: faces run first in the global lane).
     */
    private Runnable prepareStage(OpFields op) {
        String table = op.text("table");
        double[] at = vector(op, "at");
        Stage.Place place = new Stage.Place(op.text("world"), at[0], at[1], at[2]);
        boolean reset = op.has("reset") && op.get("reset").getAsBoolean();
        Map<String, Stage.Prop> put = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> e : op.object("put").entries().entrySet()) {
            put.put(e.getKey(), prop(op.inside("put", e.getValue(), "prop " + e.getKey())));
        }
        List<String> drop = new ArrayList<>();
        JsonElement dropped = op.get("drop");
        if (dropped == null || !dropped.isJsonArray()) {
            throw new IllegalArgumentException("\"drop\" must be a list");
        }
        dropped.getAsJsonArray().forEach(d -> drop.add(d.getAsString()));
        return () -> {
            Map<String, Stage.Prop> shown = new java.util.LinkedHashMap<>();
            put.forEach((id, p) -> {
                Integer map = p.face() == null ? null : faces.idOf(p.face());
                if (p.face() != null && map == null) {
                    platform.logger().warning("stage " + table + ": face not sent yet: " + p.face());
                } else {
                    shown.put(id, map == null ? p : p.withMap(map));
                }
            });
            stages.apply(table, place, reset, shown, drop);
        };
    }

    private static final java.util.Set<String> PROP_KINDS = java.util.Set.of("item", "text", "block");
    private static final java.util.Set<String> BILLBOARDS = java.util.Set.of("fixed", "vertical", "center");

    /** One prop of a stage op, checked. */
    private Stage.Prop prop(OpFields o) {
        String kind = o.text("kind");
        if (!PROP_KINDS.contains(kind)) {
            throw new IllegalArgumentException("a prop's \"kind\" is item, text or block, not " + kind);
        }
        double[] scale = o.has("scale") ? vector(o, "scale") : new double[] {1, 1, 1};
        String face = o.has("face") ? o.text("face") : null;
        String block = o.has("block") ? o.text("block") : null;
        if (kind.equals("item") && face == null || kind.equals("block") && block == null) {
            throw new IllegalArgumentException("an item prop needs a \"face\", a block prop a \"block\"");
        }
        Object text = o.has("text") ? players.text(TextCaps.component(o.get("text"))) : null;
        String billboard = o.has("billboard") ? o.text("billboard") : "fixed";
        if (!BILLBOARDS.contains(billboard)) {
            throw new IllegalArgumentException("a prop's \"billboard\" is fixed, vertical or center");
        }
        return new Stage.Prop(kind, vector(o, "at"), o.has("yaw") ? o.get("yaw").getAsFloat() : 0f,
                o.has("pitch") ? o.get("pitch").getAsFloat() : 0f,
                new float[] {(float) scale[0], (float) scale[1], (float) scale[2]}, face, -1, block, text, billboard,
                o.has("glow") && o.get("glow").getAsBoolean(), o.has("came") ? vector(o, "came") : null);
    }

    /** The op's field {@code key}: three finite numbers. */
    private static double[] vector(OpFields op, String key) {
        JsonElement v = op.get(key);
        if (v == null || !v.isJsonArray() || v.getAsJsonArray().size() != 3) {
            throw new IllegalArgumentException("\"" + key + "\" must be [x, y, z]");
        }
        double[] out = new double[3];
        for (int i = 0; i < 3; i++) {
            JsonElement c = v.getAsJsonArray().get(i);
            if (!c.isJsonPrimitive() || !c.getAsJsonPrimitive().isNumber() || !Double.isFinite(c.getAsDouble())) {
                throw new IllegalArgumentException("\"" + key + "\" must be [x, y, z]");
            }
            out[i] = c.getAsDouble();
        }
        return out;
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
    private Runnable prepareSound(String player, OpFields op) {
        String sound = op.text("sound");
        float volume = Math.max(0f, Math.min(1f, op.has("volume") ? op.get("volume").getAsFloat() : 1f));
        float pitch = Math.max(0.5f, Math.min(2f, op.has("pitch") ? op.get("pitch").getAsFloat() : 1f));
        Object prepared = players.sound(sound, volume, pitch);
        return () -> players.playSound(player, prepared);
    }

    private Runnable prepareSidebar(String player, OpFields op) {
        List<Object> lines = new ArrayList<>();
        if (op.has("lines")) {
            for (JsonElement line : op.get("lines").getAsJsonArray()) {
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
    private Platform.CardItem item(OpFields o, int unsentFaceId) {
        int mapId = -1;
        if (o.has("face")) {
            Integer id = faces.idOf(o.text("face"));
            if (id == null && unsentFaceId < 0) {
                throw new IllegalArgumentException("face not sent yet: " + o.get("face"));
            }
            mapId = id != null ? id : unsentFaceId;
        }
        List<JsonElement> lore = new ArrayList<>();
        if (o.has("lore")) {
            for (JsonElement line : o.get("lore").getAsJsonArray()) {
                if (lore.size() == TextCaps.MAX_LORE_LINES) {
                    break;
                }
                lore.add(TextCaps.component(line));
            }
        }
        String tag = o.text("tag");
        if (!UnoCore.isEngineTag(tag)) {
            throw new IllegalArgumentException("an item needs a non-empty \"tag\"");
        }
        return new Platform.CardItem(mapId, o.has("material") ? o.text("material") : null,
                component(o, "name"), lore, o.has("glow") && o.get("glow").getAsBoolean(), tag);
    }
}
