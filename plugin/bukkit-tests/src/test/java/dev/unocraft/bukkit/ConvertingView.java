package dev.unocraft.bukkit;

import org.bukkit.entity.HumanEntity;
import org.bukkit.inventory.Inventory;
import org.bukkit.inventory.ItemStack;
import org.mockbukkit.mockbukkit.inventory.PlayerInventoryViewMock;

/**
 * A player's view of a container (top) and their own inventory (bottom) whose raw slots address the items
 * as the server's do. MockBukkit 4.116.3's InventoryViewMock converts a raw slot for
 * {@code convertSlot} (so InventoryClickEvent.getSlot is right) but not in {@code getItem}/{@code setItem}:
 * there raw slot 56 of a chest view is the player's slot 29, not hotbar slot 2, so
 * InventoryClickEvent.getCurrentItem would give another item than the one clicked.
 */
public final class ConvertingView extends PlayerInventoryViewMock {
    public ConvertingView(HumanEntity player, Inventory top) {
        super(player, top);
    }

    /** The raw slot of the player's own inventory slot (0–8 hotbar, 9–35 main) in this view. */
    public int rawSlotOfPlayerSlot(int slot) {
        int top = getTopInventory().getSize();
        return top + (slot < 9 ? slot + 27 : slot - 9);
    }

    @Override
    public ItemStack getItem(int rawSlot) {
        if (rawSlot < 0) {
            return null;
        }
        int top = getTopInventory().getSize();
        return rawSlot < top ? getTopInventory().getItem(rawSlot) : getBottomInventory().getItem(convertSlot(rawSlot));
    }

    @Override
    public void setItem(int rawSlot, ItemStack item) {
        int top = getTopInventory().getSize();
        if (rawSlot < top) {
            getTopInventory().setItem(rawSlot, item);
        } else {
            getBottomInventory().setItem(convertSlot(rawSlot), item);
        }
    }
}
