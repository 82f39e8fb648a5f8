package dev.unocraft.core;

import com.google.gson.JsonElement;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.logging.Logger;

/**
 * What the core needs from a server platform (Bukkit/Spigot/Paper, Minestom). Every method except
 * {@link #runOnMain}, {@link #logger}, {@link #dataFolder}, {@link #readInventory}, {@link #prepare},
 * {@link #prepareMap} and {@link #warmUp} (and {@link InventoryCopy}'s methods) is called on the server's main thread.
 * Components arrive in the version-neutral form of {@code unocraft.presentation.chat}: a JSON object
 * {text, color, bold, italic, underlined, click: {run|suggest|url}, hover: component, extra: [...]},
 * a plain string, or an array of those; each platform builds its own component type from it.
 */
public interface Platform {
    /** Runs the task on the main thread in the next tick; callable from any thread, never blocks. */
    void runOnMain(Runnable task);

    Logger logger();

    /** Where the plugin keeps its files (token, face cache, inventory vault). */
    Path dataFolder();

    Collection<String> onlinePlayers();

    boolean isOnline(String player);

    /** Where the player stands (x, y, z), or null; tables open where their owner stands. */
    double[] position(String player);

    /** How far apart two online players stand; infinite when they are in different worlds or one is offline. */
    double distance(String player, String other);

    /** The client's language setting, e.g. "en_us", "ru_ru", or null. */
    String locale(String player);

    /** The player's UUID as text (statistics keep it beside the name), or null when unknown. */
    default String uuid(String player) {
        return null;
    }

    /**
     * The platform's own message object for a component (an Adventure Component, BungeeCord
     * components, …), built from the engine's component JSON. Called on the engine's thread while a
     * batch is prepared (and for the core's own three messages once as it starts), never on the main
     * thread during a game, so the main thread only sends what is built: the object must be safe to
     * build on any thread and to hand to the main thread (the core publishes it through a concurrent
     * queue). The default keeps the JSON as it is.
     */
    default Object text(JsonElement component) {
        return component;
    }

    /** Sends a chat message: {@code message} is what {@link #text} made. */
    void sendMessage(String player, Object message);

    /** Shows an action bar: {@code message} is what {@link #text} made. */
    void sendActionBar(String player, Object message);

    /** Shows a title: both are what {@link #text} made. */
    void showTitle(String player, Object title, Object subtitle);

    /**
     * Plays a sound to one player only, where the player stands: {@code sound} is a namespaced
     * sound event key ("minecraft:block.note_block.pling"), volume 0–1, pitch 0.5–2.
     */
    void playSound(String player, String sound, float volume, float pitch);

    /**
     * A sound ready for {@link #playSound(String, Object)}, made on the engine's thread while a batch
     * is prepared (as {@link #text} is), so that the main thread only sends it: a platform resolves
     * the key to its sound here where it can. The default keeps the arguments as they are.
     */
    default Object sound(String sound, float volume, float pitch) {
        return new SoundCue(sound, volume, pitch);
    }

    /** Plays what {@link #sound} made; the default plays it by its key ({@link #playSound(String, String, float, float)}). */
    default void playSound(String player, Object sound) {
        SoundCue cue = (SoundCue) sound;
        playSound(player, cue.sound(), cue.volume(), cue.pitch());
    }

    /** A sound as the engine describes it: the arguments of {@link #playSound(String, String, float, float)}. */
    record SoundCue(String sound, float volume, float pitch) {}

    /**
     * Puts an item in a player's inventory slot: 0–8 hotbar, 9–35 main inventory, 40 off-hand.
     * {@code item} is what {@link #prepare} made of a {@link CardItem}; {@code null} empties the slot.
     * A slot that already holds this very item (or is empty and stays empty) is left alone: no
     * packet, no event.
     */
    void setSlot(String player, int slot, Object item);

