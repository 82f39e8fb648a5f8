package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.unocraft.core.ApplierTest.TickingPlatform;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The item policy (issue 21): while the vault holds a player's own items, items do not come in the
 * usual ways; whatever comes in all the same (a command, a plugin, a pickup another plugin forces) is
 * kept at the restore, merged with the saved items; what does not fit waits in the vault, on disk,
 * until there is room. Inventories are compared slot by slot.
 */
class ItemPolicyTest {
    @TempDir
    Path dir;

    private static final Map<Integer, String> OWN = Map.of(3, "sword", 7, "bread x3");
    private static final String DEAL = "{\"ops\":[{\"op\":\"items\",\"player\":\"ann\",\"slots\":{"
            + "\"0\":{\"material\":\"paper\",\"name\":\"R5\",\"tag\":\"card:R5\"},"
            + "\"1\":{\"material\":\"paper\",\"name\":\"G2\",\"tag\":\"card:G2\"}},\"held\":0}]}";
    private static final String RESTORE = "{\"ops\":[{\"op\":\"restore\",\"player\":\"ann\"}]}";
    private static final String PAUSED = "your own items are in safekeeping";

    private UnoCore core(TickingPlatform platform) {
        UnoCore core = new UnoCore(platform, "test");
        core.tickBudget(60_000_000);
        return core;
    }

    /** Runs ticks and the vault's thread until neither has anything left. */
    private static void settle(UnoCore core, TickingPlatform platform) {
        core.vault().awaitIdle();
        while (platform.tick()) {
            core.vault().awaitIdle();
        }
    }

    private TickingPlatform platform(Path data, Map<Integer, String> own) {
        TickingPlatform platform = new TickingPlatform(data);
        platform.inventories.put("ann", new HashMap<>(own));
        return platform;
    }

    /** ann is dealt two cards: her own items are in the vault. */
    private UnoCore seated(TickingPlatform platform) {
        UnoCore core = core(platform);
        core.onJoin("ann");
        core.queueBatch(OpBatch.parse(DEAL));
        settle(core, platform);
        assertEquals(Map.of(0, "card card:R5 map -1", 1, "card card:G2 map -1"), platform.inventories.get("ann"));
        assertTrue(core.vault().holds("ann"));
        return core;
    }

    /** An inventory with a stack in every storage slot. */
    private static Map<Integer, String> full() {
        Map<Integer, String> full = new HashMap<>();
        for (int slot = 0; slot < FakePlatform.SLOTS; slot++) {
            full.put(slot, "stone " + slot);
        }
        return full;
    }

    private static List<String> files(Path data) throws IOException {
        if (!Files.isDirectory(data.resolve("vault"))) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(data.resolve("vault"))) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static long told(TickingPlatform platform, String words) {
        return platform.log.stream().filter(l -> l.startsWith("msg ann ") && l.contains(words)).count();
    }

    @Test
    void whileSeatedItemsDoNotComeInTheUsualWaysAndCardsNeverMove() {
        TickingPlatform platform = platform(dir, OWN);
        UnoCore core = core(platform);
        core.onJoin("ann");
        ItemPolicy items = core.items();
        // not at a table: nothing of the player's is the policy's business
        assertFalse(items.pickup("ann"));
        assertFalse(items.click("ann", 5, null, false, true, false));
        assertFalse(items.click("ann", 5, null, false, false, true));
        assertFalse(items.drag("ann", false, true));
        assertEquals(0, told(platform, PAUSED));

        core.queueBatch(OpBatch.parse(DEAL));
        settle(core, platform);
        int queued = core.events().size();
        assertTrue(items.pickup("ann"), "a pickup");
        assertTrue(items.click("ann", 2, null, false, true, false), "taking from a chest");
        assertTrue(items.click("ann", 2, null, false, false, true), "the creative menu");
        assertTrue(items.drag("ann", false, true), "a drag into a chest view");
        assertFalse(items.click("ann", 9, null, false, false, false), "the own inventory's empty slot: nothing comes in");
        assertFalse(items.drag("ann", false, false));
        assertEquals(1, told(platform, PAUSED), "told once, not at every attempt: " + platform.log);
        assertEquals(queued, core.events().size(), "none of it goes to the engine");

        assertTrue(items.click("ann", 0, "card:R5", false, false, false), "a card never moves");
        assertEquals(queued + 1, core.events().size(), "a click on a card is the player's input");
        assertTrue(items.click("ann", 9, null, true, false, false), "a card on the cursor or swapped by a number key");
        assertTrue(items.drag("ann", true, false));
        assertTrue(items.drop("card:R5"));
        assertFalse(items.drop(null));
        assertTrue(items.handOut("card:R5"));          // to an item frame, an armor stand, an allay, a bow
        assertTrue(items.handOut("page:1"));
        assertFalse(items.handOut(null));
        assertTrue(items.swapHands("card:R5", null));
        assertTrue(items.swapHands(null, "card:G2"));
        assertFalse(items.swapHands(null, null));
        assertFalse(items.dropsAtDeath("card:G2"), "cards never enter the world");
        assertTrue(items.dropsAtDeath(null));

        core.queueBatch(OpBatch.parse(RESTORE));
        settle(core, platform);
        assertFalse(items.pickup("ann"), "the game is over: pickups as usual");
        assertEquals(OWN, platform.inventories.get("ann"));
    }

