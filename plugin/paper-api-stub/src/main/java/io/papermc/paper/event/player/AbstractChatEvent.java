// Compile-only stand-in for the Paper 1.21.11 API type of the same name (io.papermc.paper:paper-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft Paper adapter uses. Never packaged.
package io.papermc.paper.event.player;

public abstract class AbstractChatEvent extends org.bukkit.event.player.PlayerEvent implements org.bukkit.event.Cancellable {
    AbstractChatEvent(boolean async, org.bukkit.entity.Player player, java.util.Set<net.kyori.adventure.audience.Audience> viewers, io.papermc.paper.chat.ChatRenderer renderer, net.kyori.adventure.text.Component message, net.kyori.adventure.text.Component originalMessage, net.kyori.adventure.chat.SignedMessage signedMessage) { super(player); }
    public boolean isCancelled() { throw new UnsupportedOperationException(); }
    public void setCancelled(boolean cancel) { throw new UnsupportedOperationException(); }
}
