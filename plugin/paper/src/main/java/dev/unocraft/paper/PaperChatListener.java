package dev.unocraft.paper;

import dev.unocraft.core.UnoCore;
import io.papermc.paper.event.player.AsyncChatEvent;
import org.bukkit.event.EventHandler;
import org.bukkit.event.EventPriority;
import org.bukkit.event.Listener;

/** Chat on Paper: its AsyncChatEvent (listening to Bukkit's AsyncPlayerChatEvent is deprecated there). */
final class PaperChatListener implements Listener {
    private final UnoCore core;

    PaperChatListener(UnoCore core) {
        this.core = core;
    }

    @EventHandler(priority = EventPriority.MONITOR, ignoreCancelled = true)
    public void onChat(AsyncChatEvent e) {
        core.onChat(e.getPlayer().getName());     // only queues: safe off the main thread
    }
}
