// Compile-only stand-in for the Paper 1.21.11 API type of the same name (io.papermc.paper:paper-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft Paper adapter uses. Never packaged.
package org.bukkit.scoreboard;

public interface Objective {
    net.kyori.adventure.text.Component displayName() throws IllegalStateException;
    void displayName(net.kyori.adventure.text.Component displayName) throws IllegalStateException, IllegalArgumentException;
}
