package dev.unocraft.core;

import com.google.gson.JsonElement;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Logger;

/**
 * What the core needs from a server platform (Bukkit/Spigot/Paper/Folia, Minestom), in four small parts:
 * {@link Scheduling} (where work runs), {@link Players} (who is online, text to them), {@link Screen}
 * (card-face maps, the sidebar) and {@link Slots} (read and write one inventory slot). A platform only
 * translates: every decision about items is the core's ({@link Inventories}, {@link ItemPolicy}).
 * Components arrive in the version-neutral form of {@code unocraft.presentation.chat}: a JSON object
 * {text, color, bold, italic, underlined, click: {run|suggest|url}, hover: component, extra: [...]},
 * a plain string, or an array of those; each platform builds its own component type from it.
 */
public interface Platform {
    Logger logger();

    /** Where the plugin keeps its files (token, face cache, inventory vault, stakes). */
    Path dataFolder();

    Scheduling scheduling();

    Players players();

    Screen screen();

    /** The inventory slots; the core reaches them through {@link Inventories}. */
    Slots<?> slots();

    /** Display entities for the tables in the world ({@link TableStages}); null where the platform shows none. */
    default Stage<?> stage() {
        return null;
    }

    /**
     * Called once at start-up on a thread of its own: loads and runs now, off the server's threads, what
     * the first game would otherwise pay for there (classes, component and item builders), where it
     * can on a player no one sees, {@link UnoCore#WARM_UP_ROUNDS} times (compiled by the JIT, not
     * only loaded). An engine is let in when it is over ({@link UnoCore#awaitWarmUp}). The default does nothing.
     */
    default void warmUp() {}

    /** What an inventory slot holds: nothing, an engine item ({@link UnoCore#TAG_KEY} tag), or anything else. */
    enum SlotHolds { NOTHING, ENGINE, OTHER }

    /** A copy of stacks of an inventory ({@link Inventories#copy}, {@link Inventories#read}): only the core makes them. */
    interface InventoryCopy {
        /**
         * The copy in the platform's own lossless text form. Called on the vault's thread: it may touch
         * only the copy, which nothing else holds.
         */
        String text();

        /** How many stacks the copy holds (empty slots do not count). */
        int stacks();

        /** This copy's stacks followed by {@code other}'s, in a new copy (slots do not matter: for {@link Inventories#add}). */
        InventoryCopy plus(InventoryCopy other);
    }

    /** A card face's map made ready by {@link Screen#prepareMap}, in the platform's own form. */
    interface PreparedMap {
        /**
         * The map id, when the platform knew it as the map was prepared; -1 when it is only known
         * once {@link Screen#showMap} has run (Bukkit allocates map ids there).
         */
        int id();
    }

    /** A card item as the engine describes it. */
    record CardItem(int mapId, String material, JsonElement name, List<JsonElement> lore, boolean glow, String tag) {}

    /** A sound as the engine describes it: a namespaced key, volume 0–1, pitch 0.5–2. */
    record SoundCue(String sound, float volume, float pitch) {}
}
