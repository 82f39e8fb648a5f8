package dev.unocraft.core;

import dev.unocraft.core.Platform.InventoryCopy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * Items that did not fit in a player's inventory when the vault gave their own items back: kept on
 * disk ({@code <key>.owed} beside the vault's files, written on the vault's thread) and given back as
 * soon as the player has room, with a message; never dropped, never deleted. Main thread, but for
 * the disk work handed to the vault's thread.
 */
final class KeptItems {
    static final String SUFFIX = ".owed";

    private final InventoryVault vault;
    private final Path dir;
    private final java.util.logging.Logger logger;
    private final Inventories<?> inventories;
    private final Players players;
    private final BiConsumer<String, Runnable> onPlayer;
    private final BiConsumer<String, String> tell;
    /** By file name without the suffix. */
    private final Map<String, Kept> kept = new ConcurrentHashMap<>();

    /** One file's items: {@code copy} null while a file of an earlier run is not read yet. */
    private static final class Kept {
        final String file;
        InventoryCopy copy;
        boolean reading;

        Kept(String file, InventoryCopy copy) {
            this.file = file;
            this.copy = copy;
        }
    }

    KeptItems(InventoryVault vault, Path dir, java.util.logging.Logger logger, Inventories<?> inventories, Players players,
              BiConsumer<String, Runnable> onPlayer, BiConsumer<String, String> tell) {
        this.vault = vault;
        this.dir = dir;
        this.logger = logger;
        this.inventories = inventories;
        this.players = players;
        this.onPlayer = onPlayer;
        this.tell = tell;
    }

    /** At start-up: a file an earlier run left, read when its player joins. */
    void found(String file) {
        kept.put(file, new Kept(file, null));
    }

    private Path fileOf(String file) {
        return dir.resolve(file + SUFFIX);
    }

    /** Items join what is kept for the player already, written durably; the player is told ({@code message}: a core message's key). */
    synchronized void keep(String player, InventoryCopy left, String message) {
        String file = vault.key(player);
        Kept k = kept.get(file);
        if (k != null && k.copy == null) {
            file = file + "-" + System.currentTimeMillis();     // an earlier run's file not read yet: one beside it
            k = null;
        }
        Kept now = new Kept(file, k == null ? left : k.copy.plus(left));
        kept.put(file, now);
        write(now);
        logger.info(left.stacks() + " stack(s) of " + player + "'s items kept in " + fileOf(file)
                + " (" + message + ")");
        tell.accept(player, message);
    }

    private void write(Kept k) {
        InventoryCopy copy = k.copy;
        Path file = fileOf(k.file);
        vault.submit(() -> {
            try {
                vault.writeDurably(file, k.file + SUFFIX, copy.text());
            } catch (IOException | RuntimeException ex) {
                logger.severe("cannot write " + file + " (" + ex + "); the items stay in memory until the player has room");
            }
        });
    }

    boolean owesAnyone() {
        return !kept.isEmpty();
    }

    /**
     * Gives the player what is kept for them as far as there is room now (read first when an earlier
     * run left it); the rest stays kept. Nothing while the vault holds their own items: the merge at
     * the game's end comes first.
     */
    synchronized void give(String player) {
        if (!players.isOnline(player) || vault.holds(player)) {
            return;
        }
        String prefix = vault.key(player);
        for (Kept k : List.copyOf(kept.values())) {
            if (!k.file.equals(prefix) && !k.file.startsWith(prefix + "-")) {
                continue;
            }
            if (k.copy == null) {
                read(player, k);
                continue;
            }
            InventoryCopy left = inventories.add(player, k.copy);
            if (left == k.copy) {
                continue;       // no room yet
            }
            if (left == null) {
                kept.remove(k.file, k);
                Path file = fileOf(k.file);
                vault.submit(() -> delete(file));
                tell.accept(player, "items_back");
            } else {
                k.copy = left;
                write(k);
            }
        }
    }


    private void read(String player, Kept k) {
        if (k.reading) {
            return;
        }
        k.reading = true;
        Path file = fileOf(k.file);
        vault.submit(() -> {
            InventoryCopy copy;
            try {
                copy = inventories.read(Files.readString(file, StandardCharsets.UTF_8));
            } catch (IOException | RuntimeException ex) {
                logger.severe("cannot read the kept items of " + player + " from " + file + ": " + ex
                        + "; the file is left as it is");
                return;     // stays "reading": never read again this run, never overwritten
            }
            onPlayer.accept(player, () -> {
                synchronized (this) {
                    k.copy = copy;
                    k.reading = false;
                }
                give(player);
            });
        });
    }

    private void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ex) {
            logger.severe("cannot delete " + file + " (" + ex + "); delete it by hand, or its items are"
                    + " given again on the player's next join");
        }
    }
}
