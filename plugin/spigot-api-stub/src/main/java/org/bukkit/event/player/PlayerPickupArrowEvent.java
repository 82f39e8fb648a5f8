// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.event.player;

@SuppressWarnings("deprecation")
public class PlayerPickupArrowEvent extends PlayerPickupItemEvent {
    public PlayerPickupArrowEvent(org.bukkit.entity.Player player, org.bukkit.entity.Item item, org.bukkit.entity.AbstractArrow arrow) { super(player, item, 0); }
}
