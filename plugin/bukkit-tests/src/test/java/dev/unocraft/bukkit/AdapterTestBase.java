package dev.unocraft.bukkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonObject;
import dev.unocraft.core.CoreAccess;
import dev.unocraft.core.UnoCore;
import dev.unocraft.spigot.UnocraftPlugin;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.stream.Stream;
import net.kyori.adventure.text.Component;
import net.kyori.adventure.text.serializer.plain.PlainTextComponentSerializer;
import org.bukkit.Material;
import org.bukkit.NamespacedKey;
import org.bukkit.entity.Item;
import org.bukkit.event.entity.EntityPickupItemEvent;
import org.bukkit.event.inventory.ClickType;
import org.bukkit.event.inventory.InventoryAction;
import org.bukkit.event.inventory.InventoryClickEvent;
import org.bukkit.event.inventory.InventoryType;
import org.bukkit.event.player.PlayerAttemptPickupItemEvent;
import org.bukkit.inventory.Inventory;
import org.bukkit.inventory.ItemStack;
import org.bukkit.inventory.meta.ItemMeta;
import org.bukkit.permissions.Permission;
import org.bukkit.persistence.PersistentDataType;
import org.bukkit.plugin.Plugin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.mockbukkit.mockbukkit.MockBukkit;
import org.mockbukkit.mockbukkit.plugin.PluginManagerMock;
import org.mockbukkit.mockbukkit.world.WorldMock;

/**
 * A MockBukkit server with the plugin loaded from its main class, no engine process (engine.autostart false,
 * bridge on a free port) and a {@link FakeEngine} attached over the real bridge, which sends the op batches.
 * The tests themselves are in {@link AdapterTests}; subclasses name the main class.
 *
 * <p>Folia mode ({@link Main#FOLIA_SPIGOT}, {@link Main#FOLIA_PAPER}): the server is a {@link FoliaServer} (it says
 * "Folia"; a global region thread and one region thread per player, each a {@link FoliaPlayer}), and every call the
 * plugin makes is judged as Folia allows it (no Bukkit scheduler, no scoreboard, a player's state on that player's
 * region only, maps on the global region). What a player does runs on that player's region thread ({@link #asPlayer},
 * {@link #command}, {@link #fire}, {@link #quit}, {@link #rejoin}, {@link #pickUp}, {@link #give}...), what the
 * server does for no one player on the global one ({@link #onGlobal}, {@link #console}, the plugin's enable), a
 * stop on the shutdown thread after the regions halt ({@link #serverStops}, {@link #unmock}); {@link #settle} waits
 * for every thread, and only a settled server's players may be read from the test thread. The same helpers run
 * the action right here in the other modes, where the test thread is the main thread.
 */
@org.junit.jupiter.api.extension.ExtendWith(AdapterTestBase.UnimplementedFails.class)
abstract class AdapterTestBase {
    /**
     * MockBukkit's UnimplementedOperationException is a TestAbortedException: a test that reaches something
     * MockBukkit lacks would be skipped, silently. Here it fails, naming what is missing.
     */
    static final class UnimplementedFails implements org.junit.jupiter.api.extension.TestExecutionExceptionHandler,
            org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler {
        private static Throwable fail(Throwable t) {
            if (t instanceof org.mockbukkit.mockbukkit.exception.UnimplementedOperationException) {
                StackTraceElement at = t.getStackTrace().length > 0 ? t.getStackTrace()[0] : null;
                return new AssertionError("MockBukkit does not implement what the test reached: " + at, t);
            }
            return t;
        }

        @Override
        public void handleTestExecutionException(org.junit.jupiter.api.extension.ExtensionContext c, Throwable t) throws Throwable {
            throw fail(t);
        }

        @Override
        public void handleBeforeEachMethodExecutionException(org.junit.jupiter.api.extension.ExtensionContext c, Throwable t) throws Throwable {
            throw fail(t);
        }

        @Override
        public void handleAfterEachMethodExecutionException(org.junit.jupiter.api.extension.ExtensionContext c, Throwable t) throws Throwable {
            throw fail(t);
        }
    }

    /** The plugin's settings for the tests: no engine process, the bridge on a free port. */
    static final String CONFIG = "bridge-port: 0\nengine:\n  autostart: false\n";
    static final int CARDS = 7;