    /**
     * The slots of one items op at once, in order ({@code items}: slot → what {@link #prepare} made,
     * or {@code null} to empty it), as {@link #setSlot} would one by one; a platform may send the
     * changes to the client together (the dev server wakes the connection's writer once, not once per slot).
     */
    default void setSlots(String player, java.util.Map<Integer, Object> items) {
        items.forEach((slot, item) -> setSlot(player, slot, item));
    }

    /**
     * Runs {@code change} (reads and writes of the player's slots) with no other change to that
     * inventory in between: where items can arrive on other threads (Minestom's inventories are changed
     * from any thread), an item given between a slot's check and its write would be overwritten. A
     * platform whose inventories change on the main thread only (Bukkit) just runs it: the default.
     */
    default void atomically(String player, Runnable change) {
        change.run();
    }

    /** Selects the held hotbar slot (0–8). */
    void setHeldSlot(String player, int slot);

    /**
     * Called on the engine's thread, not the main thread, when a card face arrives: everything about
     * showing these 128×128 colour indices on a map that may be done off the main thread (a copy of
     * the pixels, the map packet encoded and compressed, the renderer, the map id where the platform
     * allocates ids itself), so that {@link #showMap} only registers and sends it. {@code wantedId}:
     * the face's map id of an earlier run, or -1.
     */
    PreparedMap prepareMap(int wantedId, byte[] pixels);

    /**
     * Makes sure the prepared map exists and shows its pixels (to every player, where the platform
     * sends maps itself). Returns the id the platform actually uses (a platform that allocates ids on
     * the main thread returns a new one when the face had none or its old id no longer exists).
     */
    int showMap(PreparedMap map);

    /**
     * Shows the player a sidebar scoreboard: a title and lines (each what {@link #text} made), top
     * line first (at most 15; lines may repeat). Replaces the one shown before. The first call for a
     * player keeps whatever scoreboard the player had (another plugin's) so that {@link #clearSidebar}
     * can give it back.
     */
    void showSidebar(String player, Object title, List<Object> lines);

    /** Takes the sidebar down and gives back the scoreboard the player had before; no-op without one. */
    void clearSidebar(String player);

    /**
     * A copy of the player's whole inventory: copies of its stacks, nothing serialized yet (that is
     * {@link InventoryCopy#text}'s work, done on the inventory vault's own thread). Cheap, for the
     * main thread; an offline player's is an empty copy.
     */
    InventoryCopy copyInventory(String player);

    /**
     * Reads text made by {@link InventoryCopy#text} back into a copy, ready to put in. Called off the
     * main thread (the vault's thread, on a file of an earlier run); throws IllegalArgumentException
     * when the text cannot be read.
     */
    InventoryCopy readInventory(String text);

    /** Whether the player's inventory holds exactly what the copy holds, item for item. */
    boolean inventoryIs(String player, InventoryCopy copy);

    /**
     * Replaces the player's whole inventory with the copy. Returns false when the player cannot be
     * reached (the vault then keeps the copy).
     */
    boolean restoreInventory(String player, InventoryCopy copy);

    void clearInventory(String player);

    /**
     * A copy of every stack in the player's inventory that is not an engine item (no {@link UnoCore#TAG_KEY}
     * tag): what came in during a game, however it came. Where each was does not matter (see {@link #addItems}).
     */
    InventoryCopy copyNonCards(String player);

    /** Whether the player's inventory holds at least one engine item. */
    boolean holdsCards(String player);

    /**
     * Adds the copy's stacks to the player's inventory where they fit (onto stacks of the same item, then
     * into empty slots), never dropping one into the world. Returns null when everything fit, the very
     * {@code items} when nothing did (or the player cannot be reached), else a copy of what is left.
     */
    InventoryCopy addItems(String player, InventoryCopy items);

    /** What an inventory slot holds: nothing, an engine item ({@link UnoCore#TAG_KEY} tag), or anything else. */
    enum SlotHolds { NOTHING, ENGINE, OTHER }

