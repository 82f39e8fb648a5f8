package dev.unocraft.bukkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.unocraft.core.Money;
import dev.unocraft.core.UnoCore;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.kyori.adventure.text.Component;
import net.milkbowl.vault.economy.Economy;
import net.milkbowl.vault.economy.EconomyResponse;
import org.bukkit.Material;
import org.bukkit.NamespacedKey;
import org.bukkit.OfflinePlayer;
import org.bukkit.block.ShulkerBox;
import org.bukkit.enchantments.Enchantment;
import org.bukkit.entity.EntityType;
import org.bukkit.inventory.ItemStack;
import org.bukkit.inventory.PlayerInventory;
import org.bukkit.inventory.meta.BlockStateMeta;
import org.bukkit.inventory.meta.Damageable;
import org.bukkit.inventory.meta.ItemMeta;
import org.bukkit.persistence.PersistentDataType;
import org.bukkit.plugin.Plugin;
import org.bukkit.plugin.ServicePriority;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.mockbukkit.mockbukkit.MockBukkit;

/**
 * What item and money stakes move on Bukkit (the Platform's hasPermission, money, isItem, countPlain, takePlain,
 * givePlain): a real MockBukkit player inventory on the real Paper API, and Vault's real API (VaultAPI 1.7) with an
 * economy of the test's own registered in the server's services. Run for both main classes (the nested classes):
 * the Paper adapter inherits the Spigot one's stake methods.
 */
class StakeItemsTest {

    @Nested
    class SpigotAdapter extends StakeTests {
        @Override
        Main main() {
            return Main.SPIGOT;
        }
    }

    @Nested
    class PaperAdapter extends StakeTests {
        @Override
        Main main() {
            return Main.PAPER;
        }
    }

    abstract static class StakeTests extends AdapterTestBase {
        static final String DIAMOND = "minecraft:diamond";

        /** The core's item rules over this adapter's slots, and its players (permissions, money). */
        dev.unocraft.core.Inventories<?> items() {
            return core.inventories();
        }

        dev.unocraft.core.Players players() {
            return core.platform().players();
        }

        // ------------------------------------------------------------ items the server knows

        @Test
        void isItemKnowsItemsOnly() {
            assertEquals(expectedPlatform(), core.platformName());
            assertTrue(items().isItem(DIAMOND));
            assertTrue(items().isItem("minecraft:shulker_box"));
            assertTrue(items().isItem("diamond"), "Bukkit's matchMaterial takes an id without its namespace too");
            assertFalse(items().isItem("minecraft:no_such_thing"));
            assertFalse(items().isItem("minecraft:air"));
            assertFalse(items().isItem("minecraft:water"), "a block with no item");
            assertFalse(items().isItem(""));
        }

        // ------------------------------------------------------------ countPlain

        /** Plain diamonds: 10 in slot 0, 64 in slot 9, 1 in slot 35, 3 in the off-hand (78); and diamonds that are not plain. */
        void mixedDiamonds(PlayerInventory inv) {
            inv.setItem(0, new ItemStack(Material.DIAMOND, 10));
            inv.setItem(1, renamed(new ItemStack(Material.DIAMOND, 5)));
            inv.setItem(2, enchanted(new ItemStack(Material.DIAMOND, 4)));
            inv.setItem(3, engineItem(new ItemStack(Material.DIAMOND, 2)));
            inv.setItem(4, new ItemStack(Material.SHULKER_BOX));
            inv.setItem(5, filledShulkerBox());
            inv.setItem(6, new ItemStack(Material.IRON_SWORD));
            inv.setItem(7, damaged(new ItemStack(Material.IRON_SWORD)));
            inv.setItem(9, new ItemStack(Material.DIAMOND, 64));
            inv.setItem(35, new ItemStack(Material.DIAMOND, 1));
            inv.setItemInOffHand(new ItemStack(Material.DIAMOND, 3));
            inv.setHelmet(new ItemStack(Material.DIAMOND, 7));         // slot 39: armour, never counted
            inv.setBoots(new ItemStack(Material.DIAMOND, 6));          // slot 36
        }

        @Test
        void countPlainCountsPlainStacksInStorageAndOffHandOnly() throws Exception {
            CheckedPlayer ann = join("ann", this::mixedDiamonds);
            assertEquals(78, items().countPlain("ann", DIAMOND), describe(contents(ann)));
            assertEquals(1, items().countPlain("ann", "minecraft:shulker_box"), "the filled shulker box is not plain");
            assertEquals(1, items().countPlain("ann", "minecraft:iron_sword"), "the worn sword is not plain");
            assertEquals(0, items().countPlain("ann", "minecraft:emerald"));
            assertEquals(0, items().countPlain("ann", "minecraft:no_such_thing"));
            assertEquals(0, items().countPlain("nobody", DIAMOND), "an offline player holds nothing");
        }

