package dev.unocraft.core;

import com.google.gson.JsonElement;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** A platform in memory: runs main-thread tasks at once, records what it is asked to show. */
class FakePlatform implements Platform {
    final Path data;
    final Map<String, Map<Integer, String>> inventories = new HashMap<>();
    final List<String> log = new ArrayList<>();
    final Map<Integer, byte[]> maps = new HashMap<>();
    int nextMap = 100;
    boolean reachable = true;
    /** UUIDs by name where a test sets one (a renamed player keeps theirs); else "uuid-of-" + name. */
    final Map<String, String> uuids = new HashMap<>();
    /** The server's main thread: the thread that made the platform. */
    final Thread mainThread = Thread.currentThread();

    FakePlatform(Path data) {
        this.data = data;
    }

    @Override public void runOnMain(Runnable task) { task.run(); }
    /** Every warning (or worse) logged through this platform, in order. */
    final List<String> warnings = new ArrayList<>();
    private final Logger logger = Logger.getAnonymousLogger();

    {
        logger.addHandler(new Handler() {
            @Override public void publish(LogRecord r) { if (r.getLevel().intValue() >= Level.WARNING.intValue()) warnings.add(r.getMessage()); }
            @Override public void flush() {}
            @Override public void close() {}
        });
    }

    @Override public Logger logger() { return logger; }
    @Override public Path dataFolder() { return data; }
    @Override
    public Collection<String> onlinePlayers() {
        if (Thread.currentThread() != mainThread) {   // what Bukkit's contract forbids
            throw new IllegalStateException("onlinePlayers() called off the main thread");
        }
        return new ArrayList<>(inventories.keySet());
    }
    @Override public boolean isOnline(String p) { return inventories.containsKey(p); }
    @Override public double[] position(String p) { return new double[] {1, 2, 3}; }
    /** Each player's distance from every other, set by a test; unset: the same spot. */
    public final Map<String, Double> distances = new HashMap<>();
    @Override public double distance(String p, String other) {
        return distances.getOrDefault(p + ">" + other, distances.getOrDefault(other + ">" + p, 0.0));
    }
    @Override public String locale(String p) { return "en_us"; }
    @Override public String uuid(String p) { return uuids.getOrDefault(p, "uuid-of-" + p); }
    /** The thread of every {@link #text} call, in order (a platform's builder must not run on the main thread). */
    final List<Thread> textThreads = java.util.Collections.synchronizedList(new ArrayList<>());

    /** A message object of its own kind, so that a text method handed raw JSON fails (a ClassCastException). */
    record Text(JsonElement json) {
        @Override public String toString() { return json.toString(); }
    }

    @Override public Text text(JsonElement c) { textThreads.add(Thread.currentThread()); return new Text(c); }
    @Override public void sendMessage(String p, Object c) { log.add("msg " + p + " " + (Text) c); }
    @Override public void sendActionBar(String p, Object c) { log.add("bar " + p + " " + (Text) c); }
    @Override public void showTitle(String p, Object t, Object s) { log.add("title " + p + " " + (Text) t + " " + (Text) s); }
    @Override public void playSound(String p, String s, float volume, float pitch) { log.add("sound " + p + " " + s + " " + volume + " " + pitch); }

    @Override
    public void setSlot(String p, int slot, Object prepared) {
        Map<Integer, String> inv = inventories.get(p);
        CardItem item = (CardItem) prepared;     // what the default prepare hands on
        if (item == null) inv.remove(slot); else inv.put(slot, describe(item));
    }

    static String describe(CardItem item) {
        return "card " + item.tag() + " map " + item.mapId();
    }

    /** How many times the core asked {@link #slotHolds} (the read it skips where {@link #slotIs} answers). */
    int slotReads;

    /** The item a slot shows for what prepare made (the default prepare hands the CardItem on). */
    CardItem unwrap(Object prepared) {
        return (CardItem) prepared;
    }

    @Override
    public boolean slotIs(String p, int slot, Object prepared) {
        String there = inventories.getOrDefault(p, Map.of()).get(slot);
        return there != null && there.equals(describe(unwrap(prepared)));
    }

    @Override public void setHeldSlot(String p, int slot) { log.add("held " + p + " " + slot); }

    /** The thread of every {@link #prepareMap} and of every {@link #showMap}, in order. */
    final List<Thread> mapPrepareThreads = java.util.Collections.synchronizedList(new ArrayList<>());
    final List<Thread> mapShowThreads = java.util.Collections.synchronizedList(new ArrayList<>());
    /** Whether this platform allocates map ids as it prepares a map (Minestom) or only as it shows it (Bukkit). */
    boolean idsOnPrepare = true;

