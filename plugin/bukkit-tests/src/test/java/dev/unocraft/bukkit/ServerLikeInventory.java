package dev.unocraft.bukkit;

import org.bukkit.Material;
import org.bukkit.entity.HumanEntity;
import org.bukkit.inventory.ItemStack;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import org.mockbukkit.mockbukkit.inventory.PlayerInventoryMock;

/**
 * A player's inventory whose {@code addItem} puts stacks where a server's does. CraftBukkit's addItem (what
 * /give, the adapter's merge of items gained during a game, and a pickup use) fills the 36 storage slots only:
 * onto similar stacks first, then into empty slots. MockBukkit 4.116.3's fills every slot of the 43, so it
 * would put logs in the armour, off-hand, body and saddle slots, and an inventory would never seem full.
 */
final class ServerLikeInventory extends PlayerInventoryMock {
    private static final int STORAGE = 36;

    ServerLikeInventory(HumanEntity holder) {
        super(holder);
    }

    /** Every read and write of the slots is a call of the player's own state, judged where it is made (main thread; on Folia, the player's region). */
    private void check(String what) {
        if (getHolder() instanceof CheckedPlayer p) {
            p.check("inventory." + what);
        }
    }

    @Override
    public @Nullable ItemStack getItem(int index) {
        check("getItem");
        return super.getItem(index);
    }

    @Override
    public void setItem(int index, @Nullable ItemStack item) {
        check("setItem");
        super.setItem(index, item);
    }

    @Override
    public ItemStack @NotNull [] getContents() {
        check("getContents");
        return super.getContents();
    }

    @Override
    public void setContents(ItemStack @NotNull [] items) {
        check("setContents");
        super.setContents(items);
    }

    @Override
    public void clear() {
        check("clear");
        super.clear();
    }

    @Override
    public int getHeldItemSlot() {
        check("getHeldItemSlot");
        return super.getHeldItemSlot();
    }

    @Override
    public void setHeldItemSlot(int slot) {
        check("setHeldItemSlot");
        super.setHeldItemSlot(slot);
    }

    private static boolean empty(ItemStack s) {
        return s == null || s.getType() == Material.AIR || s.getAmount() <= 0;
    }

    @Override
    public @Nullable ItemStack addItem(@NotNull ItemStack item) {
        check("addItem");
        ItemStack rest = item.clone();
        int max = Math.min(rest.getMaxStackSize(), getMaxStackSize());
        for (int i = 0; i < STORAGE && rest.getAmount() > 0; i++) {
            ItemStack there = getItem(i);
            if (!empty(there) && there.isSimilar(rest) && there.getAmount() < max) {
                int n = Math.min(rest.getAmount(), max - there.getAmount());
                ItemStack more = there.clone();
                more.setAmount(there.getAmount() + n);
                setItem(i, more);
                rest.setAmount(rest.getAmount() - n);
            }
        }
        for (int i = 0; i < STORAGE && rest.getAmount() > 0; i++) {
            if (empty(getItem(i))) {
                int n = Math.min(rest.getAmount(), max);
                ItemStack put = rest.clone();
                put.setAmount(n);
                setItem(i, put);
                rest.setAmount(rest.getAmount() - n);
            }
        }
        return rest.getAmount() == 0 ? null : rest;
    }
}
