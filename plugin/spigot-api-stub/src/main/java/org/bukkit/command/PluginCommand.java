// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.command;

public final class PluginCommand extends Command {
    protected PluginCommand(String name, org.bukkit.plugin.Plugin owner) { super(name); }
    public void setExecutor(CommandExecutor executor) { throw new UnsupportedOperationException(); }
    public void setTabCompleter(TabCompleter completer) { throw new UnsupportedOperationException(); }
}
