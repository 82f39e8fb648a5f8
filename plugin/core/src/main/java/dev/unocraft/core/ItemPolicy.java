package dev.unocraft.core;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * Which inventory events are cancelled, for every platform: the adapters report what happened (is a
 * card involved, is another inventory open) and cancel when this says so; nothing else decides.
 * Engine items never move, drop, swap hands or leave with a death. While the vault holds a player's own
 * items, items do not come in the usual ways (pickups, taking from a chest or any other inventory,
 * the creative menu), with a short message; whatever still comes in is kept by the vault's merge at
 * the end of the game ({@link InventoryVault#restore}). Main thread.
 */
public final class ItemPolicy {
    /** At most one "your items are paused" message per player in this many milliseconds. */
    private static final long MESSAGE_EVERY_MS = 3_000;

    private final UnoCore core;
    private final BiConsumer<String, String> tell;
    private final Map<String, Long> lastTold = new ConcurrentHashMap<>();

    ItemPolicy(UnoCore core, BiConsumer<String, String> tell) {
        this.core = core;
        this.tell = tell;
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
    }
}