    CheckedServer server;
    WorldMock world;
    UnocraftPlugin plugin;
    UnoCore core;
    FakeEngine engine;
    /** The plugin's hello to the engine, as the last start answered it. */
    String hello;
    /** Whether the next start has a plugin named PlaceholderAPI enabled before ours (a MockBukkit mock plugin). */
    boolean withPlaceholderApi;
    final List<String> warnings = new ArrayList<>();
    private Handler logHandler;

    /**
     * A main class under test: the class, the adapter it must pick here ("paper" or "spigot": its name in the
     * bridge's hello), whether this server is Paper (a pickup then fires Paper's PlayerAttemptPickupItemEvent
     * before Bukkit's EntityPickupItemEvent), and whether it is Folia ({@link FoliaServer}: region threads, the
     * server's name "Folia"; Folia is Paper, so it fires Paper's events). Which adapter name each main class
     * reports on Folia is the plugin's to decide: here the same as on Paper ("spigot" for the Spigot main class,
     * "paper" for the release one).
     */
    enum Main {
        SPIGOT(UnocraftPlugin.class, "spigot", false, false),
        PAPER(dev.unocraft.paper.UnocraftPaperPlugin.class, "paper", true, false),
        // on Folia the Spigot main class takes the Paper adapter from the same jar (only Paper's API has Folia's schedulers)
        FOLIA_SPIGOT(UnocraftPlugin.class, "paper", true, true),
        FOLIA_PAPER(dev.unocraft.paper.UnocraftPaperPlugin.class, "paper", true, true);

        final Class<? extends UnocraftPlugin> mainClass;
        final String platform;
        final boolean paperServer;
        final boolean folia;

        Main(Class<? extends UnocraftPlugin> mainClass, String platform, boolean paperServer, boolean folia) {
            this.mainClass = mainClass;
            this.platform = platform;
            this.paperServer = paperServer;
            this.folia = folia;
        }
    }

    /** The main class these tests run. */
    abstract Main main();

    final Class<? extends UnocraftPlugin> mainClass() {
        return main().mainClass;
    }

    final String expectedPlatform() {
        return main().platform;
    }

    final boolean paperServer() {
        return main().paperServer;
    }

    /** Whether the server is Folia ({@link FoliaServer}): what players do then happens on their region threads. */
    final boolean folia() {
        return main().folia;
    }

    /** The Folia server (Folia mode only). */
    final FoliaServer foliaServer() {
        return (FoliaServer) server;
    }

    @BeforeEach
    void startServer() throws Exception {
        startServer(dataFolder -> { });
    }

    /** A server (a new one: MockBukkit must not be mocking) with the plugin; {@code beforeEnable} may lay files in its data folder first. */
    void startServer(DataFolderSetup beforeEnable) throws Exception {
        server = MockBukkit.mock(folia() ? new FoliaServer() : new CheckedServer());
        world = new CheckedWorld(server, "world");     // its display entities judged where the plugin touches them
        server.addWorld(world);
        if (withPlaceholderApi) {
            MockBukkit.createMockPlugin("PlaceholderAPI");     // enabled first, as softdepend has it
        }
        plugin = load(mainClass(), beforeEnable);
        assertTrue(plugin.isEnabled(), "the plugin did not enable: " + warnings);
        core = coreOf(plugin);
        engine = newEngine();
        hello = engine.hello(UnoCore.VERSION);
        assertTrue(hello.contains("\"protocol\":2") && !hello.contains("refused"), hello);
        assertTrue(core.engineAttachedNow());
        settle();
    }

    /** A fake engine connected to the plugin's bridge (not attached until its hello). */
    FakeEngine newEngine() throws IOException {
        FakeEngine e = new FakeEngine(core.bridgePort(), plugin.getDataFolder().toPath().resolve("bridge.token"));
        if (server instanceof FoliaServer f) {
            e.beforeOps = f::unsettle;
        }
        return e;
    }

    @AfterEach
    void stopServer() throws IOException {
        try {
            if (MockBukkit.isMocked()) {
                unmock();     // the server stops: the plugin is disabled, its bridge closed
            }
        } finally {
            if (engine != null) {
                engine.close();
            }
            if (server instanceof FoliaServer f) {
                f.close();
            }
            if (logHandler != null && plugin != null) {
                plugin.getLogger().removeHandler(logHandler);     // the logger outlives the server (JUL keeps it by name)
            }
        }
        if (server != null) {
            assertNoViolations();
        }
        List<String> badOps = warnings.stream().filter(w -> w.startsWith("bad op") || w.startsWith("unknown op")).toList();
        assertEquals(List.of(), badOps, "ops the adapter failed to apply");
    }

