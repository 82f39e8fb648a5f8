package dev.unocraft.bukkit;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.bukkit.World;
import org.bukkit.command.CommandSender;
import org.bukkit.entity.Player;
import org.bukkit.inventory.ItemFactory;
import org.bukkit.map.MapView;
import org.jetbrains.annotations.NotNull;
import org.mockbukkit.mockbukkit.ServerMock;
import org.mockbukkit.mockbukkit.entity.PlayerMock;
import org.mockbukkit.mockbukkit.map.MapViewMock;
import org.mockbukkit.mockbukkit.scoreboard.ScoreboardManagerMock;
import org.mockbukkit.mockbukkit.util.UnsafeValuesMock;

/**
 * A MockBukkit server that records the thread of every call of the server API the adapters make that Bukkit
 * allows on the main thread only (players, worlds, maps, scoreboards, commands; and through {@link CheckedPlayer}
 * a player's inventory, location, scoreboard, messages): one made elsewhere is a violation, and every test fails
 * on one ({@link #violations}). The scheduler is not checked: handing work to the main thread is what it is for.
 *
 * <p>Also makes card-face maps work: MockBukkit 4.116.3's {@link MapViewMock#setTrackingPosition} throws
 * UnimplementedOperationException, and the adapter's showMap calls it; {@link FaceMapView} implements it.
 */
public class CheckedServer extends ServerMock {
    private final List<String> violations = new ArrayList<>();
    private final Map<String, AtomicInteger> mainThreadCalls = new ConcurrentHashMap<>();
    /** Calls of server API off the main thread that Bukkit does not forbid there but that are worth knowing (item (de)serialization). */
    private final Map<String, List<String>> offMainAllowed = new ConcurrentHashMap<>();
    private final Map<Integer, FaceMapView> maps = new HashMap<>();
    private int nextMapId = 1000;

    /** Records a main-thread-only call; a call on any other thread is a violation. */
    void mainOnly(String what) {
        if (isPrimaryThread()) {
            count(what);
            return;
        }
        record(what + " on thread " + Thread.currentThread().getName() + stack());
    }

    /** A player's own state ({@link CheckedPlayer}: inventory, location, messages...): here main-thread-only; on Folia, the player's region thread's. */
    void playerCall(CheckedPlayer player, String what) {
        mainOnly("Player." + what);
    }

    /** A command dispatched for {@code sender}: here on the main thread; on Folia, the player's region thread or (the console) the global one. */
    void commandCall(CommandSender sender) {
        mainOnly("dispatchCommand");
    }

    /** A call on a table's display entity (or its spawn) at {@code at}: here main-thread-only; on Folia, the region owning its chunk's. */
    void entityCall(org.bukkit.Location at, String what) {
        mainOnly("Entity." + what);
    }

    /** The server's current tick (the scheduler's). */
    long tick() {
        return super.getScheduler().getCurrentTick();
    }

    /** A checked call made where it may be. */
    void count(String what) {
        mainThreadCalls.computeIfAbsent(what, k -> new AtomicInteger()).incrementAndGet();
    }

    /** Where the current call was made (the caller's frames). */
    static String stack() {
        StringBuilder where = new StringBuilder();
        StackTraceElement[] stack = new Throwable().getStackTrace();
        for (int i = 2; i < Math.min(stack.length, 16); i++) {
            where.append("\n    at ").append(stack[i]);
        }
        return where.toString();
    }

    /** A violation (or a failure the tests must fail on), recorded. */
    void record(String violation) {
        synchronized (violations) {
            violations.add(violation);
        }
    }

    /** Every main-thread-only call made on another thread, with where it was made. */
    public List<String> violations() {
        synchronized (violations) {
            return List.copyOf(violations);
        }
    }

    public void clearViolations() {
        synchronized (violations) {
            violations.clear();
        }
    }

    /** How many checked calls of this kind ran on the main thread (the check is in place, and saw something). */
    public int mainThreadCalls(String what) {
        AtomicInteger n = mainThreadCalls.get(what);
        return n == null ? 0 : n.get();
    }

    /** Calls off the main thread of API Bukkit does not confine to it, by kind: thread names. */
    public Map<String, List<String>> offMainAllowed() {
        return Map.copyOf(offMainAllowed);
    }

    private void noteOffMain(String what) {
        if (!isPrimaryThread()) {
            offMainAllowed.computeIfAbsent(what, k -> java.util.Collections.synchronizedList(new ArrayList<>()))
                    .add(Thread.currentThread().getName());
        }
    }

    @Override
    public Player getPlayerExact(@NotNull String name) {
        mainOnly("getPlayerExact");
        return super.getPlayerExact(name);
    }

    @Override
    public Player getPlayer(@NotNull String name) {
        mainOnly("getPlayer");
        return super.getPlayer(name);
    }

    @Override
    public Player getPlayer(@NotNull UUID id) {
        mainOnly("getPlayer");
        return super.getPlayer(id);
    }

    @Override
    public @NotNull Collection<? extends PlayerMock> getOnlinePlayers() {
        mainOnly("getOnlinePlayers");
        return super.getOnlinePlayers();
    }

    @Override
    public @NotNull List<World> getWorlds() {
        // MockBukkit's own scheduler tick reads the worlds (on the main thread)
        mainOnly("getWorlds");
        return super.getWorlds();
    }

    @Override
    public @NotNull ScoreboardManagerMock getScoreboardManager() {
        mainOnly("getScoreboardManager");
        return super.getScoreboardManager();
    }

    @Override
    public boolean dispatchCommand(@NotNull CommandSender sender, @NotNull String commandLine) {
        commandCall(sender);
        return super.dispatchCommand(sender, commandLine);
    }

    @Override
    public @NotNull ItemFactory getItemFactory() {
        noteOffMain("getItemFactory");
        return super.getItemFactory();
    }

    @Override
    public @NotNull UnsafeValuesMock getUnsafe() {
        noteOffMain("getUnsafe");
        return super.getUnsafe();
    }

    // ---------------------------------------------------------------- maps

    /** A map with a tracking-position flag (MockBukkit's throws). */
    public static final class FaceMapView extends MapViewMock {
        private boolean tracking = true;

        FaceMapView(World world, int id) {
            super(world, id);
        }

        @Override
        public boolean isTrackingPosition() {
            return tracking;
        }

        @Override
        public void setTrackingPosition(boolean trackingPosition) {
            tracking = trackingPosition;
        }
    }

    @Override
    public synchronized @NotNull MapViewMock createMap(@NotNull World world) {
        mainOnly("createMap");
        FaceMapView view = new FaceMapView(world, nextMapId++);
        maps.put(view.getId(), view);
        new org.bukkit.event.server.MapInitializeEvent(view).callEvent();
        return view;
    }

    @Override
    @SuppressWarnings("deprecation")
    public synchronized MapViewMock getMap(int id) {
        mainOnly("getMap");
        FaceMapView view = maps.get(id);
        return view != null ? view : super.getMap(id);
    }

    /** The maps made so far (no thread check: for the tests). */
    public synchronized Map<Integer, ? extends MapView> maps() {
        return Map.copyOf(maps);
    }
}
