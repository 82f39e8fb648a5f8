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
import dev.unocraft.core.Inventories;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The core's item rules ({@link Inventories}) over Minestom's real inventory and stacks ({@link MinestomSlots}):
 * plain stacks as item stakes count, take and give them on the dev server; its stake permission.
 */
class PlainItemsTest {
    private static final String NAME = "plainitems";
    private final MinestomSlots slots = new MinestomSlots();
    private Player player;
    private Inventories<ItemStack> rules;

    @org.junit.jupiter.api.BeforeEach
    void seat() {
        player = headless(NAME);
        MinestomPlayers.track(player);
        rules = Inventories.of(slots, new MinestomPlayers(new DevEconomy(dir.resolve("balances.properties"))));
    }

    @org.junit.jupiter.api.AfterEach
    void leave() {
        MinestomPlayers.untrack(player);
    }

    /** Whether a stack counts as plain diamonds: alone in the inventory, the rules count it. */
    private boolean isPlain(ItemStack stack) {
        PlayerInventory inv = player.getInventory();
        inv.clear();
        inv.setItemStack(0, stack);
        boolean plain = rules.countPlain(NAME, "minecraft:diamond") == (stack.isAir() ? -1 : stack.amount());
        inv.clear();
        return plain;
    }

    /** The material a namespaced id names as the rules see it, or null. */
    private Material material(String item) {
        ItemStack s = slots.plain(item, 1);
        return s == null ? null : s.material();
    }
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
        assertTrue(isPlain(diamonds(5)));
        assertTrue(isPlain(diamonds(1).with(DataComponents.MAX_STACK_SIZE, 64)), "a default restated is still plain");
        assertFalse(isPlain(diamonds(1).with(DataComponents.MAX_STACK_SIZE, 16)));
        assertFalse(isPlain(diamonds(3).withCustomName(Component.text("shiny"))), "named");
        assertFalse(isPlain(diamonds(3).withLore(Component.text("lore"))), "lore");
        assertFalse(isPlain(diamonds(3).with(DataComponents.ENCHANTMENT_GLINT_OVERRIDE, true)), "glint");
        assertFalse(isPlain(diamonds(3).without(DataComponents.MAX_STACK_SIZE)), "a default removed");
        assertFalse(isPlain(diamonds(3).withTag(MinestomSlots.ENGINE_TAG, "card:R5")), "an engine item");
        assertFalse(isPlain(ItemStack.of(Material.EMERALD, 3)), "another kind");
        assertFalse(isPlain(ItemStack.AIR));
    }

    @Test
    void itemsAreNamespacedIdsOfMaterials() {
        assertSame(DIAMOND, material("minecraft:diamond"));
        assertSame(DIAMOND, material("diamond"), "the minecraft namespace by default, as Minecraft reads ids");
        assertNull(material("minecraft:no_such_item"));
        assertNull(material("Minecraft:Diamond"), "not a valid key: no exception");
        assertNull(material("minecraft:air"), "air is no stake");
        assertNull(material(null));
    }

    /** Slot 0: 5 plain; 1: 3 named; 2: 2 engine; 3: 4 plain; 4: emeralds; off-hand: 6 plain; helmet: 9 plain. */
    private PlayerInventory mixed() {
        PlayerInventory inv = player.getInventory();
        inv.setItemStack(0, diamonds(5));
        inv.setItemStack(1, diamonds(3).withCustomName(Component.text("shiny")));
        inv.setItemStack(2, diamonds(2).withTag(MinestomSlots.ENGINE_TAG, "card:R5"));
        inv.setItemStack(3, diamonds(4));
        inv.setItemStack(4, ItemStack.of(Material.EMERALD, 7));
        inv.setItemStack(OFF_HAND, diamonds(6));
        inv.setItemStack(PlayerInventoryUtils.HELMET_SLOT, diamonds(9));
        return inv;
    }

    @Test
    void countsPlainStacksInStorageAndTheOffHandNeverArmour() {
        PlayerInventory inv = mixed();
        assertEquals(5 + 4 + 6, rules.countPlain(NAME, "minecraft:diamond"), "not the named, engine or helmet diamonds");
        assertEquals(7, rules.countPlain(NAME, "minecraft:emerald"));
        assertEquals(0, rules.countPlain(NAME, "minecraft:gold_ingot"));
    }

    @Test
    void takeIsAllOrNothing() {
        PlayerInventory inv = mixed();
        ItemStack[] before = inv.getItemStacks();
        assertFalse(rules.takePlain(NAME, "minecraft:diamond", 16), "15 plain ones: the named, engine and helmet ones do not count");
        assertArrayEquals(before, inv.getItemStacks(), "nothing taken");
        assertFalse(rules.takePlain(NAME, "minecraft:diamond", -1));
        assertTrue(rules.takePlain(NAME, "minecraft:diamond", 0));
        assertArrayEquals(before, inv.getItemStacks());

        assertTrue(rules.takePlain(NAME, "minecraft:diamond", 11));
        assertTrue(inv.getItemStack(0).isAir(), "storage first");
        assertTrue(inv.getItemStack(3).isAir());
        assertEquals(diamonds(4), inv.getItemStack(OFF_HAND), "the off-hand last");
        assertEquals(before[1], inv.getItemStack(1), "the named stack untouched");
        assertEquals(before[2], inv.getItemStack(2), "the engine item untouched");
        assertEquals(diamonds(9), inv.getItemStack(PlayerInventoryUtils.HELMET_SLOT), "armour never");

        assertTrue(rules.takePlain(NAME, "minecraft:diamond", 4), "the off-hand's own");
        assertTrue(inv.getItemStack(OFF_HAND).isAir());
        assertEquals(0, rules.countPlain(NAME, "minecraft:diamond"));
        assertFalse(rules.takePlain(NAME, "minecraft:diamond", 1));
    }

    @Test
    void giveFillsPlainStacksThenEmptyStorageSlots() {
        PlayerInventory inv = player.getInventory();
        inv.setItemStack(0, diamonds(10).withCustomName(Component.text("shiny")));
        inv.setItemStack(5, diamonds(60));
        inv.setItemStack(OFF_HAND, diamonds(63));
        assertEquals(0, rules.givePlain(NAME, "minecraft:diamond", 4 + 1 + 64 + 3));
        assertEquals(diamonds(64), inv.getItemStack(5), "onto the plain stack first");
        assertEquals(diamonds(64), inv.getItemStack(OFF_HAND), "and the off-hand's");
        assertEquals(10, inv.getItemStack(0).amount(), "never onto a named stack");
        assertEquals(diamonds(64), inv.getItemStack(1), "then the first empty slots, a stack at most in each");
        assertEquals(diamonds(3), inv.getItemStack(2));
        assertEquals(0, rules.givePlain(NAME, "minecraft:diamond", 0));
        assertEquals(0, rules.givePlain(NAME, "minecraft:ender_pearl", 20));
        assertEquals(ItemStack.of(Material.ENDER_PEARL, 16), inv.getItemStack(3), "the material's own stack size");
        assertEquals(ItemStack.of(Material.ENDER_PEARL, 4), inv.getItemStack(4));
    }

    @Test
    void giveReturnsWhatDoesNotFitAndNeverUsesArmourOrAnEmptyOffHand() {
        PlayerInventory inv = player.getInventory();
        for (int slot = 0; slot < 36; slot++) {
            inv.setItemStack(slot, ItemStack.of(Material.STONE, 64));
        }
        inv.setItemStack(7, diamonds(62));
        ItemStack[] expected = inv.getItemStacks();
        expected[7] = diamonds(64);
        assertEquals(10 - 2, rules.givePlain(NAME, "minecraft:diamond", 10));
        assertArrayEquals(expected, inv.getItemStacks(), "2 onto slot 7; nothing in the off-hand, the armour or the crafting grid");
        assertEquals(5, rules.givePlain(NAME, "minecraft:diamond", 5), "full");
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
    void theRulesGoThroughTheOnlinePlayersInventory() {
        PlayerInventory inv = player.getInventory();
        inv.setItemStack(0, diamonds(5));
        inv.setItemStack(OFF_HAND, diamonds(2));
        assertTrue(rules.isItem("minecraft:diamond"));
        assertFalse(rules.isItem("minecraft:nope"));
        assertEquals(7, rules.countPlain(NAME, "minecraft:diamond"));
        assertEquals(0, rules.countPlain(NAME, "minecraft:nope"));
        assertFalse(rules.takePlain(NAME, "minecraft:diamond", 8));
        assertEquals(7, rules.countPlain(NAME, "minecraft:diamond"));
        rules.atomically(NAME, () -> assertTrue(rules.takePlain(NAME, "minecraft:diamond", 6)));     // under the inventory's lock too
        assertEquals(1, rules.countPlain(NAME, "minecraft:diamond"));
        assertEquals(0, rules.givePlain(NAME, "minecraft:diamond", 70));
        assertEquals(71, rules.countPlain(NAME, "minecraft:diamond"));
        assertEquals(3, rules.givePlain(NAME, "minecraft:nope", 3));

        assertEquals(0, rules.countPlain("bob", "minecraft:diamond"), "offline");
        assertFalse(rules.takePlain("bob", "minecraft:diamond", 0));
        assertEquals(4, rules.givePlain("bob", "minecraft:diamond", 4));
    }

    @Test
    void everyPlayerMayStakeButThoseNamedByNoStake() {
        MinestomPlatform platform = new MinestomPlatform(dir);
        Player ann = headless("Ann");
        Player bob = headless("Bob");
        MinestomPlayers.track(ann);
        MinestomPlayers.track(bob);
        DevPermissions.NO_STAKE.add("bob");
        try {
            assertTrue(platform.players().hasPermission("ann", "uno.stake"));
            assertFalse(platform.players().hasPermission("Bob", "uno.stake"));
            assertFalse(platform.players().hasPermission("cid", "uno.stake"), "offline");
            assertFalse(platform.players().hasPermission("ann", "uno.admin"), "not one of --admins");
            assertSame(platform.money(), platform.money(), "one economy");
        } finally {
            DevPermissions.NO_STAKE.remove("bob");
            MinestomPlayers.untrack(ann);
            MinestomPlayers.untrack(bob);
        }
    }
}
