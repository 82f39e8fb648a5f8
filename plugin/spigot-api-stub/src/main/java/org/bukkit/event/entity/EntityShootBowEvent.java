// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.event.entity;

public class EntityShootBowEvent extends EntityEvent implements org.bukkit.event.Cancellable {
    public EntityShootBowEvent(org.bukkit.entity.LivingEntity shooter, org.bukkit.inventory.ItemStack bow,
                               org.bukkit.inventory.ItemStack consumable, org.bukkit.entity.Entity projectile,
                               org.bukkit.inventory.EquipmentSlot hand, float force, boolean consumeItem) { super(shooter); }
    public org.bukkit.entity.LivingEntity getEntity() { throw new UnsupportedOperationException(); }
    public org.bukkit.inventory.ItemStack getConsumable() { throw new UnsupportedOperationException(); }
    public boolean isCancelled() { throw new UnsupportedOperationException(); }
    public void setCancelled(boolean cancel) { throw new UnsupportedOperationException(); }
}
