package dev.unocraft.core;

import java.util.List;

/** What the core shows besides chat: the card faces' maps and the sidebar. */
public interface Screen {
    /**
     * Called on the engine's thread when a card face arrives: everything about showing these 128×128
     * colour indices on a map that may be done off the server's threads (a copy of the pixels, the map
     * packet encoded, the map id where the platform allocates ids itself), so that {@link #showMap} only
     * registers and sends it. {@code wantedId}: the face's map id of an earlier run, or -1.
     */
    Platform.PreparedMap prepareMap(int wantedId, byte[] pixels);

    /**
     * Makes sure the prepared map exists and shows its pixels; returns the id the platform actually uses
     * (a new one when the face had none or its old id no longer exists). Global work ({@link Scheduling#global}).
     */
    int showMap(Platform.PreparedMap map);

    /**
     * Shows the player a sidebar: a title and lines (each what {@link Players#text} made), top line first
     * (at most 15; lines may repeat), replacing the one shown before. The first call for a player keeps
     * whatever the player had (another plugin's scoreboard) so that {@link #clearSidebar} can give it back.
     * Where the server has no scoreboards (Folia) a platform shows it another way (a boss bar).
     */
    void showSidebar(String player, Object title, List<Object> lines);

    /** Takes the sidebar down and gives back what the player had before; no-op without one. */
    void clearSidebar(String player);
}
