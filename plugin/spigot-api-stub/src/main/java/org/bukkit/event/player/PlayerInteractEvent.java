// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.event.player;

public class PlayerInteractEvent extends PlayerEvent implements org.bukkit.event.Cancellable {
    public PlayerInteractEvent(org.bukkit.entity.Player who, org.bukkit.event.block.Action action, org.bukkit.inventory.ItemStack item, org.bukkit.block.Block clickedBlock, org.bukkit.block.BlockFace clickedFace) { super(who); }
    public org.bukkit.event.block.Action getAction() { throw new UnsupportedOperationException(); }
    public org.bukkit.inventory.ItemStack getItem() { throw new UnsupportedOperationException(); }
    public org.bukkit.inventory.EquipmentSlot getHand() { throw new UnsupportedOperationException(); }
    public boolean isCancelled() { throw new UnsupportedOperationException(); }
    public void setCancelled(boolean cancel) { throw new UnsupportedOperationException(); }
}
