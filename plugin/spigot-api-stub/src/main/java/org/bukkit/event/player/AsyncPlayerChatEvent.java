// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.event.player;

public class AsyncPlayerChatEvent extends PlayerEvent implements org.bukkit.event.Cancellable {
    public AsyncPlayerChatEvent(boolean async, org.bukkit.entity.Player who, String message, java.util.Set<org.bukkit.entity.Player> players) { super(who); }
    public boolean isCancelled() { throw new UnsupportedOperationException(); }
    public void setCancelled(boolean cancel) { throw new UnsupportedOperationException(); }
}
