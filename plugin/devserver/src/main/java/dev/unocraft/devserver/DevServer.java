package dev.unocraft.devserver;

import dev.unocraft.core.EngineInstaller;
import dev.unocraft.core.EngineRuntime;
import dev.unocraft.core.EngineSupervisor;
import dev.unocraft.core.GraalPyRuntime;
import dev.unocraft.core.UnoCore;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.logging.Logger;
import net.kyori.adventure.text.Component;
import net.kyori.adventure.text.format.NamedTextColor;
import net.minestom.server.Auth;
import net.minestom.server.MinecraftServer;
import net.minestom.server.command.builder.Command;
import net.minestom.server.command.builder.arguments.ArgumentStringArray;
import net.minestom.server.command.builder.arguments.ArgumentType;
import net.minestom.server.command.builder.suggestion.SuggestionEntry;
import net.minestom.server.coordinate.Pos;
import net.minestom.server.entity.GameMode;
import net.minestom.server.entity.Player;
import net.minestom.server.event.GlobalEventHandler;
import net.minestom.server.event.inventory.InventoryPreClickEvent;
import net.minestom.server.event.item.ItemDropEvent;
import net.minestom.server.event.player.AsyncPlayerConfigurationEvent;
import net.minestom.server.event.player.PlayerDeathEvent;
import net.minestom.server.event.player.PlayerDisconnectEvent;
import net.minestom.server.event.player.PlayerRespawnEvent;
import net.minestom.server.event.player.PlayerSpawnEvent;
import net.minestom.server.event.player.PlayerSwapItemEvent;
import net.minestom.server.event.player.PlayerUseItemEvent;
import net.minestom.server.instance.InstanceContainer;
import net.minestom.server.instance.block.Block;
import net.minestom.server.item.ItemStack;
import net.minestom.server.item.Material;

/**
 * The embedded development server `unocraft serve` starts: Minestom (offline mode, flat world, a
 * table at spawn) with the unocraft core attached. Minestom keeps no player data, so this server
 * saves each player's inventory on quit and shutdown (as a vanilla server would) to make
 * "items survive a restart" testable.
 *
 * <pre>java -jar unocraft-devserver.jar [--host 127.0.0.1] [--port 25565] [--bridge-port 25333]
 *          [--data DIR] [--token-file FILE] [--admins name,name] [--no-stake name,name]
 *          [--engine-python PYTHON] [--engine-runtime auto|cpython|graalpy] [--engine-resources DIR]
 *          [--graalpy-libraries DIR] [--engine-arg ARG]...</pre>
 *
 * With {@code --engine-python} or {@code --engine-runtime} the server starts and supervises the
 * engine itself, with the same {@link EngineSupervisor} and {@link EngineRuntime} choice the Spigot
 * plugin uses ({@code --engine-arg}s are added to its command line); {@code --engine-resources}
 * stands for the plugin jar's {@code engine/} (the wheel and GraalPy's dependencies: what
 * scripts/release puts there); {@code --graalpy-libraries} is where GraalPy's jars are kept.
 * Without either, an engine attaches on its own ({@code unocraft serve --attach}).
 */
public final class DevServer {
    /** The dev world's id, the same in every run: a table resumed after a restart stands where it stood. */
    static final java.util.UUID WORLD_ID = java.util.UUID.nameUUIDFromBytes("unocraft dev world".getBytes(java.nio.charset.StandardCharsets.UTF_8));

    private static final Logger LOG = Logger.getLogger("unocraft");
    static final Pos SPAWN = new Pos(0.5, 40, 0.5);     // on the grass (y 39 is the top layer)
    /**
     * Blocks between two players' spawn points, east of {@link #SPAWN} in the order they join; 0
     * (the default): everyone spawns at {@link #SPAWN}. The capacity benchmark spreads its hundreds
     * of clients beyond each other's view ({@code -Dunocraft.spawnSpacing=160}), as players at
     * many tables are: at one spot each is sent every other's movements and equipment.
     */
    static final int SPAWN_SPACING = Integer.getInteger("unocraft.spawnSpacing", 0);
    private static final java.util.concurrent.atomic.AtomicInteger JOINS = new java.util.concurrent.atomic.AtomicInteger();
    /** Players with the uno.admin rights (Minestom has no permission system): --admins a,b */
    static final java.util.Set<String> ADMINS = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private DevServer() {}

