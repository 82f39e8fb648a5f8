package dev.unocraft.spigot;

import dev.unocraft.core.UnoCore;
import org.bukkit.entity.Player;
import org.bukkit.event.EventHandler;
import org.bukkit.event.EventPriority;
import org.bukkit.event.Listener;
import org.bukkit.event.block.Action;
import org.bukkit.event.entity.EntityPickupItemEvent;
import org.bukkit.event.entity.EntityShootBowEvent;
import org.bukkit.event.entity.PlayerDeathEvent;
import org.bukkit.event.inventory.InventoryClickEvent;
import org.bukkit.event.inventory.InventoryCreativeEvent;
import org.bukkit.event.inventory.InventoryDragEvent;
import org.bukkit.event.inventory.InventoryType;
import org.bukkit.event.player.PlayerDropItemEvent;
import org.bukkit.event.player.PlayerEvent;
import org.bukkit.event.player.PlayerInteractEntityEvent;
import org.bukkit.event.player.PlayerInteractEvent;
import org.bukkit.event.player.PlayerJoinEvent;
import org.bukkit.event.player.PlayerPickupArrowEvent;
import org.bukkit.event.player.PlayerQuitEvent;
import org.bukkit.event.player.PlayerRespawnEvent;
import org.bukkit.event.player.PlayerSwapHandItemsEvent;
import org.bukkit.event.world.ChunkLoadEvent;
import org.bukkit.inventory.EquipmentSlot;
import org.bukkit.inventory.InventoryView;
import org.bukkit.inventory.ItemStack;
import org.bukkit.plugin.Plugin;
import org.bukkit.plugin.PluginManager;

/** Bukkit events → core events; what is cancelled, the core's {@link dev.unocraft.core.ItemPolicy} decides. Chat: {@link #listenToChat}. */
final class SpigotListener implements Listener {
    private final UnoCore core;
    private final SpigotPlatform platform;

    SpigotListener(UnoCore core, SpigotPlatform platform) {
        this.core = core;
        this.platform = platform;
    }

    /**
     * Chat → {@link UnoCore#onChat}, on the platform's chat event ({@link SpigotPlatform#chatEvent}: Paper has its
     * own), registered by its class: one listener for Spigot and Paper. MONITOR, cancelled messages left out.
     * The event comes off the main thread: onChat only queues.
     */
    void listenToChat(PluginManager events, Plugin plugin, Class<? extends PlayerEvent> chat) {
        events.registerEvent(chat, this, EventPriority.MONITOR, (listener, event) -> {
            if (chat.isInstance(event)) {     // (a handler list may also serve the event's subclasses)
                core.onChat(((PlayerEvent) event).getPlayer().getName());
            }
        }, plugin, true);
    }

    private String tag(ItemStack item) {
        return platform.tagOf(item);
    }

    private boolean engine(ItemStack item) {
        return UnoCore.isEngineTag(tag(item));
    }

    /**
     * Another inventory than the player's own is open (a chest, a furnace, another player's as /invsee
     * shows it: type PLAYER). The player's own inventory screen has the 2x2 crafting grid on top (CRAFTING;
     * CREATIVE in creative mode, whose clicks are InventoryCreativeEvents).
     */
    private static boolean otherInventory(InventoryView view) {
        InventoryType top = view.getTopInventory().getType();
        return top != InventoryType.CRAFTING && top != InventoryType.CREATIVE;
    }

    @EventHandler(priority = EventPriority.LOWEST)
    public void onJoin(PlayerJoinEvent e) {
        platform.joined(e.getPlayer());
        core.onJoin(e.getPlayer().getName());
    }

    @EventHandler(priority = EventPriority.MONITOR)
    public void onQuit(PlayerQuitEvent e) {
        core.onQuit(e.getPlayer().getName());     // items back before the server saves the player (a kick too)
        platform.left(e.getPlayer());
    }

