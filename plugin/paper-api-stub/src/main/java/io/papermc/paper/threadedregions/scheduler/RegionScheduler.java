// Compile-only stand-in for the Paper 1.21.11 API type of the same name (io.papermc.paper:paper-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft Paper adapter uses. Never packaged.
package io.papermc.paper.threadedregions.scheduler;

public interface RegionScheduler {
    void execute(org.bukkit.plugin.Plugin plugin, org.bukkit.World world, int chunkX, int chunkZ, Runnable run);
}
