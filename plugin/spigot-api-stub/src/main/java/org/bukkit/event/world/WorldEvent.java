// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.event.world;

public abstract class WorldEvent extends org.bukkit.event.Event {
    protected WorldEvent(final org.bukkit.World world) {}
    public org.bukkit.World getWorld() { throw new UnsupportedOperationException(); }
}
