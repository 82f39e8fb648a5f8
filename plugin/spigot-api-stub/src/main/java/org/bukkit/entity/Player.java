// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.entity;

public interface Player extends HumanEntity, org.bukkit.OfflinePlayer {
    String getLocale();
    void sendTitle(String title, String subtitle, int fadeIn, int stay, int fadeOut);
    void playSound(org.bukkit.Location location, String sound, float volume, float pitch);
    boolean isOnline();
    org.bukkit.scoreboard.Scoreboard getScoreboard();
    void setScoreboard(org.bukkit.scoreboard.Scoreboard scoreboard) throws IllegalArgumentException, IllegalStateException;
    Spigot spigot();

    class Spigot {
        public void sendMessage(net.md_5.bungee.api.chat.BaseComponent... components) { throw new UnsupportedOperationException(); }
        public void sendMessage(net.md_5.bungee.api.ChatMessageType position, net.md_5.bungee.api.chat.BaseComponent... components) { throw new UnsupportedOperationException(); }
    }
}
