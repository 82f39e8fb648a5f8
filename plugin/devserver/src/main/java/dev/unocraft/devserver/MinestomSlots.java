package dev.unocraft.devserver;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.unocraft.core.ItemTemplates;
import dev.unocraft.core.Platform.CardItem;
import dev.unocraft.core.Slots;
import dev.unocraft.core.UnoCore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import net.kyori.adventure.nbt.TagStringIO;
import net.kyori.adventure.text.Component;
import net.minestom.server.component.DataComponent;
import net.minestom.server.component.DataComponents;
import net.minestom.server.entity.Player;
import net.minestom.server.inventory.PlayerInventory;
import net.minestom.server.item.ItemStack;
import net.minestom.server.item.Material;
import net.minestom.server.network.packet.server.SendablePacket;
import net.minestom.server.network.packet.server.play.SetPlayerInventorySlotPacket;
import net.minestom.server.tag.Tag;
import net.minestom.server.utils.inventory.PlayerInventoryUtils;

/**
 * A player's inventory slots on Minestom, and what an {@link ItemStack} is: translation only, every rule is
 * the core's. Slots are numbered as Bukkit does (36–39 boots to helmet, 40 off-hand) and translated to
 * Minestom's own (41–44 helmet to boots, 45 off-hand). Minestom's stacks are immutable, its inventories
 * thread-safe under their own lock: a card is built once on the engine's thread and shared by every slot.
 */
final class MinestomSlots implements Slots<ItemStack> {
    static final Tag<String> ENGINE_TAG = Tag.String(UnoCore.TAG_KEY);

    /** Minestom's slot for ours: storage as it is; armour and the off-hand where Minestom keeps them. */
    static int internalSlot(int slot) {
        return switch (slot) {
            case 36 -> PlayerInventoryUtils.BOOTS_SLOT;
            case 37 -> PlayerInventoryUtils.LEGGINGS_SLOT;
            case 38 -> PlayerInventoryUtils.CHESTPLATE_SLOT;
            case 39 -> PlayerInventoryUtils.HELMET_SLOT;
            case 40 -> PlayerInventoryUtils.OFFHAND_SLOT;
            default -> slot;
        };
    }

    /** Our slot for Minestom's (its crafting grid, 36–40, has none: -1). */
    static int slotOf(int internal) {
        for (int slot = 0; slot <= 40; slot++) {
            if (internalSlot(slot) == internal) {
                return slot;
            }
        }
        return -1;
    }

    private static PlayerInventory inventory(String name) {
        Player p = MinestomPlayers.player(name);
        return p == null ? null : p.getInventory();
    }

    @Override
    public ItemStack get(String name, int slot) {
        PlayerInventory inv = inventory(name);
        ItemStack stack = inv == null ? ItemStack.AIR : inv.getItemStack(internalSlot(slot));
        return stack.isAir() ? null : stack;
    }

    @Override
    public void set(String name, int slot, ItemStack stack) {
        PlayerInventory inv = inventory(name);
        if (inv != null) {
            inv.setItemStack(internalSlot(slot), stack == null ? ItemStack.AIR : stack);
        }
    }

    @Override
    public void putCards(String name, Map<Integer, Object> cards) {
        PlayerInventory inv = inventory(name);
        if (inv != null) {
            putAll(inv, cards);
        }
    }

