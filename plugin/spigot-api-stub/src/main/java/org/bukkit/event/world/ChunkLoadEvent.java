// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.event.world;

public class ChunkLoadEvent extends ChunkEvent {
    public ChunkLoadEvent(final org.bukkit.Chunk chunk, final boolean newChunk) { super(chunk); }
}
