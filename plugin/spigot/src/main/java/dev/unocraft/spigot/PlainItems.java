package dev.unocraft.spigot;

import org.bukkit.Material;
import org.bukkit.entity.Player;
import org.bukkit.inventory.ItemStack;
import org.bukkit.inventory.PlayerInventory;

/**
 * Plain stacks in a player's inventory, what item stakes take and give back (Platform's countPlain,
 * takePlain, givePlain). A plain stack is one of exactly the item's material with nothing on it: similar
 * ({@link ItemStack#isSimilar}, everything but the amount) to a new stack of the material. So no name,
 * lore, enchantment, damage, contents (a filled shulker box) or other component, and never an engine item,
 * whose tag is on its meta. Only the storage slots (0–35: hotbar and main inventory) and the off-hand
 * (40) are looked at, never the armour slots (36–39) or the cursor. Server thread only.
 */
final class PlainItems {
    private static final int STORAGE = 36;
    private static final int OFF_HAND = 40;

    private PlainItems() {}

    /** The item a namespaced id ("minecraft:diamond") names, or null when it names none (a block with no item, air, nothing). */
    static Material material(String item) {
        Material m = item == null ? null : Material.matchMaterial(item);
        return m == null || m == Material.AIR || !m.isItem() ? null : m;
    }

    /** The slots looked at, in the order they are taken from and topped up: hotbar, main inventory, off-hand. */
    private static int[] slots() {
        int[] slots = new int[STORAGE + 1];
        for (int i = 0; i < STORAGE; i++) {
            slots[i] = i;
        }
        slots[STORAGE] = OFF_HAND;
        return slots;
    }

    /** How many plain items of the kind the player holds; 0 for an unknown item. */
    static int count(Player player, String item) {
        Material m = material(item);
        if (m == null) {
            return 0;
        }
        ItemStack plain = new ItemStack(m);
        PlayerInventory inv = player.getInventory();
        int n = 0;
        for (int slot : slots()) {
            ItemStack stack = inv.getItem(slot);
            if (isPlain(stack, plain)) {
                n += stack.getAmount();
            }
        }
        return n;
    }

    /** Takes {@code count} plain items of the kind, all or nothing: false, and nothing taken, when the player holds fewer. */
    static boolean take(Player player, String item, int count) {
        if (count < 0 || count(player, item) < count) {
            return false;
        }
        Material m = material(item);
        if (m == null) {
            return count == 0;
        }
        ItemStack plain = new ItemStack(m);
        PlayerInventory inv = player.getInventory();
        for (int slot : slots()) {
            if (count == 0) {
                break;
            }
            ItemStack stack = inv.getItem(slot);
            if (!isPlain(stack, plain)) {
                continue;
            }
            int take = Math.min(stack.getAmount(), count);
            count -= take;
            set(inv, slot, stack.getAmount() == take ? null : new ItemStack(m, stack.getAmount() - take));
        }
        return true;
    }

    /**
     * Gives {@code count} plain items of the kind: onto the plain stacks of it first (the off-hand's too), then
     * into empty storage slots, never more than a stack's maximum in one, never dropping one into the world.
     * Returns how many did not fit (all of them for an unknown item).
     */
    static int give(Player player, String item, int count) {
        Material m = material(item);
        if (m == null || count <= 0) {
            return Math.max(count, 0);
        }
        ItemStack plain = new ItemStack(m);
        int max = plain.getMaxStackSize();
        PlayerInventory inv = player.getInventory();
        for (int slot : slots()) {
            if (count == 0) {
                return 0;
            }
            ItemStack stack = inv.getItem(slot);
            if (isPlain(stack, plain) && stack.getAmount() < max) {
                int add = Math.min(max - stack.getAmount(), count);
                count -= add;
                set(inv, slot, new ItemStack(m, stack.getAmount() + add));
            }
        }
        for (int slot = 0; slot < STORAGE && count > 0; slot++) {
            if (isEmpty(inv.getItem(slot))) {
                int add = Math.min(max, count);
                count -= add;
                set(inv, slot, new ItemStack(m, add));
            }
        }
        return count;
    }

    private static boolean isPlain(ItemStack stack, ItemStack plain) {
        return stack != null && stack.getType() == plain.getType() && stack.getAmount() > 0 && stack.isSimilar(plain);
    }

    private static boolean isEmpty(ItemStack stack) {
        return stack == null || stack.getType() == Material.AIR || stack.getAmount() <= 0;
    }

    /** A slot's new stack (null: empty); the off-hand through its own setter, as the adapter's setSlot does. */
    private static void set(PlayerInventory inv, int slot, ItemStack stack) {
        if (slot == OFF_HAND) {
            inv.setItemInOffHand(stack);
        } else {
            inv.setItem(slot, stack);
        }
    }
}
