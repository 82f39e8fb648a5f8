// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.event.entity;

public class EntityDeathEvent extends EntityEvent {
    public EntityDeathEvent(org.bukkit.entity.LivingEntity entity, org.bukkit.damage.DamageSource damageSource, java.util.List<org.bukkit.inventory.ItemStack> drops) { super(entity); }
    public java.util.List<org.bukkit.inventory.ItemStack> getDrops() { throw new UnsupportedOperationException(); }
}
