package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.unocraft.core.ApplierTest.TickingPlatform;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Items that arrive while a hand is on show (issue 30): a {@code /give}, a kit, another plugin's
 * {@code setItem} or {@code addItem}. The engine only knows where its own cards are; whatever else is in a
 * slot it writes must be kept (moved to a free slot, else set aside on disk), and every item must be
 * back after every way out of the game, item by item, none twice.
 */
class ArrivingItemsTest {
    @TempDir
    Path dir;

    private static final Map<Integer, String> OWN = Map.of(3, "sword", 7, "bread x3", 40, "shield");
    /** The gifts of the test: into a card slot, into the empty slot the next card takes, into the off-hand. */
    private static final Map<Integer, String> GIFTS = Map.of(2, "diamond x2", 7, "gold x4", 40, "totem");

    /** What the engine last sent for each slot (the engine sends only the slots that change: display.py). */
    private final Map<Integer, String> sent = new HashMap<>();

    private static UnoCore coreOf(TickingPlatform platform) {
        UnoCore core = new UnoCore(platform, "test");
        core.tickBudget(60_000_000);
        return core;
    }

    /** Queues the batch and runs ticks (and the vault's disk work) until nothing is left. */
    private static void apply(UnoCore core, TickingPlatform platform, String json) {
        core.queueBatch(OpBatch.parse(json));
        settle(core, platform);
    }

    private static void settle(UnoCore core, TickingPlatform platform) {
        do {
            core.vault().awaitIdle();
        } while (platform.tick());
        core.vault().awaitIdle();
    }

    /**
     * A hand of {@code n} cards laid out as the engine lays it out (render.py): the first eight in the
     * hotbar, a page arrow in slot 8 beyond eight, the rest from slot 9 on, the top card in the off-hand;
     * only the slots that changed since the last layout are sent.
     */
    private String hand(int n, int round) {
        Map<Integer, String> want = new HashMap<>();
        for (int i = 0; i < n; i++) {
            want.put(i < 8 ? i : i + 1, "card:" + round + "." + i);
        }
        if (n > 8) {
            want.put(8, "card:page");
        }
        want.put(40, "card:top" + round);
        StringBuilder slots = new StringBuilder();
        for (int slot : allSlots()) {
            String item = want.get(slot);
            if (sent.containsKey(slot) ? java.util.Objects.equals(sent.get(slot), item) : item == null) {
                continue;
            }
            sent.put(slot, item);
            slots.append(slots.isEmpty() ? "" : ",").append('"').append(slot).append("\":")
                    .append(item == null ? "null" : "{\"material\":\"paper\",\"name\":\"x\",\"tag\":\"" + item + "\"}");
        }
        return "{\"ops\":[{\"op\":\"items\",\"player\":\"ann\",\"slots\":{" + slots + "}}]}";
    }

    private static List<Integer> allSlots() {
        List<Integer> slots = new ArrayList<>();
        for (int i = 0; i <= 35; i++) {
            slots.add(i);
        }
        slots.add(40);
        return slots;
    }

    private static final String RESTORE = "{\"ops\":[{\"op\":\"restore\",\"player\":\"ann\"}]}";

    /** The player's items, whatever their slots: sorted names, cards left out. */
    private static List<String> items(Map<Integer, String> inventory) {
        return inventory.values().stream().filter(i -> !FakePlatform.card(i)).sorted().toList();
    }

    private static List<String> everything() {
        List<String> all = new ArrayList<>(OWN.values());
        all.addAll(GIFTS.values());
        return all.stream().sorted().toList();
    }

    /** Dealt, the gifts arrive, the hand grows until it uses every slot and shrinks again. */
    private void playWithGifts(UnoCore core, TickingPlatform platform) {
        platform.inventories.put("ann", new HashMap<>(OWN));
        core.onJoin("ann");
        apply(core, platform, hand(7, 0));
        assertEquals(List.of(), items(platform.inventories.get("ann")), "the own items are in the vault");
        platform.inventories.get("ann").putAll(GIFTS);      // a plugin's setItem over a card; a /give; the off-hand
        int round = 1;
        for (int n : new int[] {8, 9, 12, 20, 35, 30, 16, 6, 2}) {
            apply(core, platform, hand(n, round++));
            Map<Integer, String> inv = platform.inventories.get("ann");
            assertEquals(n + (n > 8 ? 2 : 1), inv.values().stream().filter(FakePlatform::card).count(),
                    "every card the engine sent is in place, hand of " + n + ": " + inv);
            List<String> seen = new ArrayList<>(items(inv));
            seen.addAll(items(keptOnDisk(platform)));
            assertEquals(GIFTS.values().stream().sorted().toList(), seen.stream().sorted().toList(),
                    "hand of " + n + ": every gift is in the inventory or set aside on disk, once: " + inv);
        }
    }