    /** What the plugin jar would hold: this jar's resources, then the folder's (the engine wheel, GraalPy's dependencies). */
    static EngineInstaller.Resources resources(Path folder) {
        return name -> {
            java.io.InputStream in = DevServer.class.getClassLoader().getResourceAsStream(name);
            if (in != null || folder == null || !Files.isRegularFile(folder.resolve(name))) {
                return in;
            }
            return Files.newInputStream(folder.resolve(name));
        };
    }

    public static void main(String[] args) throws IOException {
        System.setProperty("minestom.shutdown-on-signal", "false");   // our shutdown hook stops it, in order
        // one line per record (the engine's own lines come through this log, prefixed [engine])
        System.setProperty("java.util.logging.SimpleFormatter.format", "%1$tT %4$s %3$s: %5$s%6$s%n");
        String host = "127.0.0.1";
        int port = 25565;
        int bridgePort = 25333;
        Path data = Path.of("devserver-data");
        Path token = null;
        String enginePython = null;
        String engineRuntime = null;
        Path engineResources = null;
        String graalPyLibraries = "";
        java.util.List<String> engineArgs = new java.util.ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String v = i + 1 < args.length ? args[i + 1] : null;
            switch (a) {
                case "--host" -> { host = v; i++; }
                case "--port" -> { port = Integer.parseInt(v); i++; }
                case "--bridge-port" -> { bridgePort = Integer.parseInt(v); i++; }
                case "--data" -> { data = Path.of(v); i++; }
                case "--token-file" -> { token = Path.of(v); i++; }
                case "--engine-python" -> { enginePython = v; i++; }
                case "--engine-arg" -> { engineArgs.add(v); i++; }
                case "--engine-runtime" -> { engineRuntime = v; i++; }
                case "--engine-resources" -> { engineResources = Path.of(v); i++; }
                case "--graalpy-libraries" -> { graalPyLibraries = v; i++; }
                case "--admins" -> { ADMINS.addAll(java.util.Arrays.asList(v.toLowerCase(Locale.ROOT).split(","))); i++; }
                case "--no-stake" -> { DevPermissions.NO_STAKE.addAll(java.util.Arrays.asList(v.toLowerCase(Locale.ROOT).split(","))); i++; }
                default -> {
                    System.err.println("unknown argument " + a);
                    System.exit(2);
                }
            }
        }
        if (token == null) {
            token = data.resolve("bridge.token");
        }
        // Before anything else listens: with the port taken, stop at once with one line (Minestom
        // would log the BindException, leave its threads and the engine bridge running, and stay up).
        requireFreePort(host, port);
        Files.createDirectories(data);

        MinecraftServer server = MinecraftServer.init(new Auth.Offline());
        MinecraftServer.setBrandName("unocraft-dev");
        // one world whose id (its name for the engine: tables remember where they stand) is the same in every run
        InstanceContainer world = new InstanceContainer(WORLD_ID, net.minestom.server.world.DimensionType.OVERWORLD);
        MinecraftServer.getInstanceManager().registerInstance(world);
        world.setGenerator(unit -> {
            unit.modifier().fillHeight(0, 39, Block.STONE);
            unit.modifier().fillHeight(39, 40, Block.GRASS_BLOCK);
        });
        world.setBlock(0, 40, 3, Block.OAK_PLANKS);   // the table in front of spawn

        MinestomPlatform platform = new MinestomPlatform(data);
        UnoCore core = new UnoCore(platform, "minestom");
        PlayerStore store = new PlayerStore(data.resolve("players"));