    /**
     * Puts each stack in its slot (null: air) and sends the slots that changed to the inventory's
     * viewers (the player) in one go: the packets Minestom sends for a slot, but the connection's
     * writer thread is woken once, not once per slot. A slot that holds this stack or an equal one is
     * left alone: no packet, no inventory event (cards are shared templates, air is one object).
     * Everything else of a slot change is Minestom's own {@code setItemStack}. Returns the slots set.
     */
    static List<Integer> putAll(PlayerInventory inventory, Map<Integer, Object> items) {
        List<Integer> set = new ArrayList<>(items.size());
        List<SendablePacket> packets = new ArrayList<>(items.size());
        synchronized (inventory) {
            items.forEach((slot, item) -> {
                int internal = internalSlot(slot);
                ItemStack stack = item == null ? ItemStack.AIR : (ItemStack) item;
                ItemStack was = inventory.getItemStack(internal);
                if (was != stack) {
                    inventory.setItemStack(internal, stack, false);     // compares them (equal: nothing done)
                    ItemStack now = inventory.getItemStack(internal);  // what it holds (an equip event may change it)
                    if (now != was) {
                        set.add(slot);
                        packets.add(new SetPlayerInventorySlotPacket(
                                PlayerInventoryUtils.convertMinestomSlotToPlayerInventorySlot(internal), now));
                    }
                }
            });
        }
        if (!packets.isEmpty()) {
            for (Player viewer : inventory.getViewers()) {
                viewer.sendPackets(packets);
            }
        }
        return set;
    }

    /** Minestom changes an inventory under its own lock ({@code processItemStack} is synchronized): held here, a give waits. */
    @Override
    public void atomically(String name, Runnable change) {
        PlayerInventory inv = inventory(name);
        if (inv == null) {
            change.run();
            return;
        }
        synchronized (inv) {
            change.run();
        }
    }

    /** Stacks are immutable and a slot keeps the very stack {@link #putCards} gave it: identity says it. */
    @Override
    public boolean holdsCard(String name, int slot, Object card) {
        PlayerInventory inv = inventory(name);
        return inv != null && inv.getItemStack(internalSlot(slot)) == card;
    }

    @Override
    public void setHeld(String name, int slot) {
        Player p = MinestomPlayers.player(name);
        if (p != null) {
            p.setHeldItemSlot((byte) slot);
        }
    }

    // One stack per distinct item, found and built on the engine's thread when the batch arrives.
    private final ItemTemplates<ItemStack> templates = new ItemTemplates<>(MinestomSlots::build, stack -> stack);

    @Override
    public ItemStack card(CardItem item) {
        return templates.of(item).stack();
    }

    static ItemStack build(CardItem item) {
        Material material = item.mapId() >= 0 ? Material.FILLED_MAP
                : item.material() != null ? Material.fromKey(item.material()) : Material.PAPER;
        if (material == null) {
            material = Material.PAPER;
        }
        List<Component> lore = new ArrayList<>();
        item.lore().forEach(l -> lore.add(dev.unocraft.adventure.Components.itemText(l)));
        ItemStack.Builder b = ItemStack.builder(material)
                .set(DataComponents.CUSTOM_NAME, dev.unocraft.adventure.Components.itemText(item.name()))
                .set(DataComponents.LORE, lore);
        if (item.mapId() >= 0) {
            b.set(DataComponents.MAP_ID, item.mapId());
        }
        if (item.glow()) {
            b.set(DataComponents.ENCHANTMENT_GLINT_OVERRIDE, true);
        }
        return b.build().withTag(ENGINE_TAG, item.tag());
    }

    @Override
    public ItemStack copy(ItemStack stack) {
        return stack;       // immutable
    }

    @Override
    public String tag(ItemStack stack) {
        return stack.isAir() ? null : stack.getTag(ENGINE_TAG);
    }

    @Override
    public int amount(ItemStack stack) {
        return stack.isAir() ? 0 : stack.amount();
    }

    @Override
    public int maxAmount(ItemStack stack) {
        return stack.maxStackSize();
    }

    @Override
    public ItemStack withAmount(ItemStack stack, int amount) {
        return stack.withAmount(amount);
    }

