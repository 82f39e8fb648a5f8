// Compile-only stand-in for the Spigot 1.21.11 API type of the same name (org.spigotmc:spigot-api:1.21.11-R0.1-SNAPSHOT):
// same package, name, and signatures for the members the unocraft adapter uses. Never packaged.
package org.bukkit.inventory;

public interface PlayerInventory extends Inventory {
    void setItemInOffHand(ItemStack item);
    int getHeldItemSlot();
    ItemStack getItem(EquipmentSlot slot);
    void setHeldItemSlot(int slot);
}