    /**
     * Loads the main class as MockBukkit.load would (plugin.yml found by its main class), with the tests'
     * config.yml in its data folder first, and the permissions of plugin.yml registered (uno.play defaults to
     * true there; an unregistered permission is false for a player who is not op).
     */
    private UnocraftPlugin load(Class<? extends UnocraftPlugin> main, DataFolderSetup beforeEnable) throws IOException {
        PluginManagerMock plugins = server.getPluginManager();
        Plugin loaded = plugins.loadPlugin(main, new Object[0]);
        Files.createDirectories(loaded.getDataFolder().toPath());
        Files.writeString(loaded.getDataFolder().toPath().resolve("config.yml"), CONFIG);
        beforeEnable.prepare(loaded.getDataFolder().toPath());
        for (Permission p : loaded.getDescription().getPermissions()) {
            if (plugins.getPermission(p.getName()) == null) {
                plugins.addPermission(p);
            }
        }
        logHandler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                    synchronized (warnings) {
                        warnings.add(r.getMessage());
                    }
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        loaded.getLogger().addHandler(logHandler);
        if (folia()) {
            onGlobal(() -> plugins.enablePlugin(loaded));    // Folia: before the regions tick, where the global region's work runs
        } else {
            plugins.enablePlugin(loaded);
        }
        return (UnocraftPlugin) loaded;
    }

    /** Files laid in the plugin's data folder before it is enabled (what an earlier run left). */
    interface DataFolderSetup {
        void prepare(Path dataFolder) throws IOException;
    }

    /**
     * The server stops and starts again (MockBukkit's stop disables the plugin: a crash that leaves files behind is
     * what {@code beforeEnable} lays in the new data folder), the engine attaches again.
     */
    void restartServer(DataFolderSetup beforeEnable) throws Exception {
        unmock();
        engine.close();
        if (server instanceof FoliaServer f) {
            f.close();
        }
        assertNoViolations();
        plugin.getLogger().removeHandler(logHandler);
        startServer(beforeEnable);
    }

    /**
     * No server API was called where it may not be (off the main thread; on Folia, off the thread Folia allows).
     * The failure names each kind of violation once, with how often it happened (threads of py4j as Thread-N),
     * then the first ones in full, where they were made.
     */
    void assertNoViolations() {
        List<String> all = server.violations();
        Map<String, Integer> kinds = new java.util.LinkedHashMap<>();
        for (String v : all) {
            String first = v.lines().findFirst().orElse(v);
            kinds.merge(first.replaceAll("Thread-\\d+", "Thread-N"), 1, Integer::sum);
        }
        List<String> summary = kinds.entrySet().stream().map(e -> e.getValue() + "x " + e.getKey()).toList();
        assertEquals(List.of(), summary, (folia() ? "server API called where Folia forbids it" : "server API called off the main thread")
                + " (" + all.size() + " calls); the first ones:\n" + String.join("\n", all.subList(0, Math.min(all.size(), 5))));
    }

    /** The plugin's core (UnocraftPlugin keeps it private; there is no accessor). */
    static UnoCore coreOf(UnocraftPlugin plugin) throws ReflectiveOperationException {
        Field f = UnocraftPlugin.class.getDeclaredField("core");
        f.setAccessible(true);
        return (UnoCore) f.get(plugin);
    }

    /**
     * Runs server ticks until the plugin has nothing left to do: no task scheduled and the inventory vault's
     * thread idle (it hands its results back to the main thread through the scheduler), two ticks in a row.
     */
    void settle() {
        if (folia()) {
            settleFolia();
            return;
        }
        int quiet = 0;
        for (int i = 0; i < 2_000; i++) {
            CoreAccess.awaitVaultIdle(core);
            if (server.getScheduler().getPendingTasks().isEmpty()) {
                if (++quiet == 2) {
                    return;
                }
            } else {
                quiet = 0;
            }
            server.getScheduler().performOneTick();
        }
        fail("the plugin never settled: tasks are still scheduled after 2000 ticks");
    }

