package dev.unocraft.core;

import java.util.List;
import java.util.Map;

/**
 * The smallest operations on a player's inventory a platform offers: read and write one slot, and what a
 * stack is (its tag, amount, whether two stack together). {@code S} is the platform's own stack type.
 * Slots are numbered as Bukkit does: 0–8 hotbar, 9–35 main inventory, 36–39 armour, 40 off-hand; an
 * empty slot is null. Nothing here decides anything about items: {@link Inventories} does, over these.
 * Slot methods are called where {@link Scheduling#forPlayer} runs the player's work; stack methods anywhere
 * on stacks nothing else changes.
 */
public interface Slots<S> {
    /** The stack in the slot as it is (may be live: {@link #copy} what is kept), or null when empty or the player is offline. */
    S get(String player, int slot);

    /** Puts the stack in the slot (null empties it); a slot that already holds this very stack is left alone. */
    void set(String player, int slot, S stack);

    /**
     * The slots of one items op, in order: slot → what {@link #card} made, or null to empty it. A slot that
     * already holds this very card is left alone; a platform may send the changes to the client together.
     */
    void putCards(String player, Map<Integer, Object> cards);

    /** Selects the held hotbar slot (0–8). */
    void setHeld(String player, int slot);

    /**
     * Runs {@code change} (reads and writes of the player's slots) with no other change to that inventory in
     * between: where items can arrive on other threads (Minestom), a give between a check and a write would
     * be overwritten. A platform whose inventories change on one thread only just runs it: the default.
     */
    default void atomically(String player, Runnable change) {
        change.run();
    }

    /**
     * Whether the slot still holds, as it is, the very card {@link #putCards} put there: a quick answer that
     * spares a read. False whenever in doubt (the default).
     */
    default boolean holdsCard(String player, int slot, Object card) {
        return false;
    }

    /**
     * A card item made ready on the engine's thread while a batch is prepared: whatever costs something
     * (finding its template, building it where stacks may be built off the server's threads) is done here,
     * so that the server's thread only puts it in a slot ({@link #putCards}). The core never looks inside.
     */
    Object card(Platform.CardItem item);

    /** A copy of the stack nothing else holds (the stack itself where stacks are immutable). */
    S copy(S stack);

    /** The engine's tag on the stack ({@link UnoCore#TAG_KEY}), or null: anything else is the player's. */
    String tag(S stack);

    int amount(S stack);

    /** How many of this item one slot may hold. */
    int maxAmount(S stack);

    /** The same stack with another amount (1 or more), a new stack. */
    S withAmount(S stack, int amount);

    /** Whether the two stack onto each other: the same in everything but the amount. */
    boolean similar(S a, S b);

    /** A plain stack of the item (a namespaced id, "minecraft:diamond": nothing on it), or null when the server knows no such item. */
    S plain(String item, int amount);

    /** The stacks (nulls kept, for their slots) in the platform's own lossless text form; the vault's thread. */
    String text(List<S> stacks);

    /** Stacks read back from {@link #text}; the vault's thread. Throws IllegalArgumentException when unreadable. */
    List<S> read(String text);
}
