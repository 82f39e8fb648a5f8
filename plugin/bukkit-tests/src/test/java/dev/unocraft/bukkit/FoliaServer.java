package dev.unocraft.bukkit;

import io.papermc.paper.threadedregions.scheduler.GlobalRegionScheduler;
import io.papermc.paper.threadedregions.scheduler.ScheduledTask;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.bukkit.command.CommandSender;
import org.bukkit.entity.Entity;
import org.bukkit.plugin.IllegalPluginAccessException;
import org.bukkit.plugin.Plugin;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import org.mockbukkit.mockbukkit.scheduler.BukkitSchedulerMock;

/**
 * A MockBukkit server that behaves as Folia does towards a plugin, with real threads: one "global region" thread
 * ({@link #getGlobalRegionScheduler}) and one region thread per player ({@link FoliaPlayer#getScheduler}); the
 * server reports itself as "Folia". What the plugin may call where (every call made from the plugin's code, found
 * by its classes on the stack, is judged; a wrong one is a {@link #violations() violation}, and every test fails on one):
 * <ul>
 *   <li>the Bukkit scheduler ({@code Server.getScheduler()}, {@code Bukkit.getScheduler()}): never (Folia has none);
 *       a player's work on {@code player.getScheduler()}, work at a place (a table's display entities) on
 *       {@code getRegionScheduler()}, which runs it on the region owning the chunk ({@link #chunkRegion}), the rest on
 *       {@code getGlobalRegionScheduler()};</li>
 *   <li>a table's display entities ({@link CheckedWorld}): spawned and changed only on the region thread owning their chunk;</li>
 *   <li>the scoreboard API (getScoreboardManager, Player.getScoreboard/setScoreboard): never (Folia does not support it);</li>
 *   <li>a player's inventory, location, messages, titles, action bar, sounds, locale, boss bars: only on that
 *       player's own region thread;</li>
 *   <li>maps (createMap, getMap): only on the global region thread;</li>
 *   <li>getPlayerExact, getPlayer, getOnlinePlayers, getWorlds, and any other checked server call: on any region
 *       thread or the global one, never elsewhere (a py4j thread, the vault's, a chat thread);</li>
 *   <li>a command: a player's on that player's region thread, the console's on the global one.</li>
 * </ul>
 * The server's own calls (MockBukkit's, the harness's: no plugin class on the stack) are free on the region and
 * global threads; on the test thread a player's state may be read only while the harness says everything is
 * settled ({@link #settled}): every region and the global thread idle, nothing queued. At a stop (a plugin
 * disabled, the server gone) the regions halt first (what they still hold is dropped, as Folia drops it) and the
 * stop runs on a "Region shutdown thread", on which everything but the scheduler and scoreboard is allowed, as
 * Folia's shutdown thread owns every region.
 *
 * <p>Schedulers as Folia's: a task runs at the next tick at the earliest (delay 1), never within the tick it was
 * scheduled in; a delay or period below 1 throws IllegalArgumentException, a disabled plugin's task
 * IllegalPluginAccessException; the harness ticks ({@link #advanceTick}) once per settle round. The checks also
 * answer as Folia does: {@link #isPrimaryThread} is true on every region thread and the global one,
 * {@link #isOwnedByCurrentRegion(Entity)} on that player's region thread, {@link #isGlobalTickThread} on the global one.
 *
 * <p>The harness's own ticking uses MockBukkit's scheduler through {@link #mockScheduler()}, never through
 * {@link #getScheduler()}: today's plugin still gets MockBukkit's scheduler (so its tasks run, on the global region
 * thread at each settle round), and each time it asked for it is a violation.
 */
public class FoliaServer extends CheckedServer {
    static final Set<String> LOOKUPS = Set.of("getPlayerExact", "getPlayer", "getOnlinePlayers", "getWorlds");
    static final Set<String> SCOREBOARD = Set.of("getScoreboardManager", "Player.getScoreboard", "Player.setScoreboard");
    static final Set<String> MAPS = Set.of("createMap", "getMap");

