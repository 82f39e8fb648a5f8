package dev.unocraft.core;

import dev.unocraft.core.Platform.InventoryCopy;
import dev.unocraft.core.Platform.SlotHolds;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * Which inventory events are cancelled, for every platform: the adapters report what happened (is a
 * card involved, is another inventory open) and cancel when this says so; nothing else decides.
 * Engine items never move, drop, swap hands or leave with a death. While the vault holds a player's own
 * items, items do not come in the usual ways (pickups, taking from a chest or any other inventory,
 * the creative menu), with a short message; whatever still comes in is kept by the vault's merge at
 * the end of the game ({@link InventoryVault#restore}). And the engine never overwrites what it did not
 * put there ({@link #makeWay}). Where the player's work runs ({@link Scheduling#forPlayer}); what it keeps per player is in concurrent maps.
 */
public final class ItemPolicy {
    /** At most one "your items are paused" message per player in this many milliseconds. */
    private static final long MESSAGE_EVERY_MS = 3_000;

    /**
     * Where an item of the player's that stands in a card's way goes: the main inventory from its last
     * slot (a hand reaches those last), then the hotbar from its right; never the off-hand (the top card's).
     */
    private static final int[] FREE_SLOTS_IN_ORDER = java.util.stream.IntStream.concat(
            java.util.stream.IntStream.iterate(35, i -> i >= 9, i -> i - 1),
            java.util.stream.IntStream.iterate(8, i -> i >= 0, i -> i - 1)).toArray();

    private final UnoCore core;
    private final Inventories<?> inventories;
    private final BiConsumer<String, String> tell;
    private final Map<String, Long> lastTold = new ConcurrentHashMap<>();
    /**
     * Per player, what {@link #makeWay} last let the engine put in each slot (index 40: the off-hand),
     * what {@link Slots#card} made: a slot that still holds that very object is the engine's,
     * known without reading the item ({@link Slots#holdsCard}); anything else is read.
     */
    private final Map<String, Object[]> shown = new ConcurrentHashMap<>();

    ItemPolicy(UnoCore core, Inventories<?> inventories, BiConsumer<String, String> tell) {
        this.core = core;
        this.inventories = inventories;
        this.tell = tell;
    }

    /**
     * Just before an items op writes {@code changes} (slot → item; null empties the slot; the map is
     * changed here): anything in those slots that is not an engine item (a {@code /give}, a kit, another
     * plugin's {@code addItem}, an operator) is kept. A slot the op would empty keeps it (the op leaves
     * that slot alone); a slot the op fills has it moved first to a free slot the op does not write,
     * else set aside in the vault's kept items (on disk; given back when the game ends). The engine
     * need not know: a slot it fills later is checked again then.
     */
    void makeWay(String player, Map<Integer, Object> changes) {
        InventoryCopy aside = null;
        Object[] mine = shown.computeIfAbsent(player, p -> new Object[41]);
        for (Iterator<Map.Entry<Integer, Object>> it = changes.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Integer, Object> e = it.next();
            int slot = e.getKey();
            Object before = mine[slot];
            mine[slot] = e.getValue();
            if (before != null && inventories.holdsCard(player, slot, before)
                    || inventories.holds(player, slot) != SlotHolds.OTHER) {
                continue;
            }
            if (e.getValue() == null) {
                it.remove();
                continue;
            }
            int free = freeSlot(player, changes);
            if (free >= 0) {
                inventories.move(player, slot, free);
            } else {
                InventoryCopy taken = inventories.take(player, slot);
                aside = aside == null ? taken : aside.plus(taken);
            }
        }
        if (aside != null && aside.stacks() > 0) {
            core.vault().setAside(player, aside);
        }
    }

    /** An empty slot that {@code changes} does not write, or -1. */
    private int freeSlot(String player, Map<Integer, Object> changes) {
        for (int slot : FREE_SLOTS_IN_ORDER) {
            if (!changes.containsKey(slot) && inventories.holds(player, slot) == SlotHolds.NOTHING) {
                return slot;
            }
        }
        return -1;
    }

    private boolean inGame(String player) {
        return core.vault().holds(player);
    }

    /** Cancels an item coming in, telling the player why (not on every tick of a pickup attempt). */
    private boolean refuseIncoming(String player) {
        long now = System.currentTimeMillis();
        Long last = lastTold.get(player);
        if (last == null || now - last >= MESSAGE_EVERY_MS) {
            lastTold.put(player, now);
            tell.accept(player, "items_paused");
        }
        return true;
    }

    /**
     * A click in an inventory view. {@code clickedTag}: the tag of the clicked item (null for none);
     * {@code cardMoves}: the cursor or the hotbar item a number key swaps in is an engine item;
     * {@code otherInventory}: a chest or any other inventory than the player's own is open;
     * {@code creative}: the creative menu's click, which can make items from nothing.
     * A click on a card is the player's input (the UNO call): it goes to the engine. Returns: cancel.
     */
    public boolean click(String player, int slot, String clickedTag, boolean cardMoves, boolean otherInventory,
                         boolean creative) {
        boolean card = UnoCore.isEngineTag(clickedTag);
        if (card) {
            core.onInventoryClick(player, slot, clickedTag);
        }
        if (card || cardMoves) {
            return true;
        }
        return (otherInventory || creative) && inGame(player) && refuseIncoming(player);
    }

    /** A drag across slots: {@code cardOnCursor} the dragged stack is an engine item. Returns: cancel. */
    public boolean drag(String player, boolean cardOnCursor, boolean otherInventory) {
        if (cardOnCursor) {
            return true;
        }
        return otherInventory && inGame(player) && refuseIncoming(player);
    }

    /** The player is about to pick up an item, an arrow or a trident from the world. Returns: cancel. */
    public boolean pickup(String player) {
        return inGame(player) && refuseIncoming(player);
    }

    /** The player drops an item ({@code tag}: its tag). Returns: cancel. */
    public boolean drop(String tag) {
        return UnoCore.isEngineTag(tag);
    }

    /**
     * The player hands an item ({@code tag}) out of the inventory other than by dropping it: to an
     * entity (an item frame, an armor stand, an allay take what is in the hand) or as a bow's ammunition
     * (the page button is an arrow). Returns: cancel. A card never leaves the inventory.
     */
    public boolean handOut(String tag) {
        return UnoCore.isEngineTag(tag);
    }

    /** Main hand and off-hand swap. Returns: cancel. */
    public boolean swapHands(String mainHandTag, String offHandTag) {
        return UnoCore.isEngineTag(mainHandTag) || UnoCore.isEngineTag(offHandTag);
    }

    /** At a death: whether an item ({@code tag}) stays among the drops. Cards never enter the world. */
    public boolean dropsAtDeath(String tag) {
        return !UnoCore.isEngineTag(tag);
    }

    /** The player left: nothing of theirs is remembered. */
    void forget(String player) {
        lastTold.remove(player);
        shown.remove(player);
    }

    /** The player's own items are back (the game is over for them): no slot holds what the engine put there. */
    void restored(String player) {
        shown.remove(player);
    }
}
