package dev.unocraft.spigot;

import dev.unocraft.core.UnoCore;
import java.util.logging.Logger;
import me.clip.placeholderapi.expansion.PlaceholderExpansion;
import org.bukkit.OfflinePlayer;

/**
 * PlaceholderAPI's {@code %unocraft_…%} placeholders: answered at once from the core's cache, which
 * the engine keeps current ({@link UnoCore#placeholder}); the server thread never waits for the
 * engine or a database, and anything unknown is "". Loaded only when PlaceholderAPI is enabled
 * (plugin.yml's softdepend: it is enabled before us), so the plugin runs the same without it.
 */
public final class UnoExpansion extends PlaceholderExpansion {
    private final UnoCore core;

    UnoExpansion(UnoCore core) {
        this.core = core;
    }

    /** Registers the expansion with PlaceholderAPI; a refusal (another "unocraft" expansion) is one line. */
    static void register(UnoCore core, Logger log) {
        if (new UnoExpansion(core).register()) {
            log.info("PlaceholderAPI: %unocraft_…% placeholders registered");
        } else {
            log.warning("PlaceholderAPI refused the unocraft placeholders (another expansion named unocraft?)");
        }
    }

    @Override
    public String getIdentifier() {
        return "unocraft";
    }

    @Override
    public String getAuthor() {
        return "unocraft";
    }

    @Override
    public String getVersion() {
        return UnoCore.VERSION;
    }

    /** Registered by the plugin itself: kept over /papi reload. */
    @Override
    public boolean persist() {
        return true;
    }

    @Override
    public String onRequest(OfflinePlayer player, String params) {
        return core.placeholder(player == null ? null : player.getName(), params);
    }
}
