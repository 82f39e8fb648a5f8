// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.event.inventory;

public class InventoryEvent extends org.bukkit.event.Event {
    public InventoryEvent(org.bukkit.inventory.InventoryView transaction) {}
    public org.bukkit.inventory.Inventory getInventory() { throw new UnsupportedOperationException(); }
    public org.bukkit.inventory.InventoryView getView() { throw new UnsupportedOperationException(); }
}
