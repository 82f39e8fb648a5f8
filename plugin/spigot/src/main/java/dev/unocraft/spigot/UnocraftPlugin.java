package dev.unocraft.spigot;

import dev.unocraft.core.UnoCore;
import java.io.IOException;
import java.util.List;
import org.bukkit.command.Command;
import org.bukkit.command.CommandSender;
import org.bukkit.command.PluginCommand;
import org.bukkit.command.TabExecutor;
import org.bukkit.entity.Player;
import org.bukkit.plugin.java.JavaPlugin;

/** The Bukkit bootstrap: lifecycle → core, /uno → core. Nothing else. */
public final class UnocraftPlugin extends JavaPlugin implements TabExecutor {
    private UnoCore core;
    private SpigotPlatform platform;

    @Override
    public void onEnable() {
        saveDefaultConfig();
        platform = new SpigotPlatform(this);
        core = new UnoCore(platform, "spigot");
        try {
            core.enable(getConfig().getInt("bridge-port", 25333), getDataFolder().toPath().resolve("bridge.token"));
        } catch (IOException e) {
            getLogger().severe("cannot start the engine bridge: " + e);
            throw new IllegalStateException(e);
        }
        PluginCommand uno = getCommand("uno");
        uno.setExecutor(this);
        uno.setTabCompleter(this);
        getServer().getPluginManager().registerEvents(new SpigotListener(core, platform), this);
        for (Player p : platform.players()) {
            core.onJoin(p.getName());     // a reload: players already online
        }
    }

    @Override
    public void onDisable() {
        if (core != null) {
            core.disable();     // every saved inventory goes back before the server saves players
        }
    }

    @Override
    public boolean onCommand(CommandSender sender, Command command, String label, String[] args) {
        if (!(sender instanceof Player)) {
            sender.sendMessage("UNO is played in game.");
            return true;
        }
        core.onCommand(sender.getName(), args, sender.hasPermission("uno.admin"));
        return true;
    }

    @Override
    public List<String> onTabComplete(CommandSender sender, Command command, String label, String[] args) {
        return sender instanceof Player ? core.complete(sender.getName(), args) : List.of();
    }
}
