// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit;

public interface RegionAccessor {
    <T extends org.bukkit.entity.Entity> T spawn(Location location, Class<T> clazz, java.util.function.Consumer<? super T> function) throws IllegalArgumentException;
}
