// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.event.player;

public class PlayerInteractEntityEvent extends PlayerEvent implements org.bukkit.event.Cancellable {
    public PlayerInteractEntityEvent(org.bukkit.entity.Player who, org.bukkit.entity.Entity clickedEntity,
                                     org.bukkit.inventory.EquipmentSlot hand) { super(who); }
    public org.bukkit.entity.Entity getRightClicked() { throw new UnsupportedOperationException(); }
    public org.bukkit.inventory.EquipmentSlot getHand() { throw new UnsupportedOperationException(); }
    public boolean isCancelled() { throw new UnsupportedOperationException(); }
    public void setCancelled(boolean cancel) { throw new UnsupportedOperationException(); }
}