        // ------------------------------------------------------------ takePlain

        @Test
        void takePlainIsAllOrNothingAndTakesOnlyPlainStacks() throws Exception {
            CheckedPlayer ann = join("ann", this::mixedDiamonds);
            Map<Integer, ItemStack> before = snapshot(ann);

            assertFalse(items().takePlain("ann", DIAMOND, 79), "one more than the 78 plain diamonds");
            assertEquals(before, snapshot(ann), "a refused take changes nothing");
            assertFalse(items().takePlain("ann", "minecraft:no_such_thing", 1));
            assertFalse(items().takePlain("nobody", DIAMOND, 1));
            assertEquals(before, snapshot(ann));

            assertTrue(items().takePlain("ann", DIAMOND, 70));
            assertEquals(8, items().countPlain("ann", DIAMOND));
            Map<Integer, ItemStack> now = snapshot(ann);
            assertNull(now.get(0), "slot 0's 10 taken first: " + describe(now));
            assertEquals(4, now.get(9).getAmount(), "then 60 of slot 9's 64");
            assertEquals(1, now.get(35).getAmount());
            assertEquals(3, now.get(40).getAmount());

            assertTrue(items().takePlain("ann", DIAMOND, 8), "the last 8, the off-hand's among them");
            assertEquals(0, items().countPlain("ann", DIAMOND));
            now = snapshot(ann);
            assertNull(now.get(9));
            assertNull(now.get(35));
            assertNull(now.get(40), "the off-hand's 3 taken");
            // what is not plain, and the armour, untouched
            for (int slot : new int[] {1, 2, 3, 4, 5, 6, 7, 36, 39}) {
                assertEquals(before.get(slot), now.get(slot), "slot " + slot);
            }
            assertEquals(before.keySet().size() - 4, now.size(), describe(now));
            assertTrue(items().takePlain("ann", DIAMOND, 0), "nothing is always there to take");
            assertFalse(items().takePlain("ann", DIAMOND, 1));
        }

        // ------------------------------------------------------------ givePlain

        @Test
        void givePlainTopsUpPlainStacksThenFillsEmptyStorageSlots() throws Exception {
            CheckedPlayer ann = join("ann", inv -> {
                inv.setItem(0, new ItemStack(Material.DIAMOND, 60));
                inv.setItem(1, renamed(new ItemStack(Material.DIAMOND, 10)));
                inv.setItem(2, new ItemStack(Material.STONE, 1));
                inv.setItemInOffHand(new ItemStack(Material.DIAMOND, 62));
                inv.setHelmet(new ItemStack(Material.DIAMOND, 1));
            });
            assertEquals(0, items().givePlain("ann", DIAMOND, 20));
            Map<Integer, ItemStack> now = snapshot(ann);
            assertEquals(64, now.get(0).getAmount(), "slot 0 topped up: " + describe(now));
            assertEquals(64, now.get(40).getAmount(), "the off-hand's plain stack topped up");
            assertEquals(10, now.get(1).getAmount(), "the renamed diamonds get none");
            assertEquals(14, now.get(3).getAmount(), "the rest in the first empty storage slot");
            assertEquals(new ItemStack(Material.DIAMOND, 14), now.get(3), "a plain stack");
            assertEquals(1, now.get(39).getAmount(), "the helmet slot gets none");
            assertEquals(6, now.size(), describe(now));
            assertEquals(20 + 60 + 62, items().countPlain("ann", DIAMOND));
        }

        @Test
        void givePlainKeepsToTheMaximumStackSize() throws Exception {
            CheckedPlayer ann = join("ann", inv -> { });
            assertEquals(0, items().givePlain("ann", "minecraft:ender_pearl", 40));
            Map<Integer, ItemStack> now = snapshot(ann);
            assertEquals(List.of(16, 16, 8), now.values().stream().map(ItemStack::getAmount).toList(), describe(now));
            assertEquals(List.of(0, 1, 2), List.copyOf(now.keySet()), "hotbar first, as Bukkit's addItem fills it");
        }

