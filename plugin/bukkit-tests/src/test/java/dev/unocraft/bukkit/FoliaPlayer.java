package dev.unocraft.bukkit;

import io.papermc.paper.threadedregions.scheduler.EntityScheduler;
import io.papermc.paper.threadedregions.scheduler.ScheduledTask;
import java.util.function.Consumer;
import org.bukkit.plugin.Plugin;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

/**
 * A player on a {@link FoliaServer}: their own region thread, on which their state may be touched
 * ({@link FoliaServer} judges every call), and Paper's EntityScheduler over it ({@link #getScheduler}): tasks in
 * order, one at a time, on that thread. As Folia's: a task whose player has left (quit, or quit and rejoined: a new
 * entity) before it ran runs its {@code retired} callback instead (nothing when that is null); once the player has
 * left, {@code execute} answers false and {@code run}, {@code runDelayed}, {@code runAtFixedRate} null, and nothing runs.
 */
public class FoliaPlayer extends CheckedPlayer {
    private final FoliaServer folia;
    private volatile FoliaServer.RegionThread region;
    /** This player's entity: a new one at each (re)join; a task of an older one is retired. */
    private volatile int entity;
    private volatile boolean retired;
    private final EntityScheduler scheduler = new PlayerScheduler();

    public FoliaPlayer(FoliaServer server, String name) {
        super(server, name);
        this.folia = server;
    }

    public FoliaPlayer(FoliaServer server, String name, java.util.UUID id) {
        super(server, name, id);
        this.folia = server;
    }

    /** This player's region thread. */
    FoliaServer.RegionThread region() {
        FoliaServer.RegionThread r = region;
        if (r == null) {
            synchronized (this) {
                if (region == null) {
                    region = folia.newRegion("Region of " + getName());
                }
                r = region;
            }
        }
        return r;
    }

    /**
     * The player walks into {@code other}'s region (two players who see each other's inventories share one): from
     * now on their state is touched on that thread. Only while both are idle (after a settle).
     */
    void shareRegionWith(FoliaPlayer other) {
        region = other.region();
    }

    @Override
    public @NotNull EntityScheduler getScheduler() {
        return scheduler;     // any thread may schedule for a player, as on Folia
    }

    /** Quits (on the region thread, as Folia does): the quit event, then the entity is gone and its scheduler retired. */
    @Override
    public boolean disconnect() {
        boolean done = super.disconnect();
        retired = true;
        return done;
    }

    /** Rejoins: a new entity, with a new scheduler (tasks of the old one stay retired). */
    @Override
    public boolean reconnect() {
        entity++;
        retired = false;
        return super.reconnect();
    }

    private final class PlayerScheduler implements EntityScheduler {
        private PlayerTask task(Plugin plugin, Consumer<ScheduledTask> run, Runnable retiredCallback, boolean repeating) {
            FoliaServer.validate(plugin);
            return new PlayerTask(plugin, run, retiredCallback, repeating, entity);
        }

        @Override
        public boolean execute(@NotNull Plugin plugin, @NotNull Runnable run, @Nullable Runnable retiredCallback, long delay) {
            FoliaServer.validateDelay(delay, "delay");
            if (retired) {
                return false;
            }
            folia.schedule(region(), task(plugin, t -> run.run(), retiredCallback, false), delay, 0);
            return true;
        }

        @Override
        public @Nullable ScheduledTask run(@NotNull Plugin plugin, @NotNull Consumer<ScheduledTask> run, @Nullable Runnable retiredCallback) {
            if (retired) {
                return null;
            }
            PlayerTask t = task(plugin, run, retiredCallback, false);
            folia.schedule(region(), t, 1, 0);
            return t;
        }

        @Override
        public @Nullable ScheduledTask runDelayed(@NotNull Plugin plugin, @NotNull Consumer<ScheduledTask> run, @Nullable Runnable retiredCallback, long delayTicks) {
            FoliaServer.validateDelay(delayTicks, "delayTicks");
            if (retired) {
                return null;
            }
            PlayerTask t = task(plugin, run, retiredCallback, false);
            folia.schedule(region(), t, delayTicks, 0);
            return t;
        }

        @Override
        public @Nullable ScheduledTask runAtFixedRate(@NotNull Plugin plugin, @NotNull Consumer<ScheduledTask> run, @Nullable Runnable retiredCallback,
                long initialDelayTicks, long periodTicks) {
            FoliaServer.validateDelay(initialDelayTicks, "initialDelayTicks");
            FoliaServer.validateDelay(periodTicks, "periodTicks");
            if (retired) {
                return null;
            }
            PlayerTask t = task(plugin, run, retiredCallback, true);
            folia.schedule(region(), t, initialDelayTicks, periodTicks);
            return t;
        }
    }

    /** A task of this player's scheduler: runs while the entity it was scheduled for is still here, else its retired callback. */
    private final class PlayerTask extends FoliaServer.FoliaTask {
        private final Runnable retiredCallback;
        private final int forEntity;

        PlayerTask(Plugin plugin, Consumer<ScheduledTask> run, Runnable retiredCallback, boolean repeating, int forEntity) {
            super(plugin, run, repeating);
            this.retiredCallback = retiredCallback;
            this.forEntity = forEntity;
        }

        @Override
        boolean fire() {
            if (retired || entity != forEntity) {
                if (getExecutionState() == ExecutionState.IDLE) {
                    retire();
                    if (retiredCallback != null) {
                        retiredCallback.run();
                    }
                }
                return false;
            }
            return super.fire();
        }
    }
}
