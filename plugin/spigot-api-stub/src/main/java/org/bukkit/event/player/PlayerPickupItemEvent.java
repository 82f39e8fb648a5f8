// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.event.player;

@Deprecated
public class PlayerPickupItemEvent extends PlayerEvent implements org.bukkit.event.Cancellable {
    public PlayerPickupItemEvent(org.bukkit.entity.Player player, org.bukkit.entity.Item item, int remaining) { super(player); }
    public boolean isCancelled() { throw new UnsupportedOperationException(); }
    public void setCancelled(boolean cancel) { throw new UnsupportedOperationException(); }
}