    /** A map as prepared: its id, if allocated then, and its pixels. */
    record Prepared(int id, int wantedId, byte[] pixels) implements PreparedMap {}

    @Override
    public synchronized PreparedMap prepareMap(int wantedId, byte[] pixels) {
        mapPrepareThreads.add(Thread.currentThread());
        int id = wantedId >= 0 ? wantedId : idsOnPrepare ? nextMap++ : -1;
        return new Prepared(id, wantedId, pixels.clone());
    }

    @Override
    public synchronized int showMap(PreparedMap map) {
        mapShowThreads.add(Thread.currentThread());
        Prepared p = (Prepared) map;
        int id = p.id() >= 0 ? p.id() : nextMap++;
        maps.put(id, p.pixels());
        return id;
    }

    /** An inventory copied (slot → item) or read back from its text, "slot=item" lines. */
    record Copy(Map<Integer, String> items) implements InventoryCopy {
        @Override
        public String text() {
            StringBuilder b = new StringBuilder();
            new java.util.TreeMap<>(items).forEach((k, v) -> b.append(k).append('=').append(v).append('\n'));
            return b.toString();
        }

        @Override
        public int stacks() {
            return items.size();
        }

        @Override
        public InventoryCopy plus(InventoryCopy other) {
            Map<Integer, String> all = new HashMap<>();
            new java.util.TreeMap<>(items).values().forEach(v -> all.put(all.size(), v));
            new java.util.TreeMap<>(((Copy) other).items()).values().forEach(v -> all.put(all.size(), v));
            return new Copy(Map.copyOf(all));
        }
    }

    /** Storage slots of a fake inventory (a full one has an item in each); cards are "card …" items. */
    static final int SLOTS = 36;

    static boolean card(String item) {
        return item.startsWith("card ");
    }

    @Override
    public InventoryCopy copyNonCards(String p) {
        Map<Integer, String> out = new HashMap<>();
        new java.util.TreeMap<>(inventories.getOrDefault(p, Map.of())).values().stream().filter(i -> !card(i))
                .forEach(i -> out.put(out.size(), i));
        return new Copy(Map.copyOf(out));
    }

    @Override
    public boolean holdsCards(String p) {
        return inventories.getOrDefault(p, Map.of()).values().stream().anyMatch(FakePlatform::card);
    }

    /** Each item into the first empty storage slot (no stacking in this fake). */
    @Override
    public InventoryCopy addItems(String p, InventoryCopy items) {
        Map<Integer, String> inv = inventories.get(p);
        if (!reachable || inv == null) return items;
        Map<Integer, String> left = new HashMap<>();
        for (String item : new java.util.TreeMap<>(((Copy) items).items()).values()) {
            int slot = 0;
            while (slot < SLOTS && inv.containsKey(slot)) slot++;
            if (slot < SLOTS) inv.put(slot, item); else left.put(left.size(), item);
        }
        if (left.isEmpty()) return null;
        return left.size() == items.stacks() ? items : new Copy(Map.copyOf(left));
    }

    @Override
    public InventoryCopy copyInventory(String p) {
        return new Copy(Map.copyOf(inventories.getOrDefault(p, Map.of())));
    }

    @Override
    public InventoryCopy readInventory(String text) {
        Map<Integer, String> inv = new HashMap<>();
        for (String line : text.split("\n")) {
            if (!line.isEmpty()) inv.put(Integer.parseInt(line.split("=", 2)[0]), line.split("=", 2)[1]);
        }
        return new Copy(Map.copyOf(inv));
    }

    @Override
    public boolean inventoryIs(String p, InventoryCopy copy) {
        return ((Copy) copy).items().equals(inventories.get(p));
    }

    @Override
    public boolean restoreInventory(String p, InventoryCopy copy) {
        if (!reachable || !inventories.containsKey(p)) return false;
        inventories.put(p, new HashMap<>(((Copy) copy).items()));
        return true;
    }

    @Override public void clearInventory(String p) { inventories.get(p).clear(); }

    @Override
    public SlotHolds slotHolds(String p, int slot) {
        slotReads++;
        String item = inventories.getOrDefault(p, Map.of()).get(slot);
        return item == null ? SlotHolds.NOTHING : card(item) ? SlotHolds.ENGINE : SlotHolds.OTHER;
    }

