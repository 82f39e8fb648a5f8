// Compile-only stand-in for the PlaceholderAPI type of the same name (me.clip:placeholderapi 2.12,
// src/main/java/me/clip/placeholderapi/PlaceholderHook.java): same package, name and signatures. Never packaged.
package me.clip.placeholderapi;

public abstract class PlaceholderHook {
    public String onRequest(final org.bukkit.OfflinePlayer player, final String params) { throw new UnsupportedOperationException(); }
    public String onPlaceholderRequest(final org.bukkit.entity.Player player, final String params) { throw new UnsupportedOperationException(); }
}
