// Compile-only stand-in for the PlaceholderAPI type of the same name (me.clip:placeholderapi 2.12,
// src/main/java/me/clip/placeholderapi/expansion/PlaceholderExpansion.java): same package, name and
// signatures for the members the unocraft expansion uses. Never packaged.
package me.clip.placeholderapi.expansion;

public abstract class PlaceholderExpansion extends me.clip.placeholderapi.PlaceholderHook {
    public abstract String getIdentifier();
    public abstract String getAuthor();
    public abstract String getVersion();
    public boolean persist() { throw new UnsupportedOperationException(); }
    public boolean register() { throw new UnsupportedOperationException(); }
}