    @EventHandler(priority = EventPriority.LOWEST)
    public void onInteract(PlayerInteractEvent e) {
        if (e.getHand() != EquipmentSlot.HAND || e.getItem() == null || !engine(e.getItem())) {
            return;
        }
        e.setCancelled(true);
        if (e.getAction() == Action.RIGHT_CLICK_AIR || e.getAction() == Action.RIGHT_CLICK_BLOCK) {
            Player p = e.getPlayer();
            core.onUse(p.getName(), p.getInventory().getHeldItemSlot(), tag(e.getItem()));
        }
    }

    // What is cancelled is the core's ItemPolicy's to say; these only report and carry it out.

    @EventHandler(priority = EventPriority.LOWEST)
    public void onClick(InventoryClickEvent e) {
        boolean hotbarCard = e.getHotbarButton() >= 0
                && engine(e.getWhoClicked().getInventory().getItem(e.getHotbarButton()));
        if (core.items().click(e.getWhoClicked().getName(), e.getSlot(), tag(e.getCurrentItem()),
                engine(e.getCursor()) || hotbarCard, otherInventory(e.getView()), e instanceof InventoryCreativeEvent)) {
            e.setCancelled(true);
        }
    }

    @EventHandler(priority = EventPriority.LOWEST)
    public void onDrag(InventoryDragEvent e) {
        if (core.items().drag(e.getWhoClicked().getName(), engine(e.getOldCursor()), otherInventory(e.getView()))) {
            e.setCancelled(true);
        }
    }

    @EventHandler(priority = EventPriority.LOWEST)
    public void onPickup(EntityPickupItemEvent e) {
        if (e.getEntity() instanceof Player p && core.items().pickup(p.getName())) {
            e.setCancelled(true);
        }
    }

    /** Arrows and tridents lying in the world: Bukkit has no EntityPickupItemEvent for them. */
    @EventHandler(priority = EventPriority.LOWEST)
    public void onPickupArrow(PlayerPickupArrowEvent e) {
        if (core.items().pickup(e.getPlayer().getName())) {
            e.setCancelled(true);
        }
    }

    @EventHandler(priority = EventPriority.LOWEST)
    public void onDrop(PlayerDropItemEvent e) {
        if (core.items().drop(tag(e.getItemDrop().getItemStack()))) {
            e.setCancelled(true);
        }
    }

    /** A right-click on an entity with a card in the hand used (either hand: the off-hand when the main hand passes). */
    @EventHandler(priority = EventPriority.LOWEST)
    public void onInteractEntity(PlayerInteractEntityEvent e) {
        if (core.items().handOut(tag(e.getPlayer().getInventory().getItem(e.getHand())))) {
            e.setCancelled(true);
        }
    }

    /** A bow (or crossbow) whose ammunition would be the page button, an arrow. */
    @EventHandler(priority = EventPriority.LOWEST)
    public void onShootBow(EntityShootBowEvent e) {
        if (e.getEntity() instanceof Player && core.items().handOut(tag(e.getConsumable()))) {
            e.setCancelled(true);
        }
    }

    @EventHandler(priority = EventPriority.LOWEST)
    public void onSwap(PlayerSwapHandItemsEvent e) {
        if (core.items().swapHands(tag(e.getMainHandItem()), tag(e.getOffHandItem()))) {
            e.setCancelled(true);
        }
    }

    @EventHandler(priority = EventPriority.HIGHEST)
    public void onDeath(PlayerDeathEvent e) {
        // the player's own items are in the vault; cards are never dropped into the world
        e.getDrops().removeIf(item -> !core.items().dropsAtDeath(tag(item)));
    }

    /**
     * A chunk loaded: a table standing there gets back the display entities its unload took (they are never saved).
     * On Folia this fires on the region that owns the chunk, where the table's entities are touched.
     */
    @EventHandler(priority = EventPriority.MONITOR)
    public void onChunkLoad(ChunkLoadEvent e) {
        core.onChunkLoad(e.getWorld().getName(), e.getChunk().getX(), e.getChunk().getZ());
    }

    /** The inventory was emptied at the death: the engine draws the hand again (its ops come in a later tick). */
    @EventHandler(priority = EventPriority.MONITOR)
    public void onRespawn(PlayerRespawnEvent e) {
        core.onRespawn(e.getPlayer().getName());
    }
}
