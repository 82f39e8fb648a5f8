// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.event.entity;

public abstract class EntityEvent extends org.bukkit.event.Event {
    public EntityEvent(org.bukkit.entity.Entity what) {}
    public org.bukkit.entity.Entity getEntity() { throw new UnsupportedOperationException(); }
}
