// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.entity;

public interface Display extends Entity {
    public org.bukkit.util.Transformation getTransformation();
    public void setTransformation(org.bukkit.util.Transformation transformation);
    public void setInterpolationDuration(int duration);
    public void setInterpolationDelay(int ticks);
    public void setBillboard(Billboard billboard);
    public enum Billboard {
        FIXED, VERTICAL, HORIZONTAL, CENTER;
    }
}