    /**
     * The same material and the same value of every component either stack changes (a default restated
     * is the same; a default removed is not): everything but the amount.
     */
    @Override
    public boolean similar(ItemStack a, ItemStack b) {
        if (a.material() != b.material()) {
            return false;
        }
        for (ItemStack s : new ItemStack[] {a, b}) {
            for (DataComponent.Value v : s.componentPatch().entrySet()) {
                if (!Objects.equals(a.get(v.component()), b.get(v.component()))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** A plain stack of the item a namespaced id names ("diamond": the minecraft namespace), or null (unknown, malformed, air). */
    @Override
    public ItemStack plain(String item, int amount) {
        Material m;
        try {
            m = item == null ? null : Material.fromKey(item);
        } catch (RuntimeException e) {      // not a valid key ("Minecraft:Diamond", "a b")
            return null;
        }
        return m == null || m == Material.AIR ? null : ItemStack.of(m, amount);
    }

    /** Our slots' stacks as Minestom's inventory holds them (its own numbering), for the text form. */
    @Override
    public String text(List<ItemStack> stacks) {
        ItemStack[] internal = new ItemStack[Math.max(PlayerInventory.INVENTORY_SIZE, stacks.size() + 5)];
        Arrays.fill(internal, ItemStack.AIR);
        for (int i = 0; i < stacks.size(); i++) {
            if (stacks.get(i) != null) {
                // past our slots (more stacks than an inventory: kept items): after Minestom's own slots
                internal[i <= 40 ? internalSlot(i) : i + 5] = stacks.get(i);
            }
        }
        return snapshot(internal);
    }

    @Override
    public List<ItemStack> read(String text) {
        ItemStack[] internal = readInternal(text);
        List<ItemStack> out = new ArrayList<>(java.util.Collections.nCopies(41, (ItemStack) null));
        for (int i = 0; i < internal.length; i++) {
            if (internal[i].isAir()) {
                continue;
            }
            int slot = i < PlayerInventory.INVENTORY_SIZE ? slotOf(i) : -1;
            if (slot >= 0) {
                out.set(slot, internal[i]);
            } else {
                out.add(internal[i]);      // the crafting grid, or kept items past the slots: given back as extras
            }
        }
        return out;
    }

    /** The player's own items (not the engine's) as text: Minestom slot → SNBT; PlayerStore's format too. */
    static String snapshot(ItemStack[] items) {
        JsonObject o = new JsonObject();
        for (int i = 0; i < items.length; i++) {
            if (own(items[i])) {
                try {
                    o.addProperty(Integer.toString(i), TagStringIO.tagStringIO().asString(items[i].toItemNBT()));
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return o.toString();
    }

    static boolean own(ItemStack item) {
        return !item.isAir() && !UnoCore.isEngineTag(item.getTag(ENGINE_TAG));
    }

    /** Text made by {@link #snapshot} back into stacks, Minestom slot by slot (empty slots: air). */
    static ItemStack[] readInternal(String text) {
        JsonObject o;
        try {
            o = JsonParser.parseString(text).getAsJsonObject();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a saved inventory: " + e.getMessage(), e);
        }
        int size = PlayerInventory.INVENTORY_SIZE;
        for (String key : o.keySet()) {
            size = Math.max(size, parseSlot(key) + 1);
        }
        ItemStack[] items = new ItemStack[size];
        Arrays.fill(items, ItemStack.AIR);
        for (Map.Entry<String, JsonElement> e : o.entrySet()) {
            int slot = parseSlot(e.getKey());
            try {
                items[slot] = ItemStack.fromItemNBT(TagStringIO.tagStringIO().asCompound(e.getValue().getAsString()));
            } catch (IOException ex) {
                throw new IllegalArgumentException("unreadable item in slot " + slot + ": " + ex.getMessage(), ex);
            }
        }
        return items;
    }

    private static int parseSlot(String key) {
        try {
            int slot = Integer.parseInt(key);
            if (slot >= 0 && slot < 10_000) {
                return slot;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException("no inventory slot " + key);
    }

    /** Replaces the player's inventory with these stacks in Minestom's numbering (their own items only): PlayerStore's load. */
    static void restore(Player p, ItemStack[] items) {
        p.getInventory().clear();
        for (int i = 0; i < Math.min(items.length, PlayerInventory.INVENTORY_SIZE); i++) {
            if (own(items[i])) {
                p.getInventory().setItemStack(i, items[i]);
            }
        }
    }
}
