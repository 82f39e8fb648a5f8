// Compile-only stand-in for the Paper 1.21.11 API type of the same name (io.papermc.paper:paper-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft Paper adapter uses. Never packaged.
package io.papermc.paper.event.player;

public final class AsyncChatEvent extends AbstractChatEvent {
    public AsyncChatEvent(boolean async, org.bukkit.entity.Player player, java.util.Set<net.kyori.adventure.audience.Audience> viewers, io.papermc.paper.chat.ChatRenderer renderer, net.kyori.adventure.text.Component message, net.kyori.adventure.text.Component originalMessage, net.kyori.adventure.chat.SignedMessage signedMessage) { super(async, player, viewers, renderer, message, originalMessage, signedMessage); }
}