    /** What the player's slot (0–35, 40: as {@link #setSlot}) holds now; NOTHING for an offline player. */
    SlotHolds slotHolds(String player, int slot);

    /**
     * Whether the slot holds, as it is, the very item {@link #setSlots} put there ({@code prepared}: what
     * {@link #prepare} made of it): a quick answer that lets the core skip {@link #slotHolds}. False
     * whenever in doubt (the default: a platform that keeps no such identity reads the slot instead).
     */
    default boolean slotIs(String player, int slot, Object prepared) {
        return false;
    }

    /** Moves the stack in slot {@code from} into slot {@code to}, which is empty (both 0–35 or 40). */
    void moveSlot(String player, int from, int to);

    /** Empties the slot and returns a copy of the stack it held (an empty copy for an empty slot). */
    InventoryCopy takeSlot(String player, int slot);

    /** Whether the online player holds the permission (stakes ask for {@code uno.stake}); false when offline. */
    boolean hasPermission(String player, String permission);

    /**
     * The economy stakes of money go through, or null when the server has none (no Vault, or no
     * economy plugin behind it). Looked up when asked, not at enable: the economy plugin may load later.
     */
    Money money();

    /** Whether {@code item} (a namespaced id, "minecraft:diamond") names an item the server knows. */
    boolean isItem(String item);

    /**
     * How many items of the kind the player holds as plain stacks (nothing on them: no name, lore,
     * enchantment or contents): what an item stake may take. Main inventory, hotbar and off-hand;
     * never armour or engine items. 0 for an offline player.
     */
    int countPlain(String player, String item);

    /** Takes {@code count} plain items of the kind ({@link #countPlain}): all or nothing (false, nothing taken). */
    boolean takePlain(String player, String item, int count);

    /** Gives {@code count} plain items of the kind where they fit, never dropping one; returns how many did not fit. */
    int givePlain(String player, String item, int count);

    /** A copy of an inventory, made on the main thread ({@link #copyInventory}) or read from text ({@link #readInventory}). */
    interface InventoryCopy {
        /**
         * The copy in the platform's own lossless text form. Called on the vault's thread, not the
         * main thread: it may touch only the copy, which nothing else holds.
         */
        String text();

        /** How many stacks the copy holds (empty slots do not count). */
        int stacks();

        /** This copy's stacks followed by {@code other}'s, in a new copy (slots do not matter: for {@link #addItems}). */
        InventoryCopy plus(InventoryCopy other);
    }

    /**
     * Called on the engine's thread, not the main thread, with each item an op batch is about to put
     * in a slot; returns what {@link #setSlot} then receives for it. Whatever costs something is done
     * here: finding the item's template ({@link ItemTemplates#of}: hashing the item's texts), and on a
     * platform whose item stacks may be built off the main thread, building it, so that the main
     * thread only copies it. The default hands the item on as it is.
     */
    default Object prepare(CardItem item) {
        return item;
    }

    /**
     * Called once at start-up on a thread of its own: loads and runs now, off the main thread, what
     * the first game would otherwise pay for on it (classes, component and item builders), where it
     * can on a player no one sees, {@link UnoCore#WARM_UP_ROUNDS} times (compiled by the JIT, not
     * only loaded). An engine is let in when it is over ({@link UnoCore#awaitWarmUp}). The default does nothing.
     */
    default void warmUp() {}

    /** A card face's map made ready by {@link #prepareMap}, in the platform's own form. */
    interface PreparedMap {
        /**
         * The map id, when the platform knew it as the map was prepared; -1 when it is only known
         * once {@link #showMap} has run on the main thread (Bukkit allocates map ids there).
         */
        int id();
    }

    /** A card item as the engine describes it. */
    record CardItem(int mapId, String material, JsonElement name, List<JsonElement> lore, boolean glow, String tag) {}
}
