package dev.unocraft.devserver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.kyori.adventure.text.Component;
import net.minestom.server.component.DataComponents;
import net.minestom.server.entity.Player;
import net.minestom.server.inventory.PlayerInventory;
import net.minestom.server.item.ItemStack;
import net.minestom.server.item.Material;
import net.minestom.server.network.packet.server.SendablePacket;
import net.minestom.server.network.player.GameProfile;
import net.minestom.server.network.player.PlayerConnection;
import net.minestom.server.utils.inventory.PlayerInventoryUtils;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plain stacks as item stakes count, take and give them on the dev server; its stake permission. */
class PlainItemsTest {
    private static final Material DIAMOND = Material.DIAMOND;
    private static final int OFF_HAND = PlayerInventoryUtils.OFFHAND_SLOT;

    @TempDir
    java.nio.file.Path dir;

    @BeforeAll
    static void server() {
        net.minestom.server.MinecraftServer.init(new net.minestom.server.Auth.Offline());     // the inventory events' handler; not started
    }

    private static ItemStack diamonds(int n) {
        return ItemStack.of(DIAMOND, n);
    }

    @Test
    void onlyStacksWithNothingOnThemArePlain() {
        assertTrue(PlainItems.isPlain(diamonds(5), DIAMOND));
        assertTrue(PlainItems.isPlain(diamonds(1).with(DataComponents.MAX_STACK_SIZE, 64), DIAMOND), "a default restated is still plain");
        assertFalse(PlainItems.isPlain(diamonds(1).with(DataComponents.MAX_STACK_SIZE, 16), DIAMOND));
        assertFalse(PlainItems.isPlain(diamonds(3).withCustomName(Component.text("shiny")), DIAMOND), "named");
        assertFalse(PlainItems.isPlain(diamonds(3).withLore(Component.text("lore")), DIAMOND), "lore");
        assertFalse(PlainItems.isPlain(diamonds(3).with(DataComponents.ENCHANTMENT_GLINT_OVERRIDE, true), DIAMOND), "glint");
        assertFalse(PlainItems.isPlain(diamonds(3).without(DataComponents.MAX_STACK_SIZE), DIAMOND), "a default removed");
        assertFalse(PlainItems.isPlain(diamonds(3).withTag(MinestomPlatform.ENGINE_TAG, "card:R5"), DIAMOND), "an engine item");
        assertFalse(PlainItems.isPlain(ItemStack.of(Material.EMERALD, 3), DIAMOND), "another kind");
        assertFalse(PlainItems.isPlain(ItemStack.AIR, DIAMOND));
    }

    @Test
    void itemsAreNamespacedIdsOfMaterials() {
        assertSame(DIAMOND, PlainItems.material("minecraft:diamond"));
        assertSame(DIAMOND, PlainItems.material("diamond"), "the minecraft namespace by default, as Minecraft reads ids");
        assertNull(PlainItems.material("minecraft:no_such_item"));
        assertNull(PlainItems.material("Minecraft:Diamond"), "not a valid key: no exception");
        assertNull(PlainItems.material("minecraft:air"), "air is no stake");
        assertNull(PlainItems.material(null));
    }

    /** Slot 0: 5 plain; 1: 3 named; 2: 2 engine; 3: 4 plain; 4: emeralds; off-hand: 6 plain; helmet: 9 plain. */
    private static PlayerInventory mixed() {
        PlayerInventory inv = new PlayerInventory();
        inv.setItemStack(0, diamonds(5));
        inv.setItemStack(1, diamonds(3).withCustomName(Component.text("shiny")));
        inv.setItemStack(2, diamonds(2).withTag(MinestomPlatform.ENGINE_TAG, "card:R5"));
        inv.setItemStack(3, diamonds(4));
        inv.setItemStack(4, ItemStack.of(Material.EMERALD, 7));
        inv.setItemStack(OFF_HAND, diamonds(6));
        inv.setItemStack(PlayerInventoryUtils.HELMET_SLOT, diamonds(9));
        return inv;
    }

    @Test
    void countsPlainStacksInStorageAndTheOffHandNeverArmour() {
        PlayerInventory inv = mixed();
        assertEquals(5 + 4 + 6, PlainItems.count(inv, DIAMOND), "not the named, engine or helmet diamonds");
        assertEquals(7, PlainItems.count(inv, Material.EMERALD));
        assertEquals(0, PlainItems.count(inv, Material.GOLD_INGOT));
    }

    @Test
    void takeIsAllOrNothing() {
        PlayerInventory inv = mixed();
        ItemStack[] before = inv.getItemStacks();
        assertFalse(PlainItems.take(inv, DIAMOND, 16), "15 plain ones: the named, engine and helmet ones do not count");
        assertArrayEquals(before, inv.getItemStacks(), "nothing taken");
        assertFalse(PlainItems.take(inv, DIAMOND, -1));
        assertTrue(PlainItems.take(inv, DIAMOND, 0));
        assertArrayEquals(before, inv.getItemStacks());

        assertTrue(PlainItems.take(inv, DIAMOND, 11));
        assertTrue(inv.getItemStack(0).isAir(), "storage first");
        assertTrue(inv.getItemStack(3).isAir());
        assertEquals(diamonds(4), inv.getItemStack(OFF_HAND), "the off-hand last");
        assertEquals(before[1], inv.getItemStack(1), "the named stack untouched");
        assertEquals(before[2], inv.getItemStack(2), "the engine item untouched");
        assertEquals(diamonds(9), inv.getItemStack(PlayerInventoryUtils.HELMET_SLOT), "armour never");

        assertTrue(PlainItems.take(inv, DIAMOND, 4), "the off-hand's own");
        assertTrue(inv.getItemStack(OFF_HAND).isAir());
        assertEquals(0, PlainItems.count(inv, DIAMOND));
        assertFalse(PlainItems.take(inv, DIAMOND, 1));
    }