    /** The thread the test runs on (it made this server). */
    final Thread testThread = Thread.currentThread();
    final RegionThread global = new RegionThread(this, "Folia global region");
    private final List<RegionThread> regions = new CopyOnWriteArrayList<>(List.of(global));
    private final GlobalScheduler globalScheduler = new GlobalScheduler();
    private final ChunkRegionScheduler regionScheduler = new ChunkRegionScheduler();
    /** The regions of the world's chunks, by world and area ({@link #chunkRegion}). */
    private final java.util.Map<String, RegionThread> chunkRegions = new java.util.concurrent.ConcurrentHashMap<>();
    private final List<Timer> timers = new ArrayList<>();
    private long tick;
    private volatile Thread shutdownThread;
    private volatile boolean settled;
    private volatile boolean halted;

    public FoliaServer() {
        super();
    }

    @Override
    public @NotNull String getName() {
        return "Folia";
    }

    // ---------------------------------------------------------------- threads

    /** Whether the current thread ticks some region: the global one, a player's, or the shutdown thread (which owns them all). */
    boolean isTickThread() {
        Thread t = Thread.currentThread();
        return t == shutdownThread || RegionThread.current() != null && RegionThread.current().server == this;
    }

    /**
     * Folia's isPrimaryThread is "a tick thread" (any region's, or the global one's). The test thread counts as
     * one for the server's and harness's own calls (MockBukkit asserts a "main thread" when worlds, players and
     * entities are added), never for the plugin's.
     */
    @Override
    public boolean isPrimaryThread() {
        return isTickThread() || Thread.currentThread() == testThread && !pluginOnStack();
    }

    @Override
    public boolean isGlobalTickThread() {
        return global.isCurrent() || Thread.currentThread() == shutdownThread;
    }

    @Override
    public boolean isOwnedByCurrentRegion(@NotNull Entity entity) {
        if (Thread.currentThread() == shutdownThread) {
            return true;
        }
        if (entity instanceof FoliaPlayer p) {
            return p.region().isCurrent();
        }
        if (entity instanceof CheckedWorld.Recorded) {
            return ownsChunkOf(entity.getLocation());
        }
        return isTickThread();
    }

    @Override
    public boolean isOwnedByCurrentRegion(@NotNull org.bukkit.World world, int chunkX, int chunkZ) {
        return Thread.currentThread() == shutdownThread || chunkRegion(world, chunkX, chunkZ).isCurrent();
    }

    /**
     * The region thread that owns a chunk of a world: one per world and area of 8 x 8 chunks (Folia's regions
     * are groups of chunks; a table and what stands around it are in one). Players' regions are their own.
     */
    RegionThread chunkRegion(org.bukkit.World world, int chunkX, int chunkZ) {
        String key = world.getName() + " [" + (chunkX >> 3) + ", " + (chunkZ >> 3) + "]";
        return chunkRegions.computeIfAbsent(key, k -> newRegion("Region of " + k));
    }

    private boolean ownsChunkOf(org.bukkit.Location at) {
        return Thread.currentThread() == shutdownThread
                || chunkRegion(at.getWorld(), (int) Math.floor(at.getX()) >> 4, (int) Math.floor(at.getZ()) >> 4).isCurrent();
    }

    /** A display entity touched (or spawned) by the plugin: only on the region thread owning its chunk (or the shutdown thread). */
    @Override
    void entityCall(org.bukkit.Location at, String what) {
        if (!pluginOnStack() || ownsChunkOf(at)) {
            count("Entity." + what);
        } else {
            violation("Entity." + what, "only on the region thread owning chunk "
                    + ((int) Math.floor(at.getX()) >> 4) + ", " + ((int) Math.floor(at.getZ()) >> 4));
        }
    }

    @Override
    long tick() {
        synchronized (timers) {
            return tick;
        }
    }

    /** A new region thread (a player's). */
    RegionThread newRegion(String name) {
        RegionThread r = new RegionThread(this, name);
        if (halted) {
            r.halt();
        }
        regions.add(r);
        return r;
    }

    List<RegionThread> regions() {
        return List.copyOf(regions);
    }

    /** The test thread may read players' state now (the harness waited until nothing runs, or stopped the regions). */
    void settled() {
        settled = true;
    }

    /** Something was handed to the server or the plugin: the test thread may not read players' state until the next settle. */
    void unsettle() {
        settled = false;
    }

    // ---------------------------------------------------------------- the checks

