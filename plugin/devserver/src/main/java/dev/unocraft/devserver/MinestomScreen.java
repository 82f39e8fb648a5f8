package dev.unocraft.devserver;

import dev.unocraft.core.Platform.PreparedMap;
import dev.unocraft.core.Screen;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import net.kyori.adventure.text.Component;
import net.minestom.server.MinecraftServer;
import net.minestom.server.entity.Player;
import net.minestom.server.network.ConnectionState;
import net.minestom.server.network.packet.PacketWriting;
import net.minestom.server.network.packet.server.FramedPacket;
import net.minestom.server.network.packet.server.ServerPacket;
import net.minestom.server.network.packet.server.play.MapDataPacket;
import net.minestom.server.scoreboard.Sidebar;

/** Card faces as map packets (maps live only on the client in Minestom) and the sidebar, one Minestom Sidebar per player. */
final class MinestomScreen implements Screen {
    private final Map<Integer, FaceMap> maps = new ConcurrentHashMap<>();
    /** The id of the next new face's map: past every id of an earlier run (faces.properties, read once). */
    private final AtomicInteger nextMapId;

    MinestomScreen(Path dataFolder) {
        this.nextMapId = new AtomicInteger(DevServer.highestSavedMapId(dataFolder) + 1);
    }

    /**
     * A card face's map: its id and its map packet framed (encoded and compressed) once, on the
     * engine's thread, for every player it is ever sent to: the applier only queues the bytes.
     */
    record FaceMap(int id, FramedPacket packet) implements PreparedMap {}

    @Override
    public FaceMap prepareMap(int wantedId, byte[] pixels) {
        int id = wantedId >= 0 ? wantedId : nextMapId.getAndIncrement();
        return new FaceMap(id, framed(mapPacket(id, pixels)));
    }

    @Override
    public int showMap(PreparedMap map) {
        FaceMap face = (FaceMap) map;
        maps.put(face.id(), face);
        for (Player p : MinestomPlayers.tracked()) {
            p.sendPacket(face.packet());
        }
        return face.id();
    }

    static MapDataPacket mapPacket(int id, byte[] pixels) {
        return new MapDataPacket(id, (byte) 0, true, false, List.of(),
                new MapDataPacket.ColorContent((byte) 128, (byte) 128, (byte) 0, (byte) 0, pixels));
    }

    /** The packet as a play-state connection sends it (length, compression), built once for every player. */
    static FramedPacket framed(ServerPacket packet) {
        return new FramedPacket(packet, PacketWriting.allocateTrimmedPacket(ConnectionState.PLAY, packet,
                MinecraftServer.getCompressionThreshold()));
    }

    /** Sends every card face to a player who just joined (maps live only on the client in Minestom). */
    void sendMaps(Player p) {
        maps.values().forEach(face -> p.sendPacket(face.packet()));
    }

    // One Sidebar per player (Minestom keeps no "current scoreboard" of a player: a sidebar is a
    // Viewable objective of its own, so nothing of the player's is replaced or needs saving).
    // Lines have fixed ids "l0".."l14", scores 15..1 top to bottom, numbers hidden; Minestom puts each
    // on its own team with a unique invisible entry, so two lines may read the same. Called from the
    // applier thread and, on a quit, from the disconnect event: one lock.
    static final int MAX_LINES = 15;
    private static final String[] LINE_IDS = java.util.stream.IntStream.range(0, MAX_LINES).mapToObj(i -> "l" + i).toArray(String[]::new);

    /** A player's sidebar and the lines it shows (null: no such line), so that a change is found without asking Minestom for each line. */
    record Shown(Sidebar sidebar, Component[] lines) {}

    private final Map<String, Shown> sidebars = new java.util.HashMap<>();

    @Override
    public synchronized void showSidebar(String name, Object title, List<Object> lines) {
        Player p = MinestomPlayers.player(name);
        if (p == null) {
            return;
        }
        Component t = (Component) title;
        Shown shown = sidebars.computeIfAbsent(name.toLowerCase(java.util.Locale.ROOT), k -> new Shown(new Sidebar(t), new Component[MAX_LINES]));
        update(shown, t, lines);
        if (!shown.sidebar().getViewers().contains(p)) {
            shown.sidebar().addViewer(p);     // after the lines: the client gets the whole sidebar at once
        }
    }

    /** Changes what differs from what the sidebar shows (each change is a packet to its viewers): the title, and line by line. */
    static void update(Shown shown, Component title, List<Object> lines) {
        Sidebar sb = shown.sidebar();
        if (!title.equals(sb.getTitle())) {
            sb.setTitle(title);
        }
        Component[] was = shown.lines();
        int n = Math.min(lines.size(), MAX_LINES);
        for (int i = 0; i < MAX_LINES; i++) {
            Component c = i < n ? (Component) lines.get(i) : null;
            if (was[i] == null && c != null) {
                sb.createLine(new Sidebar.ScoreboardLine(LINE_IDS[i], c, MAX_LINES - i, Sidebar.NumberFormat.blank()));
            } else if (was[i] != null && c == null) {
                sb.removeLine(LINE_IDS[i]);
            } else if (c != null && !c.equals(was[i])) {
                sb.updateLineContent(LINE_IDS[i], c);
            }
            was[i] = c;
        }
    }

    @Override
    public synchronized void clearSidebar(String name) {
        Shown shown = sidebars.remove(name.toLowerCase(java.util.Locale.ROOT));
        if (shown != null) {
            for (Player viewer : List.copyOf(shown.sidebar().getViewers())) {
                shown.sidebar().removeViewer(viewer);
            }
        }
    }

}
