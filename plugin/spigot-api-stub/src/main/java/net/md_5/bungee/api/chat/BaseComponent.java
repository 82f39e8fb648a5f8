// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package net.md_5.bungee.api.chat;

public abstract class BaseComponent {
    public void setColor(net.md_5.bungee.api.ChatColor color) { throw new UnsupportedOperationException(); }
    public void setBold(Boolean bold) { throw new UnsupportedOperationException(); }
    public void setItalic(Boolean italic) { throw new UnsupportedOperationException(); }
    public void setUnderlined(Boolean underlined) { throw new UnsupportedOperationException(); }
    public void setStrikethrough(Boolean strikethrough) { throw new UnsupportedOperationException(); }
    public void setObfuscated(Boolean obfuscated) { throw new UnsupportedOperationException(); }
    public void setClickEvent(ClickEvent clickEvent) { throw new UnsupportedOperationException(); }
    public void setHoverEvent(HoverEvent hoverEvent) { throw new UnsupportedOperationException(); }
    public void addExtra(BaseComponent component) { throw new UnsupportedOperationException(); }
    public String toLegacyText() { throw new UnsupportedOperationException(); }
}
