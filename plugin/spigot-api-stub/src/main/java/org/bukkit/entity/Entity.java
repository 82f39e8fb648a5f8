// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.entity;

public interface Entity extends org.bukkit.command.CommandSender, org.bukkit.persistence.PersistentDataHolder {
    org.bukkit.Location getLocation();
    org.bukkit.World getWorld();
    java.util.UUID getUniqueId();
    public boolean teleport(org.bukkit.Location location);
    public void remove();
    public boolean isValid();
    public void setPersistent(boolean persistent);
    void setGlowing(boolean flag);
}