    @Test
    void giveFillsPlainStacksThenEmptyStorageSlots() {
        PlayerInventory inv = new PlayerInventory();
        inv.setItemStack(0, diamonds(10).withCustomName(Component.text("shiny")));
        inv.setItemStack(5, diamonds(60));
        inv.setItemStack(OFF_HAND, diamonds(63));
        assertEquals(0, PlainItems.give(inv, DIAMOND, 4 + 1 + 64 + 3));
        assertEquals(diamonds(64), inv.getItemStack(5), "onto the plain stack first");
        assertEquals(diamonds(64), inv.getItemStack(OFF_HAND), "and the off-hand's");
        assertEquals(10, inv.getItemStack(0).amount(), "never onto a named stack");
        assertEquals(diamonds(64), inv.getItemStack(1), "then the first empty slots, a stack at most in each");
        assertEquals(diamonds(3), inv.getItemStack(2));
        assertEquals(0, PlainItems.give(inv, DIAMOND, 0));
        assertEquals(0, PlainItems.give(inv, Material.ENDER_PEARL, 20));
        assertEquals(ItemStack.of(Material.ENDER_PEARL, 16), inv.getItemStack(3), "the material's own stack size");
        assertEquals(ItemStack.of(Material.ENDER_PEARL, 4), inv.getItemStack(4));
    }

    @Test
    void giveReturnsWhatDoesNotFitAndNeverUsesArmourOrAnEmptyOffHand() {
        PlayerInventory inv = new PlayerInventory();
        for (int slot = 0; slot < 36; slot++) {
            inv.setItemStack(slot, ItemStack.of(Material.STONE, 64));
        }
        inv.setItemStack(7, diamonds(62));
        ItemStack[] expected = inv.getItemStacks();
        expected[7] = diamonds(64);
        assertEquals(10 - 2, PlainItems.give(inv, DIAMOND, 10));
        assertArrayEquals(expected, inv.getItemStacks(), "2 onto slot 7; nothing in the off-hand, the armour or the crafting grid");
        assertEquals(5, PlainItems.give(inv, DIAMOND, 5), "full");
        assertArrayEquals(expected, inv.getItemStacks());
    }

    /** A player no one sees, as PreparedOpsTest makes one. */
    private static Player headless(String name) {
        PlayerConnection nowhere = new PlayerConnection() {
            @Override
            public void sendPacket(SendablePacket packet) {
                // dropped
            }

            @Override
            public java.net.SocketAddress getRemoteAddress() {
                return new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0);
            }
        };
        return new Player(nowhere, new GameProfile(java.util.UUID.randomUUID(), name));
    }

    @Test
    void thePlatformGoesThroughTheOnlinePlayersInventory() {
        MinestomPlatform platform = new MinestomPlatform(dir);
        Player ann = headless("Ann");
        MinestomPlatform.track(ann);
        try {
            ann.getInventory().setItemStack(0, diamonds(5));
            ann.getInventory().setItemStack(OFF_HAND, diamonds(2));
            assertTrue(platform.isItem("minecraft:diamond"));
            assertFalse(platform.isItem("minecraft:nope"));
            assertEquals(7, platform.countPlain("ann", "minecraft:diamond"));
            assertEquals(0, platform.countPlain("ann", "minecraft:nope"));
            assertFalse(platform.takePlain("ann", "minecraft:diamond", 8));
            assertEquals(7, platform.countPlain("ann", "minecraft:diamond"));
            platform.atomically("ann", () -> assertTrue(platform.takePlain("ann", "minecraft:diamond", 6)));     // under the inventory's lock too
            assertEquals(1, platform.countPlain("ann", "minecraft:diamond"));
            assertEquals(0, platform.givePlain("ann", "minecraft:diamond", 70));
            assertEquals(71, platform.countPlain("ann", "minecraft:diamond"));
            assertEquals(3, platform.givePlain("ann", "minecraft:nope", 3));

            assertEquals(0, platform.countPlain("bob", "minecraft:diamond"), "offline");
            assertFalse(platform.takePlain("bob", "minecraft:diamond", 0));
            assertEquals(4, platform.givePlain("bob", "minecraft:diamond", 4));
        } finally {
            MinestomPlatform.untrack(ann);
        }
    }

    @Test
    void everyPlayerMayStakeButThoseNamedByNoStake() {
        MinestomPlatform platform = new MinestomPlatform(dir);
        Player ann = headless("Ann");
        Player bob = headless("Bob");
        MinestomPlatform.track(ann);
        MinestomPlatform.track(bob);
        DevPermissions.NO_STAKE.add("bob");
        try {
            assertTrue(platform.hasPermission("ann", "uno.stake"));
            assertFalse(platform.hasPermission("Bob", "uno.stake"));
            assertFalse(platform.hasPermission("cid", "uno.stake"), "offline");
            assertFalse(platform.hasPermission("ann", "uno.admin"), "not one of --admins");
            assertSame(platform.money(), platform.money(), "one economy");
        } finally {
            DevPermissions.NO_STAKE.remove("bob");
            MinestomPlatform.untrack(ann);
            MinestomPlatform.untrack(bob);
        }
    }
}
