package dev.unocraft.spigot;

import dev.unocraft.core.UnoCore;
import org.bukkit.event.EventHandler;
import org.bukkit.event.EventPriority;
import org.bukkit.event.Listener;
import org.bukkit.event.player.AsyncPlayerChatEvent;

/** Chat on Spigot (Bukkit's chat event; Paper deprecates it for its AsyncChatEvent). */
final class SpigotChatListener implements Listener {
    private final UnoCore core;

    SpigotChatListener(UnoCore core) {
        this.core = core;
    }

    @EventHandler(priority = EventPriority.MONITOR, ignoreCancelled = true)
    public void onChat(AsyncPlayerChatEvent e) {
        core.onChat(e.getPlayer().getName());     // only queues: safe off the main thread
    }
}