    /** Hidden frames too: a method reference the plugin hands over (a Runnable of inventory::clear) runs in a hidden class named after the plugin's. */
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.SHOW_HIDDEN_FRAMES);

    /** Whether the plugin's code is on the current stack (any class of dev.unocraft but the tests' own). */
    static boolean pluginOnStack() {
        return WALKER.walk(s -> s.anyMatch(f -> isPluginClass(f.getClassName())));
    }

    /**
     * Whether the plugin itself made the current call: the first frame outside this server and Bukkit's static
     * facade is the plugin's (MockBukkit asking for its own scheduler, say for getCurrentTick, is not).
     */
    static boolean calledByPlugin() {
        return WALKER.walk(s -> s.map(StackWalker.StackFrame::getClassName)
                .filter(c -> !c.equals(FoliaServer.class.getName()) && !c.startsWith(FoliaServer.class.getName() + "$")
                        && !c.equals(CheckedServer.class.getName()) && !c.equals("org.bukkit.Bukkit"))
                .findFirst().map(FoliaServer::isPluginClass).orElse(false));
    }

    static boolean isPluginClass(String name) {
        return name.startsWith("dev.unocraft.")
                && !name.startsWith("dev.unocraft.bukkit.")
                && !name.startsWith("dev.unocraft.core.CoreAccess")
                && !name.startsWith("dev.unocraft.core.StakesAccess")
                && !name.startsWith("dev.unocraft.paper.PaperDetectionTest");
    }

    @Override
    void mainOnly(String what) {
        judge(what, null, null);
    }

    @Override
    void playerCall(CheckedPlayer player, String what) {
        judge("Player." + what, player, null);
    }

    @Override
    void commandCall(CommandSender sender) {
        judge("dispatchCommand", sender instanceof CheckedPlayer p ? p : null, sender instanceof CheckedPlayer ? null : "console");
    }

    private void judge(String what, CheckedPlayer owner, String console) {
        Thread t = Thread.currentThread();
        boolean plugin = pluginOnStack();
        if (!plugin) {
            if (t == testThread) {
                if (owner == null || settled || !(owner instanceof FoliaPlayer)) {
                    count(what);
                } else {
                    violation(what, "the test thread touched " + owner.getName() + " while the server is not settled (the harness must settle() first, or run it on the region)");
                }
                return;
            }
            if (isTickThread()) {      // the server's own work (MockBukkit's, the harness's) on a region or the global thread
                count(what);
                return;
            }
        }
        String broken = rule(what, owner, console, t);
        if (broken == null) {
            count(what);
        } else {
            violation(what, broken);
        }
    }

    /** The Folia rule the call breaks on this thread, or null. */
    private String rule(String what, CheckedPlayer owner, String console, Thread t) {
        if (SCOREBOARD.contains(what)) {
            return "Folia does not support the scoreboard API";
        }
        if (t == shutdownThread) {
            return null;
        }
        if (owner instanceof FoliaPlayer p) {
            return p.region().isCurrent() ? null : "only on " + p.getName() + "'s region thread (" + p.region().name + ")";
        }
        if (owner != null) {
            return isTickThread() ? null : "only on a region thread";
        }
        if (console != null) {
            return global.isCurrent() ? null : "a console command only on the global region thread";
        }
        if (MAPS.contains(what)) {
            return global.isCurrent() ? null : "maps only on the global region thread";
        }
        return isTickThread() ? null : "only on a region thread or the global one";
    }

    private void violation(String what, String rule) {
        record(what + " on thread " + Thread.currentThread().getName() + ": " + rule + stack());
    }

    // ---------------------------------------------------------------- the schedulers

    /** MockBukkit's scheduler, for the harness's ticks (not a violation; {@link #getScheduler()} is, for the plugin). */
    BukkitSchedulerMock mockScheduler() {
        return super.getScheduler();
    }

    @Override
    public @NotNull BukkitSchedulerMock getScheduler() {
        if (calledByPlugin()) {
            violation("Bukkit scheduler (getScheduler)", "Folia has no Bukkit scheduler: use the player's or the global region scheduler");
        }
        return super.getScheduler();
    }

    /**
     * Folia's region scheduler: work at a place runs on the region thread that owns its chunk ({@link #chunkRegion}),
     * as a table's display entities are touched there. Tasks as Folia's: the next tick at the earliest.
     */
    @Override
    public io.papermc.paper.threadedregions.scheduler.@NotNull RegionScheduler getRegionScheduler() {
        return regionScheduler;
    }

    @Override
    public @NotNull GlobalRegionScheduler getGlobalRegionScheduler() {
        return globalScheduler;
    }

    /** Folia refuses tasks of a plugin that is not enabled. */
    static void validate(Plugin plugin) {
        if (plugin == null) {
            throw new NullPointerException("plugin");
        }
        if (!plugin.isEnabled()) {
            throw new IllegalPluginAccessException("Plugin attempted to register task while disabled");
        }
    }

    static void validateDelay(long delay, String what) {
        if (delay < 1) {
            throw new IllegalArgumentException(what + " must be >= 1 tick, was " + delay);
        }
    }

    /**
     * Runs {@code task} on {@code where} after {@code delay} ticks (1: at the next tick, as Folia's execute and run
     * do: never within the current one), then every {@code period} ticks (0: once). Ticks are the harness's
     * ({@link #advanceTick}: each settle round, each oneTick).
     */
    void schedule(RegionThread where, FoliaTask task, long delay, long period) {
        synchronized (timers) {
            timers.add(new Timer(where, task, tick + Math.max(1, delay), period));
        }
    }

    private void fire(RegionThread where, FoliaTask task, long period) {
        if (task.fire() && period > 0) {
            synchronized (timers) {
                timers.add(new Timer(where, task, tick + period, period));
            }
        }
    }

    /** One tick of the region schedulers: the delayed tasks now due go to their threads. */
    void advanceTick() {
        List<Timer> due = new ArrayList<>();
        synchronized (timers) {
            tick++;
            for (Iterator<Timer> i = timers.iterator(); i.hasNext(); ) {
                Timer t = i.next();
                if (t.task().isCancelled()) {
                    i.remove();
                } else if (t.due() <= tick) {
                    i.remove();
                    due.add(t);
                }
            }
        }
        for (Timer t : due) {
            t.where().submit(() -> fire(t.where(), t.task(), t.period()));
        }
    }

    /** Delayed tasks that run once and are not due yet (repeating ones never make the server busy). */
    int pendingOneShots() {
        synchronized (timers) {
            return (int) timers.stream().filter(t -> t.period() == 0 && !t.task().isCancelled()).count();
        }
    }

    /** Whether some region (or the global one) has work queued or running. */
    boolean anyBusy() {
        return regions.stream().anyMatch(r -> !r.idle());
    }

    /** Waits until every region thread is idle; false when one stayed busy {@code timeoutMs}. */
    boolean awaitRegionsIdle(long timeoutMs) throws InterruptedException {
        long end = System.nanoTime() + timeoutMs * 1_000_000;
        for (RegionThread r : regions) {
            if (!r.awaitIdle(Math.max(1, (end - System.nanoTime()) / 1_000_000))) {
                return false;
            }
        }
        return true;
    }

    private record Timer(RegionThread where, FoliaTask task, long due, long period) {}

    /**
     * The server stops (or a plugin is disabled at a stop): the regions halt (what they still hold is dropped, as
     * Folia drops it), then {@code stop} runs on a "Region shutdown thread", which owns every region as Folia's does.
     */
    void shutdown(Runnable stop) throws InterruptedException {
        halted = true;
        for (RegionThread r : regions) {
            r.halt();
        }
        awaitRegionsIdle(30_000);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                stop.run();
            } catch (Throwable e) {
                failed.set(e);
            }
        }, "Region shutdown thread");
        shutdownThread = t;
        t.start();
        t.join(60_000);
        if (t.isAlive()) {
            throw new AssertionError("the stop did not end within 60 s on the Region shutdown thread");
        }
        settled = true;
        if (failed.get() instanceof RuntimeException e) {
            throw e;
        }
        if (failed.get() instanceof Error e) {
            throw e;
        }
    }

    /** The regions tick again after a stop (the same server starts again: a plugin enabled anew). */
    void resume() {
        halted = false;
        for (RegionThread r : regions) {
            r.resume();
        }
        settled = false;
    }

    /** The region threads end (after the server is gone). */
    void close() {
        for (RegionThread r : regions) {
            r.close();
        }
    }

    /** A task that threw on a region thread: a failure, as Folia logs it (the test fails on it). */
    void taskFailed(String region, Throwable e) {
        java.io.StringWriter w = new java.io.StringWriter();
        e.printStackTrace(new java.io.PrintWriter(w));
        record("a task threw on " + region + ": " + w);
    }

    // ---------------------------------------------------------------- the global region scheduler

    private final class GlobalScheduler implements GlobalRegionScheduler {
        private final List<FoliaTask> tasks = new CopyOnWriteArrayList<>();

        private FoliaTask add(Plugin plugin, Consumer<ScheduledTask> run, boolean repeating) {
            validate(plugin);
            FoliaTask task = new FoliaTask(plugin, run, repeating);
            tasks.add(task);
            tasks.removeIf(t -> t.finished());
            return task;
        }

        @Override
        public void execute(@NotNull Plugin plugin, @NotNull Runnable run) {
            schedule(global, add(plugin, t -> run.run(), false), 1, 0);
        }

        @Override
        public @NotNull ScheduledTask run(@NotNull Plugin plugin, @NotNull Consumer<ScheduledTask> task) {
            FoliaTask t = add(plugin, task, false);
            schedule(global, t, 1, 0);
            return t;
        }

        @Override
        public @NotNull ScheduledTask runDelayed(@NotNull Plugin plugin, @NotNull Consumer<ScheduledTask> task, long delayTicks) {
            validateDelay(delayTicks, "delayTicks");
            FoliaTask t = add(plugin, task, false);
            schedule(global, t, delayTicks, 0);
            return t;
        }

        @Override
        public @NotNull ScheduledTask runAtFixedRate(@NotNull Plugin plugin, @NotNull Consumer<ScheduledTask> task, long initialDelayTicks, long periodTicks) {
            validateDelay(initialDelayTicks, "initialDelayTicks");
            validateDelay(periodTicks, "periodTicks");
            FoliaTask t = add(plugin, task, true);
            schedule(global, t, initialDelayTicks, periodTicks);
            return t;
        }

        @Override
        public void cancelTasks(@NotNull Plugin plugin) {
            for (FoliaTask t : tasks) {
                if (t.getOwningPlugin() == plugin) {
                    t.cancel();
                }
            }
        }
    }

    // ---------------------------------------------------------------- the region scheduler, a display's scheduler

    private final class ChunkRegionScheduler implements io.papermc.paper.threadedregions.scheduler.RegionScheduler {
        @Override
        public void execute(@NotNull Plugin plugin, org.bukkit.@NotNull World world, int chunkX, int chunkZ, @NotNull Runnable run) {
            validate(plugin);
            schedule(chunkRegion(world, chunkX, chunkZ), new FoliaTask(plugin, t -> run.run(), false), 1, 0);
        }

        @Override
        public @NotNull ScheduledTask run(@NotNull Plugin plugin, org.bukkit.@NotNull World world, int chunkX, int chunkZ, @NotNull Consumer<ScheduledTask> task) {
            validate(plugin);
            FoliaTask t = new FoliaTask(plugin, task, false);
            schedule(chunkRegion(world, chunkX, chunkZ), t, 1, 0);
            return t;
        }

        @Override
        public @NotNull ScheduledTask runDelayed(@NotNull Plugin plugin, org.bukkit.@NotNull World world, int chunkX, int chunkZ,
                @NotNull Consumer<ScheduledTask> task, long delayTicks) {
            validate(plugin);
            validateDelay(delayTicks, "delayTicks");
            FoliaTask t = new FoliaTask(plugin, task, false);
            schedule(chunkRegion(world, chunkX, chunkZ), t, delayTicks, 0);
            return t;
        }

        @Override
        public @NotNull ScheduledTask runAtFixedRate(@NotNull Plugin plugin, org.bukkit.@NotNull World world, int chunkX, int chunkZ,
                @NotNull Consumer<ScheduledTask> task, long initialDelayTicks, long periodTicks) {
            validate(plugin);
            validateDelay(initialDelayTicks, "initialDelayTicks");
            validateDelay(periodTicks, "periodTicks");
            FoliaTask t = new FoliaTask(plugin, task, true);
            schedule(chunkRegion(world, chunkX, chunkZ), t, initialDelayTicks, periodTicks);
            return t;
        }
    }

    /**
     * A display entity's scheduler, as Folia's: its tasks on the region owning the entity's chunk; a task whose
     * entity is gone when it falls due runs its retired callback instead.
     */
    io.papermc.paper.threadedregions.scheduler.EntityScheduler chunkEntityScheduler(Entity entity) {
        return new io.papermc.paper.threadedregions.scheduler.EntityScheduler() {
            private RegionThread region() {
                org.bukkit.Location at = entity.getLocation();
                return chunkRegion(at.getWorld(), (int) Math.floor(at.getX()) >> 4, (int) Math.floor(at.getZ()) >> 4);
            }

            private FoliaTask task(Plugin plugin, Consumer<ScheduledTask> run, Runnable retired, boolean repeating) {
                validate(plugin);
                return new FoliaTask(plugin, run, repeating) {
                    @Override
                    boolean fire() {
                        if (!entity.isValid()) {
                            if (getExecutionState() == ExecutionState.IDLE) {
                                retire();
                                if (retired != null) {
                                    retired.run();
                                }
                            }
                            return false;
                        }
                        return super.fire();
                    }
                };
            }

            @Override
            public boolean execute(@NotNull Plugin plugin, @NotNull Runnable run, @Nullable Runnable retired, long delay) {
                validateDelay(delay, "delay");
                if (!entity.isValid()) {
                    return false;
                }
                schedule(region(), task(plugin, t -> run.run(), retired, false), delay, 0);
                return true;
            }

            @Override
            public @Nullable ScheduledTask run(@NotNull Plugin plugin, @NotNull Consumer<ScheduledTask> run, @Nullable Runnable retired) {
                if (!entity.isValid()) {
                    return null;
                }
                FoliaTask t = task(plugin, run, retired, false);
                schedule(region(), t, 1, 0);
                return t;
            }

            @Override
            public @Nullable ScheduledTask runDelayed(@NotNull Plugin plugin, @NotNull Consumer<ScheduledTask> run, @Nullable Runnable retired, long delayTicks) {
                validateDelay(delayTicks, "delayTicks");
                if (!entity.isValid()) {
                    return null;
                }
                FoliaTask t = task(plugin, run, retired, false);
                schedule(region(), t, delayTicks, 0);
                return t;
            }

            @Override
            public @Nullable ScheduledTask runAtFixedRate(@NotNull Plugin plugin, @NotNull Consumer<ScheduledTask> run, @Nullable Runnable retired,
                    long initialDelayTicks, long periodTicks) {
                validateDelay(initialDelayTicks, "initialDelayTicks");
                validateDelay(periodTicks, "periodTicks");
                if (!entity.isValid()) {
                    return null;
                }
                FoliaTask t = task(plugin, run, retired, true);
                schedule(region(), t, initialDelayTicks, periodTicks);
                return t;
            }
        };
    }

    // ---------------------------------------------------------------- tasks and threads

    /** Folia's ScheduledTask: its state, and its cancelling as Folia answers it. */
    static class FoliaTask implements ScheduledTask {
        private final Plugin plugin;
        private final Consumer<ScheduledTask> run;
        private final boolean repeating;
        private final AtomicReference<ExecutionState> state = new AtomicReference<>(ExecutionState.IDLE);

        FoliaTask(Plugin plugin, Consumer<ScheduledTask> run, boolean repeating) {
            this.plugin = plugin;
            this.run = run;
            this.repeating = repeating;
        }

        /** On its thread: runs the task unless cancelled; whether it runs again (a repeating task still live). */
        boolean fire() {
            if (!state.compareAndSet(ExecutionState.IDLE, ExecutionState.RUNNING)) {
                return false;
            }
            try {
                body();
            } finally {
                if (!state.compareAndSet(ExecutionState.RUNNING, repeating ? ExecutionState.IDLE : ExecutionState.FINISHED)) {
                    state.set(ExecutionState.CANCELLED);      // cancelled while it ran
                }
            }
            return repeating && state.get() == ExecutionState.IDLE;
        }

        /** What running it does (an entity's task first checks that the entity is still there). */
        void body() {
            run.accept(this);
        }

        /** The task will not run (its entity is gone): cancelled, without running. */
        void retire() {
            state.set(ExecutionState.CANCELLED);
        }

        boolean finished() {
            ExecutionState s = state.get();
            return s == ExecutionState.FINISHED || s == ExecutionState.CANCELLED;
        }

        @Override
        public @NotNull Plugin getOwningPlugin() {
            return plugin;
        }

        @Override
        public boolean isRepeatingTask() {
            return repeating;
        }

        @Override
        public @NotNull CancelledState cancel() {
            while (true) {
                ExecutionState s = state.get();
                switch (s) {
                    case IDLE -> {
                        if (state.compareAndSet(s, ExecutionState.CANCELLED)) {
                            return CancelledState.CANCELLED_BY_CALLER;
                        }
                    }
                    case RUNNING -> {
                        if (!repeating) {
                            return CancelledState.RUNNING;
                        }
                        if (state.compareAndSet(s, ExecutionState.CANCELLED_RUNNING)) {
                            return CancelledState.NEXT_RUNS_CANCELLED;
                        }
                    }
                    case CANCELLED_RUNNING -> {
                        return CancelledState.NEXT_RUNS_CANCELLED_ALREADY;
                    }
                    case CANCELLED -> {
                        return CancelledState.CANCELLED_ALREADY;
                    }
                    case FINISHED -> {
                        return CancelledState.ALREADY_EXECUTED;
                    }
                }
            }
        }

        @Override
        public @NotNull ExecutionState getExecutionState() {
            return state.get();
        }
    }

    /** One region's thread: its tasks in order, one at a time. */
    static final class RegionThread {
        private static final ThreadLocal<RegionThread> CURRENT = new ThreadLocal<>();
        private static final Runnable STOP = () -> { };
        final FoliaServer server;
        final String name;
        private final Thread thread;
        private final LinkedBlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();
        private int pending;
        private volatile boolean halted;
        private int dropped;

        RegionThread(FoliaServer server, String name) {
            this.server = server;
            this.name = name;
            this.thread = new Thread(this::loop, name);
            thread.setDaemon(true);
            thread.start();
        }

        static RegionThread current() {
            return CURRENT.get();
        }

        boolean isCurrent() {
            return Thread.currentThread() == thread;
        }

        void submit(Runnable r) {
            synchronized (this) {
                if (halted) {
                    dropped++;
                    return;
                }
                pending++;
            }
            queue.add(r);
        }

        private void loop() {
            CURRENT.set(this);
            while (true) {
                Runnable r;
                try {
                    r = queue.take();
                } catch (InterruptedException e) {
                    return;
                }
                if (r == STOP) {
                    return;
                }
                try {
                    if (!halted) {
                        r.run();
                    }
                } catch (Throwable t) {
                    server.taskFailed(name, t);
                } finally {
                    synchronized (this) {
                        if (halted) {
                            dropped++;
                        }
                        if (--pending == 0) {
                            notifyAll();
                        }
                    }
                }
            }
        }

        synchronized boolean idle() {
            return pending == 0;
        }

        synchronized boolean awaitIdle(long timeoutMs) throws InterruptedException {
            long end = System.nanoTime() + timeoutMs * 1_000_000;
            while (pending > 0) {
                long left = (end - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    return false;
                }
                wait(left);
            }
            return true;
        }

        /** Runs {@code c} on this thread (at once when already on it) and waits for its result; what it throws is thrown here. */
        <T> T call(Callable<T> c) throws Exception {
            if (isCurrent()) {
                return c.call();
            }
            if (halted) {
                throw new AssertionError(name + " is halted (the server stopped): nothing runs there any more");
            }
            FutureTask<T> f = new FutureTask<>(c);
            submit(f);
            try {
                return f.get(60, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Exception x) {
                    throw x;
                }
                if (e.getCause() instanceof Error x) {
                    throw x;
                }
                throw e;
            } catch (TimeoutException e) {
                throw new AssertionError("a task on " + name + " did not end within 60 s (halted: " + halted + ")", e);
            }
        }

        /** The server stops: nothing more runs here (what is queued, and what comes, is dropped). */
        void halt() {
            synchronized (this) {
                halted = true;
            }
        }

        synchronized void resume() {
            halted = false;
        }

        synchronized int dropped() {
            return dropped;
        }

        void close() {
            queue.add(STOP);
        }
    }
}
