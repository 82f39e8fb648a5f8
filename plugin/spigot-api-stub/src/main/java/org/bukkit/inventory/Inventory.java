// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.inventory;

public interface Inventory {
    ItemStack getItem(int index);
    void setItem(int index, ItemStack item);
    ItemStack[] getContents();
    void setContents(ItemStack[] items) throws IllegalArgumentException;
    void clear();
    int getSize();
    java.util.HashMap<Integer, ItemStack> addItem(ItemStack... items) throws IllegalArgumentException;
    org.bukkit.event.inventory.InventoryType getType();
}