    /**
     * Folia mode: until the global region thread, every player's region thread and the vault's thread are idle,
     * nothing queued and no delayed task to come, three rounds in a row (the plugin hands work between them). Each
     * round is a tick: MockBukkit's scheduler ticks on the global region thread (only a plugin that uses the Bukkit
     * scheduler, a violation on Folia, has tasks there), delayed region tasks fall due. The test thread may then
     * read the players' state ({@link FoliaServer#settled}).
     */
    private void settleFolia() {
        FoliaServer f = foliaServer();
        f.unsettle();
        int quiet = 0;
        try {
            for (int i = 0; i < 2_000; i++) {
                if (!f.awaitRegionsIdle(30_000)) {
                    fail("a region thread stayed busy for 30 s: " + f.regions().stream().filter(r -> !r.idle()).map(r -> r.name).toList());
                }
                CoreAccess.awaitVaultIdle(core);
                boolean idle = !f.anyBusy() && f.mockScheduler().getPendingTasks().isEmpty() && f.pendingOneShots() == 0;
                if (idle) {
                    if (++quiet == 3) {
                        f.settled();
                        return;
                    }
                } else {
                    quiet = 0;
                }
                f.global.call(() -> {
                    f.mockScheduler().performOneTick();
                    return null;
                });
                f.advanceTick();
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        fail("the plugin never settled: work is still queued after 2000 ticks");
    }

    /**
     * One server tick: the ops queued for it are applied (the vault's thread may still be busy). Folia mode: one
     * round of the regions (MockBukkit's scheduler ticked, delayed tasks due), until the region threads are idle.
     */
    void oneTick() {
        if (!folia()) {
            server.getScheduler().performOneTick();
            return;
        }
        FoliaServer f = foliaServer();
        f.unsettle();
        unchecked(() -> f.global.call(() -> {
            f.mockScheduler().performOneTick();
            return null;
        }));
        f.advanceTick();
        try {
            assertTrue(f.awaitRegionsIdle(30_000), "a region thread stayed busy for 30 s");
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    // ---------------------------------------------------------------- where the server does things (Folia: region threads)

    /** Something the harness runs on a server thread; it may throw. */
    interface ServerWork<T> {
        T run() throws Exception;
    }

    interface ServerAction {
        void run() throws Exception;
    }

    private static <T> T unchecked(ServerWork<T> w) {
        try {
            return w.run();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /**
     * What a player does, or the server does to that player (an event, a command, a pickup, a quit), where the
     * server does it: on Folia on that player's region thread, and the test waits for it and then for what it
     * set off ({@link #settle}: only then may the test thread read the players' state); else here (the test
     * thread is the main thread, and nothing runs meanwhile).
     */
    <T> T asPlayer(CheckedPlayer p, ServerWork<T> w) {
        if (!folia()) {
            return unchecked(w);
        }
        foliaServer().unsettle();
        T result = unchecked(() -> ((FoliaPlayer) p).region().call(w::run));
        settleAfterAction();
        return result;
    }

    /** Folia mode, on the test thread, with the plugin running: waits for what the action set off. */
    private void settleAfterAction() {
        if (Thread.currentThread() == foliaServer().testThread && plugin != null && plugin.isEnabled() && MockBukkit.isMocked()) {
            settle();
        }
    }

    void asPlayer(CheckedPlayer p, ServerAction a) {
        asPlayer(p, () -> {
            a.run();
            return null;
        });
    }

    /** What the server does for no one player (a console command, a plugin enabled): on Folia on the global region thread. */
    <T> T onGlobal(ServerWork<T> w) {
        if (!folia()) {
            return unchecked(w);
        }
        foliaServer().unsettle();
        T result = unchecked(() -> foliaServer().global.call(w::run));
        settleAfterAction();
        return result;
    }

    void onGlobal(ServerAction a) {
        onGlobal(() -> {
            a.run();
            return null;
        });
    }

    /**
     * Whether the vault holds the player's own items (the core looks the player up: on Folia that is asked on the
     * player's region thread, nothing waited for besides).
     */
    boolean vaultHolds(CheckedPlayer p) {
        if (!folia()) {
            return core.vault().holds(p.getName());
        }
        return unchecked(() -> ((FoliaPlayer) p).region().call(() -> core.vault().holds(p.getName())));
    }

    /** The player types a command. */
    boolean command(CheckedPlayer p, String line) {
        return asPlayer(p, () -> p.performCommand(line));
    }

    /** The server fires an event of the player's. */
    <E extends org.bukkit.event.Event> E fire(CheckedPlayer p, E event) {
        asPlayer(p, () -> server.getPluginManager().callEvent(event));
        return event;
    }

    /** The player quits. */
    boolean quit(CheckedPlayer p) {
        return asPlayer(p, p::disconnect);
    }

    /** The player joins again. */
    boolean rejoin(CheckedPlayer p) {
        return asPlayer(p, p::reconnect);
    }

    /** The console types a command. */
    boolean console(String line) {
        return onGlobal(() -> server.dispatchCommand(server.getConsoleSender(), line));
    }

    /**
     * The server stops with the plugin in it: the plugin is disabled. On Folia the regions halt first (what is
     * queued there is dropped) and the plugin is disabled on the shutdown thread, which owns every region.
     */
    void serverStops() {
        if (!folia()) {
            server.getPluginManager().disablePlugin(plugin);
            return;
        }
        unchecked(() -> {
            foliaServer().shutdown(() -> server.getPluginManager().disablePlugin(plugin));
            return null;
        });
    }

    /** The server is gone (MockBukkit.unmock: every plugin disabled, then the server); on Folia as {@link #stopPlugin}. */
    void unmock() {
        if (!(server instanceof FoliaServer f)) {
            MockBukkit.unmock();
            return;
        }
        unchecked(() -> {
            f.shutdown(MockBukkit::unmock);
            return null;
        });
    }

    /** A line in the test's output (target/surefire-reports/*-output.txt): which way an either-or went. */
    void note(String line) {
        System.out.println("[" + getClass().getSimpleName() + "] " + line);
    }

    // ---------------------------------------------------------------- players and items

    static ItemStack sword() {
        ItemStack sword = new ItemStack(Material.DIAMOND_SWORD);
        ItemMeta meta = sword.getItemMeta();
        meta.displayName(Component.text("Old Faithful"));
        sword.setItemMeta(meta);
        return sword;
    }

    static ItemStack diamonds() {
        return new ItemStack(Material.DIAMOND, 5);
    }

    /** A player on the server with their own items: the sword in slot 0, 5 diamonds in slot 3. */
    CheckedPlayer join(String name) throws InterruptedException {
        return join(name, inventory -> {
            inventory.setItem(0, sword());
            inventory.setItem(3, diamonds());
        });
    }

    /** A player joins with the inventory the server loaded for them ({@code items} fills it before the join event). */
    CheckedPlayer join(String name, java.util.function.Consumer<org.bukkit.inventory.PlayerInventory> items) throws InterruptedException {
        CheckedPlayer p = folia() ? new FoliaPlayer(foliaServer(), name) : new CheckedPlayer(server, name);
        asPlayer(p, () -> {
            items.accept(p.getInventory());
            server.addPlayer(p);
        });
        settle();
        List<JsonObject> events = CoreAccess.takeEvents(core);
        assertTrue(events.stream().anyMatch(e -> type(e, "join") && name.equals(e.get("player").getAsString())), events.toString());
        return p;
    }

    static boolean type(JsonObject e, String type) {
        return type.equals(e.get("type").getAsString());
    }

    /** The engine's tag on an item (the adapter's NamespacedKey), or null for an item that is not the engine's. */
    String tagOf(ItemStack item) {
        if (item == null || item.getType() == Material.AIR || !item.hasItemMeta()) {
            return null;
        }
        return item.getItemMeta().getPersistentDataContainer().get(new NamespacedKey(plugin, UnoCore.TAG_KEY), PersistentDataType.STRING);
    }

    /** Every non-empty slot of the player's inventory (0–8 hotbar, 9–35, 36–39 armour, 40 off-hand). */
    static Map<Integer, ItemStack> contents(CheckedPlayer p) {
        Map<Integer, ItemStack> out = new TreeMap<>();
        ItemStack[] items = p.getInventory().getContents();
        for (int i = 0; i < items.length; i++) {
            if (items[i] != null && items[i].getType() != Material.AIR) {
                out.put(i, items[i]);
            }
        }
        return out;
    }

    /** Material → how many of it the player's inventory holds, over all slots. */
    static Map<Material, Integer> counts(CheckedPlayer p) {
        Map<Material, Integer> out = new TreeMap<>();
        contents(p).values().forEach(i -> out.merge(i.getType(), i.getAmount(), Integer::sum));
        return out;
    }

    static String describe(Map<Integer, ItemStack> contents) {
        StringBuilder b = new StringBuilder("{");
        contents.forEach((slot, item) -> b.append(b.length() > 1 ? ", " : "").append(slot).append('=')
                .append(item.getType()).append(" x").append(item.getAmount()));
        return b.append('}').toString();
    }

    // ---------------------------------------------------------------- what the engine sends

    static String pixels(int seed) {
        byte[] p = new byte[128 * 128];
        for (int i = 0; i < p.length; i++) {
            p[i] = (byte) (4 + (i + seed) % 50);
        }
        return Base64.getEncoder().encodeToString(p);
    }

    /** The card faces of the deal (R0…R6), as the engine sends them once attached. */
    static String faces() {
        StringBuilder b = new StringBuilder("{\"ops\":[");
        for (int i = 0; i < CARDS; i++) {
            b.append(i == 0 ? "" : ",").append("{\"op\":\"face\",\"key\":\"R").append(i).append("\",\"pixels\":\"").append(pixels(i)).append("\"}");
        }
        return b.append("]}").toString();
    }

    /** Seven cards on maps in slots 0–6 (over the sword and the diamonds), slot 0 held, with what a deal shows besides. */
    static String deal(String player) {
        StringBuilder b = new StringBuilder("{\"ops\":[{\"op\":\"items\",\"player\":\"").append(player).append("\",\"slots\":{");
        for (int i = 0; i < CARDS; i++) {
            b.append(i == 0 ? "" : ",").append('"').append(i).append("\":{\"face\":\"R").append(i)
                    .append("\",\"name\":{\"text\":\"Red ").append(i).append("\",\"colour\":\"red\"},\"lore\":[\"right-click to play\"],\"tag\":\"card:R")
                    .append(i).append("\"}");
        }
        b.append("},\"held\":0},");
        b.append("{\"op\":\"msg\",\"player\":\"").append(player).append("\",\"c\":[{\"text\":\"You were dealt 7 cards\",\"colour\":\"green\",\"hover\":\"UNO\"}]},");
        b.append("{\"op\":\"title\",\"player\":\"").append(player).append("\",\"title\":\"UNO\",\"subtitle\":\"your turn\"},");
        b.append("{\"op\":\"actionbar\",\"player\":\"").append(player).append("\",\"c\":\"your turn\"},");
        b.append("{\"op\":\"sound\",\"player\":\"").append(player).append("\",\"sound\":\"minecraft:ui.button.click\",\"volume\":0.5},");
        b.append("{\"op\":\"sidebar\",\"player\":\"").append(player).append("\",\"title\":\"UNO\",\"lines\":[\"").append(player).append(": 7\",\"top card: R9\"]}");
        return b.append("]}").toString();
    }

    /** The engine gives the player their items back: the way out of every game (end, leave, kick). */
    static String restore(String player) {
        return "{\"ops\":[{\"op\":\"restore\",\"player\":\"" + player + "\"},{\"op\":\"sidebar_clear\",\"player\":\"" + player + "\"}]}";
    }

    /** Faces sent, then the deal, each applied; the player then holds the seven cards. */
    void dealCards(CheckedPlayer p) {
        engine.ops(faces());
        settle();
        engine.ops(deal(p.getName()));
        settle();
    }

    String plain(Component c) {
        return PlainTextComponentSerializer.plainText().serialize(c);
    }

    /** Every chat message the player received so far, as plain text. */
    List<String> messages(CheckedPlayer p) {
        List<String> out = new ArrayList<>();
        Component c;
        while ((c = p.nextComponentMessage()) != null) {
            out.add(plain(c));
        }
        return out;
    }

    /** Ticks the server until the player is told something containing {@code text} (at most 10 s); every message told meanwhile. */
    List<String> awaitMessage(CheckedPlayer p, String text) throws InterruptedException {
        List<String> said = new ArrayList<>();
        long end = System.nanoTime() + 10_000_000_000L;
        do {
            settle();
            said.addAll(messages(p));
            if (said.stream().anyMatch(m -> m.contains(text))) {
                break;
            }
            Thread.sleep(10);
        } while (System.nanoTime() < end);
        return said;
    }

    // ---------------------------------------------------------------- the vault on disk

    Path vaultDir() {
        return plugin.getDataFolder().toPath().resolve("vault");
    }

    List<Path> vaultFiles() throws IOException {
        if (!Files.isDirectory(vaultDir())) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(vaultDir())) {
            return s.filter(f -> f.getFileName().toString().endsWith(".inv")).sorted().toList();
        }
    }

    // ---------------------------------------------------------------- what a server does around the plugin

    /**
     * The player walks over a dropped stack, as the server ticks it: Paper first fires its
     * PlayerAttemptPickupItemEvent, then (not cancelled) Bukkit's EntityPickupItemEvent; when neither was cancelled the
     * stack goes into the inventory and the item entity is gone. Returns the item entity and whether it was picked up.
     */
    record Pickup(Item entity, boolean pickedUp) {}

    Pickup pickUp(CheckedPlayer p, ItemStack stack) {
        return asPlayer(p, () -> pickUpHere(p, stack));
    }

    private Pickup pickUpHere(CheckedPlayer p, ItemStack stack) {
        Item entity = world.dropItem(p.getLocation(), stack);
        boolean allowed = true;
        if (paperServer()) {
            PlayerAttemptPickupItemEvent attempt = new PlayerAttemptPickupItemEvent(p, entity, 0);
            server.getPluginManager().callEvent(attempt);
            allowed = !attempt.isCancelled();
        }
        if (allowed) {
            EntityPickupItemEvent pickup = new EntityPickupItemEvent(p, entity, 0);
            server.getPluginManager().callEvent(pickup);
            allowed = !pickup.isCancelled();
        }
        if (allowed) {
            Map<Integer, ItemStack> left = p.getInventory().addItem(entity.getItemStack().clone());
            assertTrue(left.isEmpty(), "no room for the stack picked up");
            entity.remove();
        }
        return new Pickup(entity, allowed);
    }

    /**
     * The player opens a chest and shift-clicks its slot 0 (the stack moves into their inventory unless the
     * click, or the opening, is cancelled). Returns the chest and whether the stack moved.
     */
    record ChestTake(Inventory chest, boolean taken) {}

    ChestTake takeFromChest(CheckedPlayer p, ItemStack stack) {
        return asPlayer(p, () -> takeFromChestHere(p, stack));
    }

    private ChestTake takeFromChestHere(CheckedPlayer p, ItemStack stack) {
        Inventory chest = server.createInventory(null, InventoryType.CHEST);
        chest.setItem(0, stack.clone());
        ConvertingView view = new ConvertingView(p, chest);
        p.openInventory(view);
        boolean taken = false;
        if (p.getOpenInventory() == view) {      // else the opening was cancelled: nothing can be taken
            InventoryClickEvent click = new InventoryClickEvent(view, InventoryType.SlotType.CONTAINER, 0,
                    ClickType.SHIFT_LEFT, InventoryAction.MOVE_TO_OTHER_INVENTORY);
            assertEquals(stack.getType(), click.getCurrentItem().getType());
            server.getPluginManager().callEvent(click);
            if (!click.isCancelled()) {
                chest.setItem(0, null);
                Map<Integer, ItemStack> left = p.getInventory().addItem(stack.clone());
                assertTrue(left.isEmpty(), "no room for the stack taken");
                taken = true;
            }
            p.closeInventory();
        }
        return new ChestTake(chest, taken);
    }

    /** What /give does: straight into the inventory, no event a plugin could cancel. */
    void give(CheckedPlayer p, ItemStack stack) {
        asPlayer(p, () -> {
            Map<Integer, ItemStack> left = p.getInventory().addItem(stack);
            assertTrue(left.isEmpty(), "no room for the stack given");
        });
    }

    void assertHoldsTheDeal(CheckedPlayer p) {
        Map<Integer, ItemStack> items = contents(p);
        assertEquals(CARDS, items.size(), "the inventory holds exactly the cards: " + describe(items));
        for (int i = 0; i < CARDS; i++) {
            ItemStack card = items.get(i);
            assertNotNull(card, "no card in slot " + i + ": " + describe(items));
            assertEquals(Material.FILLED_MAP, card.getType(), "slot " + i);
            assertEquals("card:R" + i, tagOf(card), "slot " + i);
            org.bukkit.inventory.meta.MapMeta meta = (org.bukkit.inventory.meta.MapMeta) card.getItemMeta();
            assertTrue(meta.hasMapView(), "slot " + i + " shows no map");
            assertEquals(core.faces().idOf("R" + i), meta.getMapView().getId(), "slot " + i + " shows another face");
        }
    }
}