    @Override
    public void moveSlot(String p, int from, int to) {
        Map<Integer, String> inv = inventories.get(p);
        if (inv.containsKey(to)) throw new IllegalStateException("slot " + to + " is not empty");
        String item = inv.remove(from);
        if (item != null) inv.put(to, item);
    }

    @Override
    public InventoryCopy takeSlot(String p, int slot) {
        String item = inventories.get(p).remove(slot);
        return new Copy(item == null ? Map.of() : Map.of(0, item));
    }

    /** Per player: "scoreboard" (their own) or the sidebar shown, "title|line|line…". */
    final Map<String, String> scoreboards = new HashMap<>();

    @Override
    public void showSidebar(String p, Object title, List<Object> lines) {
        StringBuilder b = new StringBuilder(((Text) title).toString());
        lines.forEach(l -> b.append('|').append((Text) l));
        scoreboards.put(p, b.toString());
        log.add("sidebar " + p);
    }

    @Override
    public void clearSidebar(String p) {
        scoreboards.put(p, "own");
        log.add("sidebar_clear " + p);
    }

    // ---------------------------------------------------------------- stakes: permissions, money, plain items
    /** Players without the uno.stake permission (every other player has it). */
    final java.util.Set<String> noStakePermission = new java.util.HashSet<>();
    /** The economy (null: the server has none). */
    FakeMoney money = new FakeMoney();
    /** Item ids the server knows. */
    final java.util.Set<String> knownItems = new java.util.HashSet<>(List.of("minecraft:diamond", "minecraft:gold_ingot",
            "minecraft:shulker_box", "minecraft:emerald"));

    @Override public boolean hasPermission(String p, String permission) {
        return isOnline(p) && !(permission.equals("uno.stake") && noStakePermission.contains(p));
    }
    @Override public Money money() { return money; }
    @Override public boolean isItem(String item) { return knownItems.contains(item); }

    /** "diamond x5" (or "diamond": one) is a plain stack of minecraft:diamond; anything with more words is not plain. */
    private static int plainCount(String stack, String item) {
        String kind = item.substring(item.indexOf(':') + 1);
        String[] w = stack.split(" ");
        if (!w[0].equals(kind) || w.length > 2 || w.length == 2 && !w[1].matches("x[0-9]+")) return 0;
        return w.length == 1 ? 1 : Integer.parseInt(w[1].substring(1));
    }

    @Override public int countPlain(String p, String item) {
        return inventories.getOrDefault(p, Map.of()).values().stream().mapToInt(s -> plainCount(s, item)).sum();
    }

    @Override public boolean takePlain(String p, String item, int count) {
        if (countPlain(p, item) < count) return false;
        Map<Integer, String> inv = inventories.get(p);
        for (Integer slot : new java.util.TreeSet<>(inv.keySet())) {
            int n = plainCount(inv.get(slot), item);
            if (n == 0 || count == 0) continue;
            int take = Math.min(n, count);
            count -= take;
            if (take == n) inv.remove(slot); else inv.put(slot, stack(item, n - take));
        }
        return true;
    }

    private static String stack(String item, int n) {
        return item.substring(item.indexOf(':') + 1) + " x" + n;
    }

    /** Stacks of up to 64 into empty storage slots (no stacking onto others in this fake). */
    @Override public int givePlain(String p, String item, int count) {
        Map<Integer, String> inv = inventories.get(p);
        if (!reachable || inv == null) return count;
        for (int slot = 0; slot < SLOTS && count > 0; slot++) {
            if (!inv.containsKey(slot)) {
                int n = Math.min(64, count);
                inv.put(slot, stack(item, n));
                count -= n;
            }
        }
        return count;
    }

    /** Balances in memory; a test may make the next calls fail (an economy plugin refusing). */
    static final class FakeMoney implements Money {
        final Map<String, Long> balances = new HashMap<>();
        boolean refuse;
        @Override public double balance(String p) { return balances.getOrDefault(p, 0L); }
        @Override public boolean withdraw(String p, long amount) {
            if (refuse || balances.getOrDefault(p, 0L) < amount) return false;
            balances.merge(p, -amount, Long::sum);
            return true;
        }
        @Override public boolean deposit(String p, long amount) {
            if (refuse) return false;
            balances.merge(p, amount, Long::sum);
            return true;
        }
        long total() { return balances.values().stream().mapToLong(Long::longValue).sum(); }
    }
}
