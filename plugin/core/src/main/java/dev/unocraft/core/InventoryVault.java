package dev.unocraft.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * A player's own inventory, saved to disk before the first card is dealt and put back exactly on
 * every way out: game end, leave, quit, plugin disable, and on the next join after a crash. The
 * file is written (and synced) before the inventory is cleared, and deleted only after the items
 * are back, so a crash at any point loses nothing and duplicates nothing. Saving and restoring
 * are serialized (a quit on one thread and an op batch on another never interleave). Files and
 * folder are owner-only ({@link OwnerOnly}).
 *
 * <p>Files are named by the player's UUID where the platform knows it (names change on online-mode
 * servers: a renamed player gets their items back); a file named by the player's name (a vault from
 * before, or a platform without UUIDs) is still found.
 */
public final class InventoryVault {
    private final Path dir;
    private final Platform platform;
    private final java.util.function.Function<String, String> keyOf;

    public InventoryVault(Path dir, Platform platform) {
        this(dir, platform, player -> player);
    }

    /** {@code keyOf}: the player's lasting key (the UUID), or the name when none is known. */
    public InventoryVault(Path dir, Platform platform, java.util.function.Function<String, String> keyOf) {
        this.dir = dir;
        this.platform = platform;
        this.keyOf = keyOf;
        if (Files.isDirectory(dir)) {
            try {
                OwnerOnly.folder(dir);      // a vault an older version left world-readable
            } catch (IOException e) {
                platform.logger().warning("cannot make " + dir + " owner-only: " + e);
            }
        }
    }

    private String key(String player) {
        return keyOf.apply(player).toLowerCase(Locale.ROOT);
    }

    private Path fileOf(String player) {
        Path byKey = dir.resolve(key(player) + ".inv");
        Path byName = dir.resolve(player.toLowerCase(Locale.ROOT) + ".inv");
        return !Files.exists(byKey) && Files.exists(byName) ? byName : byKey;
    }

    public synchronized boolean holds(String player) {
        return Files.exists(fileOf(player));
    }

    /** Saves and clears the inventory, unless it is already saved (cards are on it then). */
    public synchronized void saveAndClear(String player) {
        if (holds(player)) {
            return;
        }
        String snapshot = platform.snapshotInventory(player);
        try {
            OwnerOnly.folder(dir);
            Path tmp = dir.resolve(key(player) + ".tmp");
            OwnerOnly.write(tmp, snapshot);     // someone's items: for the server's user only
            try (var ch = java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            Files.move(tmp, fileOf(player), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // Never clear an inventory that is not safely on disk.
            throw new IllegalStateException("cannot save the inventory of " + player, e);
        }
        platform.clearInventory(player);
    }

    /** Puts the saved inventory back (replacing any card items) and forgets it. */
    public synchronized boolean restore(String player) {
        Path f = fileOf(player);
        if (!Files.exists(f)) {
            return false;
        }
        try {
            if (!platform.restoreInventory(player, Files.readString(f, StandardCharsets.UTF_8))) {
                platform.logger().warning("could not give " + player + " their items yet; they stay in " + f);
                return false;
            }
            Files.delete(f);
            return true;
        } catch (IOException e) {
            platform.logger().severe("cannot restore the inventory of " + player + " from " + f + ": " + e);
            return false;
        }
    }

    public List<String> saved() {
        List<String> names = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return names;
        }
        try (Stream<Path> s = Files.list(dir)) {
            s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".inv"))
                    .forEach(n -> names.add(n.substring(0, n.length() - 4)));
        } catch (IOException e) {
            platform.logger().warning("cannot list " + dir + ": " + e);
        }
        return names;
    }
}
