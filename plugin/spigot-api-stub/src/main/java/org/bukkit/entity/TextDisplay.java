// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.entity;

public interface TextDisplay extends Display {
    String getText();
    void setText(String text);
    void setAlignment(TextAlignment alignment);
    public enum TextAlignment {
        CENTER, LEFT, RIGHT;
    }
}
