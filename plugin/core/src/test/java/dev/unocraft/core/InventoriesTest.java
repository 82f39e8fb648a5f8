package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.unocraft.core.Platform.InventoryCopy;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The core's item rules, one place for every platform ({@link Inventories}), over the fake's text stacks:
 * "diamond x5" five diamonds (64 to a slot, a sword 1), "card …" an engine item, slot 36–39 armour, 40 the
 * off-hand. Each test breaks when its rule is taken out.
 */
class InventoriesTest {
    @TempDir
    Path dir;

    FakePlatform platform;
    Inventories<Object> rules;
    Map<Integer, String> ann;

    @BeforeEach
    void setUp() {
        platform = new FakePlatform(dir);
        ann = new HashMap<>();
        platform.inventories.put("ann", ann);
        rules = Inventories.of(platform, platform);
    }

    /** A copy of what {@code items} holds, made as the vault makes one (of a player's inventory). */
    private InventoryCopy copyOf(Map<Integer, String> items) {
        platform.inventories.put("tmp", new HashMap<>(items));
        InventoryCopy copy = rules.nonCards("tmp");
        platform.inventories.remove("tmp");
        return copy;
    }

    // ---------------------------------------------------------------- adding what came in

    @Test
    void addedItemsGoOntoStacksOfTheSameItemFirstThenIntoEmptyStorageSlots() {
        ann.putAll(Map.of(0, "diamond x60", 5, "diamond x10", 36, "boots", 40, "shield"));
        assertNull(rules.add("ann", copyOf(Map.of(0, "diamond x20"))), "everything fit");
        assertEquals("diamond x64", ann.get(0), "the first stack topped up to its maximum");
        assertEquals("diamond x26", ann.get(5), "then the next");
        assertEquals(4, ann.size(), "no new slot taken: " + ann);
        assertNull(rules.add("ann", copyOf(Map.of(0, "gold x70"))));
        assertEquals("gold x64", ann.get(1), "the first empty storage slot, a stack at most");
        assertEquals("gold x6", ann.get(2));
        assertEquals("boots", ann.get(36), "armour never");
        assertEquals("shield", ann.get(40), "the off-hand never");
    }

    @Test
    void whatDoesNotFitComesBackNeverDropped() {
        for (int slot = 0; slot < 36; slot++) {
            ann.put(slot, "stone x64");
        }
        InventoryCopy diamonds = copyOf(Map.of(0, "diamond x5"));
        assertSame(diamonds, rules.add("ann", diamonds), "nothing fit: the very copy back");
        ann.put(7, "diamond x62");
        InventoryCopy left = rules.add("ann", diamonds);
        assertEquals("diamond x64", ann.get(7));
        assertEquals(1, left.stacks());
        assertEquals("0=diamond x3\n", left.text(), "the rest, not the copy");
        assertSame(diamonds, rules.add("bob", diamonds), "an offline player takes nothing");
    }

    @Test
    void itemsThatDoNotStackTakeASlotEach() {
        assertNull(rules.add("ann", copyOf(Map.of(0, "sword", 1, "sword"))));
        assertEquals(Map.of(0, "sword", 1, "sword"), ann);
    }

    // ---------------------------------------------------------------- the whole inventory (the vault)

    @Test
    void aCopyGoesBackSlotForSlotArmourAndOffHandToo() {
        ann.putAll(Map.of(0, "sword", 9, "bread x3", 36, "boots", 39, "helmet", 40, "shield"));
        Map<Integer, String> own = new HashMap<>(ann);
        InventoryCopy copy = rules.copy("ann");
        assertTrue(rules.is("ann", copy));
        rules.clear("ann");
        assertEquals(Map.of(), ann);
        assertFalse(rules.is("ann", copy));
        ann.put(4, "card t:1 map 3");
        assertTrue(rules.restore("ann", copy));
        assertEquals(own, ann, "every slot as copied, the card gone");
        ann.put(9, "bread x2");
        assertFalse(rules.is("ann", copy), "an amount differs");
        assertFalse(rules.restore("bob", copy), "offline: nothing done");
    }

    @Test
    void theTextOfACopyReadsBackAndStacksPastTheSlotsAreKeptApart() {
        ann.putAll(Map.of(0, "sword", 40, "shield"));
        InventoryCopy copy = rules.read(rules.copy("ann").text() + "41=apple\n45=pear\n");
        assertEquals(4, copy.stacks());
        rules.clear("ann");
        rules.restore("ann", copy);
        assertEquals(Map.of(0, "sword", 40, "shield"), ann);
        assertEquals("0=apple\n4=pear\n", rules.beyond(copy).text(), "given back as items that came in");
        assertEquals(0, rules.beyond(rules.copy("ann")).stacks());
    }

