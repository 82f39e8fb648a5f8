// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.configuration;

public class MemorySection implements ConfigurationSection {
    protected MemorySection() {}
    public int getInt(String path, int def) { throw new UnsupportedOperationException(); }
    public boolean getBoolean(String path, boolean def) { throw new UnsupportedOperationException(); }
    public String getString(String path, String def) { throw new UnsupportedOperationException(); }
    public void set(String path, Object value) { throw new UnsupportedOperationException(); }
    public java.util.List<?> getList(String path) { throw new UnsupportedOperationException(); }
}
