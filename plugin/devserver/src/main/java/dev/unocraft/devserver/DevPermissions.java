package dev.unocraft.devserver;

import java.util.Locale;
import java.util.Set;

/**
 * Permissions on the dev server, which has none of its own (Minestom has no permission system):
 * {@code uno.stake} is every player's but those named by {@code --no-stake a,b} (so tests can try
 * the refusal); any other permission (uno.admin…) is, as a Bukkit permission defaults to ops, the
 * {@code --admins}' only.
 */
final class DevPermissions {
    /** Lower-case names of the players without uno.stake: --no-stake a,b */
    static final Set<String> NO_STAKE = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private DevPermissions() {}

    /** Whether the player (online or not: the caller asks that) holds the permission. */
    static boolean has(String player, String permission) {
        String name = player.toLowerCase(Locale.ROOT);
        return permission.equals("uno.stake") ? !NO_STAKE.contains(name) : DevServer.ADMINS.contains(name);
    }
}
