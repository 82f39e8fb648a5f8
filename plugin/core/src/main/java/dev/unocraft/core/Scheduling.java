package dev.unocraft.core;

/**
 * Where the platform runs work, by where it belongs. On Bukkit and Spigot both are the main thread; on
 * Paper and Folia they are Paper's schedulers (Folia: a player's own region thread, the global region
 * thread); on Minestom one applier thread. Callable from any thread; never blocks.
 */
public interface Scheduling {
    /**
     * Runs the task where this player's inventory, chat, titles and screen may be touched, after the tasks
     * handed in before it for the same player. For a player who is not online it runs as {@link #global} work.
     */
    void forPlayer(String player, Runnable task);

    /** Runs the task where server-wide work belongs (maps, the console, the economy, money owed to no one online). */
    void global(Runnable task);
}
