package dev.unocraft.devserver;

import dev.unocraft.core.UnoCore;
import net.minestom.server.component.DataComponent;
import net.minestom.server.component.DataComponentMap;
import net.minestom.server.inventory.PlayerInventory;
import net.minestom.server.item.ItemStack;
import net.minestom.server.item.Material;
import net.minestom.server.utils.inventory.PlayerInventoryUtils;

/**
 * Plain stacks in a Minestom player inventory, as item stakes count, take and give them
 * ({@code Platform.countPlain}, {@code takePlain}, {@code givePlain}). Plain: a stack of exactly
 * that material with nothing on it, i.e. no component beyond the material's own defaults (no name,
 * lore, enchantment, contents, custom data: an engine item carries its tag in custom data, and is
 * skipped besides). Storage slots 0–35 and the off-hand only, never armour, the crafting grid or
 * the cursor. Each operation holds the inventory's lock (the one Minestom changes it under, and
 * {@code MinestomPlatform.atomically}'s), so a count and the take it allows are one step.
 */
final class PlainItems {
    /** Minestom's slots an item stake may touch: storage 0–35, then the off-hand. */
    private static final int[] SLOTS = new int[37];

    static {
        for (int i = 0; i < 36; i++) {
            SLOTS[i] = i;
        }
        SLOTS[36] = PlayerInventoryUtils.OFFHAND_SLOT;
    }

    private PlainItems() {}

    /** The material a namespaced id ("minecraft:diamond") names, or null (an unknown or malformed id, or air). */
    static Material material(String item) {
        if (item == null) {
            return null;
        }
        Material m;
        try {
            m = Material.fromKey(item);
        } catch (RuntimeException e) {      // not a valid key ("Minecraft:Diamond", "a b")
            return null;
        }
        return m == null || m == Material.AIR ? null : m;
    }

    /** Whether the stack is of this material with no component beyond the material's defaults (any amount). */
    static boolean isPlain(ItemStack stack, Material material) {
        if (stack.isAir() || stack.material() != material || UnoCore.isEngineTag(stack.getTag(MinestomPlatform.ENGINE_TAG))) {
            return false;
        }
        DataComponentMap patch = stack.componentPatch();
        if (patch.isEmpty()) {
            return true;
        }
        // a patch may restate a default (equal to the prototype's value): still plain; a removed
        // default (null in the patch) or any other value is not
        DataComponentMap prototype = material.prototype();
        for (DataComponent.Value v : patch.entrySet()) {
            if (v.value() == null || !v.value().equals(prototype.get(v.component()))) {
                return false;
            }
        }
        return true;
    }

    /** How many items of the material the inventory holds as plain stacks (storage and off-hand). */
    static int count(PlayerInventory inventory, Material material) {
        synchronized (inventory) {
            long n = 0;
            for (int slot : SLOTS) {
                ItemStack stack = inventory.getItemStack(slot);
                if (isPlain(stack, material)) {
                    n += stack.amount();
                }
            }
            return (int) Math.min(n, Integer.MAX_VALUE);
        }
    }

    /**
     * Takes {@code count} items of the material from plain stacks: storage slots in order, the
     * off-hand last. All or nothing: false, and nothing taken, when there are fewer (or count < 0).
     */
    static boolean take(PlayerInventory inventory, Material material, int count) {
        if (count < 0) {
            return false;
        }
        synchronized (inventory) {
            if (count(inventory, material) < count) {
                return false;
            }
            int left = count;
            for (int slot : SLOTS) {
                if (left == 0) {
                    break;
                }
                ItemStack stack = inventory.getItemStack(slot);
                if (isPlain(stack, material)) {
                    int n = Math.min(stack.amount(), left);
                    inventory.setItemStack(slot, stack.amount() == n ? ItemStack.AIR : stack.withAmount(stack.amount() - n));
                    left -= n;
                }
            }
            return true;
        }
    }

    /**
     * Gives {@code count} plain items of the material: first onto plain stacks of it already there
     * (storage, then the off-hand) up to the material's stack size, then into empty storage slots;
     * never dropped. Returns how many did not fit (0 for a count ≤ 0).
     */
    static int give(PlayerInventory inventory, Material material, int count) {
        if (count <= 0) {
            return 0;
        }
        int max = Math.max(1, material.maxStackSize());
        int left = count;
        synchronized (inventory) {
            for (int slot : SLOTS) {
                if (left == 0) {
                    break;
                }
                ItemStack stack = inventory.getItemStack(slot);
                if (isPlain(stack, material) && stack.amount() < max) {
                    int n = Math.min(max - stack.amount(), left);
                    inventory.setItemStack(slot, stack.withAmount(stack.amount() + n));
                    left -= n;
                }
            }
            for (int slot = 0; slot < 36 && left > 0; slot++) {
                if (inventory.getItemStack(slot).isAir()) {
                    int n = Math.min(max, left);
                    inventory.setItemStack(slot, ItemStack.of(material, n));
                    left -= n;
                }
            }
        }
        return left;
    }
}
