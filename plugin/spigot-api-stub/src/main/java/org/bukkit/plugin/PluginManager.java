// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.plugin;

public interface PluginManager {
    void registerEvents(org.bukkit.event.Listener listener, Plugin plugin);
    void registerEvent(Class<? extends org.bukkit.event.Event> event, org.bukkit.event.Listener listener, org.bukkit.event.EventPriority priority, EventExecutor executor, Plugin plugin, boolean ignoreCancelled);
    void disablePlugin(Plugin plugin);
    boolean isPluginEnabled(String name);
    Plugin getPlugin(String name);
}
