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

/**
 * A platform in memory: runs every task at once (the calling thread is its only thread), records what it is
 * asked to show. Its inventories are slot → text stacks: "card <tag> map <id>" is an engine item, "diamond x5"
 * five diamonds (a stack of one has no count), anything with more words something else ("diamond named Bob"):
 * stacks of the same words stack together, up to 64 (a sword: 1).
 */
class FakePlatform implements Platform, Scheduling, Players, Screen, Slots<Object> {
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

    /** Where every task runs: at once, here (a subclass may make it wait for a tick). */
    public void runOnMain(Runnable task) { task.run(); }
    @Override public void forPlayer(String player, Runnable task) { runOnMain(task); }
    @Override public void global(Runnable task) { runOnMain(task); }
    @Override public Scheduling scheduling() { return this; }
    @Override public Players players() { return this; }
    @Override public Screen screen() { return this; }
    @Override public Slots<Object> slots() { return this; }
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
    /** Online: in the inventories, and reachable (a test makes a player's inventory unreachable for a while). */
    @Override public boolean isOnline(String p) { return reachable && inventories.containsKey(p); }
    /** Where each player stands, set by a test; unset: (1, 2, 3) in "world". */
    final Map<String, Position> positions = new HashMap<>();
    @Override public Position position(String p) { return positions.getOrDefault(p, new Position("world", 1, 2, 3)); }
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
    @Override public void playSound(String p, Object sound) {
        SoundCue s = (SoundCue) sound;
        log.add("sound " + p + " " + s.sound() + " " + s.volume() + " " + s.pitch());
    }

    /** What the core puts in a slot for a card: {@link #prepare}'s; the player's own stacks are text. */
    @Override public Object card(CardItem item) { return prepare(item); }

    /** A card as it goes in a slot (a test may wrap it); the default hands the CardItem on. */
    public Object prepare(CardItem item) { return item; }

    @Override
    public Object get(String p, int slot) {
        slotReads++;
        return inventories.getOrDefault(p, Map.of()).get(slot);
    }

    @Override
    public void set(String p, int slot, Object stack) {
        if (stack instanceof String s) {
            inventories.get(p).put(slot, s);
        } else {
            setSlot(p, slot, stack);
        }
    }

    @Override
    public void putCards(String p, Map<Integer, Object> cards) {
        cards.forEach((slot, card) -> setSlot(p, slot, card));
    }

    /** A card in a slot ({@code prepared}: what {@link #prepare} made; null empties it). */
    public void setSlot(String p, int slot, Object prepared) {
        Map<Integer, String> inv = inventories.get(p);
        if (prepared == null) inv.remove(slot); else inv.put(slot, describe((CardItem) prepared));     // what the default prepare hands on
    }

    /** The words of a stack without its count. */
    static String kind(Object stack) {
        String s = (String) stack;
        int x = s.lastIndexOf(" x");
        return x > 0 && s.substring(x + 2).matches("[0-9]+") ? s.substring(0, x) : s;
    }

    @Override public Object copy(Object stack) { return stack; }
    @Override public String tag(Object stack) { return card((String) stack) ? (String) stack : null; }
    @Override public int amount(Object stack) {
        String k = kind(stack);
        return k.equals(stack) ? 1 : Integer.parseInt(((String) stack).substring(k.length() + 2));
    }
    @Override public int maxAmount(Object stack) { return card((String) stack) || kind(stack).contains("sword") ? 1 : 64; }
    @Override public Object withAmount(Object stack, int amount) { return amount == 1 ? kind(stack) : kind(stack) + " x" + amount; }
    @Override public boolean similar(Object a, Object b) { return kind(a).equals(kind(b)); }
    @Override public Object plain(String item, int amount) {
        return knownItems.contains(item) ? withAmount(item.substring(item.indexOf(':') + 1), amount) : null;
    }

    /** "slot=stack" lines. */
    @Override
    public String text(List<Object> stacks) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < stacks.size(); i++) {
            if (stacks.get(i) != null) b.append(i).append('=').append(stacks.get(i)).append('\n');
        }
        return b.toString();
    }

    @Override
    public List<Object> read(String text) {
        List<Object> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isEmpty()) continue;
            int i = Integer.parseInt(line.split("=", 2)[0]);
            while (out.size() <= i) out.add(null);
            out.set(i, line.split("=", 2)[1]);
        }
        return out;
    }

    static String describe(CardItem item) {
        return "card " + item.tag() + " map " + item.mapId();
    }

    /** How many slots the core read (the read it skips where {@link #holdsCard} answers). */
    int slotReads;

    /** The item a slot shows for what prepare made (the default prepare hands the CardItem on). */
    CardItem unwrap(Object prepared) {
        return (CardItem) prepared;
    }

    @Override
    public boolean holdsCard(String p, int slot, Object prepared) {
        String there = inventories.getOrDefault(p, Map.of()).get(slot);
        return there != null && there.equals(describe(unwrap(prepared)));
    }

    @Override public void setHeld(String p, int slot) { log.add("held " + p + " " + slot); }

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

    /** Storage slots of a fake inventory (a full one has an item in each); cards are "card …" items. */
    static final int SLOTS = 36;

    static boolean card(String item) {
        return item.startsWith("card ");
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
