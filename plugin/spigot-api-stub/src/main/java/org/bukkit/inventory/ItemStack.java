// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.inventory;

public class ItemStack {
    public ItemStack(org.bukkit.Material type) { throw new UnsupportedOperationException(); }
    public ItemStack(org.bukkit.Material type, int amount) { throw new UnsupportedOperationException(); }
    public org.bukkit.Material getType() { throw new UnsupportedOperationException(); }
    public org.bukkit.inventory.meta.ItemMeta getItemMeta() { throw new UnsupportedOperationException(); }
    public boolean setItemMeta(org.bukkit.inventory.meta.ItemMeta itemMeta) { throw new UnsupportedOperationException(); }
    public ItemStack clone() { throw new UnsupportedOperationException(); }
    public int getAmount() { throw new UnsupportedOperationException(); }
    public void setAmount(int amount) { throw new UnsupportedOperationException(); }
    public int getMaxStackSize() { throw new UnsupportedOperationException(); }
    public boolean isSimilar(ItemStack stack) { throw new UnsupportedOperationException(); }
}
