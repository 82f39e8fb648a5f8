package dev.unocraft.paper;

import dev.unocraft.core.Platform.CardItem;
import dev.unocraft.spigot.BukkitSlots;
import org.bukkit.NamespacedKey;
import org.bukkit.inventory.meta.ItemMeta;

/** Inventory slots as on Spigot; a card's name and lore as Adventure components. */
final class PaperSlots extends BukkitSlots {
    PaperSlots(NamespacedKey tagKey, java.util.function.IntFunction<org.bukkit.map.MapView> maps) {
        super(tagKey, maps);
    }

    @Override
    protected void describe(ItemMeta meta, CardItem item) {
        PaperText.describe(meta, item.name(), item.lore());
    }
}
