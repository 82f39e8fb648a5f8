// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.persistence;

public interface PersistentDataContainer {
    <P, C> void set(org.bukkit.NamespacedKey key, PersistentDataType<P, C> type, C value);
    <P, C> C get(org.bukkit.NamespacedKey key, PersistentDataType<P, C> type);
}
