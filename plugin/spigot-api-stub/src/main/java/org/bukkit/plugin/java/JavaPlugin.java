// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.plugin.java;

public abstract class JavaPlugin extends org.bukkit.plugin.PluginBase {
    public JavaPlugin() {}
    public final java.io.File getDataFolder() { throw new UnsupportedOperationException(); }
    public java.util.logging.Logger getLogger() { throw new UnsupportedOperationException(); }
    public final org.bukkit.Server getServer() { throw new UnsupportedOperationException(); }
    public final boolean isEnabled() { throw new UnsupportedOperationException(); }
    public org.bukkit.configuration.file.FileConfiguration getConfig() { throw new UnsupportedOperationException(); }
    public void saveDefaultConfig() { throw new UnsupportedOperationException(); }
    public org.bukkit.command.PluginCommand getCommand(String name) { throw new UnsupportedOperationException(); }
    public void onEnable() {}
    public void onDisable() {}
}
