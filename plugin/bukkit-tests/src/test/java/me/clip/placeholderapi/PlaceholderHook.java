package me.clip.placeholderapi;

/**
 * A test double of PlaceholderAPI's class of this name (the real one needs its plugin running, which
 * MockBukkit cannot start): the same members as the stub (plugin/placeholderapi-api-stub), whose
 * signatures are PlaceholderAPI's; {@code onRequest} as PlaceholderAPI's own default does it.
 */
public abstract class PlaceholderHook {
    public String onRequest(final org.bukkit.OfflinePlayer player, final String params) {
        return onPlaceholderRequest(player != null && player.isOnline() ? player.getPlayer() : null, params);
    }

    public String onPlaceholderRequest(final org.bukkit.entity.Player player, final String params) {
        return null;
    }
}
