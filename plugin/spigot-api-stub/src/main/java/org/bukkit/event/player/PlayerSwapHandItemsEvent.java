// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.event.player;

public class PlayerSwapHandItemsEvent extends PlayerEvent implements org.bukkit.event.Cancellable {
    public PlayerSwapHandItemsEvent(org.bukkit.entity.Player player, org.bukkit.inventory.ItemStack mainHandItem, org.bukkit.inventory.ItemStack offHandItem) { super(player); }
    public org.bukkit.inventory.ItemStack getMainHandItem() { throw new UnsupportedOperationException(); }
    public org.bukkit.inventory.ItemStack getOffHandItem() { throw new UnsupportedOperationException(); }
    public boolean isCancelled() { throw new UnsupportedOperationException(); }
    public void setCancelled(boolean cancel) { throw new UnsupportedOperationException(); }
}
