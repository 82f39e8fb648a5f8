package dev.unocraft.bukkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.unocraft.core.CoreAccess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bukkit.Material;
import org.bukkit.NamespacedKey;
import org.bukkit.block.BlockFace;
import org.bukkit.configuration.file.YamlConfiguration;
import org.bukkit.entity.Item;
import org.bukkit.event.Event;
import org.bukkit.event.block.Action;
import org.bukkit.event.inventory.ClickType;
import org.bukkit.event.inventory.InventoryAction;
import org.bukkit.event.inventory.InventoryClickEvent;
import org.bukkit.event.inventory.InventoryType;
import org.bukkit.event.player.PlayerDropItemEvent;
import org.bukkit.event.player.PlayerInteractEntityEvent;
import org.bukkit.event.player.PlayerInteractEvent;
import org.bukkit.inventory.EquipmentSlot;
import org.bukkit.inventory.ItemStack;
import org.bukkit.persistence.PersistentDataType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mockbukkit.mockbukkit.MockBukkit;

/**
 * The Bukkit adapter on MockBukkit with the real Paper API: commands, a deal of cards on maps, clicks, and the
 * player's items on every way out of a game. Run for each main class (the subclasses).
 */
abstract class AdapterTests extends AdapterTestBase {

    @Test
    void theMainClassPicksItsAdapter() {
        assertEquals(expectedPlatform(), core.platformName());
        assertEquals(expectedPlatform().equals("paper") ? "dev.unocraft.paper.PaperPlatform" : "dev.unocraft.spigot.SpigotPlatform",
                core.platform().getClass().getName());
        // Folia: Paper's region schedulers, the sidebar as a boss bar; elsewhere the main thread and a scoreboard
        assertEquals(folia() ? "dev.unocraft.paper.FoliaScheduling" : "dev.unocraft.spigot.BukkitScheduling",
                core.platform().scheduling().getClass().getName());
        assertEquals(folia() ? "FoliaScreen" : paperServer() ? "PaperScreen" : "SpigotScreen",
                core.platform().screen().getClass().getSimpleName());
    }

    /** The text of the boss bars the player sees. */
    List<String> bossBars(CheckedPlayer p) {
        List<String> bars = new java.util.ArrayList<>();
        p.activeBossBars().forEach(b -> bars.add(plain(b.name())));
        return bars;
    }

    // ---------------------------------------------------------------- 1. commands

    @Test
    void unoStartAndJoinReachTheEngineAsCommands() throws Exception {
        CheckedPlayer ann = join("ann");
        CheckedPlayer bob = join("bob");
        assertTrue(command(ann, "uno start"));
        assertTrue(command(bob, "uno join ann"));
        List<JsonObject> events = CoreAccess.takeEvents(core);
        assertEquals(2, events.size(), events.toString());
        assertCommand(events.get(0), "ann", "start");
        assertCommand(events.get(1), "bob", "join", "ann");
        assertEquals(ann.getUniqueId().toString(), events.get(0).get("uuid").getAsString());
        assertEquals(3, events.get(0).getAsJsonArray("pos").size());
        assertFalse(events.get(0).has("admin"), "a player who is not op has no uno.admin");
        ann.setOp(true);
        assertTrue(command(ann, "uno close"));
        JsonObject close = CoreAccess.takeEvents(core).get(0);
        assertCommand(close, "ann", "close");
        assertTrue(close.get("admin").getAsBoolean(), "an op has uno.admin");
    }

    private static void assertCommand(JsonObject e, String player, String... args) {
        assertEquals("command", e.get("type").getAsString(), e.toString());
        assertEquals(player, e.get("player").getAsString(), e.toString());
        JsonArray a = new JsonArray();
        for (String s : args) {
            a.add(s);
        }
        assertEquals(a, e.getAsJsonArray("args"), e.toString());
    }

    @Test
    void withoutAnEngineACommandIsAnsweredByThePlugin() throws Exception {
        CheckedPlayer ann = join("ann");
        engine.close();
        long end = System.nanoTime() + 10_000_000_000L;
        while (core.engineAttachedNow() && System.nanoTime() < end) {
            Thread.sleep(10);
        }
        assertFalse(core.engineAttachedNow(), "the engine's connection closed, yet it counts as attached");
        settle();
        messages(ann);
        assertTrue(command(ann, "uno start"));
        settle();
        List<String> said = messages(ann);
        assertTrue(said.stream().anyMatch(m -> m.contains("not running")), said.toString());
        assertEquals(List.of(), CoreAccess.takeEvents(core).stream().filter(e -> type(e, "command")).toList());
    }

