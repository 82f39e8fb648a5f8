package dev.unocraft.spigot;

import dev.unocraft.core.ItemTemplates;
import dev.unocraft.core.Platform.CardItem;
import dev.unocraft.core.Slots;
import dev.unocraft.core.UnoCore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import net.md_5.bungee.api.ChatColor;
import org.bukkit.Bukkit;
import org.bukkit.Material;
import org.bukkit.NamespacedKey;
import org.bukkit.configuration.InvalidConfigurationException;
import org.bukkit.configuration.file.YamlConfiguration;
import org.bukkit.entity.Player;
import org.bukkit.inventory.ItemStack;
import org.bukkit.inventory.PlayerInventory;
import org.bukkit.inventory.meta.ItemMeta;
import org.bukkit.inventory.meta.MapMeta;
import org.bukkit.persistence.PersistentDataType;

/**
 * A player's inventory slots on Bukkit, and what an {@link ItemStack} is: translation only, every rule is
 * the core's ({@code dev.unocraft.core.Inventories}). Slot 40 is the off-hand. An engine item carries its tag
 * in its meta's persistent data. Cards are built from their template on the server thread (Bukkit's item API
 * is not made for other threads) and cloned per slot; names and lore are legacy text here, Adventure on Paper.
 */
public class BukkitSlots implements Slots<ItemStack> {
    private static final int OFF_HAND = 40;

    private final NamespacedKey tagKey;
    /** The face maps shown this run, by id ({@link SpigotScreen#mapView}). */
    private final java.util.function.IntFunction<org.bukkit.map.MapView> maps;
    // One stack per distinct item (face, name, lore, tag), built once on the server thread and cloned for
    // each slot: a clone copies the meta, it does not build it again. The template is found off that thread.
    // (javac's this-escape warning: build runs only later, after construction)
    private final ItemTemplates<ItemStack> templates = new ItemTemplates<>(this::build, ItemStack::clone);

    protected BukkitSlots(NamespacedKey tagKey, java.util.function.IntFunction<org.bukkit.map.MapView> maps) {
        this.tagKey = tagKey;
        this.maps = maps;
    }

    private static boolean present(ItemStack stack) {
        return stack != null && stack.getType() != Material.AIR && stack.getAmount() > 0;
    }

    @Override
    public ItemStack get(String player, int slot) {
        Player p = Bukkit.getPlayerExact(player);
        ItemStack stack = p == null ? null : p.getInventory().getItem(slot);
        return present(stack) ? stack : null;
    }

    @Override
    public void set(String player, int slot, ItemStack stack) {
        Player p = Bukkit.getPlayerExact(player);
        if (p != null) {
            put(p.getInventory(), slot, stack);
        }
    }

    private static void put(PlayerInventory inventory, int slot, ItemStack stack) {
        if (slot == OFF_HAND) {
            inventory.setItemInOffHand(stack);
        } else {
            inventory.setItem(slot, stack);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public void putCards(String player, Map<Integer, Object> cards) {
        Player p = Bukkit.getPlayerExact(player);
        if (p == null) {
            return;
        }
        PlayerInventory inventory = p.getInventory();
        cards.forEach((slot, card) -> {
            if (card == null && !present(inventory.getItem(slot))) {
                return;     // empty already
            }
            put(inventory, slot, card == null ? null : ((ItemTemplates<ItemStack>.Template) card).stack());
        });
    }

    @Override
    public void setHeld(String player, int slot) {
        Player p = Bukkit.getPlayerExact(player);
        if (p != null) {
            p.getInventory().setHeldItemSlot(slot);
        }
    }

    /** Off the server thread: the item's template, found (not built: that waits for the server thread). */
    @Override
    public Object card(CardItem item) {
        return templates.of(item);
    }

    private ItemStack build(CardItem item) {
        Material material = item.mapId() >= 0 ? Material.FILLED_MAP
                : item.material() != null ? Material.matchMaterial(item.material()) : Material.PAPER;
        ItemStack stack = new ItemStack(material == null ? Material.PAPER : material);
        ItemMeta meta = stack.getItemMeta();
        if (item.mapId() >= 0 && meta instanceof MapMeta map) {
            org.bukkit.map.MapView view = maps.apply(item.mapId());     // shown this run (the face op comes first)
            map.setMapView(view != null ? view : Bukkit.getMap(item.mapId()));
        }
        describe(meta, item);
        if (item.glow()) {
            meta.setEnchantmentGlintOverride(true);
        }
        meta.getPersistentDataContainer().set(tagKey, PersistentDataType.STRING, item.tag());
        stack.setItemMeta(meta);
        return stack;
    }

    /** The item's name and lore: legacy (§) strings on Spigot. */
    protected void describe(ItemMeta meta, CardItem item) {
        meta.setDisplayName(ChatColor.of("white").toString() + SpigotText.legacy(item.name()));
        List<String> lore = new ArrayList<>();
        item.lore().forEach(l -> lore.add(SpigotText.legacy(l)));
        meta.setLore(lore);
    }

    @Override
    public ItemStack copy(ItemStack stack) {
        return stack.clone();
    }

    @Override
    public String tag(ItemStack stack) {
        if (!present(stack)) {
            return null;
        }
        ItemMeta meta = stack.getItemMeta();
        return meta == null ? null : meta.getPersistentDataContainer().get(tagKey, PersistentDataType.STRING);
    }

    @Override
    public int amount(ItemStack stack) {
        return stack.getAmount();
    }

    @Override
    public int maxAmount(ItemStack stack) {
        return stack.getMaxStackSize();
    }

    @Override
    public ItemStack withAmount(ItemStack stack, int amount) {
        ItemStack s = stack.clone();
        s.setAmount(amount);
        return s;
    }

    @Override
    public boolean similar(ItemStack a, ItemStack b) {
        return a.isSimilar(b);
    }

    /** The item a namespaced id ("minecraft:diamond") names, as a plain stack; null for a block with no item, air, nothing. */
    @Override
    public ItemStack plain(String item, int amount) {
        Material m = Material.matchMaterial(item);
        return m == null || m == Material.AIR || !m.isItem() ? null : new ItemStack(m, amount);
    }

    /**
     * On the vault's thread. Safe there: it touches only clones, which nothing else holds, and ItemStack's
     * serialization (through Bukkit.getUnsafe()) reads the stack's own data and the registries, frozen once
     * the server has started, as the server's own off-thread player-data saves do.
     */
    @Override
    public String text(List<ItemStack> stacks) {
        YamlConfiguration yaml = new YamlConfiguration();
        yaml.set("contents", stacks);
        return yaml.saveToString();
    }

    /**
     * On the vault's thread. Safe there for the same reasons as {@link #text}: new stacks nothing else holds,
     * built from the text through the frozen registries and the data fixer (which the server runs off its main
     * thread to load chunks and player data).
     */
    @Override
    public List<ItemStack> read(String text) {
        YamlConfiguration yaml = new YamlConfiguration();
        try {
            yaml.loadFromString(text);
        } catch (InvalidConfigurationException e) {
            throw new IllegalArgumentException("unreadable saved inventory: " + e.getMessage(), e);
        }
        List<?> list = yaml.getList("contents");
        ItemStack[] items = new ItemStack[list == null ? 0 : list.size()];
        for (int i = 0; i < items.length; i++) {
            items[i] = list.get(i) instanceof ItemStack s ? s : null;
        }
        return new ArrayList<>(Arrays.asList(items));
    }
}
