package dev.unocraft.paper;

import dev.unocraft.core.Scheduling;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.bukkit.entity.Player;
import org.bukkit.plugin.Plugin;

/**
 * Folia's schedulers (Paper's API): a player's work on that player's own region thread
 * ({@link Player#getScheduler()}), in order; global work on the global region thread. A player who is
 * gone (not tracked, or retired before the task ran) has it run as global work. The Bukkit scheduler is
 * never used. Players are tracked by name from their join to their quit, so that work can be handed to
 * them from any thread without asking the server.
 */
final class FoliaScheduling implements Scheduling {
    private final Plugin plugin;
    private final Map<String, Player> players = new ConcurrentHashMap<>();

    FoliaScheduling(Plugin plugin) {
        this.plugin = plugin;
    }

    void joined(Player player) {
        players.put(player.getName(), player);
    }

    void left(Player player) {
        players.remove(player.getName(), player);
    }

    @Override
    public void forPlayer(String player, Runnable task) {
        Player p = players.get(player);
        if (!plugin.isEnabled()) {
            dropped();
        } else if (p == null || p.getScheduler().run(plugin, t -> task.run(), () -> global(task)) == null) {
            global(task);
        }
    }

    @Override
    public void global(Runnable task) {
        if (plugin.isEnabled()) {
            plugin.getServer().getGlobalRegionScheduler().execute(plugin, task);
        } else {
            dropped();
        }
    }

    /** As on Bukkit: a task handed over after the plugin was disabled is dropped (what the vault holds is read at the next start). */
    private void dropped() {
        plugin.getLogger().info("disabled: a task from " + Thread.currentThread().getName() + " was not run");
    }
}
