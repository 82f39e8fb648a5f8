// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.event.inventory;

public class InventoryDragEvent extends InventoryInteractEvent {
    public InventoryDragEvent(org.bukkit.inventory.InventoryView what, org.bukkit.inventory.ItemStack newCursor, org.bukkit.inventory.ItemStack oldCursor, boolean right, java.util.Map<Integer, org.bukkit.inventory.ItemStack> slots) { super(what); }
    public org.bukkit.inventory.ItemStack getOldCursor() { throw new UnsupportedOperationException(); }
}