        GlobalEventHandler events = MinecraftServer.getGlobalEventHandler();
        events.addListener(AsyncPlayerConfigurationEvent.class, e -> {
            e.setSpawningInstance(world);
            e.getPlayer().setRespawnPoint(SPAWN_SPACING == 0 ? SPAWN : SPAWN.add(SPAWN_SPACING * JOINS.getAndIncrement(), 0, 0));
        });
        events.addListener(PlayerSpawnEvent.class, e -> {
            if (!e.isFirstSpawn()) {
                return;
            }
            Player p = e.getPlayer();
            p.setGameMode(GameMode.SURVIVAL);
            p.setCanPickupItem(true);
            MinestomPlayers.track(p);
            store.load(p);
            platform.screen().sendMaps(p);
            core.onJoin(p.getUsername());
        });
        events.addListener(PlayerDisconnectEvent.class, e -> {
            Player p = e.getPlayer();
            core.onQuit(p.getUsername());   // gives back the saved items first
            store.save(p);
            MinestomPlayers.untrack(p);
        });
        // A death empties the inventory, as on a vanilla server (keepInventory off; Minestom itself keeps
        // it): what is not the engine's drops where the player died, cards never do (the player's own
        // items are in the vault during a game). The respawn goes to the engine, which draws the hand again.
        events.addListener(PlayerDeathEvent.class, e -> dropAtDeath(e.getPlayer(), core));
        events.addListener(PlayerRespawnEvent.class, e -> core.onRespawn(e.getPlayer().getUsername()));
        events.addListener(net.minestom.server.event.player.PlayerChatEvent.class,
                e -> core.onChat(e.getPlayer().getUsername()));
        events.addListener(PlayerUseItemEvent.class, e -> {
            String tag = e.getItemStack().getTag(MinestomSlots.ENGINE_TAG);
            if (UnoCore.isEngineTag(tag)) {
                e.setCancelled(true);
                int slot = e.getHand() == net.minestom.server.entity.PlayerHand.OFF ? 40 : e.getPlayer().getHeldSlot();
                core.onUse(e.getPlayer().getUsername(), slot, tag);
            }
        });
        // What is cancelled is the core's ItemPolicy's to say; these listeners only report and carry it out.
        events.addListener(InventoryPreClickEvent.class, e -> {
            ItemStack clicked = e.getClickedItem();
            String tag = clicked == null ? null : clicked.getTag(MinestomSlots.ENGINE_TAG);
            ItemStack cursor = e.getPlayer().getInventory().getCursorItem();
            boolean cardMoves = UnoCore.isEngineTag(cursor.getTag(MinestomSlots.ENGINE_TAG)) || hotbarSwapOfEngineItem(e);
            boolean other = e.getInventory() != e.getPlayer().getInventory();
            if (core.items().click(e.getPlayer().getUsername(), e.getSlot(), tag, cardMoves, other, false)) {
                e.setCancelled(true);
            }
        });
        events.addListener(net.minestom.server.event.item.PickupItemEvent.class, e -> {
            if (!(e.getLivingEntity() instanceof Player p)) {
                return;
            }
            // Minestom leaves the pickup itself to the server: into the inventory, or the item stays on the ground
            if (core.items().pickup(p.getUsername()) || !p.getInventory().addItemStack(e.getItemStack())) {
                e.setCancelled(true);
            }
        });
        events.addListener(ItemDropEvent.class, e -> {
            if (core.items().drop(e.getItemStack().getTag(MinestomSlots.ENGINE_TAG))) {
                e.setCancelled(true);
            }
        });
        events.addListener(PlayerSwapItemEvent.class, e -> {
            if (core.items().swapHands(e.getMainHandItem().getTag(MinestomSlots.ENGINE_TAG),
                    e.getOffHandItem().getTag(MinestomSlots.ENGINE_TAG))) {
                e.setCancelled(true);
            }
        });

        registerCommands(core);
        platform.money().registerCommand();     // /devmoney: the dev economy's balances, for tests

        try {
            core.enable(bridgePort, token);
        } catch (IOException | RuntimeException e) {     // a taken port is an IOException (UnoCore.enable)
            fail("cannot listen for the engine on 127.0.0.1:" + bridgePort + " (" + rootCause(e)
                    + "); is another dev server running? Choose another port with --bridge-port");
        }
        server.start(host, port);
        LOG.info("unocraft dev server on " + host + ":" + port + " (offline mode, Minecraft "
                + MinecraftServer.VERSION_NAME + ")");
        readConsole(core);
        if (enginePython != null || engineRuntime != null) {
            Path tokenFile = token;
            EngineInstaller.Resources resources = resources(engineResources);
            EngineInstaller cpython = new EngineInstaller(data, UnoCore.VERSION, enginePython == null ? "" : enginePython,
                    resources, LOG);
            GraalPyRuntime graalpy = new GraalPyRuntime(data, graalPyLibraries, UnoCore.VERSION, resources, "", "", LOG);
            String runtime = engineRuntime;
            core.superviseEngine(() -> EngineRuntime.parse(runtime == null ? "cpython" : runtime)
                    .command(cpython, graalpy, core.bridgePort(), tokenFile, engineArgs, LOG));
        }