    /** The items set aside on disk (the vault's {@code .owed} files). */
    private static Map<Integer, String> keptOnDisk(TickingPlatform platform) {
        Map<Integer, String> all = new HashMap<>();
        Path vault = platform.data.resolve("vault");
        if (!Files.isDirectory(vault)) {
            return all;
        }
        try (Stream<Path> files = Files.list(vault)) {
            for (Path f : files.filter(p -> p.toString().endsWith(KeptItems.SUFFIX)).toList()) {
                for (String line : Files.readString(f).split("\n")) {
                    if (!line.isEmpty()) {
                        all.put(all.size(), line.split("=", 2)[1]);
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return all;
    }

    /** The platform after ann, with her own items, was dealt 7 cards and {@code item} arrived in {@code slot}; then {@code n} cards. */
    private TickingPlatform dealtThenGiven(int slot, String item, int n) {
        TickingPlatform platform = new TickingPlatform(dir);
        UnoCore core = coreOf(platform);
        platform.inventories.put("ann", new HashMap<>(OWN));
        apply(core, platform, hand(7, 0));
        platform.inventories.get("ann").put(slot, item);
        apply(core, platform, hand(n, 1));
        return platform;
    }

    @Test
    void aGiftInTheWayOfACardIsMovedToAFreeSlotNotOverwritten() {
        TickingPlatform platform = dealtThenGiven(7, "gold x4", 8);      // where the next card goes
        Map<Integer, String> inv = platform.inventories.get("ann");
        assertEquals("card card:1.7 map -1", inv.get(7));
        assertEquals("gold x4", inv.get(35), "moved to the last free slot of the main inventory: " + inv);
        assertFalse(platform.log.stream().anyMatch(l -> l.contains("put aside")), "moved, not set aside");
    }

    @Test
    void aSlotStillHoldingTheCardTheEngineLastPutThereIsNotReadAgain() {
        TickingPlatform platform = new TickingPlatform(dir);
        UnoCore core = coreOf(platform);
        platform.inventories.put("ann", new HashMap<>(OWN));
        apply(core, platform, hand(7, 0));
        platform.slotReads = 0;
        apply(core, platform, hand(7, 1));          // every card and the top card change: 8 slots written
        assertEquals(0, platform.slotReads, "a card the engine put there is known without reading it");
        platform.inventories.get("ann").put(3, "diamond x2");      // a plugin's setItem over a card
        apply(core, platform, hand(7, 2));
        assertEquals(3, platform.slotReads, "the slot that changed under the engine is read (and once more as it is moved),"
                + " and the free one it goes to");
        assertTrue(platform.inventories.get("ann").containsValue("diamond x2"));
    }

    @Test
    void aSlotTheEngineEmptiesKeepsTheGiftInIt() {
        // a plugin's setItem over the card in slot 6, which the engine then empties
        TickingPlatform platform = dealtThenGiven(6, "apple", 6);
        assertEquals("apple", platform.inventories.get("ann").get(6));
    }

    @Test
    void withEverySlotTakenTheGiftsAreSetAsideOnDiskAndThePlayerIsTold() {
        TickingPlatform platform = new TickingPlatform(dir);
        UnoCore core = coreOf(platform);
        playWithGifts(core, platform);
        assertTrue(platform.log.stream().anyMatch(l -> l.startsWith("msg ann") && l.contains("put aside")),
                platform.log.toString());
        assertTrue(core.vault().holds("ann"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"win", "leave", "close", "quit", "stop", "crash"})
    void everyItemIsBackAfterEveryWayOut(String way) throws IOException {
        TickingPlatform platform = new TickingPlatform(dir.resolve("server"));
        UnoCore core = coreOf(platform);
        playWithGifts(core, platform);
        Map<Integer, String> after;
        switch (way) {
            // a won match, a /uno leave and a /uno close: the engine sends the same op for each
            case "win", "leave", "close" -> {
                apply(core, platform, RESTORE);
                after = platform.inventories.get("ann");
            }
            case "quit" -> {
                core.onQuit("ann");
                settle(core, platform);
                after = platform.inventories.get("ann");
            }
            case "stop" -> {
                core.disable();
                settle(core, platform);
                after = platform.inventories.get("ann");
            }
            default -> after = afterACrash(platform);
        }
        assertEquals(everything(), items(after), way + ": every item back, none twice: " + after);
        assertFalse(after.values().stream().anyMatch(FakePlatform::card), way + ": no card left: " + after);
        if (!way.equals("crash")) {
            assertEquals(Map.of(), keptOnDisk(platform), way + ": nothing left set aside");
            assertFalse(core.vault().holds("ann"));
        }
    }

    /** The server crashes now; it restarts with the inventory and the vault folder as they are, and the player joins. */
    private Map<Integer, String> afterACrash(TickingPlatform now) throws IOException {
        Path copy = Files.createDirectories(dir.resolve("restarted/vault"));
        try (Stream<Path> files = Files.list(now.data.resolve("vault"))) {
            for (Path f : files.toList()) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        TickingPlatform restarted = new TickingPlatform(copy.getParent());
        restarted.inventories.put("ann", new HashMap<>(now.inventories.get("ann")));
        UnoCore core = coreOf(restarted);
        core.onJoin("ann");
        settle(core, restarted);
        assertEquals(Map.of(), keptOnDisk(restarted), "crash: nothing left set aside");
        return restarted.inventories.get("ann");
    }
}
