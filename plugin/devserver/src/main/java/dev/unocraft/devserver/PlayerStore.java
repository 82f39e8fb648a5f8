package dev.unocraft.devserver;

import dev.unocraft.core.OwnerOnly;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.logging.Logger;
import net.minestom.server.entity.Player;

/** The dev server's stand-in for vanilla player data: each inventory saved on quit and shutdown. */
final class PlayerStore {
    private static final Logger LOG = Logger.getLogger("unocraft");
    private final Path dir;

    PlayerStore(Path dir) {
        this.dir = dir;
    }

    private Path fileOf(Player p) {
        return dir.resolve(p.getUsername().toLowerCase(Locale.ROOT) + ".json");
    }

    void load(Player p) {
        Path f = fileOf(p);
        if (Files.exists(f)) {
            try {
                MinestomSlots.restore(p, MinestomSlots.readInternal(Files.readString(f, StandardCharsets.UTF_8)));
            } catch (IOException | IllegalArgumentException e) {
                LOG.warning("cannot load " + f + ": " + e);
            }
        }
    }

    void save(Player p) {
        try {
            OwnerOnly.folder(dir);     // a player's items: for the server's user only
            Path tmp = dir.resolve(p.getUsername().toLowerCase(Locale.ROOT) + ".tmp");
            OwnerOnly.write(tmp, MinestomSlots.snapshot(p.getInventory().getItemStacks()));
            Files.move(tmp, fileOf(p), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            LOG.warning("cannot save the inventory of " + p.getUsername() + ": " + e);
        }
    }
}
