package dev.unocraft.core;

import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Which players the engine has given its items (seated) or a sidebar, so that pauses are announced to them and both are undone at quit and disable. */
final class PlayerDisplays {
    private final Screen screen;
    private final Set<String> seated = ConcurrentHashMap.newKeySet();   // players holding engine items
    private final Set<String> sidebars = ConcurrentHashMap.newKeySet(); // players shown a sidebar

    PlayerDisplays(Screen screen) {
        this.screen = screen;
    }

    /** The player now holds engine items. */
    void seat(String player) {
        seated.add(player);
    }

    /** The player's own items are back (or they left). */
    void unseat(String player) {
        seated.remove(player);
    }

    /** Nobody holds engine items any more (disable). */
    void unseatAll() {
        seated.clear();
    }

    /** The players holding engine items, as a live view. */
    Set<String> seated() {
        return Collections.unmodifiableSet(seated);
    }

    /** The player is now shown the engine's sidebar. */
    void sidebarShown(String player) {
        sidebars.add(player);
    }

    /** Takes the engine's sidebar away, if the player was shown one (their own scoreboard back too). */
    void clearSidebar(String player) {
        if (sidebars.remove(player)) {
            screen.clearSidebar(player);
        }
    }

    /** Every sidebar taken away (disable). */
    void clearAllSidebars() {
        for (String p : List.copyOf(sidebars)) {
            clearSidebar(p);      // their own scoreboards back too
        }
    }
}
