package dev.unocraft.spigot;

import dev.unocraft.core.EngineInstaller;
import dev.unocraft.core.EngineRuntime;
import dev.unocraft.core.EngineSupervisor;
import dev.unocraft.core.GraalPyRuntime;
import dev.unocraft.core.UnoCore;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bukkit.command.Command;
import org.bukkit.command.CommandSender;
import org.bukkit.command.PluginCommand;
import org.bukkit.command.TabExecutor;
import org.bukkit.entity.Player;
import org.bukkit.plugin.java.JavaPlugin;

/**
 * The Bukkit bootstrap: lifecycle → core, /uno → core, and (engine.autostart) the engine as a
 * supervised child process. Not final: Bukkit test harnesses (MockBukkit) subclass the main class.
 */
public class UnocraftPlugin extends JavaPlugin implements TabExecutor {
    private UnoCore core;
    private SpigotPlatform platform;

    @Override
    public void onEnable() {
        saveDefaultConfig();
        platform = createPlatform(folia(getServer()));
        core = new UnoCore(platform, platform.name());
        boolean placeholders = getServer().getPluginManager().isPluginEnabled("PlaceholderAPI");
        if (placeholders) {
            core.wantPlaceholders();      // the engine keeps the cache current only when something reads it
        }
        Path tokenFile = getDataFolder().toPath().resolve("bridge.token");
        try {
            core.enable(getConfig().getInt("bridge-port", 25333), tokenFile);
        } catch (IOException e) {
            // one clear line, and the plugin stays off: no half-started bridge, no stack trace
            getLogger().severe("cannot start the engine bridge: " + e.getMessage());
            getServer().getPluginManager().disablePlugin(this);
            return;
        }
        PluginCommand uno = getCommand("uno");
        uno.setExecutor(this);
        uno.setTabCompleter(this);
        SpigotListener listener = new SpigotListener(core, platform);
        getServer().getPluginManager().registerEvents(listener, this);
        listener.listenToChat(getServer().getPluginManager(), this, platform.chatEvent());
        for (Player p : platform.onlinePlayers()) {
            platform.joined(p);
            String name = p.getName();
            platform.scheduling().forPlayer(name, () -> core.onJoin(name));     // a reload: players already online
        }
        if (placeholders) {
            // a class of its own: without PlaceholderAPI its API is never loaded (a soft dependency)
            try {
                UnoExpansion.register(core, getLogger());
            } catch (LinkageError | RuntimeException e) {
                // another PlaceholderAPI than the one we know: one line, and everything else works
                getLogger().warning("PlaceholderAPI is enabled but its expansion API could not be used (" + e
                        + "): no %unocraft_…% placeholders");
            }
        }
        if (getConfig().getBoolean("engine.autostart", true)) {
            superviseEngine(tokenFile);
        } else {
            getLogger().info("engine.autostart is false: start the engine yourself (unocraft serve --attach)");
        }
    }

    /**
     * The adapter: Spigot's; the release jar's main class (plugin/paper) returns Paper's on Paper. On Folia
     * (which only Paper's API can serve: its region schedulers) Paper's is taken from the same jar by name,
     * since this module compiles against Spigot's API alone.
     */
    protected SpigotPlatform createPlatform(boolean folia) {
        if (folia) {
            try {
                return (SpigotPlatform) Class.forName(PAPER_PLATFORM).getMethod("create", UnocraftPlugin.class, boolean.class)
                        .invoke(null, this, true);
            } catch (ReflectiveOperationException | LinkageError e) {
                throw new IllegalStateException("this server is Folia, and this jar has no Paper adapter for it ("
                        + e + "): use the unocraft release jar", e);
            }
        }
        return SpigotPlatform.spigot(this);
    }

    /** The Paper adapter's factory, in the release jar (plugin/paper). */
    static final String PAPER_PLATFORM = "dev.unocraft.paper.PaperPlatform";
    /** A class only Folia has (its regionised server), as Folia's own documentation says to check. */
    static final String FOLIA_CLASS = "io.papermc.paper.threadedregions.RegionizedServer";

    /** Whether the server ticks its regions on many threads (Folia): it says so by its name, or by a class of its own. */
    protected static boolean folia(org.bukkit.Server server) {
        if ("Folia".equalsIgnoreCase(server.getName())) {
            return true;
        }
        try {
            Class.forName(FOLIA_CLASS, false, UnocraftPlugin.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private void superviseEngine(Path tokenFile) {
        Path data = getDataFolder().toPath();
        Path engineConfig = data.resolve("engine.yaml");
        EngineInstaller.Resources jar = name -> UnocraftPlugin.class.getClassLoader().getResourceAsStream(name);
        EngineInstaller installer = new EngineInstaller(data, UnoCore.VERSION, getConfig().getString("engine.python", ""),
                jar, getLogger());
        GraalPyRuntime graalpy = new GraalPyRuntime(data, getConfig().getString("engine.graalpy.libraries", ""),
                UnoCore.VERSION, jar, getConfig().getString("engine.graalpy.repository", ""),
                getConfig().getString("engine.graalpy.max-heap", ""), getLogger());
        String runtime = getConfig().getString("engine.runtime", "auto");
        core.superviseEngine(() -> {
            writeDefault(engineConfig);
            // absolute: the engine runs in the data folder, which the server names relative to its own
            return EngineRuntime.parse(runtime).command(installer, graalpy, core.bridgePort(), tokenFile,
                    List.of("--config", engineConfig.toAbsolutePath().toString()), getLogger());
        });
    }

    /** The engine's settings (the jar's copy of server-config/plugin/engine.yaml) on first start, then the operator's. */
    private void writeDefault(Path engineConfig) throws EngineSupervisor.EngineUnavailable {
        if (Files.exists(engineConfig)) {
            return;
        }
        try (InputStream in = UnocraftPlugin.class.getClassLoader().getResourceAsStream("engine.yaml")) {
            if (in != null) {
                Files.copy(in, engineConfig);
            }
        } catch (IOException e) {
            throw new EngineSupervisor.EngineUnavailable("[engine] cannot write " + engineConfig + ": " + e.getMessage());
        }
    }

    @Override
    public void onDisable() {
        if (core != null) {
            core.disable();     // stops the engine; every saved inventory goes back before the server saves players
        }
    }

    @Override
    public boolean onCommand(CommandSender sender, Command command, String label, String[] args) {
        if (core == null) {
            return true;
        }
        if (!(sender instanceof Player)) {
            core.onConsoleCommand(args, sender::sendMessage);
            return true;
        }
        core.onCommand(sender.getName(), args, sender.hasPermission("uno.admin"));
        return true;
    }

    @Override
    public List<String> onTabComplete(CommandSender sender, Command command, String label, String[] args) {
        if (core == null) {
            return List.of();
        }
        return sender instanceof Player ? core.complete(sender.getName(), args) : core.completeConsole(args);
    }
}
