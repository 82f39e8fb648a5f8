// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit;

public final class Bukkit {
    private Bukkit() {}
    public static Server getServer() { throw new UnsupportedOperationException(); }
    public static java.util.Collection<? extends org.bukkit.entity.Player> getOnlinePlayers() { throw new UnsupportedOperationException(); }
    public static org.bukkit.entity.Player getPlayerExact(String name) { throw new UnsupportedOperationException(); }
    public static boolean isPrimaryThread() { throw new UnsupportedOperationException(); }
    public static World getWorld(String name) { throw new UnsupportedOperationException(); }
    public static java.util.List<World> getWorlds() { throw new UnsupportedOperationException(); }
    public static org.bukkit.map.MapView createMap(World world) { throw new UnsupportedOperationException(); }
    public static org.bukkit.block.data.BlockData createBlockData(String data) throws IllegalArgumentException { throw new UnsupportedOperationException(); }
    public static org.bukkit.map.MapView getMap(int id) { throw new UnsupportedOperationException(); }
    public static org.bukkit.scheduler.BukkitScheduler getScheduler() { throw new UnsupportedOperationException(); }
    public static org.bukkit.plugin.PluginManager getPluginManager() { throw new UnsupportedOperationException(); }
    public static org.bukkit.plugin.ServicesManager getServicesManager() { throw new UnsupportedOperationException(); }
    public static org.bukkit.scoreboard.ScoreboardManager getScoreboardManager() { throw new UnsupportedOperationException(); }
    public static org.bukkit.scoreboard.Criteria getScoreboardCriteria(String name) { throw new UnsupportedOperationException(); }
}