        // Our hook, not Minestom's, stops the server: saved inventories go back to the players
        // (and into their saved data) first, then the server stops.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("unocraft: stopping; giving back saved inventories");
            try {
                core.disable();
                MinestomPlayers.tracked().forEach(store::save);
                if (core.supervisor() != null && !core.supervisor().awaitExit(20_000)) {
                    System.out.println("unocraft: the engine did not stop in 20 s");
                }
                if (UnoCore.figuresAtStop()) {
                    System.out.println("unocraft: " + core.statsLine());
                    System.out.println("unocraft: " + core.tickStatsLine());
                    System.out.println("unocraft: " + core.opKindsLine());
                    System.out.println("unocraft: " + core.bridgeLegsLine());
                }
            } catch (RuntimeException | InterruptedException ex) {
                System.out.println("unocraft: shutdown: " + ex);
            }
            MinecraftServer.stopCleanly();
        }, "unocraft-shutdown"));
    }

    /** Lines typed into the terminal are console commands: `uno tables`, `uno engine status`, … */
    private static void readConsole(UnoCore core) {
        Thread t = new Thread(() -> {
            try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    String[] words = line.trim().replaceFirst("^/?uno\\s*", "").split("\\s+");
                    core.onConsoleCommand(words.length == 1 && words[0].isEmpty() ? new String[0] : words, LOG::info);
                }
            } catch (IOException e) {
                LOG.fine("console closed: " + e);
            }
        }, "unocraft-console");
        t.setDaemon(true);
        t.start();
    }

    /** Exits with one line naming the port and --port when host:port cannot be listened on. */
    private static void requireFreePort(String host, int port) {
        try (java.net.ServerSocket probe = new java.net.ServerSocket()) {
            probe.bind(new java.net.InetSocketAddress(host, port));
        } catch (IOException | RuntimeException e) {
            fail("cannot listen on " + host + ":" + port + " (" + rootCause(e)
                    + "); is another Minecraft server running? Choose another port with --port");
        }
    }

    private static String rootCause(Throwable e) {
        while (e.getCause() != null) {
            e = e.getCause();
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    private static void fail(String line) {
        System.err.println("unocraft dev server: " + line);
        System.exit(1);
    }

    /** What a vanilla server does with the inventory at a death (keepInventory off), with the core's {@code dropsAtDeath}. */
    static void dropAtDeath(Player p, UnoCore core) {
        net.minestom.server.inventory.PlayerInventory inventory = p.getInventory();
        for (int slot = 0; slot < inventory.getSize(); slot++) {
            ItemStack item = inventory.getItemStack(slot);
            if (!item.isAir() && core.items().dropsAtDeath(item.getTag(MinestomSlots.ENGINE_TAG)) && p.getInstance() != null) {
                net.minestom.server.entity.ItemEntity drop = new net.minestom.server.entity.ItemEntity(item);
                drop.setPickupDelay(java.time.Duration.ofSeconds(2));
                drop.setInstance(p.getInstance(), p.getPosition());
            }
        }
        inventory.clear();
    }

    private static boolean hotbarSwapOfEngineItem(InventoryPreClickEvent e) {
        if (e.getClick() instanceof net.minestom.server.inventory.click.Click.HotbarSwap swap) {
            ItemStack other = e.getPlayer().getInventory().getItemStack(swap.hotbarSlot());
            return UnoCore.isEngineTag(other.getTag(MinestomSlots.ENGINE_TAG));
        }
        return e.getClick() instanceof net.minestom.server.inventory.click.Click.OffhandSwap;
    }

    private static void registerCommands(UnoCore core) {
        Command uno = new Command("uno");
        ArgumentStringArray rest = ArgumentType.StringArray("args");
        rest.setSuggestionCallback((sender, context, suggestion) -> {
            if (!(sender instanceof Player p)) {
                return;
            }
            String input = suggestion.getInput();
            String afterName = input.replaceFirst("^/?uno\\s*", "");
            String[] words = afterName.split(" ", -1);
            for (String w : core.complete(p.getUsername(), words)) {
                suggestion.addEntry(new SuggestionEntry(w));
            }
        });
        uno.setDefaultExecutor((sender, context) -> {
            if (sender instanceof Player p) {
                core.onCommand(p.getUsername(), new String[0]);
            }
        });
        uno.addSyntax((sender, context) -> {
            if (sender instanceof Player p) {
                core.onCommand(p.getUsername(), context.get(rest), ADMINS.contains(p.getUsername().toLowerCase(Locale.ROOT)));
            }
        }, rest);
        MinecraftServer.getCommandManager().register(uno);

        // Dev and test helpers; they never touch the engine.
        Command give = new Command("devgive");
        var material = ArgumentType.Word("material");
        var count = ArgumentType.Integer("count").setDefaultValue(1);
        give.addSyntax((sender, context) -> {
            ItemStack stack = sender instanceof Player p ? stackOf(p, context.get(material), context.get(count)) : null;
            if (stack != null) {
                // as /give on a real server: while seated too (the vault's merge keeps it at the game's end)
                ((Player) sender).getInventory().addItemStack(stack);
            }
        }, material, count);
        MinecraftServer.getCommandManager().register(give);

        // An item on the ground at the player's feet, picked up after a second (when the item policy lets it).
        Command drop = new Command("devdrop");
        drop.addSyntax((sender, context) -> {
            ItemStack stack = sender instanceof Player p ? stackOf(p, context.get(material), context.get(count)) : null;
            if (stack != null) {
                Player p = (Player) sender;
                net.minestom.server.entity.ItemEntity item = new net.minestom.server.entity.ItemEntity(stack);
                item.setPickupDelay(java.time.Duration.ofSeconds(1));
                item.setInstance(p.getInstance(), p.getPosition());
            }
        }, material, count);
        MinecraftServer.getCommandManager().register(drop);

        // The player dies (as a fall or a mob would kill them): the death screen, then a respawn.
        Command kill = new Command("devkill");
        kill.setDefaultExecutor((sender, context) -> {
            if (sender instanceof Player p) {
                p.kill();
            }
        });
        MinecraftServer.getCommandManager().register(kill);

        // One chest for everyone, opened by command (the dev world has no chest block): 5 apples to start with.
        net.minestom.server.inventory.Inventory chest = new net.minestom.server.inventory.Inventory(
                net.minestom.server.inventory.InventoryType.CHEST_1_ROW, Component.text("dev chest"));
        chest.setItemStack(0, ItemStack.of(Material.APPLE, 5));
        Command openChest = new Command("devchest");
        openChest.setDefaultExecutor((sender, context) -> {
            if (sender instanceof Player p) {
                p.openInventory(chest);
            }
        });
        MinecraftServer.getCommandManager().register(openChest);

        // A plain Java round trip for the bridge benchmark: changes one inventory slot, no Python.
        Command ping = new Command("benchping");
        var n = ArgumentType.Integer("n");
        ping.addSyntax((sender, context) -> {
            if (sender instanceof Player p) {
                p.getInventory().setItemStack(35, ItemStack.of(Material.PAPER, 1 + context.get(n) % 64));
            }
        }, n);
        MinecraftServer.getCommandManager().register(ping);

        // The dev server has no PlaceholderAPI: the same cache its expansion reads answers here, so a
        // test reads what %unocraft_<name>% would show this player (an unknown name: "").
        core.wantPlaceholders();
        Command placeholder = new Command("unoplaceholder");
        var name = ArgumentType.Word("name");
        placeholder.addSyntax((sender, context) -> {
            if (sender instanceof Player p) {
                String key = context.get(name);
                p.sendMessage(Component.text("%unocraft_" + key + "% = \"" + core.placeholder(p.getUsername(), key) + "\""));
            }
        }, name);
        MinecraftServer.getCommandManager().register(placeholder);
    }

    /** The dev commands' stack of {@code count} of the item named, or null (the player told) for an unknown name. */
    private static ItemStack stackOf(Player p, String name, int count) {
        Material m = Material.fromKey(name.toLowerCase(Locale.ROOT));
        if (m == null) {
            p.sendMessage(Component.text("unknown item", NamedTextColor.RED));
            return null;
        }
        return ItemStack.of(m, count);
    }

    /** The highest map id already given to a card face, so new faces never reuse one. */
    static int highestSavedMapId(Path data) {
        Path f = data.resolve("faces.properties");
        if (!Files.exists(f)) {
            return 0;
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            return 0;
        }
        return p.values().stream().mapToInt(v -> Integer.parseInt(((String) v).trim())).max().orElse(0);
    }
}
