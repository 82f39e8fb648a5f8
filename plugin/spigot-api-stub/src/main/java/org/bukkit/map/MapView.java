// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.map;

public interface MapView {
    int getId();
    java.util.List<MapRenderer> getRenderers();
    void addRenderer(MapRenderer renderer);
    boolean removeRenderer(MapRenderer renderer);
    void setTrackingPosition(boolean trackingPosition);
    void setLocked(boolean locked);
}
