package dev.unocraft.spigot;

import dev.unocraft.core.Platform.PreparedMap;
import dev.unocraft.core.Screen;
import java.util.ArrayList;
import java.util.List;
import org.bukkit.Bukkit;
import org.bukkit.entity.Player;
import org.bukkit.map.MapCanvas;
import org.bukkit.map.MapRenderer;
import org.bukkit.map.MapView;
import org.bukkit.scoreboard.Criteria;
import org.bukkit.scoreboard.DisplaySlot;
import org.bukkit.scoreboard.Objective;
import org.bukkit.scoreboard.Scoreboard;
import org.bukkit.scoreboard.ScoreboardManager;
import org.bukkit.scoreboard.Team;

/**
 * Card faces on Bukkit's maps, and the sidebar on a scoreboard of our own (the player's own given back
 * after). Titles and lines are legacy (§) text here; the Paper adapter sets them as Adventure components.
 * Main thread (Bukkit's map and scoreboard API are main-thread API).
 */
public class SpigotScreen implements Screen {
    /** Every face's map shown this run, by id: a card that shows a face finds its map here, asking the server nothing. */
    private final java.util.Map<Integer, MapView> views = new java.util.concurrent.ConcurrentHashMap<>();

    /** The map shown under this id this run, or null. Any thread. */
    public MapView mapView(int id) {
        return views.get(id);
    }
    /**
     * A card face's map as far as it can be made off the main thread: the renderer with its copy of
     * the pixels. The map itself is not: Bukkit's map API ({@code getMap}, {@code createMap}, a view's
     * renderers) is main-thread API, and Bukkit allocates the ids, so the id is known only once shown.
     */
    record FaceMap(int wantedId, FaceRenderer renderer) implements PreparedMap {
        @Override
        public int id() {
            return -1;
        }
    }

    @Override
    public PreparedMap prepareMap(int wantedId, byte[] pixels) {
        return new FaceMap(wantedId, new FaceRenderer(pixels));
    }

    @Override
    public int showMap(PreparedMap map) {
        FaceMap face = (FaceMap) map;
        MapView view = face.wantedId() >= 0 ? Bukkit.getMap(face.wantedId()) : null;
        if (view == null) {
            view = Bukkit.createMap(Bukkit.getWorlds().get(0));
        }
        for (MapRenderer r : new ArrayList<>(view.getRenderers())) {
            view.removeRenderer(r);
        }
        view.setTrackingPosition(false);
        view.addRenderer(face.renderer());
        views.put(view.getId(), view);
        return view.getId();
    }

    /** Draws a card face once; the server then keeps sending the same canvas. Made on any thread: it touches no server state until drawn. */
    static final class FaceRenderer extends MapRenderer {
        private final byte[] pixels;
        private boolean drawn;

        FaceRenderer(byte[] pixels) {
            super(false);
            this.pixels = pixels.clone();
        }

        // setPixel(x, y, byte) is deprecated (Spigot and Paper) for setPixelColor(x, y, Color), which matches each
        // pixel's colour to the palette again on the server thread, 16,384 matches a face; the engine already sends
        // palette indices, which this writes as they are.
        @Override
        @SuppressWarnings("deprecation")
        public void render(MapView map, MapCanvas canvas, Player player) {
            if (drawn) {
                return;
            }
            for (int y = 0; y < 128; y++) {
                for (int x = 0; x < 128; x++) {
                    canvas.setPixel(x, y, pixels[y * 128 + x]);
                }
            }
            drawn = true;
        }
    }

    /** A sidebar shown: our own scoreboard, and the one the player had before (given back on clear). */
    private record Shown(Scoreboard own, Scoreboard board, Objective objective) {}

    protected static final String SIDEBAR_OBJECTIVE = "unocraft";
    private static final int MAX_LINES = 15;
    private static final String CODES = "0123456789abcdef";
    private final java.util.Map<String, Shown> sidebars = new java.util.HashMap<>();   // main thread only

    /** Line i's entry: an invisible, unique colour code (the text is the team prefix), so lines may repeat. */
    private static String entry(int i) {
        return "\u00a7" + CODES.charAt(i) + "\u00a7r";
    }

    @Override
    public void showSidebar(String player, Object title, List<Object> lines) {
        Player p = Bukkit.getPlayerExact(player);
        if (p == null) {
            return;
        }
        String key = player.toLowerCase(java.util.Locale.ROOT);
        Shown shown = sidebars.get(key);
        if (shown == null) {
            ScoreboardManager manager = Bukkit.getScoreboardManager();
            if (manager == null) {
                return;    // no world loaded yet
            }
            Scoreboard board = manager.getNewScoreboard();
            Objective objective = newSidebar(board, title);
            objective.setDisplaySlot(DisplaySlot.SIDEBAR);
            shown = new Shown(null, board, objective);      // the player's own is kept below
        } else {
            retitle(shown.objective(), title);
        }
        int n = Math.min(lines.size(), MAX_LINES);
        for (int i = 0; i < n; i++) {
            Team team = shown.board().getTeam("unocraft" + i);
            if (team == null) {
                team = shown.board().registerNewTeam("unocraft" + i);
                team.addEntry(entry(i));
            }
            setLine(team, lines.get(i));
            shown.objective().getScore(entry(i)).setScore(MAX_LINES - i);    // top line first
        }
        for (int i = n; i < MAX_LINES; i++) {
            shown.board().resetScores(entry(i));
        }
        Scoreboard current = p.getScoreboard();
        if (current != shown.board()) {
            // the player's own scoreboard (the server's main one, or another plugin's — also one another
            // plugin set while ours was shown) is kept, to be given back by clearSidebar
            shown = new Shown(current, shown.board(), shown.objective());
            p.setScoreboard(shown.board());
        }
        sidebars.put(key, shown);
    }

    /**
     * The sidebar's objective, titled; the text of a line is its team's prefix (see {@link #setLine}).
     * Titles and lines are what {@link #text} made.
     */
    protected Objective newSidebar(Scoreboard board, Object title) {
        return board.registerNewObjective(SIDEBAR_OBJECTIVE, Criteria.DUMMY, ((SpigotText) title).legacy());
    }

    /** A new title for a sidebar shown, sent only when it changed. */
    protected void retitle(Objective objective, Object title) {
        String text = ((SpigotText) title).legacy();
        if (!text.equals(objective.getDisplayName())) {
            objective.setDisplayName(text);
        }
    }

    /** A line's text (its team's prefix), sent only when it changed. */
    protected void setLine(Team team, Object line) {
        String text = ((SpigotText) line).legacy();
        if (!text.equals(team.getPrefix())) {
            team.setPrefix(text);
        }
    }

    @Override
    public void clearSidebar(String player) {
        Shown shown = sidebars.remove(player.toLowerCase(java.util.Locale.ROOT));
        if (shown == null) {
            return;
        }
        Player p = Bukkit.getPlayerExact(player);
        // the player's own scoreboard back, unless another plugin has set a newer one meanwhile
        if (p != null && p.getScoreboard() == shown.board() && shown.own() != null) {
            p.setScoreboard(shown.own());
        }
        shown.objective().unregister();
    }

}
