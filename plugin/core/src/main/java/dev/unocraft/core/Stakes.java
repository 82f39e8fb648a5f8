package dev.unocraft.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What tables play for, in escrow: the plugin's half of stakes. The engine decides who pays and who
 * gets what ({@code stake_take}, {@code stake_settle}, {@code stake_tables} ops); this only moves
 * money ({@link Money}) and plain items ({@link Platform#takePlain}), each move named by the
 * engine's id and done at most once, and keeps every stake on disk from before it leaves a player
 * until it reaches one. The disk is the inventory vault's own thread (one thread, in order), never
 * the main thread.
 *
 * <p>A pay-in: its intent is written first ({@code taking}), then the money or items are taken on the
 * main thread, then it is written as {@code held}, and only then is the engine told it was paid (the
 * game cannot start before). A crash with the intent on disk refunds it at the next start: right if
 * the take had happened; one stake too many for that player if the crash fell in the one tick between
 * the intent reaching the disk and the take (the window cannot be closed: an economy has no
 * transactions; it falls to the player's side; a clean stop in that tick calls the pay-in off instead,
 * {@link #close}, and the engine asks for it again). A settlement (a win, a refund) is one file written
 * before anything moves: the entries it uses up and the shares it owes. Each share is paid on the main
 * thread when its player is online (else at their next join, with a line) and the file is then written
 * again without it; a crash between a payment and that write pays the share again at the next start
 * (one write long; again to the player's side). Ids used up or refused are remembered ({@code done}),
 * so an op the engine sends again moves nothing and is answered as before. Every move is a line in {@code stakes.log}.
 */
public final class Stakes {
    private final Path dir;
    private final Platform platform;
    private final Players players;
    private final Inventories<?> inventories;
    private final InventoryVault vault;
    /** Hands work to where the player's work runs (their inventory, their money), after the ops before it. */
    private final java.util.function.BiConsumer<String, Runnable> onPlayer;
    /** Hands work to the global lane (a settlement's commit, which pays several players). */
    private final Consumer<Runnable> onGlobal;
    private final Function<String, String> keyOf;
    private final Function<String, String> nameOfKey;
    private final Consumer<JsonObject> answer;
    private final java.util.function.BiConsumer<String, String> tell;
    /**
     * Pay-ins by id (taking or held). Everything here runs under this object's lock, in the player's lane or
     * the global one (on Folia several at once), but the disk jobs.
     */
    private final Map<String, JsonObject> entries = new LinkedHashMap<>();
    /** Settlements by id whose shares are not all paid. */
    private final Map<String, JsonObject> settlements = new LinkedHashMap<>();
    /** Ids of pay-ins used up and of settlements made: an op naming one again moves nothing. */
    private final Set<String> done = new HashSet<>();
    /** Pay-ins refused, by id, with the reason: the same op again is answered again, never taken. */
    private final Map<String, String> refused = new java.util.HashMap<>();
    /** Settlements whose file is on disk: only their shares are paid. */
    private final Set<String> committed = new HashSet<>();
    /** Settlements whose file could not be written, with the entries they use up: written again later. */
    private final Map<String, List<String>> unwritten = new LinkedHashMap<>();

    /**
     * {@code answer}: hands the engine an event ({"type": "stake", ...}); {@code tell}: one of the
     * core's messages to a player, by key; {@code keyOf}: a player's lasting key (the UUID);
     * {@code nameOfKey}: the online player with that key (null: none).
     */
    public Stakes(Path dir, Platform platform, Inventories<?> inventories, InventoryVault vault,
                  java.util.function.BiConsumer<String, Runnable> onPlayer, Consumer<Runnable> onGlobal,
                  Function<String, String> keyOf, Function<String, String> nameOfKey, Consumer<JsonObject> answer,
                  java.util.function.BiConsumer<String, String> tell) {
        this.dir = dir;
        this.platform = platform;
        this.players = platform.players();
        this.inventories = inventories;
        this.vault = vault;
        this.onPlayer = onPlayer;
        this.onGlobal = onGlobal;
        this.keyOf = keyOf;
        this.nameOfKey = nameOfKey;
        this.answer = answer;
        this.tell = tell;
        load();
    }

    // ---------------------------------------------------------------- start-up

    /** What an earlier run left: pay-ins held wait for the engine; one still being taken is refunded. */
    private void load() {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try {
            Path doneFile = dir.resolve("done");
            if (Files.exists(doneFile)) {
                for (String line : Files.readAllLines(doneFile, StandardCharsets.UTF_8)) {
                    String[] w = line.split(" ", 2);       // "id", or "id reason" for a refused pay-in
                    done.add(w[0]);
                    if (w.length == 2) {
                        refused.put(w[0], w[1]);
                    }
                }
            }
            try (Stream<Path> s = Files.list(dir)) {
                for (Path p : s.sorted().toList()) {
                    String n = p.getFileName().toString();
                    if (n.endsWith(".settle")) {
                        JsonObject st = read(p);
                        st.getAsJsonArray("shares").forEach(x -> x.getAsJsonObject().addProperty("late", true));
                        settlements.put(st.get("id").getAsString(), st);
                        committed.add(st.get("id").getAsString());
                    } else if (n.endsWith(".stake")) {
                        JsonObject e = read(p);
                        entries.put(e.get("id").getAsString(), e);
                    }
                }
            }
        } catch (IOException | RuntimeException ex) {
            platform.logger().severe("cannot read the stakes in " + dir + " (" + ex + "); they stay there for an operator");
            return;
        }
        // a settlement's entries are used up, whether or not their files were deleted before the crash
        for (JsonObject st : settlements.values()) {
            st.getAsJsonArray("entries").forEach(id -> {
                entries.remove(id.getAsString());
                done.add(id.getAsString());     // a crash may have come before the "done" line
            });
            done.add(st.get("id").getAsString());
        }
    }

    /**
     * Enable: a pay-in an earlier run left half taken (its intent on disk, no word of the take) goes
     * back to its payer, and a settlement's files are tidied. (Not in the constructor: the main
     * thread's queue the answers go through is made after this.)
     */
    public synchronized void start() {
        for (JsonObject st : settlements.values()) {
            for (JsonElement id : st.getAsJsonArray("entries")) {
                submit(() -> deleteFile(id.getAsString() + ".stake"));
            }
        }
        for (JsonObject e : List.copyOf(entries.values())) {
            if (e.get("state").getAsString().equals("taking")) {
                settle(e.get("table").getAsString(), e.get("id").getAsString() + ".interrupted", List.of(e),
                        List.of(share(e)), 0, "interrupted");
            }
        }
    }

    private static JsonObject read(Path p) throws IOException {
        return JsonParser.parseString(Files.readString(p, StandardCharsets.UTF_8)).getAsJsonObject();
    }

    // ---------------------------------------------------------------- pay-in

    /** {"op": "stake_take", "id", "table", "player", "money": n | "item", "count"}: main thread. */
    public synchronized void take(JsonObject op) {
        String id = op.get("id").getAsString();
        String player = op.get("player").getAsString();
        if (entries.containsKey(id) || done.contains(id)) {      // sent again (an engine restarted): answered again
            JsonObject e = entries.get(id);
            if (e != null && "held".equals(e.get("state").getAsString())) {
                tellEngine(player, id, null);
            } else if (e == null) {
                tellEngine(player, id, refused.getOrDefault(id, "failed"));     // refused, or given back since
            }
            return;
        }
        String why = refusal(player, op);
        if (why != null) {
            refuse(player, id, why);
            return;
        }
        JsonObject e = op.deepCopy();
        e.remove("op");
        e.addProperty("key", keyOf.apply(player));
        e.addProperty("state", "taking");
        entries.put(id, e);
        JsonObject intent = e.deepCopy();
        submit(() -> {
            boolean ok = writeQuietly(id + ".stake", intent);
            onPlayer.accept(player, () -> pay(e, ok));
        });
    }

    /** Why the player cannot pay this in now (a reason the engine words), or null when they can. */
    private String refusal(String player, JsonObject op) {
        if (!players.isOnline(player)) {
            return "offline";
        }
        if (!players.hasPermission(player, "uno.stake")) {
            return "no_permission";
        }
        if (op.has("money")) {
            Money money = players.money();
            if (money == null) {
                return "no_economy";
            }
            long amount = op.get("money").getAsLong();
            return amount <= 0 ? "bad_stake" : money.balance(player) < amount ? "too_little" : null;
        }
        String item = op.get("item").getAsString();
        int count = op.get("count").getAsInt();
        if (!inventories.isItem(item)) {
            return "unknown_item";
        }
        return count <= 0 ? "bad_stake" : inventories.countPlain(player, item) < count ? "too_few_items" : null;
    }

    /** The player's lane, once the intent is on disk: the money or items are taken, and the pay-in written as held. */
    private synchronized void pay(JsonObject e, boolean intentWritten) {
        String id = e.get("id").getAsString();
        if (entries.get(id) != e) {
            return;     // called off at a stop ({@link #close}): nothing was taken, nothing is on disk
        }
        String player = e.get("player").getAsString();
        String why = intentWritten ? refusal(player, e) : "failed";
        if (why == null && !takeNow(player, e)) {
            why = "failed";
        }
        if (why != null) {
            entries.remove(id);
            submit(() -> deleteFile(id + ".stake"));
            refuse(player, id, why);
            return;
        }
        e.addProperty("state", "held");
        JsonObject held = e.deepCopy();
        audit(e.get("table").getAsString(), id, e.get("key").getAsString(), "paid in " + amount(e) + " " + kind(e));
        submit(() -> {
            boolean ok = writeQuietly(id + ".stake", held);
            onPlayer.accept(player, () -> {
                synchronized (this) {
                    if (!ok && entries.get(id) == e) {     // it goes back now (the intent on disk says so too)
                        settle(e.get("table").getAsString(), id + ".failed", List.of(e), List.of(share(e)), 0, "failed_disk");
                    }
                    tellEngine(player, id, ok ? null : "failed");
                }
            });
        });
    }

    private boolean takeNow(String player, JsonObject e) {
        if (e.has("money")) {
            return players.money().withdraw(player, e.get("money").getAsLong());
        }
        return inventories.takePlain(player, e.get("item").getAsString(), e.get("count").getAsInt());
    }

    /** A pay-in refused: remembered (on disk too), so that the same op again moves nothing. */
    private void refuse(String player, String id, String why) {
        done.add(id);
        refused.put(id, why);
        submit(() -> append("done", id + " " + why + "\n"));
        tellEngine(player, id, why);
    }

    private void tellEngine(String player, String id, String refused) {
        JsonObject ev = new JsonObject();
        ev.addProperty("type", "stake");
        ev.addProperty("player", player);
        ev.addProperty("id", id);
        ev.addProperty("ok", refused == null);
        if (refused != null) {
            ev.addProperty("reason", refused);
        }
        answer.accept(ev);
    }

    // ---------------------------------------------------------------- settling

    /**
     * {"op": "stake_settle", "id", "table", "entries": [ids], "shares": [{"player", "money" | "count"}],
     * "cut": n, "why"}: main thread. The shares and the cut must add up to the entries, of one kind;
     * else every entry named goes back to its payer.
     */
    public synchronized void settle(JsonObject op) {
        String id = op.get("id").getAsString();
        String table = op.get("table").getAsString();
        if (done.contains(id) || settlements.containsKey(id)) {
            return;     // sent again
        }
        List<JsonObject> used = new ArrayList<>();
        boolean whole = true;
        for (JsonElement x : op.getAsJsonArray("entries")) {
            JsonObject e = entries.get(x.getAsString());
            if (e != null && "held".equals(e.get("state").getAsString()) && e.get("table").getAsString().equals(table)) {
                used.add(e);
            } else {
                whole = false;
            }
        }
        if (used.isEmpty()) {
            return;     // nothing held under these ids (already settled): nothing moves
        }
        List<JsonObject> shares = new ArrayList<>();
        op.getAsJsonArray("shares").forEach(s -> shares.add(s.getAsJsonObject().deepCopy()));
        long cut = op.has("cut") ? op.get("cut").getAsLong() : 0;
        if (!whole || !addsUp(used, shares, cut)) {
            platform.logger().severe("stakes: settlement " + id + " of table " + table + " does not add up to what"
                    + " its entries hold (" + op + "); every entry goes back to its payer");
            shares.clear();
            used.forEach(e -> shares.add(share(e)));
            cut = 0;
        }
        settle(table, id, used, shares, cut, op.has("why") ? op.get("why").getAsString() : "settled");
    }

    /** Whether shares plus cut hold exactly what the entries hold, of the entries' one kind. */
    private static boolean addsUp(List<JsonObject> used, List<JsonObject> shares, long cut) {
        String kind = kind(used.get(0));
        long in = 0;
        for (JsonObject e : used) {
            if (!kind(e).equals(kind)) {
                return false;
            }
            in += amount(e);
        }
        long out = cut;
        for (JsonObject s : shares) {
            long n = s.has("money") ? s.get("money").getAsLong() : s.has("count") ? s.get("count").getAsLong() : -1;
            if (n < 0 || s.has("money") != kind.equals("money") || !s.has("player")) {
                return false;
            }
            out += n;
        }
        return cut >= 0 && in == out;
    }

    private static String kind(JsonObject e) {
        return e.has("money") ? "money" : e.get("item").getAsString();
    }

    private static long amount(JsonObject e) {
        return e.has("money") ? e.get("money").getAsLong() : e.get("count").getAsLong();
    }

    /** The entry's own stake, owed back to its payer. */
    private static JsonObject share(JsonObject e) {
        JsonObject s = new JsonObject();
        s.addProperty("player", e.get("player").getAsString());
        s.addProperty("uuid", e.get("key").getAsString());
        if (e.has("money")) {
            s.addProperty("money", e.get("money").getAsLong());
        } else {
            s.addProperty("count", e.get("count").getAsLong());
        }
        return s;
    }

    /** One settlement: on disk (the commit) before anything moves; then its entries go and its shares are paid. */
    private void settle(String table, String id, List<JsonObject> used, List<JsonObject> shares, long cut, String why) {
        String item = used.get(0).has("item") ? used.get(0).get("item").getAsString() : null;
        JsonObject st = new JsonObject();
        st.addProperty("id", id);
        st.addProperty("table", table);
        st.addProperty("why", why);
        if (item != null) {
            st.addProperty("item", item);
        }
        JsonArray ids = new JsonArray();
        used.forEach(e -> ids.add(e.get("id").getAsString()));
        st.add("entries", ids);
        JsonArray owed = new JsonArray();
        shares.stream().filter(s -> amount(s) > 0).forEach(owed::add);
        st.add("shares", owed);
        for (JsonObject e : used) {
            entries.remove(e.get("id").getAsString());
            done.add(e.get("id").getAsString());
        }
        done.add(id);
        settlements.put(id, st);
        JsonObject written = st.deepCopy();
        List<String> usedUp = new ArrayList<>();
        used.forEach(e -> usedUp.add(e.get("id").getAsString()));
        String kind = kind(used.get(0));
        for (JsonObject s : shares) {
            audit(table, id, who(s), why + ": owed " + amount(s) + " " + kind);
        }
        if (cut > 0) {
            audit(table, id, "-", "house cut " + cut + " " + kind);
        }
        commit(id, written, usedUp);
    }

    /**
     * The settlement's file written (the commit), then its entries' files deleted, then its shares paid.
     * Not written (a full disk): nothing is paid, and the write is tried again every few seconds
     * ({@link #payOnline}); until then the entries' own files still say held, so a restart meanwhile
     * hands them back once, by the files.
     */
    private void commit(String id, JsonObject written, List<String> usedUp) {
        submit(() -> {
            boolean ok = writeQuietly(id + ".settle", written);
            if (ok) {
                appendDone(usedUp, id);
                usedUp.forEach(x -> deleteFile(x + ".stake"));
            }
            onGlobal.accept(() -> {
                synchronized (this) {
                    if (ok) {
                        committed.add(id);
                        unwritten.remove(id);
                    } else {
                        unwritten.put(id, usedUp);
                    }
                }
                payOnline();
            });
        });
    }

    /** A share's player as the log names them: the UUID, else the name. */
    private static String who(JsonObject share) {
        return share.has("uuid") ? share.get("uuid").getAsString() : share.get("player").getAsString();
    }

    /**
     * The global lane: what is owed to players online is paid, each in their own lane ({@link #pay}); a settlement
     * not written yet is tried again (a join, a settlement, every few seconds). A share names its player by
     * UUID where the engine knew it: a player renamed since is still paid.
     */
    public synchronized void payOnline() {
        if (settlements.isEmpty()) {
            return;
        }
        Map<String, List<String>> retry = new LinkedHashMap<>(unwritten);
        unwritten.clear();
        retry.forEach((id, usedUp) -> commit(id, settlements.get(id).deepCopy(), usedUp));
        Set<String> owed = new java.util.LinkedHashSet<>();
        for (JsonObject st : List.copyOf(settlements.values())) {
            String sid = st.get("id").getAsString();
            if (!committed.contains(sid)) {
                continue;       // not on disk yet: nothing of it moves
            }
            if (st.getAsJsonArray("shares").isEmpty()) {     // nothing owed (the house kept the pot)
                settlements.remove(sid);
                submit(() -> deleteFile(sid + ".settle"));
                continue;
            }
            boolean late = false;
            for (JsonElement x : st.getAsJsonArray("shares")) {
                JsonObject s = x.getAsJsonObject();
                String player = onlineName(s);
                if (player != null) {
                    owed.add(player);
                } else if (!s.has("late")) {
                    s.addProperty("late", true);    // paid at a later join: told then
                    late = true;
                }
            }
            if (late) {
                JsonObject written = st.deepCopy();
                submit(() -> writeQuietly(sid + ".settle", written));
            }
        }
        owed.forEach(player -> onPlayer.accept(player, () -> pay(player)));
    }

    /** The player's lane: the shares owed to this player, paid as far as they can be now. */
    synchronized void pay(String only) {
        for (JsonObject st : List.copyOf(settlements.values())) {
            String sid = st.get("id").getAsString();
            if (!committed.contains(sid)) {
                continue;
            }
            JsonArray left = new JsonArray();
            boolean paidSome = false;
            for (JsonElement x : st.getAsJsonArray("shares")) {
                JsonObject s = x.getAsJsonObject();
                String player = onlineName(s);
                long before = amount(s);
                long still = only.equals(player) ? payShare(player, st, s) : before;
                if (still < before) {
                    paidSome = true;
                    audit(st.get("table").getAsString(), st.get("id").getAsString(), who(s),
                            "paid " + (before - still) + " " + (st.has("item") ? st.get("item").getAsString() : "money"));
                    if (s.has("late")) {
                        tell.accept(player, "stake_paid");      // the engine told them of the win or refund; not of this
                    }
                }
                if (still > 0) {
                    JsonObject rest = s.deepCopy();
                    rest.addProperty(s.has("money") ? "money" : "count", still);
                    if (only.equals(player)) {      // paid in part, or not at all (no room): the rest later, told then
                        paidSome |= !s.has("late");
                        rest.addProperty("late", true);
                    }
                    left.add(rest);
                }
            }
            if (!paidSome) {
                continue;
            }
            String id = st.get("id").getAsString();
            if (left.isEmpty()) {
                settlements.remove(id);
                submit(() -> deleteFile(id + ".settle"));
            } else {
                st.add("shares", left);
                JsonObject written = st.deepCopy();
                submit(() -> writeQuietly(id + ".settle", written));
            }
        }
    }

    /** The name the share's player is online under now (their UUID's, when the share names one), or null. */
    private String onlineName(JsonObject share) {
        String name = share.get("player").getAsString();
        if (!share.has("uuid")) {
            return players.isOnline(name) ? name : null;
        }
        String key = share.get("uuid").getAsString();
        if (players.isOnline(name) && key.equalsIgnoreCase(keyOf.apply(name))) {
            return name;
        }
        return nameOfKey.apply(key);       // renamed since
    }

    /** Pays one share now, as far as it can; returns what is still owed. */
    private long payShare(String player, JsonObject st, JsonObject s) {
        if (s.has("money")) {
            Money money = players.money();
            return money != null && money.deposit(player, s.get("money").getAsLong()) ? 0 : s.get("money").getAsLong();
        }
        if (vault.holds(player)) {
            return s.get("count").getAsLong();      // their own items are on their way back (a restore): after them
        }
        return inventories.givePlain(player, st.get("item").getAsString(), s.get("count").getAsInt());
    }

    /** {"op": "stake_refund", "id"}: a held pay-in the engine no longer holds goes back to its payer. */
    public synchronized void refund(JsonObject op) {
        JsonObject e = entries.get(op.get("id").getAsString());
        if (e != null && "held".equals(e.get("state").getAsString())) {
            String table = e.get("table").getAsString();
            settle(table, e.get("id").getAsString() + ".back", List.of(e), List.of(share(e)), 0, "refund");
        }
    }

    /**
     * {"op": "stake_tables", "tables": {"t3": ["t3.1", ...]}}: the engine's tables and their pay-ins,
     * when it attaches. Whatever is held for a table or pay-in it does not know any more goes back.
     */
    public synchronized void tables(JsonObject op) {
        JsonObject known = op.getAsJsonObject("tables");
        Map<String, List<JsonObject>> orphans = new LinkedHashMap<>();
        for (JsonObject e : entries.values()) {
            String table = e.get("table").getAsString();
            boolean listed = known.has(table) && known.getAsJsonArray(table).contains(e.get("id"));
            if ("held".equals(e.get("state").getAsString()) && !listed) {
                orphans.computeIfAbsent(table, t -> new ArrayList<>()).add(e);
            }
        }
        orphans.forEach((table, list) -> {
            for (JsonObject e : list) {
                settle(table, e.get("id").getAsString() + ".gone", List.of(e), List.of(share(e)), 0, "table_gone");
            }
        });
    }

    /**
     * Plugin disable (main thread): a pay-in whose intent is written but whose take has not run yet
     * (it waits for the next tick, which will not come) is called off and its intent deleted, so the
     * next start does not refund what was never taken; the engine asks for it again when it attaches.
     */
    public synchronized void close() {
        for (JsonObject e : List.copyOf(entries.values())) {
            if ("taking".equals(e.get("state").getAsString())) {
                String id = e.get("id").getAsString();
                entries.remove(id);
                submit(() -> deleteFile(id + ".stake"));
            }
        }
    }

    // ---------------------------------------------------------------- what is held (tests, the disable log)

    /** The pay-ins held or being taken, and the shares owed, per kind: "money" or the item id, to the unit. */
    public synchronized Map<String, Long> inEscrow() {
        Map<String, Long> out = new LinkedHashMap<>();
        entries.values().forEach(e -> out.merge(kind(e), amount(e), Long::sum));
        for (JsonObject st : settlements.values()) {
            String kind = st.has("item") ? st.get("item").getAsString() : "money";
            st.getAsJsonArray("shares").forEach(s -> out.merge(kind, amount(s.getAsJsonObject()), Long::sum));
        }
        out.values().removeIf(v -> v == 0);
        return out;
    }

    // ---------------------------------------------------------------- disk (the vault's thread)

    private void submit(Runnable job) {
        vault.submit(job);
    }

    private boolean writeQuietly(String name, JsonObject what) {
        try {
            vault.writeDurably(dir, dir.resolve(name), name, what.toString());
            return true;
        } catch (IOException | RuntimeException ex) {
            platform.logger().severe("stakes: cannot write " + dir.resolve(name) + ": " + ex);
            return false;
        }
    }

    private void deleteFile(String name) {
        try {
            Files.deleteIfExists(dir.resolve(name));
        } catch (IOException ex) {
            platform.logger().severe("stakes: cannot delete " + dir.resolve(name) + " (" + ex + "); delete it by hand");
        }
    }

    private void appendDone(List<String> ids, String id) {
        StringBuilder b = new StringBuilder();
        ids.forEach(x -> b.append(x).append('\n'));
        b.append(id).append('\n');
        append("done", b.toString());
    }

    /** One line of the audit log (time, table, the move's id, the player's UUID, what moved and why), on the vault's thread. */
    private void audit(String table, String id, String player, String what) {
        String line = Instant.now() + " table=" + table + " id=" + id + " player=" + player + " " + what + "\n";
        submit(() -> append("stakes.log", line));
    }

    private void append(String name, String text) {
        try {
            OwnerOnly.folder(dir);
            Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.SYNC);
        } catch (IOException ex) {
            platform.logger().severe("stakes: cannot append to " + dir.resolve(name) + ": " + ex);
        }
    }
}