    @Test
    void whatCameInIsEverythingButTheEngineItems() {
        ann.putAll(Map.of(0, "card t:1 map 3", 1, "diamond x2", 40, "card top map 4", 36, "boots"));
        assertEquals("0=diamond x2\n1=boots\n", rules.nonCards("ann").text());
        assertTrue(rules.holdsCards("ann"));
        ann.remove(0);
        ann.remove(40);
        assertFalse(rules.holdsCards("ann"));
    }

    // ---------------------------------------------------------------- one slot (a card's way)

    @Test
    void aSlotHoldsNothingAnEngineItemOrSomethingElse() {
        ann.putAll(Map.of(0, "card t:1 map 3", 1, "diamond x2"));
        assertEquals(Platform.SlotHolds.ENGINE, rules.holds("ann", 0));
        assertEquals(Platform.SlotHolds.OTHER, rules.holds("ann", 1));
        assertEquals(Platform.SlotHolds.NOTHING, rules.holds("ann", 2));
        rules.move("ann", 1, 30);
        assertEquals(Map.of(0, "card t:1 map 3", 30, "diamond x2"), ann);
        assertEquals("0=diamond x2\n", rules.take("ann", 30).text());
        assertEquals(Map.of(0, "card t:1 map 3"), ann);
        assertEquals(0, rules.take("ann", 30).stacks());
    }

    // ---------------------------------------------------------------- plain items (item stakes)

    /** 5 plain in slot 0, 3 named in 1, an engine item in 2, 4 plain in 3, 6 plain in the off-hand, 9 plain as a helmet. */
    private void mixed() {
        ann.putAll(Map.of(0, "diamond x5", 1, "diamond named Bob x3", 2, "card diamond map 1", 3, "diamond x4",
                40, "diamond x6", 39, "diamond x9"));
    }

    @Test
    void plainItemsAreCountedInStorageAndTheOffHandNeverArmourNamedOrEngineItems() {
        mixed();
        assertEquals(5 + 4 + 6, rules.countPlain("ann", "minecraft:diamond"));
        assertEquals(0, rules.countPlain("ann", "minecraft:emerald"));
        assertEquals(0, rules.countPlain("ann", "minecraft:no_such_item"));
        assertTrue(rules.isItem("minecraft:diamond"));
        assertFalse(rules.isItem("minecraft:no_such_item"));
    }

    @Test
    void aStakeIsTakenWholeOrNotAtAllStorageFirstThenTheOffHand() {
        mixed();
        Map<Integer, String> before = new HashMap<>(ann);
        assertFalse(rules.takePlain("ann", "minecraft:diamond", 16), "15 plain ones");
        assertEquals(before, ann, "nothing taken");
        assertFalse(rules.takePlain("bob", "minecraft:diamond", 0), "offline");
        assertTrue(rules.takePlain("ann", "minecraft:diamond", 11));
        assertNull(ann.get(0));
        assertNull(ann.get(3));
        assertEquals("diamond x4", ann.get(40), "the off-hand last");
        assertEquals(before.get(1), ann.get(1));
        assertEquals(before.get(2), ann.get(2));
        assertEquals("diamond x9", ann.get(39), "armour never");
    }

    @Test
    void aShareTopsUpPlainStacksThenFillsEmptyStorageSlotsAndSaysWhatDidNotFit() {
        ann.putAll(Map.of(0, "diamond named Bob x10", 5, "diamond x60", 40, "diamond x63", 36, "boots"));
        assertEquals(0, rules.givePlain("ann", "minecraft:diamond", 4 + 1 + 64 + 3));
        assertEquals("diamond x64", ann.get(5), "onto the plain stack first");
        assertEquals("diamond x64", ann.get(40), "and the off-hand's");
        assertEquals("diamond named Bob x10", ann.get(0), "never onto a named stack");
        assertEquals("diamond x64", ann.get(1), "then the first empty slots, a stack at most in each");
        assertEquals("diamond x3", ann.get(2));
        for (int slot = 0; slot < 36; slot++) {
            ann.putIfAbsent(slot, "stone x64");
        }
        assertEquals(2, rules.givePlain("ann", "minecraft:diamond", 63), "61 onto slot 2, the rest does not fit");
        assertEquals("boots", ann.get(36));
        assertEquals(5, rules.givePlain("ann", "minecraft:no_such_item", 5));
    }
}
