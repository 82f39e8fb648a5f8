// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit;

public class Location {
    public Location(World world, double x, double y, double z) {}
    public World getWorld() { throw new UnsupportedOperationException(); }
    public double getX() { throw new UnsupportedOperationException(); }
    public double getY() { throw new UnsupportedOperationException(); }
    public double getZ() { throw new UnsupportedOperationException(); }
}
