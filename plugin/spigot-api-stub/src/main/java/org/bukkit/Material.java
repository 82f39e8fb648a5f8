// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit;

public enum Material {
    AIR, PAPER, ARROW, MAP, FILLED_MAP;
    public static Material matchMaterial(String name) { throw new UnsupportedOperationException(); }
    public boolean isItem() { throw new UnsupportedOperationException(); }
}