        @Test
        void givePlainReturnsWhatDidNotFitAndDropsNothing() throws Exception {
            CheckedPlayer ann = join("ann", inv -> {
                for (int slot = 0; slot < 36; slot++) {
                    inv.setItem(slot, new ItemStack(Material.DIRT, 64));
                }
                inv.setItem(7, new ItemStack(Material.DIAMOND, 50));
            });
            assertEquals(86, items().givePlain("ann", DIAMOND, 100), "14 fit onto slot 7's 50");
            Map<Integer, ItemStack> now = snapshot(ann);
            assertEquals(64, now.get(7).getAmount());
            assertNull(now.get(40), "an empty off-hand takes no new stack");
            assertEquals(36, now.size(), describe(now));
            assertEquals(0, world.getEntities().stream().filter(e -> e.getType() == EntityType.ITEM).count(), "nothing dropped");
            assertEquals(5, items().givePlain("nobody", DIAMOND, 5), "an offline player gets nothing");
            assertEquals(3, items().givePlain("ann", "minecraft:no_such_thing", 3));
        }

        // ------------------------------------------------------------ hasPermission

        @Test
        void hasPermissionAsksTheOnlinePlayer() throws Exception {
            CheckedPlayer ann = join("ann", inv -> { });
            var attachment = ann.addAttachment(plugin, "uno.stake", false);
            assertFalse(players().hasPermission("ann", "uno.stake"));
            attachment.setPermission("uno.stake", true);
            assertTrue(players().hasPermission("ann", "uno.stake"));
            assertTrue(players().hasPermission("ann", "uno.play"), "plugin.yml's default");
            assertFalse(players().hasPermission("ann", "uno.admin"), "op only");
            assertFalse(players().hasPermission("nobody", "uno.play"), "offline: false");
        }

        // ------------------------------------------------------------ money through Vault

        @Test
        void noVaultPluginNoMoneyEvenWithAnEconomyRegistered() throws Exception {
            join("ann", inv -> { });
            assertNull(players().money());
            Plugin other = MockBukkit.createMockPlugin("SomeEconomy");
            TestEconomy economy = new TestEconomy();
            server.getServicesManager().register(Economy.class, economy.proxy(), other, ServicePriority.Normal);
            assertNull(players().money(), "without the Vault plugin the adapter never looks");
            assertEquals(List.of(), economy.calls);
        }

        @Test
        void vaultWithoutAnEconomyIsNoMoney() throws Exception {
            join("ann", inv -> { });
            MockBukkit.createMockPlugin("Vault");
            assertNull(players().money());
            TestEconomy disabled = new TestEconomy();
            disabled.enabled = false;
            server.getServicesManager().register(Economy.class, disabled.proxy(), plugin, ServicePriority.Normal);
            assertNull(players().money(), "an economy that says it is not enabled");
        }

        @Test
        void moneyGoesThroughVaultsEconomy() throws Exception {
            CheckedPlayer ann = join("ann", inv -> { });
            Plugin vault = MockBukkit.createMockPlugin("Vault");
            TestEconomy economy = new TestEconomy();
            economy.balances.put(ann.getUniqueId(), 100.0);
            // registered after our plugin enabled: money() looks it up when asked
            server.getServicesManager().register(Economy.class, economy.proxy(), vault, ServicePriority.Normal);
            Money money = players().money();
            assertNotNull(money);

            assertEquals(100.0, money.balance("ann"));
            assertTrue(money.withdraw("ann", 30));
            assertEquals(70.0, money.balance("ann"));
            assertFalse(money.withdraw("ann", 71), "too little: nothing taken");
            assertEquals(70.0, money.balance("ann"));
            assertTrue(money.deposit("ann", 5));
            assertEquals(75.0, economy.balances.get(ann.getUniqueId()));
            economy.refuse = true;      // the economy plugin answers FAILURE
            assertFalse(money.deposit("ann", 5));
            assertFalse(money.withdraw("ann", 5));
            assertEquals(75.0, money.balance("ann"));
            economy.refuse = false;
            assertFalse(money.withdraw("ann", -5));
            assertFalse(money.withdraw("nobody", 1), "an offline player: the core owes them instead");
            assertFalse(money.deposit("nobody", 1));
            assertEquals(0.0, money.balance("nobody"));
            // always the online Player as the OfflinePlayer, never the deprecated by-name members (TestEconomy fails those)
            assertTrue(economy.players.stream().allMatch(p -> p == ann), economy.players.toString());
            assertTrue(economy.calls.contains("withdrawPlayer") && economy.calls.contains("depositPlayer"), economy.calls.toString());
        }

        // ------------------------------------------------------------ items

