package dev.unocraft.core;

import dev.unocraft.core.Platform.InventoryCopy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A player's own inventory, saved to disk before the first card is dealt and put back exactly on
 * every way out: game end, leave, quit, plugin disable, and on the next join after a crash.
 *
 * <p>The disk is never touched on the main thread. Saving: the main thread takes a copy of the
 * inventory (copies of the stacks, {@link Platform#copyInventory}); the vault's own thread turns it
 * into text, writes it, syncs it and moves it into place; then, back on the main thread, the
 * inventory is cleared, but only if the player is still online and the inventory still holds
 * exactly what was copied (else the new contents are copied and written again), and only then do
 * the cards go in ({@link #saveThen}). Restoring: the copy is kept in memory while its file exists,
 * so giving the items back is a main-thread copy, and the file is set aside afterwards on the vault's
 * thread (below); only a file an earlier run left (a crash) is read, on the vault's thread, before its
 * items go back. So a crash at any point leaves the items in the inventory, in the file, or in both (the
 * next join then puts the file's items back in place of whatever the inventory holds: nothing is
 * duplicated). The one window: an item the player picks up in the tick or two between a durable
 * write and the clear is not in the file; a crash just then loses it, as a crash loses everything
 * since the server last saved the player's data. One vault thread does every write, read and
 * delete in order, so a delete never overtakes the write of the same file.
 *
 * <p>Given back is not yet safe: the server keeps the player's data from its last save (every few
 * minutes, and at a quit), which may be from mid-game, cards and no own items. So the file is not
 * deleted at a restore but renamed {@code <key>.returned} ({@link #retire}), and it is settled at the
 * player's next join ({@link #joined}), when the server has loaded the data it saved last: holding
 * cards, that data is from mid-game (a crash came before the server saved the player again) and the
 * file's items go back; holding none, the data has the items already and the file goes. Cards come
 * only with a game, and every game begins with a new {@code .inv}, which replaces the
 * {@code .returned} once it is durable: no inventory of after the game is rolled back, nothing is
 * duplicated.
 *
 * <p>Nothing that came in during the game is lost: a restore keeps every item in the inventory that
 * is not an engine item (picked up, given, crafted, put there by a plugin) and adds it to the saved
 * items ({@link Platform#addItems}); what does not fit is kept here, on disk as {@code <key>.owed},
 * and given back as soon as there is room ({@link #giveOwed}), with a message. After a crash the
 * inventory the server loaded is merged only if it holds cards (the game was on: its other items
 * came during it); without cards it is the player's own items (saved, not yet cleared) and is replaced.
 *
 * <p>Main-thread calls are serialized (a quit on one thread and an op batch on another never
 * interleave); {@link #holds} may be called on any thread. Files and folder are owner-only
 * ({@link OwnerOnly}). Files are named by the player's UUID where the platform knows it (names change
 * on online-mode servers: a renamed player gets their items back); a file named by the player's name
 * (a vault from before, or a platform without UUIDs) is still found.
 */
public final class InventoryVault {
    private final Path dir;
    private final Platform platform;
    private final Inventories<?> inventories;
    private final Function<String, String> keyOf;
    /** Hands a result of the vault's thread to where the player's work runs, after the ops before it. */
    private final BiConsumer<String, Runnable> onPlayer;
    /** By file name without ".inv" (the lower-case key or name): every inventory the vault holds or is saving. */
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    /** File names (without the suffix) of inventories given back and not yet settled: {@code <name>.returned}. */
    private final java.util.Set<String> returned = ConcurrentHashMap.newKeySet();
    static final String RETURNED = ".returned";

    /** One player's inventory in the vault. Changed only under the vault's lock. */
    private static final class Entry {
        final String file;
        /** What the file holds (or will): null for a file of an earlier run not read yet. */
        InventoryCopy copy;
        /** The file is on disk and the inventory cleared; false while the copy is being written. */
        boolean durable;
        boolean reading;
        /** What waits for the inventory to be cleared (cards to put in), in order. */
        List<Runnable> waiting = new ArrayList<>();
        /** A file a crash left: the inventory the server loaded may be the own items themselves (see the class). */
        boolean earlier;

        Entry(String file, InventoryCopy copy, boolean durable) {
            this.file = file;
            this.copy = copy;
            this.durable = durable;
        }
    }

    /** The vault's own thread: every write, read and delete, in order; durable writes. */
    private final VaultDisk disk;
    /** Items that did not fit at a restore, waiting for room (files {@code <key>.owed} in the same folder). */
    private final KeptItems kept;

    public InventoryVault(Path dir, Platform platform) {
        this(dir, platform, Inventories.of(platform.slots(), platform.players()), player -> player,
                platform.scheduling()::forPlayer, (player, message) -> { });
    }

    /**
     * {@code keyOf}: the player's lasting key (the UUID), or the name when none is known.
     * {@code onPlayer}: how the vault's thread hands its results back to where the player's work runs.
     * {@code tell}: sends a player one of the core's messages, by key.
     */
    public InventoryVault(Path dir, Platform platform, Inventories<?> inventories, Function<String, String> keyOf,
                          BiConsumer<String, Runnable> onPlayer, BiConsumer<String, String> tell) {
        this.dir = dir;
        this.platform = platform;
        this.inventories = inventories;
        this.keyOf = keyOf;
        this.onPlayer = onPlayer;
        this.disk = new VaultDisk(dir, platform.logger());
        this.kept = new KeptItems(this, dir, platform.logger(), inventories, platform.players(), onPlayer, tell);
        if (Files.isDirectory(dir)) {
            try {
                OwnerOnly.folder(dir);      // a vault an older version left world-readable
            } catch (IOException e) {
                platform.logger().warning("cannot make " + dir + " owner-only: " + e);
            }
            // start-up: the files a crash left, to be read when their players join
            try (Stream<Path> s = Files.list(dir)) {
                List<String> names = s.map(p -> p.getFileName().toString()).toList();
                for (String n : names) {
                    if (n.endsWith(RETURNED)) {
                        String file = n.substring(0, n.length() - RETURNED.length());
                        if (names.contains(file + ".inv")) {
                            deleteFile(dir.resolve(n));     // a later game's save holds those items now
                        } else {
                            returned.add(file);
                        }
                    } else if (n.endsWith(".inv")) {
                        Entry e = new Entry(n.substring(0, n.length() - 4), null, true);
                        e.earlier = true;
                        entries.put(e.file, e);
                    } else if (n.endsWith(KeptItems.SUFFIX)) {
                        kept.found(n.substring(0, n.length() - KeptItems.SUFFIX.length()));
                    }
                }
            } catch (IOException e) {
                platform.logger().warning("cannot list " + dir + ": " + e);
            }
        }
    }

    String key(String player) {
        return keyOf.apply(player).toLowerCase(Locale.ROOT);
    }

    private Entry entryOf(String player) {
        Entry e = entries.get(key(player));
        return e != null ? e : entries.get(player.toLowerCase(Locale.ROOT));
    }

    private Path fileOf(Entry e) {
        return dir.resolve(e.file + ".inv");
    }

    /** Whether the vault holds (or is saving) the player's own items; main thread (the key may ask the platform). */
    public boolean holds(String player) {
        return entryOf(player) != null;
    }

    /** {@link #holds} by the player's known key and name, for any thread: asks the platform nothing. */
    public boolean holdsKey(String key, String name) {
        return entries.containsKey(key.toLowerCase(Locale.ROOT)) || entries.containsKey(name.toLowerCase(Locale.ROOT));
    }

    /**
     * Main thread: saves the player's inventory and clears it, then runs {@code then} (which puts the
     * cards in). Already saved: {@code then} runs now. Being saved: {@code then} runs after what
     * waits already. When the inventory cannot be saved, nothing is cleared and {@code then} never runs.
     */
    public synchronized void saveThen(String player, Runnable then) {
        Entry e = entryOf(player);
        if (e != null && e.durable && e.copy != null) {
            then.run();
            return;
        }
        if (e != null) {
            e.waiting.add(then);    // being written, or a file of an earlier run: its items go back first
            if (e.copy == null) {
                readOnce(player, e);
            }
            return;
        }
        e = new Entry(key(player), inventories.copy(player), false);
        e.waiting.add(then);
        entries.put(e.file, e);
        write(player, e, e.copy);
    }

    /** The vault's thread writes the copy durably; the main thread then finishes ({@link #written}). */
    private void write(String player, Entry e, InventoryCopy copy) {
        submit(() -> {
            boolean ok;
            try {
                writeDurably(fileOf(e), e.file, copy.text());
                ok = true;
            } catch (IOException | RuntimeException ex) {
                platform.logger().severe("cannot save the inventory of " + player + " (" + ex
                        + "); it stays where it is and no cards are dealt to them");
                ok = false;
            }
            boolean saved = ok;
            onPlayer.accept(player, () -> written(player, e, copy, saved));
        });
    }


    /** Main thread, once {@code copy} is on disk (or failed to get there). */
    private synchronized void written(String player, Entry e, InventoryCopy copy, boolean ok) {
        if (entries.get(e.file) != e || e.durable || e.copy != copy) {
            return;     // cancelled meanwhile (its file is deleted after this write), or a newer copy is on its way
        }
        if (!ok || !platform.players().isOnline(player)) {
            cancel(e);
            return;
        }
        if (!inventories.is(player, copy)) {
            // it changed while being written: the old file goes (the inventory holds everything) and
            // the new contents go to disk before anything is cleared
            delete(e);
            e.copy = inventories.copy(player);
            write(player, e, e.copy);
            return;
        }
        inventories.clear(player);
        e.durable = true;
        if (returned.remove(e.file)) {
            deleteFile(returnedFile(e.file));     // its items were in the inventory just saved
        }
        runWaiting(e);
    }

    private void runWaiting(Entry e) {
        List<Runnable> waiting = e.waiting;
        e.waiting = new ArrayList<>();
        waiting.forEach(Runnable::run);
    }

    /** A save that never cleared the inventory: forgotten, its file deleted (after its write, on the same thread). */
    private void cancel(Entry e) {
        entries.remove(e.file, e);
        e.waiting.clear();
        delete(e);
    }

    private Path returnedFile(String name) {
        return dir.resolve(name + RETURNED);
    }

    private void delete(Entry e) {
        deleteFile(fileOf(e));
    }

    private void deleteFile(Path file) {
        submit(() -> {
            try {
                if (Files.exists(file)) {      // not there when its write failed
                    Files.delete(file);
                }
            } catch (IOException ex) {
                platform.logger().severe("cannot delete " + file + " (" + ex + "); delete it by hand, or the items in it"
                        + " replace the player's inventory on their next join");
            }
        });
    }

    /**
     * Main thread: puts the saved inventory back (replacing any card items) and forgets it; what waited
     * for the inventory to be cleared is dropped. A save still being written is called off (the items
     * never left the inventory). A file of an earlier run is read on the vault's thread first, and its
     * items go back when it has been read (if the player is still online then; else on their next join).
     */
    public synchronized void restore(String player) {
        Entry e = entryOf(player);
        if (e == null) {
            return;
        }
        if (!e.durable) {
            cancel(e);
            return;
        }
        e.waiting.clear();
        if (e.copy == null) {
            readOnce(player, e);
            return;
        }
        // what came in during the game (not after a crash that left the own items in the inventory)
        InventoryCopy extras = e.earlier && !inventories.holdsCards(player) ? null : inventories.nonCards(player);
        if (!inventories.restore(player, e.copy)) {
            platform.logger().warning("could not give " + player + " their items yet; they stay in " + fileOf(e));
            return;
        }
        entries.remove(e.file, e);
        InventoryCopy beyond = inventories.beyond(e.copy);      // a file whose inventory had more slots (the crafting grid)
        if (beyond.stacks() > 0) {
            extras = extras == null ? beyond : extras.plus(beyond);
        }
        InventoryCopy left = extras == null || extras.stacks() == 0 ? null : inventories.add(player, extras);
        if (left != null) {
            kept.keep(player, left, "items_kept");     // on disk before the saved file goes (the same thread, in order)
        }
        retire(e);
        kept.give(player);
    }

    /**
     * The items of {@code e} are back in the inventory, not yet in the server's saved player data: the
     * file is kept as {@code .returned} until the player's next join settles it ({@link #joined}).
     */
    private void retire(Entry e) {
        Path from = fileOf(e);
        Path to = returnedFile(e.file);
        returned.add(e.file);
        submit(() -> {
            try {
                if (Files.exists(from)) {
                    disk.moveDurably(from, to);
                }
            } catch (IOException ex) {
                platform.logger().severe("cannot rename " + from + " to " + to + " (" + ex + "); the items in it"
                        + " replace the player's inventory on their next join");
            }
        });
    }

    /**
     * Main thread, as the player joins (the server has loaded their saved data), before {@link #restore}:
     * a {@code .returned} file is settled. The inventory holds cards: the server saved it during the
     * game and not since (a crash), so the file's items go back (read on the vault's thread, as a file a
     * crash left). It holds none: the server has the items already, and the file goes.
     */
    public synchronized void joined(String player) {
        String name = returned.contains(key(player)) ? key(player)
                : returned.contains(player.toLowerCase(Locale.ROOT)) ? player.toLowerCase(Locale.ROOT) : null;
        if (name == null || entries.containsKey(name)) {
            return;
        }
        returned.remove(name);
        Path file = returnedFile(name);
        if (!inventories.holdsCards(player)) {
            deleteFile(file);
            return;
        }
        Entry e = new Entry(name, null, true);
        e.earlier = true;
        entries.put(name, e);
        Path back = fileOf(e);
        submit(() -> {
            try {
                disk.moveDurably(file, back);
            } catch (IOException ex) {
                platform.logger().severe("cannot rename " + file + " to " + back + ": " + ex);
            }
        });
        platform.logger().info(player + " holds cards from a game the server saved before a crash: their items"
                + " given back at its end come back again");
    }

    /**
     * Main thread: items taken out of the player's inventory during a game to make room for a card
     * ({@link ItemPolicy#makeWay}) are kept on disk with what did not fit, and come back when the game
     * ends ({@link #restore} gives what is kept), or as soon as there is room; the player is told.
     */
    public void setAside(String player, InventoryCopy items) {
        kept.keep(player, items, "items_set_aside");
    }

    /** Whether items of anyone are waiting for room. */
    public boolean owesAnyone() {
        return kept.owesAnyone();
    }

    /** Main thread: gives the player what did not fit at an earlier restore, as far as there is room now. */
    public void giveOwed(String player) {
        kept.give(player);
    }


    private void readOnce(String player, Entry e) {
        if (e.reading) {
            return;
        }
        e.reading = true;
        Path file = fileOf(e);
        submit(() -> {
            InventoryCopy copy;
            try {
                copy = inventories.read(Files.readString(file, StandardCharsets.UTF_8));
            } catch (IOException | RuntimeException ex) {
                platform.logger().severe("cannot restore the inventory of " + player + " from " + file + ": " + ex);
                onPlayer.accept(player, () -> readFailed(e));
                return;
            }
            onPlayer.accept(player, () -> wasRead(player, e, copy));
        });
    }

    private synchronized void readFailed(Entry e) {
        e.reading = false;
        e.waiting.clear();      // no cards over items that are not back
    }

    /** Main thread: a file of an earlier run was read; its items go back now, then what waited is saved anew. */
    private synchronized void wasRead(String player, Entry e, InventoryCopy copy) {
        e.reading = false;
        if (entries.get(e.file) != e) {
            return;
        }
        e.copy = copy;
        List<Runnable> waiting = e.waiting;
        e.waiting = new ArrayList<>();
        if (!platform.players().isOnline(player)) {
            return;     // kept in memory for their next join
        }
        restore(player);
        if (!holds(player)) {
            platform.logger().info("restored the saved inventory of " + player);
            waiting.forEach(then -> saveThen(player, then));
        }
    }

    /** The file names (without ".inv") of every inventory the vault holds. */
    public List<String> saved() {
        return List.copyOf(entries.keySet());
    }

    /**
     * Plugin disable, after the inventories went back: saves still being written are called off (the
     * items never left those inventories), and the vault's thread finishes its queue (up to 10 s).
     */
    public void close() {
        synchronized (this) {
            for (Entry e : List.copyOf(entries.values())) {
                if (!e.durable) {
                    cancel(e);
                }
            }
        }
        disk.close();
    }

    void writeDurably(Path file, String name, String text) throws IOException {
        disk.writeDurably(file, name, text);
    }

    /** A durable write into another folder, on the vault's thread (the stakes' escrow: one thread for both). */
    void writeDurably(Path folder, Path file, String name, String text) throws IOException {
        disk.writeDurably(folder, file, name, text);
    }

    /** Runs the job on the vault's thread, after every job submitted before it. */
    void submit(Runnable job) {
        disk.submit(job);
    }

    /** Starts the vault's thread now (the start-up warm-up): else the first save starts it, in a player's first deal. */
    void startThread() {
        disk.submit(() -> { });
    }

    /** The vault's thread, or null while nothing started it (tests). */
    Thread thread() {
        return disk.thread();
    }

    /** Waits until the vault's thread has nothing left to do (tests and the warm-up rehearsal). */
    void awaitIdle() {
        disk.awaitIdle();
    }
}
