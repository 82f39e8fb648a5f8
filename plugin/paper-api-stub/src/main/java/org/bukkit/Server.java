// Compile-only stand-in for the Paper 1.21.11 API type of the same name (io.papermc.paper:paper-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft Paper adapter uses. Never packaged.
package org.bukkit;

public interface Server {
    org.bukkit.plugin.PluginManager getPluginManager();
    java.util.logging.Logger getLogger();
    String getName();
    io.papermc.paper.threadedregions.scheduler.GlobalRegionScheduler getGlobalRegionScheduler();
    io.papermc.paper.threadedregions.scheduler.RegionScheduler getRegionScheduler();
    boolean isOwnedByCurrentRegion(World world, int chunkX, int chunkZ);
}
