// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.event.inventory;

public class InventoryClickEvent extends InventoryInteractEvent {
    public InventoryClickEvent(org.bukkit.inventory.InventoryView view, org.bukkit.event.inventory.InventoryType.SlotType type, int slot, ClickType click, InventoryAction action) { super(view); }
    public org.bukkit.inventory.ItemStack getCurrentItem() { throw new UnsupportedOperationException(); }
    public org.bukkit.inventory.ItemStack getCursor() { throw new UnsupportedOperationException(); }
    public int getSlot() { throw new UnsupportedOperationException(); }
    public int getHotbarButton() { throw new UnsupportedOperationException(); }
    public org.bukkit.inventory.Inventory getClickedInventory() { throw new UnsupportedOperationException(); }
}