    @Test
    void itemsThatCameInDuringTheGameAreKeptBesideTheOwnItemsOnEveryWayOut() {
        for (String way : List.of("restore", "quit", "stop")) {
            Path data = dir.resolve(way);
            TickingPlatform platform = platform(data, OWN);
            UnoCore core = seated(platform);
            platform.inventories.get("ann").put(5, "emerald x3");     // picked up all the same (another plugin's doing)
            platform.inventories.get("ann").put(2, "gold x7");        // given by /give
            switch (way) {
                case "restore" -> core.queueBatch(OpBatch.parse(RESTORE));
                case "quit" -> core.onQuit("ann");
                default -> core.disable();
            }
            settle(core, platform);
            Map<Integer, String> expected = new HashMap<>(OWN);
            expected.put(0, "gold x7");        // into the first free slots, in slot order of where they were
            expected.put(1, "emerald x3");
            assertEquals(expected, platform.inventories.get("ann"), way);
            assertFalse(core.vault().holds("ann"), way);
        }
    }

    @Test
    void whatDoesNotFitIsKeptOnDiskAndGivenBackWhenThereIsRoom() throws IOException {
        Map<Integer, String> full = full();
        TickingPlatform platform = platform(dir, full);
        UnoCore core = seated(platform);
        platform.inventories.get("ann").put(20, "gold x7");
        core.queueBatch(OpBatch.parse(RESTORE));
        settle(core, platform);
        assertEquals(full, platform.inventories.get("ann"), "the own items exactly where they were");
        assertEquals(List.of("uuid-of-ann.owed", "uuid-of-ann.returned"), files(dir), "the gold is kept on disk");
        assertTrue(Files.readString(dir.resolve("vault/uuid-of-ann.owed")).contains("gold x7"));
        assertEquals(1, told(platform, "did not fit"));

        core.giveOwedToOnline();      // still no room: nothing happens
        settle(core, platform);
        assertEquals(full, platform.inventories.get("ann"));
        assertEquals(List.of("uuid-of-ann.owed", "uuid-of-ann.returned"), files(dir));

        platform.inventories.get("ann").remove(11);     // the player makes room
        core.giveOwedToOnline();
        settle(core, platform);
        Map<Integer, String> now = new HashMap<>(full);
        now.put(11, "gold x7");
        assertEquals(now, platform.inventories.get("ann"));
        assertEquals(List.of("uuid-of-ann.returned"), files(dir), "(settled at her next join)");
        assertEquals(1, told(platform, "are back in your inventory"));
        assertFalse(core.vault().owesAnyone());
    }

    @Test
    void keptItemsSurviveARestartAndComeBackAtTheNextJoinWithRoom() throws IOException {
        Map<Integer, String> full = full();
        TickingPlatform platform = platform(dir, full);
        UnoCore core = seated(platform);
        platform.inventories.get("ann").put(20, "gold x7");
        platform.inventories.get("ann").put(21, "apple");
        core.queueBatch(OpBatch.parse(RESTORE));
        settle(core, platform);
        core.onQuit("ann");
        settle(core, platform);

        TickingPlatform restarted = platform(dir, full);     // the same data folder, ann's inventory still full
        UnoCore again = core(restarted);
        again.onJoin("ann");
        settle(again, restarted);
        assertEquals(full, restarted.inventories.get("ann"));
        assertTrue(again.vault().owesAnyone());

        restarted.inventories.get("ann").remove(4);       // room for one of the two
        again.giveOwedToOnline();
        settle(again, restarted);
        assertEquals(1, restarted.inventories.get("ann").values().stream().filter(i -> i.equals("gold x7") || i.equals("apple")).count());
        assertTrue(again.vault().owesAnyone(), "the other one is still kept");
        String kept = Files.readString(dir.resolve("vault/uuid-of-ann.owed"));
        assertEquals(1, kept.lines().count(), "the file holds only what is left: " + kept);

        restarted.inventories.get("ann").remove(5);
        again.giveOwedToOnline();
        settle(again, restarted);
        assertTrue(restarted.inventories.get("ann").containsValue("gold x7") && restarted.inventories.get("ann").containsValue("apple"));
        assertEquals(List.of(), files(dir));
    }

    @Test
    void aCrashMidGameKeepsWhatCameInAndACrashBeforeTheClearDuplicatesNothing() throws IOException {
        // the server dies while ann plays and holds a picked-up emerald beside her cards
        TickingPlatform platform = platform(dir.resolve("mid-game"), OWN);
        seated(platform);
        platform.inventories.get("ann").put(5, "emerald x3");
        TickingPlatform restarted = platform(dir.resolve("mid-game"), platform.inventories.get("ann"));
        UnoCore again = core(restarted);
        again.onJoin("ann");
        settle(again, restarted);
        Map<Integer, String> expected = new HashMap<>(OWN);
        expected.put(0, "emerald x3");
        assertEquals(expected, restarted.inventories.get("ann"));

        // the file is written, the inventory not cleared yet (it holds the own items, no card): replaced, not merged
        Path before = dir.resolve("before-clear");
        Files.createDirectories(before.resolve("vault"));
        Files.writeString(before.resolve("vault/uuid-of-ann.inv"), "3=sword\n7=bread x3\n");
        TickingPlatform loaded = platform(before, OWN);
        UnoCore third = core(loaded);
        third.onJoin("ann");
        settle(third, loaded);
        assertEquals(OWN, loaded.inventories.get("ann"), "nothing doubled");
        assertEquals(List.of("uuid-of-ann.returned"), files(before), "set aside until the server has saved her");
        third.onQuit("ann");
        third.onJoin("ann");         // her saved data holds no cards: it has the items, and the file goes
        settle(third, loaded);
        assertEquals(OWN, loaded.inventories.get("ann"), "nothing doubled");
        assertEquals(List.of(), files(before));
    }
}
