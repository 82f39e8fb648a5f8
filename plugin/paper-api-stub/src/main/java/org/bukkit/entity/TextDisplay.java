// Compile-only stand-in for the Paper 1.21.11 API type of the same name (io.papermc.paper:paper-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft Paper adapter uses. Never packaged.
// Paper deprecates getText/setText(String) for the Adventure text(Component): only that one is here.
package org.bukkit.entity;

public interface TextDisplay extends Display {
    net.kyori.adventure.text.Component text();
    void text(net.kyori.adventure.text.Component text);
    void setAlignment(TextAlignment alignment);
    public enum TextAlignment {
        CENTER, LEFT, RIGHT;
    }
}
