package dev.unocraft.core;

import dev.unocraft.core.Platform.InventoryCopy;
import dev.unocraft.core.Platform.SlotHolds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Every rule about a player's inventory, for every platform, over the slot operations a platform offers
 * ({@link Slots}): what a copy holds and how it goes back, what is an engine item and what the player's,
 * how items are added (onto stacks of the same item, then into empty slots, never dropped), what a plain
 * stack is for item stakes. Called where {@link Scheduling#forPlayer} runs the player's work, except
 * {@link #read} and a copy's text (the vault's thread).
 */
public final class Inventories<S> {
    /** Slots a copy of the whole inventory holds: storage (0–35), armour (36–39), off-hand (40). */
    static final int SIZE = 41;
    /** Storage slots (hotbar and main inventory): where added items go. */
    static final int STORAGE = 36;
    static final int OFF_HAND = 40;

    private final Slots<S> slots;
    private final Players players;

    Inventories(Slots<S> slots, Players players) {
        this.slots = slots;
        this.players = players;
    }

    /** The inventories of a platform's players. */
    public static <T> Inventories<T> of(Slots<T> slots, Players players) {
        return new Inventories<>(slots, players);
    }

    /** Copied stacks (nulls for empty slots where positions matter), turned to text on the vault's thread. */
    private final class Copy implements InventoryCopy {
        final List<S> stacks;

        Copy(List<S> stacks) {
            this.stacks = stacks;
        }

        @Override
        public String text() {
            return slots.text(stacks);
        }

        @Override
        public int stacks() {
            int n = 0;
            for (S s : stacks) {
                n += present(s) ? 1 : 0;
            }
            return n;
        }

        @Override
        public InventoryCopy plus(InventoryCopy other) {
            List<S> all = new ArrayList<>(stacks);
            all.addAll(stacksOf(other));
            return new Copy(all);
        }
    }

    @SuppressWarnings("unchecked")
    private List<S> stacksOf(InventoryCopy copy) {
        return ((Copy) copy).stacks;
    }

    private boolean present(S stack) {
        return stack != null && slots.amount(stack) > 0;
    }

    private boolean engine(S stack) {
        return present(stack) && UnoCore.isEngineTag(slots.tag(stack));
    }

    InventoryCopy empty() {
        return new Copy(List.of());
    }

    // ---------------------------------------------------------------- the whole inventory (the vault)

    /** A copy of every slot, positions kept. Cheap: copies of the stacks, nothing serialized yet. */
    public InventoryCopy copy(String player) {
        List<S> out = new ArrayList<>(SIZE);
        for (int slot = 0; slot < SIZE; slot++) {
            S s = slots.get(player, slot);
            out.add(present(s) ? slots.copy(s) : null);
        }
        return new Copy(out);
    }

    /** A copy read back from its text (a file of an earlier run); IllegalArgumentException when unreadable. */
    public InventoryCopy read(String text) {
        return new Copy(new ArrayList<>(slots.read(text)));
    }

    /**
     * The stacks a copy holds past the slots {@link #restore} puts back: a platform's file that kept more
     * (the dev server's crafting grid, in files of an older version). They go back as items that came in do.
     */
    public InventoryCopy beyond(InventoryCopy copy) {
        List<S> stacks = stacksOf(copy);
        return new Copy(stacks.size() > SIZE ? new ArrayList<>(stacks.subList(SIZE, stacks.size())) : List.of());
    }

    /** Whether the inventory holds exactly what the copy holds, slot by slot. */
    public boolean is(String player, InventoryCopy copy) {
        List<S> want = stacksOf(copy);
        for (int slot = 0; slot < SIZE; slot++) {
            S a = slot < want.size() ? want.get(slot) : null;
            S b = slots.get(player, slot);
            if (present(a) != present(b) || present(a) && !(slots.similar(a, b) && slots.amount(a) == slots.amount(b))) {
                return false;
            }
        }
        return true;
    }

    /** Every slot as the copy has it. False, nothing changed, when the player is not online. */
    public boolean restore(String player, InventoryCopy copy) {
        if (!players.isOnline(player)) {
            return false;
        }
        List<S> stacks = stacksOf(copy);
        slots.atomically(player, () -> {
            for (int slot = 0; slot < SIZE; slot++) {
                S s = slot < stacks.size() ? stacks.get(slot) : null;
                slots.set(player, slot, present(s) ? slots.copy(s) : null);
            }
        });
        return true;
    }

    public void clear(String player) {
        slots.atomically(player, () -> {
            for (int slot = 0; slot < SIZE; slot++) {
                if (slots.get(player, slot) != null) {
                    slots.set(player, slot, null);
                }
            }
        });
    }

    /** Every stack that is not an engine item: what came in during a game, however it came (slots do not matter). */
    public InventoryCopy nonCards(String player) {
        List<S> out = new ArrayList<>();
        for (int slot = 0; slot < SIZE; slot++) {
            S s = slots.get(player, slot);
            if (present(s) && !engine(s)) {
                out.add(slots.copy(s));
            }
        }
        return new Copy(out);
    }

    public boolean holdsCards(String player) {
        for (int slot = 0; slot < SIZE; slot++) {
            if (engine(slots.get(player, slot))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Adds the copy's stacks where they fit: onto stacks of the same item in the storage slots up to their
     * maximum, then into empty storage slots; never into armour or the off-hand, never dropped. Returns null
     * when everything fit, the very {@code items} when nothing did (or the player is offline), else what is left.
     */
    public InventoryCopy add(String player, InventoryCopy items) {
        if (!players.isOnline(player)) {
            return items;
        }
        List<S> left = new ArrayList<>();
        boolean[] added = {false};
        slots.atomically(player, () -> {
            for (S item : stacksOf(items)) {
                if (!present(item)) {
                    continue;
                }
                int rest = addOne(player, item);
                if (rest < slots.amount(item)) {
                    added[0] = true;
                }
                if (rest > 0) {
                    left.add(slots.withAmount(item, rest));
                }
            }
        });
        if (left.isEmpty()) {
            return null;
        }
        return added[0] ? new Copy(left) : items;
    }

    /** One stack added (see {@link #add}); returns how many of it did not fit. */
    private int addOne(String player, S item) {
        int count = slots.amount(item);
        int max = Math.max(1, slots.maxAmount(item));
        for (int slot = 0; slot < STORAGE && count > 0; slot++) {
            S there = slots.get(player, slot);
            if (present(there) && slots.amount(there) < max && slots.similar(there, item)) {
                int add = Math.min(max - slots.amount(there), count);
                slots.set(player, slot, slots.withAmount(there, slots.amount(there) + add));
                count -= add;
            }
        }
        for (int slot = 0; slot < STORAGE && count > 0; slot++) {
            if (!present(slots.get(player, slot))) {
                int put = Math.min(max, count);
                slots.set(player, slot, slots.withAmount(item, put));
                count -= put;
            }
        }
        return count;
    }

    // ---------------------------------------------------------------- single slots (making way for cards)

    public SlotHolds holds(String player, int slot) {
        S s = slots.get(player, slot);
        return !present(s) ? SlotHolds.NOTHING : engine(s) ? SlotHolds.ENGINE : SlotHolds.OTHER;
    }

    /** Moves the stack in {@code from} into {@code to}, which is empty. */
    public void move(String player, int from, int to) {
        S s = slots.get(player, from);
        if (s != null) {
            S moved = slots.copy(s);
            slots.set(player, from, null);
            slots.set(player, to, moved);
        }
    }

    /** Empties the slot; returns a copy of what it held. */
    public InventoryCopy take(String player, int slot) {
        S s = slots.get(player, slot);
        if (!present(s)) {
            return empty();
        }
        S taken = slots.copy(s);
        slots.set(player, slot, null);
        return new Copy(List.of(taken));
    }

    /** The stack for a card item, made on the engine's thread ({@link Slots#card}). */
    Object card(Platform.CardItem item) {
        return slots.card(item);
    }

    /** Whether the slot still holds the very card {@link #putCards} put there ({@link Slots#holdsCard}). */
    boolean holdsCard(String player, int slot, Object card) {
        return slots.holdsCard(player, slot, card);
    }

    /** An items op's slots (slot → what {@link #card} made, or null to empty it), in order. */
    void putCards(String player, Map<Integer, Object> cards) {
        slots.putCards(player, cards);
    }

    void setHeld(String player, int slot) {
        slots.setHeld(player, slot);
    }

    public void atomically(String player, Runnable change) {
        slots.atomically(player, change);
    }

    // ---------------------------------------------------------------- plain items (item stakes)

    /** Whether {@code item} (a namespaced id) names an item the server knows. Any thread. */
    public boolean isItem(String item) {
        return item != null && slots.plain(item, 1) != null;
    }

    /** The slots an item stake looks at, in the order it takes from and tops up: hotbar, main inventory, off-hand; never armour. */
    private static final int[] PLAIN_SLOTS = java.util.stream.IntStream.concat(
            java.util.stream.IntStream.range(0, STORAGE), java.util.stream.IntStream.of(OFF_HAND)).toArray();

    /** A plain stack of the item: similar to a new stack of it (no name, lore, enchantment, contents, tag). */
    private boolean isPlain(S stack, S plain) {
        return present(stack) && !engine(stack) && slots.similar(stack, plain);
    }

    /** How many plain items of the kind the player holds; 0 for an unknown item. */
    public int countPlain(String player, String item) {
        S plain = item == null ? null : slots.plain(item, 1);
        if (plain == null) {
            return 0;
        }
        int n = 0;
        for (int slot : PLAIN_SLOTS) {
            S s = slots.get(player, slot);
            if (isPlain(s, plain)) {
                n += slots.amount(s);
            }
        }
        return n;
    }

    /** Takes {@code count} plain items of the kind, all or nothing: false, nothing taken, when the player holds fewer. */
    public boolean takePlain(String player, String item, int count) {
        boolean[] ok = {false};
        slots.atomically(player, () -> {
            if (count < 0 || !players.isOnline(player) || countPlain(player, item) < count) {
                return;
            }
            S plain = slots.plain(item, 1);
            int want = count;
            for (int slot : PLAIN_SLOTS) {
                if (want == 0 || plain == null) {
                    break;
                }
                S s = slots.get(player, slot);
                if (isPlain(s, plain)) {
                    int take = Math.min(slots.amount(s), want);
                    want -= take;
                    slots.set(player, slot, take == slots.amount(s) ? null : slots.withAmount(s, slots.amount(s) - take));
                }
            }
            ok[0] = true;
        });
        return ok[0];
    }

    /**
     * Gives {@code count} plain items of the kind: onto the plain stacks of it first (the off-hand's too), then
     * into empty storage slots, never more than a stack's maximum in one, never dropped. Returns how many did
     * not fit (all of them for an unknown item or a player offline).
     */
    public int givePlain(String player, String item, int count) {
        S plain = item == null ? null : slots.plain(item, 1);
        if (plain == null || count <= 0 || !players.isOnline(player)) {
            return Math.max(count, 0);
        }
        int max = Math.max(1, slots.maxAmount(plain));
        int[] left = {count};
        slots.atomically(player, () -> {
            for (int slot : PLAIN_SLOTS) {
                S s = slots.get(player, slot);
                if (left[0] > 0 && isPlain(s, plain) && slots.amount(s) < max) {
                    int add = Math.min(max - slots.amount(s), left[0]);
                    left[0] -= add;
                    slots.set(player, slot, slots.withAmount(s, slots.amount(s) + add));
                }
            }
            for (int slot = 0; slot < STORAGE && left[0] > 0; slot++) {
                if (!present(slots.get(player, slot))) {
                    int add = Math.min(max, left[0]);
                    left[0] -= add;
                    slots.set(player, slot, slots.withAmount(plain, add));
                }
            }
        });
        return left[0];
    }
}
