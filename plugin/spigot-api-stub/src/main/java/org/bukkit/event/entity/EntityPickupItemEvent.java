// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.event.entity;

public class EntityPickupItemEvent extends EntityEvent implements org.bukkit.event.Cancellable {
    public EntityPickupItemEvent(org.bukkit.entity.LivingEntity entity, org.bukkit.entity.Item item, int remaining) { super(entity); }
    public org.bukkit.entity.LivingEntity getEntity() { throw new UnsupportedOperationException(); }
    public org.bukkit.entity.Item getItem() { throw new UnsupportedOperationException(); }
    public boolean isCancelled() { throw new UnsupportedOperationException(); }
    public void setCancelled(boolean cancel) { throw new UnsupportedOperationException(); }
}