        static ItemStack renamed(ItemStack stack) {
            ItemMeta meta = stack.getItemMeta();
            meta.displayName(Component.text("Shiny"));
            stack.setItemMeta(meta);
            return stack;
        }

        static ItemStack enchanted(ItemStack stack) {
            stack.addUnsafeEnchantment(Enchantment.UNBREAKING, 1);
            return stack;
        }

        static ItemStack damaged(ItemStack stack) {
            ItemMeta meta = stack.getItemMeta();
            ((Damageable) meta).setDamage(5);
            stack.setItemMeta(meta);
            return stack;
        }

        /** A stack with the engine's tag (the adapter's key), as its card items have. */
        ItemStack engineItem(ItemStack stack) {
            ItemMeta meta = stack.getItemMeta();
            meta.getPersistentDataContainer().set(new NamespacedKey(plugin, UnoCore.TAG_KEY), PersistentDataType.STRING, "card:R0");
            stack.setItemMeta(meta);
            return stack;
        }

        static ItemStack filledShulkerBox() {
            ItemStack box = new ItemStack(Material.SHULKER_BOX);
            BlockStateMeta meta = (BlockStateMeta) box.getItemMeta();
            ShulkerBox state = (ShulkerBox) meta.getBlockState();
            state.getInventory().addItem(new ItemStack(Material.DIRT, 3));
            meta.setBlockState(state);
            box.setItemMeta(meta);
            return box;
        }

        /** Every non-empty slot, as clones (what the inventory holds now, not live stacks). */
        static Map<Integer, ItemStack> snapshot(CheckedPlayer p) {
            Map<Integer, ItemStack> out = new TreeMap<>();
            contents(p).forEach((slot, item) -> out.put(slot, item.clone()));
            return out;
        }
    }

    /**
     * An economy as an economy plugin registers it with Vault: balances by player id, the members of VaultAPI's
     * {@link Economy} the adapter may use; any other member (the deprecated by-name ones among them) fails the test.
     */
    static final class TestEconomy implements InvocationHandler {
        final Map<java.util.UUID, Double> balances = new HashMap<>();
        final List<String> calls = new ArrayList<>();
        final List<OfflinePlayer> players = new ArrayList<>();
        boolean enabled = true;
        /** Answer every withdrawal and deposit with FAILURE. */
        boolean refuse;

        Economy proxy() {
            return (Economy) Proxy.newProxyInstance(Economy.class.getClassLoader(), new Class<?>[] {Economy.class}, this);
        }

        @Override
        public Object invoke(Object proxy, Method m, Object[] args) {
            String sig = m.getName() + java.util.Arrays.toString(m.getParameterTypes());
            switch (m.getName()) {
                case "hashCode": return System.identityHashCode(proxy);
                case "equals": return proxy == args[0];
                case "toString": return "TestEconomy";
                default: break;
            }
            calls.add(m.getName());
            if (m.getName().equals("isEnabled")) {
                return enabled;
            }
            if (m.getName().equals("getName")) {
                return "TestEconomy";
            }
            Class<?>[] types = m.getParameterTypes();
            if (types.length == 0 || types[0] != OfflinePlayer.class) {
                throw new AssertionError("the adapter called Economy." + sig);
            }
            OfflinePlayer player = (OfflinePlayer) args[0];
            players.add(player);
            double balance = balances.getOrDefault(player.getUniqueId(), 0.0);
            if (types.length == 1 && m.getName().equals("getBalance")) {
                return balance;
            }
            if (types.length != 2 || types[1] != double.class) {
                throw new AssertionError("the adapter called Economy." + sig);
            }
            double amount = (Double) args[1];
            switch (m.getName()) {
                case "has":
                    return balance >= amount;
                case "withdrawPlayer":
                    if (refuse || amount > balance) {
                        return new EconomyResponse(0, balance, EconomyResponse.ResponseType.FAILURE, "no");
                    }
                    balances.put(player.getUniqueId(), balance - amount);
                    return new EconomyResponse(amount, balance - amount, EconomyResponse.ResponseType.SUCCESS, null);
                case "depositPlayer":
                    if (refuse) {
                        return new EconomyResponse(0, balance, EconomyResponse.ResponseType.FAILURE, "no");
                    }
                    balances.put(player.getUniqueId(), balance + amount);
                    return new EconomyResponse(amount, balance + amount, EconomyResponse.ResponseType.SUCCESS, null);
                default:
                    throw new AssertionError("the adapter called Economy." + sig);
            }
        }
    }
}
