// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.configuration;

public interface ConfigurationSection {
    int getInt(String path, int def);
    boolean getBoolean(String path, boolean def);
    String getString(String path, String def);
    void set(String path, Object value);
    java.util.List<?> getList(String path);
}