    /**
     * PlaceholderAPI (a soft dependency): without it nothing is registered and the engine is not asked for
     * the placeholders; with it (a mock plugin of that name, and a test double of its expansion class: the
     * real one needs PlaceholderAPI's plugin running, which MockBukkit cannot start) the expansion
     * "unocraft" registers at enable and answers from the cache the engine's ops fill.
     */
    /**
     * Issue 41: config.yml's engine.runtime and engine.graalpy.* reach the engine's start. With graalpy the plugin
     * fetches GraalPy's jars from the configured repository (here one on loopback that has none) into the
     * configured folder, on the supervisor's thread, and the status says what to do; an unknown runtime is named.
     */
    @Test
    void theEngineRuntimeIsTheOneConfigured() throws Exception {
        List<String> asked = new java.util.concurrent.CopyOnWriteArrayList<>();
        com.sun.net.httpserver.HttpServer repo = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        repo.createContext("/", exchange -> {
            asked.add(exchange.getRequestURI().getPath());
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        repo.start();
        try {
            Path libraries = Files.createTempDirectory("graalpy-libraries");
            String config = "bridge-port: 0\nengine:\n  autostart: true\n  runtime: graalpy\n  graalpy:\n"
                    + "    libraries: " + libraries + "\n    repository: http://127.0.0.1:" + repo.getAddress().getPort() + "/m2\n";
            restartServer(data -> Files.writeString(data.resolve("config.yml"), config));
            String status = awaitEngineStatus("unavailable");
            assertTrue(status.contains("HTTP 404") && status.contains("copy the jars") && status.contains(libraries.toString()),
                    status);
            assertTrue(asked.get(0).startsWith("/m2/org/"), asked.toString());
            restartServer(data -> Files.writeString(data.resolve("config.yml"),
                    "bridge-port: 0\nengine:\n  autostart: true\n  runtime: jython\n"));
            status = awaitEngineStatus("unavailable");
            assertTrue(status.contains("engine.runtime is 'jython': write auto, cpython or graalpy"), status);
        } finally {
            repo.stop(0);
        }
    }

    private String awaitEngineStatus(String prefix) throws InterruptedException {
        long end = System.currentTimeMillis() + 60_000;
        String status = core.supervisor().status();
        while (!status.startsWith(prefix) && System.currentTimeMillis() < end) {
            Thread.sleep(20);
            status = core.supervisor().status();
        }
        assertTrue(status.startsWith(prefix), status);
        return status;
    }

    @Test
    void withPlaceholderApiTheExpansionRegistersAndAnswersFromTheCache() throws Exception {
        me.clip.placeholderapi.expansion.PlaceholderExpansion.REGISTERED.clear();
        restartServer(dataFolder -> { });
        assertTrue(hello.contains("\"placeholders\":false"), hello);
        assertEquals(List.of(), me.clip.placeholderapi.expansion.PlaceholderExpansion.REGISTERED);
        withPlaceholderApi = true;
        restartServer(dataFolder -> { });
        assertTrue(hello.contains("\"placeholders\":true"), hello);
        List<me.clip.placeholderapi.expansion.PlaceholderExpansion> registered =
                me.clip.placeholderapi.expansion.PlaceholderExpansion.REGISTERED;
        assertEquals(1, registered.size(), registered.toString());
        me.clip.placeholderapi.expansion.PlaceholderExpansion unocraft = registered.get(0);
        assertEquals("unocraft", unocraft.getIdentifier());
        assertEquals(dev.unocraft.core.UnoCore.VERSION, unocraft.getVersion());
        assertTrue(unocraft.persist(), "kept over /papi reload");
        CheckedPlayer ann = join("ann");
        assertEquals("", unocraft.onRequest(ann, "wins"), "nothing from the engine yet");
        engine.ops("{\"ops\":[{\"op\":\"placeholders\",\"player\":\"ann\",\"values\":{\"wins\":\"3\",\"state\":\"playing\"}},"
                + "{\"op\":\"placeholders\",\"top\":{\"wins\":[[\"ann\",\"3\"]]}}]}");
        settle();
        assertEquals("3", unocraft.onRequest(ann, "wins"));
        assertEquals("playing", unocraft.onRequest(ann, "state"));
        assertEquals("ann", unocraft.onRequest(null, "top_wins_1_name"));
        assertEquals("", unocraft.onRequest(null, "wins"));
        assertEquals("", unocraft.onRequest(ann, "nonsense"));
        assertEquals("", unocraft.onRequest(ann, "top_wins_2_value"));
    }

    @Test
    void theConsoleGetsItsAnswers() {
        assertTrue(console("uno version"));
        String answer = server.getConsoleSender().nextMessage();
        assertNotNull(answer);
        assertTrue(answer.startsWith("unocraft plugin ") && answer.contains("engine " + dev.unocraft.core.UnoCore.VERSION), answer);
        assertTrue(console("uno engine status"));
        assertTrue(server.getConsoleSender().nextMessage().contains("attached"));
    }

    @Test
    void anAnnouncementReachesThePlayersNearItsPlayerInTheSameWorldOnly() throws Exception {
        CheckedPlayer ann = join("ann");
        CheckedPlayer bob = join("bob");
        CheckedPlayer cid = join("cid");
        CheckedPlayer dan = join("dan");
        org.bukkit.World nether = server.addSimpleWorld("nether");
        asPlayer(ann, () -> ann.teleport(new org.bukkit.Location(world, 0, 64, 0)));
        asPlayer(bob, () -> bob.teleport(new org.bukkit.Location(world, 30, 64, 40)));        // 50 blocks away
        asPlayer(cid, () -> cid.teleport(new org.bukkit.Location(world, 300, 64, 0)));
        asPlayer(dan, () -> dan.teleport(new org.bukkit.Location(nether, 0, 64, 0)));
        assertTrue(command(ann, "uno start"));     // she opens a table where she stands: its announcement measures from there
        settle();
        CoreAccess.takeEvents(core);
        for (CheckedPlayer p : List.of(ann, bob, cid, dan)) {
            messages(p);
        }
        StringBuilder ops = new StringBuilder("{\"ops\":[");
        for (String p : List.of("bob", "cid", "dan")) {
            ops.append("{\"op\":\"msg\",\"player\":\"").append(p).append("\",\"c\":[{\"text\":\"near\"}],\"near\":{\"of\":\"ann\",\"radius\":64}},");
            ops.append("{\"op\":\"msg\",\"player\":\"").append(p).append("\",\"c\":[{\"text\":\"world\"}],\"near\":{\"of\":\"ann\"}},");
        }
        ops.setLength(ops.length() - 1);
        engine.ops(ops.append("]}").toString());
        settle();
        assertEquals(List.of("near", "world"), messages(bob));
        assertEquals(List.of("world"), messages(cid));
        assertEquals(List.of(), messages(dan));
    }

    // ---------------------------------------------------------------- 2. a deal

    @Test
    void aDealPutsTheCardsOnMapsAndTheOwnItemsInTheVault() throws Exception {
        CheckedPlayer ann = join("ann");
        dealCards(ann);
        assertHoldsTheDeal(ann);
        assertEquals(0, ann.getInventory().getHeldItemSlot());
        for (int i = 0; i < CARDS; i++) {
            int id = core.faces().idOf("R" + i);
            CheckedServer.FaceMapView view = (CheckedServer.FaceMapView) server.maps().get(id);
            assertNotNull(view, "no map " + id);
            assertFalse(view.isTrackingPosition(), "a card face's map tracks no position");
            assertEquals(1, view.getRenderers().size(), "one renderer: the face");
        }
        List<Path> files = vaultFiles();
        assertEquals(1, files.size(), files.toString());
        assertEquals(ann.getUniqueId().toString() + ".inv", files.get(0).getFileName().toString());
        YamlConfiguration saved = new YamlConfiguration();
        saved.loadFromString(Files.readString(files.get(0)));
        List<?> list = saved.getList("contents");
        assertNotNull(list, "the vault file has no contents: " + Files.readString(files.get(0)));
        Map<Integer, ItemStack> own = new TreeMap<>();
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) instanceof ItemStack s && s.getType() != Material.AIR) {
                own.put(i, s);
            }
        }
        assertEquals(2, own.size(), describe(own));
        assertTrue(sword().isSimilar(own.get(0)), "the sword, as it was, in slot 0: " + own.get(0));
        assertEquals(diamonds(), own.get(3));
        assertTrue(vaultHolds(ann));
        // what else the deal showed
        List<String> said = messages(ann);
        assertTrue(said.contains("You were dealt 7 cards"), said.toString());
        if (!folia()) {     // Folia has no scoreboard API (any scoreboard call is a violation): the sidebar is a boss bar there
            assertEquals("UNO", plain(ann.getScoreboard().getObjective("unocraft").displayName()));
        } else {
            assertTrue(bossBars(ann).stream().anyMatch(b -> b.startsWith("UNO")), bossBars(ann).toString());
        }
    }

    // ---------------------------------------------------------------- 3. clicks

    @Test
    void clicksOnCardsAreCancelledAndGoToTheEngine() throws Exception {
        CheckedPlayer ann = join("ann");
        dealCards(ann);
        CoreAccess.takeEvents(core);

        asPlayer(ann, () -> ann.getInventory().setHeldItemSlot(2));
        ItemStack held = ann.getInventory().getItem(2);
        PlayerInteractEvent use = new PlayerInteractEvent(ann, Action.RIGHT_CLICK_AIR, held, null, BlockFace.SELF, EquipmentSlot.HAND);
        fire(ann, use);
        assertEquals(Event.Result.DENY, use.useItemInHand(), "a card is never used as a map");
        assertEquals(Event.Result.DENY, use.useInteractedBlock());
        List<JsonObject> events = CoreAccess.takeEvents(core);
        assertEquals(1, events.size(), events.toString());
        assertEquals("use", events.get(0).get("type").getAsString());
        assertEquals(2, events.get(0).get("slot").getAsInt());
        assertEquals("card:R2", events.get(0).get("tag").getAsString());

        PlayerInteractEvent leftClick = new PlayerInteractEvent(ann, Action.LEFT_CLICK_AIR, held, null, BlockFace.SELF, EquipmentSlot.HAND);
        fire(ann, leftClick);
        assertEquals(Event.Result.DENY, leftClick.useItemInHand());
        assertEquals(List.of(), CoreAccess.takeEvents(core), "a left click plays nothing");

        ConvertingView view = new ConvertingView(ann, server.createInventory(null, InventoryType.CHEST));
        asPlayer(ann, () -> ann.openInventory(view));
        int raw = view.rawSlotOfPlayerSlot(4);
        InventoryClickEvent click = new InventoryClickEvent(view, InventoryType.SlotType.QUICKBAR, raw, ClickType.LEFT, InventoryAction.PICKUP_ALL);
        assertEquals(4, click.getSlot());
        assertEquals("card:R4", tagOf(click.getCurrentItem()));
        fire(ann, click);
        assertTrue(click.isCancelled(), "a card never moves");
        events = CoreAccess.takeEvents(core);
        assertEquals(1, events.size(), events.toString());
        assertEquals("click", events.get(0).get("type").getAsString());
        assertEquals(4, events.get(0).get("slot").getAsInt());
        assertEquals("card:R4", events.get(0).get("tag").getAsString());

        InventoryClickEvent swap = new InventoryClickEvent(view, InventoryType.SlotType.CONTAINER, 5, ClickType.NUMBER_KEY,
                InventoryAction.HOTBAR_SWAP, 1);
        fire(ann, swap);
        assertTrue(swap.isCancelled(), "a number key never swaps a card into a chest");
        asPlayer(ann, () -> ann.closeInventory());

        Item dropped = asPlayer(ann, () -> world.dropItem(ann.getLocation(), held.clone()));
        PlayerDropItemEvent drop = new PlayerDropItemEvent(ann, dropped);
        fire(ann, drop);
        assertTrue(drop.isCancelled(), "a card is never dropped");
        asPlayer(ann, () -> dropped.remove());
        settle();
        assertHoldsTheDeal(ann);
    }

    // ---------------------------------------------------------------- 4. item safety

    /** The ways out of a game, each of which must give the player back everything that is theirs. */
    enum Exit {
        /** The engine ends the game (or the player leaves, or is kicked): a restore op. */
        RESTORE_OP,
        /** The player types /uno leave; the engine answers with the restore op. */
        LEAVE_COMMAND,
        /** The player quits the server. */
        QUIT,
        /** The server stops (the plugin is disabled). */
        SERVER_STOP
    }

    void leave(CheckedPlayer p, Exit exit) throws Exception {
        switch (exit) {
            case RESTORE_OP -> {
                engine.ops(restore(p.getName()));
                settle();
            }
            case LEAVE_COMMAND -> {
                CoreAccess.takeEvents(core);
                assertTrue(command(p, "uno leave"));
                List<JsonObject> events = CoreAccess.takeEvents(core);
                assertEquals(1, events.size(), events.toString());
                assertCommand(events.get(0), p.getName(), "leave");
                engine.ops(restore(p.getName()));
                settle();
            }
            case QUIT -> {
                assertTrue(quit(p));
                settle();
            }
            case SERVER_STOP -> serverStops();
        }
    }

    /**
     * Everything the player holds after the way out: their own items in their own slots, and whatever else came
     * into their inventory while they played (it is theirs too), nothing twice, no card.
     */
    void assertEverythingBack(CheckedPlayer p, Map<Material, Integer> gained) throws Exception {
        Map<Integer, ItemStack> items = contents(p);
        String all = describe(items);
        for (Map.Entry<Integer, ItemStack> e : items.entrySet()) {
            assertNull(tagOf(e.getValue()), "an engine item left in slot " + e.getKey() + ": " + all);
            assertTrue(e.getValue().getType() != Material.FILLED_MAP, "a card left in slot " + e.getKey() + ": " + all);
        }
        assertTrue(sword().isSimilar(items.get(0)), "the sword is not back in slot 0: " + all);
        assertEquals(1, items.get(0).getAmount(), all);
        assertEquals(diamonds(), items.get(3), "the 5 diamonds are not back in slot 3: " + all);
        Map<Material, Integer> expected = new EnumMap<>(Material.class);
        expected.put(Material.DIAMOND_SWORD, 1);
        expected.put(Material.DIAMOND, 5);
        gained.forEach((m, n) -> expected.merge(m, n, Integer::sum));
        assertEquals(new TreeMap<>(expected), counts(p), "what the inventory holds: " + all);
        if (MockBukkit.isMocked() && plugin.isEnabled()) {
            settle();
        }
        assertEquals(List.of(), vaultFiles(), "the vault still holds a file after the items went back");
    }

    @ParameterizedTest
    @EnumSource(Exit.class)
    void itemsGainedWhileSeatedSurviveTheWayOut(Exit exit) throws Exception {
        CheckedPlayer ann = join("ann");
        dealCards(ann);
        assertHoldsTheDeal(ann);

        Pickup emeralds = pickUp(ann, new ItemStack(Material.EMERALD, 3));
        assertFalse(emeralds.pickedUp(), "the item policy refuses pickups while the vault holds the own items");
        assertEquals(0, counts(ann).getOrDefault(Material.EMERALD, 0), "a cancelled pickup added emeralds");
        ChestTake iron = takeFromChest(ann, new ItemStack(Material.IRON_INGOT, 4));
        assertFalse(iron.taken(), "the item policy refuses taking from a chest while seated");
        give(ann, new ItemStack(Material.GOLD_INGOT, 7));
        settle();

        note("seated: the pickup " + (emeralds.pickedUp() ? "let through" : "refused") + ", the chest take "
                + (iron.taken() ? "let through" : "refused"));
        leave(ann, exit);

        Map<Material, Integer> gained = new EnumMap<>(Material.class);
        gained.put(Material.GOLD_INGOT, 7);
        if (emeralds.pickedUp()) {
            gained.put(Material.EMERALD, 3);
        }
        if (iron.taken()) {
            gained.put(Material.IRON_INGOT, 4);
        }
        assertEverythingBack(ann, gained);
        if (!emeralds.pickedUp()) {
            assertTrue(emeralds.entity().isValid(), "the emeralds were refused, and yet they are gone from the ground");
            assertEquals(new ItemStack(Material.EMERALD, 3), emeralds.entity().getItemStack());
        }
        if (!iron.taken()) {
            assertEquals(new ItemStack(Material.IRON_INGOT, 4), iron.chest().getItem(0), "the iron was refused, and yet it is gone from the chest");
        }
    }

    @Test
    void givenWhileSeatedComesBackWithTheOwnItems() throws Exception {
        CheckedPlayer ann = join("ann");
        dealCards(ann);
        give(ann, new ItemStack(Material.GOLD_INGOT, 7));
        leave(ann, Exit.RESTORE_OP);
        assertEverythingBack(ann, Map.of(Material.GOLD_INGOT, 7));
    }

    /** An items op: every slot of {@code slots} gets a card (a face of the deal), every slot of {@code empty} is emptied. */
    static String hand(String player, java.util.Collection<Integer> slots, java.util.Collection<Integer> empty, String round) {
        StringBuilder b = new StringBuilder("{\"ops\":[{\"op\":\"items\",\"player\":\"").append(player).append("\",\"slots\":{");
        String sep = "";
        for (int slot : slots) {
            b.append(sep).append('"').append(slot).append("\":{\"face\":\"R").append(slot % CARDS)
                    .append("\",\"name\":\"card\",\"tag\":\"card:").append(round).append('.').append(slot).append("\"}");
            sep = ",";
        }
        for (int slot : empty) {
            b.append(sep).append('"').append(slot).append("\":null");
            sep = ",";
        }
        return b.append("}}]}").toString();
    }

    /**
     * Issue 30: items that arrive while the hand is on show (a plugin's addItem, the off-hand set by one)
     * stand where the next cards go; the hand then grows into every slot and shrinks again, and every
     * item is back after the way out, none twice.
     */
    @ParameterizedTest
    @EnumSource(Exit.class)
    void aGiftInTheWayOfTheGrowingHandIsNeverOverwritten(Exit exit) throws Exception {
        CheckedPlayer ann = join("ann");
        dealCards(ann);
        give(ann, new ItemStack(Material.GOLD_INGOT, 7));      // into slot 7, the next card's
        give(ann, new ItemStack(Material.IRON_SWORD));         // into slot 8
        asPlayer(ann, () -> ann.getInventory().setItemInOffHand(new ItemStack(Material.TOTEM_OF_UNDYING)));   // where the top card goes
        assertEquals(Material.GOLD_INGOT, ann.getInventory().getItem(7).getType(), describe(contents(ann)));
        java.util.List<Integer> more = new java.util.ArrayList<>();
        for (int slot = 7; slot <= 35; slot++) {
            more.add(slot);
        }
        engine.ops(hand("ann", java.util.List.of(7, 8), java.util.List.of(), "a"));    // two cards drawn
        settle();
        assertEquals(7, (int) counts(ann).getOrDefault(Material.GOLD_INGOT, 0), "the gold moved, not overwritten: " + describe(contents(ann)));
        assertEquals(1, (int) counts(ann).getOrDefault(Material.IRON_SWORD, 0), "the sword moved, not overwritten: " + describe(contents(ann)));
        more.add(40);
        engine.ops(hand("ann", more, java.util.List.of(), "b"));     // the hand takes every slot, and the top card the off-hand
        settle();
        assertEquals(java.util.Set.of(Material.FILLED_MAP), counts(ann).keySet(), "every slot holds a card now");
        assertTrue(messages(ann).stream().anyMatch(m -> m.contains("put aside")), "the player is told the items are set aside");
        more.remove(Integer.valueOf(40));
        engine.ops(hand("ann", java.util.List.of(), more, "c"));     // and shrinks again
        settle();
        leave(ann, exit);
        assertEverythingBack(ann, Map.of(Material.GOLD_INGOT, 7, Material.IRON_SWORD, 1, Material.TOTEM_OF_UNDYING, 1));
    }

    @Test
    void aPickupWhileSeatedIsRefusedWithAMessage() throws Exception {
        CheckedPlayer ann = join("ann");
        dealCards(ann);
        Pickup emeralds = pickUp(ann, new ItemStack(Material.EMERALD, 3));
        assertFalse(emeralds.pickedUp());
        assertEquals(0, counts(ann).getOrDefault(Material.EMERALD, 0), "a cancelled pickup added emeralds");
        assertTrue(emeralds.entity().isValid());
        String told = ann.nextMessage();
        while (told != null && !told.contains("safekeeping")) {
            told = ann.nextMessage();
        }
        assertNotNull(told, "the player is told why the pickup is refused");
        leave(ann, Exit.RESTORE_OP);
        assertEverythingBack(ann, Map.of());
        Pickup after = pickUp(ann, new ItemStack(Material.EMERALD, 3));
        assertTrue(after.pickedUp(), "after the game, pickups as usual");
    }

    @Test
    void aChestTakeWhileSeatedIsRefused() throws Exception {
        CheckedPlayer ann = join("ann");
        dealCards(ann);
        ChestTake iron = takeFromChest(ann, new ItemStack(Material.IRON_INGOT, 4));
        assertFalse(iron.taken());
        leave(ann, Exit.RESTORE_OP);
        assertEverythingBack(ann, Map.of());
        assertEquals(new ItemStack(Material.IRON_INGOT, 4), iron.chest().getItem(0));
    }

    /** Another player's inventory open (as /invsee shows it: its top inventory is of type PLAYER), a stack taken from it. */
    @Test
    void aTakeFromAnotherPlayersInventoryIsRefused() throws Exception {
        CheckedPlayer ann = join("ann");
        CheckedPlayer bob = join("bob");
        if (folia()) {      // a player sees another's inventory only in the same region: one thread owns both
            ((FoliaPlayer) bob).shareRegionWith((FoliaPlayer) ann);
        }
        asPlayer(bob, () -> bob.getInventory().setItem(20, new ItemStack(Material.LAPIS_LAZULI, 9)));
        dealCards(ann);
        ConvertingView view = new ConvertingView(ann, bob.getInventory());
        asPlayer(ann, () -> ann.openInventory(view));
        boolean taken = false;
        if (ann.getOpenInventory() == view) {
            InventoryClickEvent click = new InventoryClickEvent(view, InventoryType.SlotType.CONTAINER, 20,
                    ClickType.SHIFT_LEFT, InventoryAction.MOVE_TO_OTHER_INVENTORY);
            assertEquals(Material.LAPIS_LAZULI, click.getCurrentItem().getType());
            fire(ann, click);
            if (!click.isCancelled()) {
                asPlayer(bob, () -> bob.getInventory().setItem(20, null));
                give(ann, new ItemStack(Material.LAPIS_LAZULI, 9));
                taken = true;
            }
            asPlayer(ann, () -> ann.closeInventory());
        }
        assertFalse(taken, "the click was not cancelled");
        leave(ann, Exit.RESTORE_OP);
        assertEverythingBack(ann, Map.of());
        assertEquals(new ItemStack(Material.LAPIS_LAZULI, 9), bob.getInventory().getItem(20));
    }

    @Test
    void anArrowPickedUpWhileSeatedIsRefused() throws Exception {
        CheckedPlayer ann = join("ann");
        dealCards(ann);
        org.bukkit.entity.Arrow arrow = asPlayer(ann, () -> world.spawn(ann.getLocation(), org.bukkit.entity.Arrow.class));   // (MockBukkit has no spawnArrow)
        Item pickup = asPlayer(ann, () -> world.dropItem(ann.getLocation(), new ItemStack(Material.ARROW)));
        org.bukkit.event.player.PlayerPickupArrowEvent e = new org.bukkit.event.player.PlayerPickupArrowEvent(ann, pickup, arrow);
        fire(ann, e);
        if (!e.isCancelled()) {     // the server then puts the arrow in the inventory
            give(ann, new ItemStack(Material.ARROW));
        }
        asPlayer(ann, () -> pickup.remove());
        assertTrue(e.isCancelled(), "an arrow pickup while seated");
        leave(ann, Exit.RESTORE_OP);
        assertEverythingBack(ann, Map.of());
    }

    /** An item frame, an armor stand or an allay would take the card in the hand used; a bow would shoot the page button. */
    @Test
    void aCardIsNeverHandedToAnEntityNorShot() throws Exception {
        CheckedPlayer ann = join("ann");
        CheckedPlayer bob = join("bob");
        dealCards(ann);
        asPlayer(ann, () -> ann.getInventory().setHeldItemSlot(2));
        PlayerInteractEntityEvent main = new PlayerInteractEntityEvent(ann, bob, EquipmentSlot.HAND);
        fire(ann, main);
        assertTrue(main.isCancelled(), "a card in the main hand stays");
        asPlayer(ann, () -> ann.getInventory().setItemInOffHand(ann.getInventory().getItem(3)));
        asPlayer(ann, () -> ann.getInventory().setHeldItemSlot(8));      // an empty main hand: the off-hand is used
        PlayerInteractEntityEvent off = new PlayerInteractEntityEvent(ann, bob, EquipmentSlot.OFF_HAND);
        fire(ann, off);
        assertTrue(off.isCancelled(), "a card in the off-hand stays");
        Item projectile = asPlayer(ann, () -> world.dropItem(ann.getLocation(), new ItemStack(Material.ARROW)));
        ItemStack card = ann.getInventory().getItem(4);
        org.bukkit.event.entity.EntityShootBowEvent shot = new org.bukkit.event.entity.EntityShootBowEvent(
                ann, new ItemStack(Material.BOW), card, projectile, EquipmentSlot.HAND, 1f, true);
        fire(ann, shot);
        assertTrue(shot.isCancelled(), "an engine item is never a bow's ammunition");
        org.bukkit.event.entity.EntityShootBowEvent plain = new org.bukkit.event.entity.EntityShootBowEvent(
                ann, new ItemStack(Material.BOW), new ItemStack(Material.ARROW), projectile, EquipmentSlot.HAND, 1f, true);
        fire(ann, plain);
        assertFalse(plain.isCancelled(), "a plain arrow is the player's to shoot");
        PlayerInteractEntityEvent bare = new PlayerInteractEntityEvent(bob, ann, EquipmentSlot.HAND);
        fire(bob, bare);
        assertFalse(bare.isCancelled(), "bob holds no card: his clicks are his own");
        asPlayer(ann, () -> projectile.remove());
    }

    /**
     * The inventory is full when the game ends: what came in and does not fit is not lost (nor dropped); it is
     * kept, and comes back once there is room (here: at the next join).
     */
    @Test
    void whatDoesNotFitAtTheEndIsKeptUntilThereIsRoom() throws Exception {
        CheckedPlayer ann = join("ann", inventory -> {
            inventory.setItem(0, sword());
            inventory.setItem(3, diamonds());
            for (int slot = 9; slot < 36; slot++) {
                inventory.setItem(slot, new ItemStack(Material.COBBLESTONE, 64));
            }
            // worn, and back in place at the end (the merge never puts anything into these slots)
            inventory.setHelmet(new ItemStack(Material.IRON_HELMET));
            inventory.setChestplate(new ItemStack(Material.IRON_CHESTPLATE));
            inventory.setLeggings(new ItemStack(Material.IRON_LEGGINGS));
            inventory.setBoots(new ItemStack(Material.IRON_BOOTS));
            inventory.setItemInOffHand(new ItemStack(Material.SHIELD));
        });
        dealCards(ann);
        for (int i = 0; i < 10; i++) {
            give(ann, new ItemStack(Material.OAK_LOG, 64));     // 7 free slots will be left at the end, not 10
        }
        messages(ann);
        leave(ann, Exit.RESTORE_OP);
        Map<Integer, ItemStack> items = contents(ann);
        assertTrue(sword().isSimilar(items.get(0)), describe(items));
        assertEquals(diamonds(), items.get(3), describe(items));
        for (int slot = 9; slot < 36; slot++) {
            assertEquals(new ItemStack(Material.COBBLESTONE, 64), items.get(slot), "slot " + slot + ": " + describe(items));
        }
        int logs = counts(ann).getOrDefault(Material.OAK_LOG, 0);
        assertEquals(7 * 64, logs, "as many logs as there was room for: " + describe(items));
        assertEquals(new ItemStack(Material.IRON_HELMET), ann.getInventory().getHelmet());
        assertEquals(new ItemStack(Material.SHIELD), ann.getInventory().getItemInOffHand());
        assertEquals(41, items.size(), "a full inventory, no card: " + describe(items));
        assertTrue(items.values().stream().noneMatch(i -> tagOf(i) != null));
        List<String> said = messages(ann);
        assertTrue(said.stream().anyMatch(m -> m.contains("did not fit")), "the player is told: " + said);

        // room again (three stacks of cobblestone thrown away), and a rejoin: the rest comes back, once
        asPlayer(ann, () -> {
            ann.getInventory().setItem(9, null);
            ann.getInventory().setItem(10, null);
            ann.getInventory().setItem(11, null);
        });
        assertTrue(quit(ann));
        settle();
        assertTrue(rejoin(ann));
        settle();
        Map<Material, Integer> counts = counts(ann);
        assertEquals(10 * 64, counts.getOrDefault(Material.OAK_LOG, 0), describe(contents(ann)));
        assertEquals(24 * 64, counts.getOrDefault(Material.COBBLESTONE, 0), describe(contents(ann)));
        assertEquals(5, counts.getOrDefault(Material.DIAMOND, 0));
        assertEquals(1, counts.getOrDefault(Material.DIAMOND_SWORD, 0));
        settle();
        try (java.util.stream.Stream<Path> files = Files.list(vaultDir())) {
            assertEquals(List.of(), files.filter(f -> !Files.isDirectory(f)).toList(), "nothing is kept any more");
        }
    }

    /**
     * The server crashed mid-game: the vault file of the player's own items is on disk, and the player's data
     * (saved by the server) holds the cards and what came in during the game. At the next start and join the own
     * items come back from the file (its YAML read on the vault's thread), the cards go, and the rest stays.
     */
    @Test
    void afterACrashMidGameTheNextJoinGivesTheItemsBack() throws Exception {
        CheckedPlayer ann = join("ann");
        dealCards(ann);
        List<Path> files = vaultFiles();
        assertEquals(1, files.size());
        String name = files.get(0).getFileName().toString();
        String saved = Files.readString(files.get(0));

        restartServer(data -> {
            Files.createDirectories(data.resolve("vault"));
            Files.writeString(data.resolve("vault").resolve(name), saved);
        });
        NamespacedKey tag = new NamespacedKey(plugin, dev.unocraft.core.UnoCore.TAG_KEY);
        CheckedPlayer back = join("ann", inventory -> {
            for (int i = 0; i < CARDS; i++) {    // the cards, as the server saved them with the player
                ItemStack card = new ItemStack(Material.FILLED_MAP);
                org.bukkit.inventory.meta.ItemMeta meta = card.getItemMeta();
                meta.getPersistentDataContainer().set(tag, PersistentDataType.STRING, "card:R" + i);
                card.setItemMeta(meta);
                inventory.setItem(i, card);
            }
            inventory.setItem(7, new ItemStack(Material.GOLD_INGOT, 7));     // given during the game
        });
        assertEquals(ann.getUniqueId(), back.getUniqueId());
        settle();
        assertEverythingBack(back, Map.of(Material.GOLD_INGOT, 7));
    }

    /** A fuller inventory than the sword and the diamonds: stacks, a named item, armour, the off-hand, the last storage slot. */
    static void fullerInventory(org.bukkit.inventory.PlayerInventory inventory) {
        inventory.setItem(0, sword());
        inventory.setItem(3, diamonds());
        inventory.setItem(8, new ItemStack(Material.TORCH, 64));
        inventory.setItem(17, new ItemStack(Material.COOKED_BEEF, 12));
        inventory.setItem(35, new ItemStack(Material.OAK_LOG, 33));
        inventory.setHelmet(new ItemStack(Material.IRON_HELMET));
        inventory.setItemInOffHand(new ItemStack(Material.SHIELD));
    }

    /** Every non-empty slot, each stack a copy (what the player holds at this moment). */
    static Map<Integer, ItemStack> snapshot(CheckedPlayer p) {
        Map<Integer, ItemStack> out = new TreeMap<>();
        contents(p).forEach((slot, item) -> out.put(slot, item.clone()));
        return out;
    }

    /**
     * The item paths one after another (issue 36): a fuller inventory, the deal, a card played (the command, then
     * the engine empties its slot), a pickup refused, a stack given, then the way out; after it, item by item,
     * every slot that held an own item holds that very stack again, and the other slots hold exactly what came
     * in (the gold), nothing else, no card.
     */
    @ParameterizedTest
    @EnumSource(Exit.class)
    void theItemPathsGiveEveryOwnItemBackInItsSlot(Exit exit) throws Exception {
        CheckedPlayer ann = join("ann", AdapterTests::fullerInventory);
        Map<Integer, ItemStack> before = snapshot(ann);
        assertEquals(7, before.size(), describe(before));
        dealCards(ann);
        assertHoldsTheDeal(ann);

        CoreAccess.takeEvents(core);
        assertTrue(command(ann, "uno play R1"));
        List<JsonObject> events = CoreAccess.takeEvents(core);
        assertEquals(1, events.size(), events.toString());
        assertCommand(events.get(0), "ann", "play", "R1");
        engine.ops(hand("ann", List.of(), List.of(1), "x"));       // the engine answers: the card leaves the hand
        settle();
        Map<Integer, ItemStack> hand = contents(ann);
        assertNull(hand.get(1), "the card played is still in slot 1: " + describe(hand));
        assertEquals(CARDS - 1, hand.size(), describe(hand));
        assertTrue(hand.values().stream().allMatch(i -> tagOf(i) != null), "only cards while seated: " + describe(hand));

        Pickup emeralds = pickUp(ann, new ItemStack(Material.EMERALD, 3));
        assertFalse(emeralds.pickedUp(), "a pickup while seated");
        give(ann, new ItemStack(Material.GOLD_INGOT, 7));
        settle();
        leave(ann, exit);

        Map<Integer, ItemStack> after = contents(ann);
        String all = describe(after);
        for (Map.Entry<Integer, ItemStack> own : before.entrySet()) {
            ItemStack there = after.get(own.getKey());
            assertNotNull(there, "slot " + own.getKey() + " is empty, it held " + own.getValue() + ": " + all);
            assertTrue(own.getValue().isSimilar(there) && own.getValue().getAmount() == there.getAmount(),
                    "slot " + own.getKey() + ": " + there + " instead of " + own.getValue() + ": " + all);
        }
        Map<Material, Integer> rest = new TreeMap<>();
        after.forEach((slot, item) -> {
            if (!before.containsKey(slot)) {
                rest.merge(item.getType(), item.getAmount(), Integer::sum);
                assertNull(tagOf(item), "an engine item in slot " + slot + ": " + all);
            }
        });
        assertEquals(Map.of(Material.GOLD_INGOT, 7), rest, "what came in, and nothing else: " + all);
        if (MockBukkit.isMocked() && plugin.isEnabled()) {
            settle();
        }
        assertEquals(List.of(), vaultFiles(), "the vault still holds a file after the items went back");
        assertTrue(emeralds.entity().isValid(), "the refused emeralds are gone from the ground");
    }

    /** A batch for one player: a card into a slot that changes with {@code i} (20 slots, each written twice or more), and a message saying {@code i}. */
    static String numbered(String player, int i) {
        int slot = 9 + i % 20;
        return "{\"ops\":[{\"op\":\"items\",\"player\":\"" + player + "\",\"slots\":{\"" + slot + "\":{\"face\":\"R" + (i % CARDS)
                + "\",\"name\":\"card\",\"tag\":\"card:" + player + "." + i + "\"}}},"
                + "{\"op\":\"msg\",\"player\":\"" + player + "\",\"c\":[{\"text\":\"" + player + " " + i + "\"}]}]}";
    }

    /**
     * Issue 36: two players' batches arrive at once on two threads (as from two bridge threads), interleaved
     * however the threads run. Each player's ops apply in the order they were sent, and none is lost: the
     * messages arrive all and in order, and each slot holds the card of the last batch that wrote it.
     */
    @Test
    void twoPlayersOpsFromTwoThreadsKeepEachPlayersOrderAndLoseNothing() throws Exception {
        CheckedPlayer ann = join("ann");
        CheckedPlayer bob = join("bob");
        engine.ops(faces());
        settle();
        engine.ops(deal("ann"));
        engine.ops(deal("bob"));
        settle();
        assertHoldsTheDeal(ann);
        assertHoldsTheDeal(bob);
        messages(ann);
        messages(bob);
        int n = 60;
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(2);
        List<Throwable> failed = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        List<Thread> threads = new java.util.ArrayList<>();
        for (String player : List.of("ann", "bob")) {
            Thread t = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < n; i++) {
                        CoreAccess.applyOps(core, numbered(player, i));
                        if (i % 7 == 0) {
                            Thread.yield();
                        }
                    }
                } catch (Throwable e) {
                    failed.add(e);
                }
            }, "engine batches for " + player);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join(60_000);
        }
        assertEquals(List.of(), failed);
        settle();
        for (CheckedPlayer p : List.of(ann, bob)) {
            List<String> expected = new java.util.ArrayList<>();
            for (int i = 0; i < n; i++) {
                expected.add(p.getName() + " " + i);
            }
            assertEquals(expected, messages(p), p.getName() + "'s messages, all and in order");
            Map<Integer, ItemStack> items = contents(p);
            for (int k = 0; k < 20; k++) {
                int last = k + 20 * ((n - 1 - k) / 20);
                assertEquals("card:" + p.getName() + "." + last, tagOf(items.get(9 + k)), "slot " + (9 + k) + ": " + describe(items));
            }
            assertEquals(CARDS + 20, items.size(), describe(items));
        }
        leave(ann, Exit.RESTORE_OP);
        leave(bob, Exit.RESTORE_OP);
        assertEverythingBack(ann, Map.of());
        assertEverythingBack(bob, Map.of());
    }

    // ---------------------------------------------------------------- 5. quit, rejoin, server stop

    @Test
    void aQuitMidGameGivesTheItemsBackAndARejoinKeepsThem() throws Exception {
        CheckedPlayer ann = join("ann");
        dealCards(ann);
        assertTrue(quit(ann));
        settle();
        assertEverythingBack(ann, Map.of());
        List<JsonObject> events = CoreAccess.takeEvents(core);
        assertTrue(events.stream().anyMatch(e -> type(e, "quit")), events.toString());
        assertFalse(vaultHolds(ann));

        assertTrue(rejoin(ann));
        settle();
        assertEverythingBack(ann, Map.of());
        events = CoreAccess.takeEvents(core);
        assertTrue(events.stream().anyMatch(e -> type(e, "join")), events.toString());
        // the engine deals again after the rejoin: the same items go to the vault again, and come back again
        engine.ops(deal("ann"));
        settle();
        assertHoldsTheDeal(ann);
        leave(ann, Exit.RESTORE_OP);
        assertEverythingBack(ann, Map.of());
    }

    @Test
    void aQuitWhileTheItemsAreBeingSavedDealsNothingAndKeepsThem() throws Exception {
        CheckedPlayer ann = join("ann");
        engine.ops(faces());
        settle();
        engine.ops(deal("ann"));
        oneTick();     // the items op: the inventory copied, its file being written
        assertTrue(vaultHolds(ann));
        assertTrue(quit(ann));
        settle();
        assertEverythingBack(ann, Map.of());
        assertFalse(vaultHolds(ann));
    }

    /**
     * Issue 33: a death mid-game. No card is among the drops (and nothing of the player's own: it is in the
     * vault), the server empties the inventory, and the respawn reaches the engine as a "respawn" event; its
     * answer, the whole hand again, puts the cards back, and the own items come back at the end.
     */
    @Test
    void aDeathMidGameDropsNoCardAndTheRespawnAsksTheEngineForTheHand() throws Exception {
        CheckedPlayer ann = join("ann");
        dealCards(ann);
        CoreAccess.takeEvents(core);
        List<ItemStack> dropped = new java.util.ArrayList<>();
        server.getPluginManager().registerEvents(new org.bukkit.event.Listener() {
            @org.bukkit.event.EventHandler(priority = org.bukkit.event.EventPriority.MONITOR)
            public void dropped(org.bukkit.event.entity.PlayerDeathEvent e) {
                e.getDrops().stream().filter(i -> i != null && i.getType() != Material.AIR).forEach(dropped::add);   // (MockBukkit lists empty slots)
            }
        }, plugin);
        asPlayer(ann, () -> ann.setHealth(0));
        settle();
        assertTrue(ann.isDead());
        assertEquals(List.of(), dropped, "dropped at the death");
        assertEquals(Map.of(), contents(ann), "the server emptied the inventory");
        assertTrue(vaultHolds(ann), "the own items are in the vault");
        asPlayer(ann, () -> ann.respawn());
        settle();
        List<JsonObject> events = CoreAccess.takeEvents(core);
        assertEquals(1, events.stream().filter(e -> type(e, "respawn") && "ann".equals(e.get("player").getAsString())).count(),
                events.toString());
        engine.ops(deal("ann"));        // the engine's answer: the whole hand again
        settle();
        assertHoldsTheDeal(ann);
        leave(ann, Exit.RESTORE_OP);
        assertEverythingBack(ann, Map.of());
    }

    @Test
    void aServerStopMidGameGivesTheItemsBack() throws Exception {
        CheckedPlayer ann = join("ann");
        CheckedPlayer bob = join("bob");
        dealCards(ann);
        engine.ops(deal("bob"));
        settle();
        assertHoldsTheDeal(bob);
        serverStops();
        assertFalse(plugin.isEnabled());
        assertEverythingBack(ann, Map.of());
        assertEverythingBack(bob, Map.of());
        if (!folia()) {
            assertNull(ann.getScoreboard().getObjective("unocraft"), "the sidebar is still shown after the plugin stopped");
        } else {
            assertEquals(List.of(), bossBars(ann), "the sidebar's boss bar is still shown after the plugin stopped");
        }
    }

    @Test
    void mockBukkitUnmockMidGameGivesTheItemsBack() throws Exception {
        CheckedPlayer ann = join("ann");
        dealCards(ann);
        unmock();    // what a server stop does: every plugin disabled, then the server gone
        // no server now: materials and amounts only
        ItemStack[] items = ann.getInventory().getContents();
        Map<Integer, String> left = new TreeMap<>();
        for (int i = 0; i < items.length; i++) {
            if (items[i] != null && items[i].getType() != Material.AIR) {
                left.put(i, items[i].getType() + " x" + items[i].getAmount());
            }
        }
        assertEquals(Map.of(0, "DIAMOND_SWORD x1", 3, "DIAMOND x5"), left);
        assertEquals(List.of(), vaultFiles());
    }

    /** The engine goes away mid-game and another attaches: the players are told, and the new one learns whose items the vault holds. */
    @Test
    void aReattachingEngineLearnsWhoseItemsAreInTheVault() throws Exception {
        CheckedPlayer ann = join("ann");
        CheckedPlayer bob = join("bob");
        dealCards(ann);
        messages(ann);
        engine.close();
        long end = System.nanoTime() + 10_000_000_000L;
        while (core.engineAttachedNow() && System.nanoTime() < end) {
            Thread.sleep(10);
        }
        // the core hears of it on the bridge's thread just after the connection counts as closed
        List<String> said = awaitMessage(ann, "engine is away");
        assertTrue(said.stream().anyMatch(m -> m.contains("engine is away")), said.toString());
        assertEquals(List.of(), messages(bob), "bob is not seated");

        engine = newEngine();
        JsonObject hello = com.google.gson.JsonParser.parseString(engine.hello(dev.unocraft.core.UnoCore.VERSION)).getAsJsonObject();
        assertEquals(List.of("ann", "bob"), hello.getAsJsonArray("online").asList().stream().map(e -> e.getAsString()).sorted().toList());
        assertEquals(List.of("ann"), hello.getAsJsonArray("vault").asList().stream().map(e -> e.getAsString()).toList());
        assertEquals(CARDS, hello.getAsJsonArray("faces").size(), "the faces on maps, not to be sent again");
        said = awaitMessage(ann, "engine is back");
        assertTrue(said.stream().anyMatch(m -> m.contains("engine is back")), said.toString());
        assertHoldsTheDeal(ann);
        leave(ann, Exit.RESTORE_OP);
        assertEverythingBack(ann, Map.of());
    }

    /** Chat comes off the main thread (Paper's AsyncChatEvent, Bukkit's AsyncPlayerChatEvent): only that the player chatted reaches the engine. */
    @Test
    @SuppressWarnings("deprecation")
    void chatOffTheMainThreadReachesTheEngine() throws Exception {
        CheckedPlayer ann = join("ann");
        org.bukkit.event.Event chat = expectedPlatform().equals("paper")
                ? new io.papermc.paper.event.player.AsyncChatEvent(true, ann, new java.util.HashSet<>(),
                        io.papermc.paper.chat.ChatRenderer.defaultRenderer(), net.kyori.adventure.text.Component.text("uno!"),
                        net.kyori.adventure.text.Component.text("uno!"), null)
                : new org.bukkit.event.player.AsyncPlayerChatEvent(true, ann, "uno!", new java.util.HashSet<>());
        Thread async = new Thread(() -> server.getPluginManager().callEvent(chat), "Async Chat Thread - #0");
        async.start();
        async.join();
        List<JsonObject> events = CoreAccess.takeEvents(core);
        assertEquals(1, events.size(), events.toString());
        assertEquals("chat", events.get(0).get("type").getAsString());
        assertEquals("ann", events.get(0).get("player").getAsString());
        assertFalse(events.get(0).toString().contains("uno!"), "the text is not forwarded");
    }

    // ---------------------------------------------------------------- 6. the main thread

    @Test
    void theAdapterTouchesTheServerOnTheMainThreadOnly() throws Exception {
        CheckedPlayer ann = join("ann");
        dealCards(ann);
        assertTrue(command(ann, "uno play R1"));
        pickUp(ann, new ItemStack(Material.EMERALD, 3));
        leave(ann, Exit.RESTORE_OP);
        engine.ops(deal("ann"));
        settle();
        assertTrue(quit(ann));
        settle();

        // the batches were read and prepared on the bridge's threads, the inventory written on the vault's
        assertNotNull(CoreAccess.vaultThread(core), "the vault's thread never ran");
        assertTrue(server.mainThreadCalls("getPlayerExact") > 0, "the check saw no player lookup");
        assertTrue(server.mainThreadCalls("Player.getInventory") > 0, "the check saw no inventory call");
        assertTrue(server.mainThreadCalls("createMap") == CARDS, "the check saw " + server.mainThreadCalls("createMap") + " maps made");
        assertNoViolations();
        if (!server.offMainAllowed().isEmpty()) {
            System.out.println("[" + getClass().getSimpleName() + "] server API off the main thread that Bukkit allows there: "
                    + server.offMainAllowed().entrySet().stream().map(e -> e.getKey() + " on " + java.util.Set.copyOf(e.getValue())).toList());
        }

        // and the check itself sees a call from elsewhere
        Thread other = new Thread(() -> server.getPlayerExact("ann"), "not-main");
        other.start();
        other.join();
        assertEquals(1, server.violations().size(), server.violations().toString());
        assertTrue(server.violations().get(0).startsWith("getPlayerExact on thread not-main"));
        server.clearViolations();
    }
}
