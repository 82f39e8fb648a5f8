// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.event.inventory;

public abstract class InventoryInteractEvent extends InventoryEvent implements org.bukkit.event.Cancellable {
    public InventoryInteractEvent(org.bukkit.inventory.InventoryView transaction) { super(transaction); }
    public org.bukkit.entity.HumanEntity getWhoClicked() { throw new UnsupportedOperationException(); }
    public boolean isCancelled() { throw new UnsupportedOperationException(); }
    public void setCancelled(boolean toCancel) { throw new UnsupportedOperationException(); }
}
