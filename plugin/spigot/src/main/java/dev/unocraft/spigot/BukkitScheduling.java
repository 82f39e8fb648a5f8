package dev.unocraft.spigot;

import dev.unocraft.core.Scheduling;
import org.bukkit.Bukkit;
import org.bukkit.plugin.Plugin;

/** Bukkit and Spigot have one main thread: every player's work and the global work run there, in the next tick. */
final class BukkitScheduling implements Scheduling {
    private final Plugin plugin;

    BukkitScheduling(Plugin plugin) {
        this.plugin = plugin;
    }

    @Override
    public void forPlayer(String player, Runnable task) {
        run(task);
    }

    @Override
    public void global(Runnable task) {
        run(task);
    }

    private void run(Runnable task) {
        if (plugin.isEnabled()) {
            Bukkit.getScheduler().runTask(plugin, task);
        } else if (Bukkit.isPrimaryThread()) {
            task.run();     // onDisable itself (a vault hand-back while the inventories go back): no scheduler any more
        } else {
            // during or after onDisable Bukkit refuses new tasks (IllegalPluginAccessException); what the
            // vault or a py4j batch hands back now is dropped: a vault file left on disk is read at the next start
            plugin.getLogger().info("disabled: a task from " + Thread.currentThread().getName() + " was not run");
        }
    }
}
