package dev.unocraft.bukkit;

import io.papermc.paper.entity.TeleportFlag;
import io.papermc.paper.threadedregions.scheduler.EntityScheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import net.kyori.adventure.text.Component;
import org.bukkit.Location;
import org.bukkit.block.data.BlockData;
import org.bukkit.entity.BlockDisplay;
import org.bukkit.entity.Entity;
import org.bukkit.entity.ItemDisplay;
import org.bukkit.entity.TextDisplay;
import org.bukkit.event.player.PlayerTeleportEvent;
import org.bukkit.inventory.ItemStack;
import org.bukkit.util.Transformation;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import org.mockbukkit.mockbukkit.entity.BlockDisplayMock;
import org.mockbukkit.mockbukkit.entity.DisplayMock;
import org.mockbukkit.mockbukkit.entity.ItemDisplayMock;
import org.mockbukkit.mockbukkit.entity.TextDisplayMock;
import org.mockbukkit.mockbukkit.world.WorldMock;

/**
 * A MockBukkit world whose display entities (the tables' props) are judged where the plugin touches them: spawned
 * and changed on the main thread ({@link CheckedServer#entityCall}); on a {@link FoliaServer} only on the region
 * thread that owns the entity's chunk, with an entity scheduler on that thread ({@link FoliaServer#chunkRegion}).
 * Each display remembers the thread it was spawned on and every transformation set on it, with the interpolation
 * it was set with and the server tick it was set in (the tests follow a card's glide with it).
 */
public class CheckedWorld extends WorldMock {
    private final CheckedServer server;

    public CheckedWorld(CheckedServer server, String name) {
        super();
        this.server = server;
        setName(name);
    }

    /** One setTransformation: what was set, with which interpolation, in which tick. */
    public record Set(Transformation transformation, int delay, int duration, long tick) {}

    /** What a checked display remembers. */
    public interface Recorded {
        String spawnedOn();

        List<Set> transformations();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T extends Entity> @NotNull T spawn(@NotNull Location location, @NotNull Class<T> clazz, @Nullable Consumer<? super T> function) {
        DisplayMock display;
        if (clazz == ItemDisplay.class) {
            display = new Item(this, UUID.randomUUID());
        } else if (clazz == TextDisplay.class) {
            display = new Text(this, UUID.randomUUID());
        } else if (clazz == BlockDisplay.class) {
            display = new Block(this, UUID.randomUUID());
        } else {
            return super.spawn(location, clazz, function);
        }
        server.entityCall(location, "World.spawn");
        display.setLocation(location.clone());
        if (function != null) {
            function.accept((T) display);
        }
        server.registerEntity(display);
        return (T) display;
    }

    /** The checks and the records every display shares. */
    private static final class Checks {
        final CheckedWorld world;
        final DisplayMock entity;
        final String spawnedOn = Thread.currentThread().getName();
        final List<Set> transformations = new ArrayList<>();
        EntityScheduler scheduler;
        /** (MockBukkit's displays have no billboard) */
        volatile org.bukkit.entity.Display.Billboard billboard = org.bukkit.entity.Display.Billboard.FIXED;

        Checks(CheckedWorld world, DisplayMock entity) {
            this.world = world;
            this.entity = entity;
        }

        void check(String what) {
            world.server.entityCall(entity.getLocation(), "Display." + what);
        }

        synchronized void record(Transformation t) {
            transformations.add(new Set(t, entity.getInterpolationDelay(), entity.getInterpolationDuration(), world.server.tick()));
        }

        synchronized List<Set> transformations() {
            return List.copyOf(transformations);
        }

        EntityScheduler scheduler(EntityScheduler mock) {
            if (!(world.server instanceof FoliaServer folia)) {
                return mock;
            }
            synchronized (this) {
                if (scheduler == null) {
                    scheduler = folia.chunkEntityScheduler(entity);
                }
                return scheduler;
            }
        }
    }

    static final class Item extends ItemDisplayMock implements Recorded {
        private final Checks c;

        Item(CheckedWorld world, UUID id) {
            super(world.server, id);
            c = new Checks(world, this);
        }

        @Override public String spawnedOn() { return c.spawnedOn; }
        @Override public List<Set> transformations() { return c.transformations(); }
        @Override public void setItemStack(@Nullable ItemStack item) { c.check("setItemStack"); super.setItemStack(item); }
        @Override public void setTransformation(@NotNull Transformation t) { c.check("setTransformation"); super.setTransformation(t); c.record(t); }
        @Override public @NotNull Transformation getTransformation() { c.check("getTransformation"); return super.getTransformation(); }
        @Override public void setInterpolationDuration(int d) { c.check("setInterpolationDuration"); super.setInterpolationDuration(d); }
        @Override public void setInterpolationDelay(int d) { c.check("setInterpolationDelay"); super.setInterpolationDelay(d); }
        @Override public void setBillboard(@NotNull Billboard b) { c.check("setBillboard"); c.billboard = b; }
        @Override public @NotNull Billboard getBillboard() { return c.billboard; }
        @Override public void setGlowing(boolean g) { c.check("setGlowing"); super.setGlowing(g); }
        @Override public void setPersistent(boolean p) { c.check("setPersistent"); super.setPersistent(p); }
        @Override public void remove() { c.check("remove"); super.remove(); }
        @Override public boolean teleport(@NotNull Location l) { c.check("teleport"); return super.teleport(l); }
        @Override public @NotNull CompletableFuture<Boolean> teleportAsync(@NotNull Location l, PlayerTeleportEvent.@NotNull TeleportCause cause, TeleportFlag @NotNull ... flags) {
            c.check("teleportAsync");
            return CompletableFuture.completedFuture(super.teleport(l, cause));     // (MockBukkit has none: moved at once)
        }
        @Override public @NotNull EntityScheduler getScheduler() { return c.scheduler(super.getScheduler()); }
    }

    static final class Text extends TextDisplayMock implements Recorded {
        private final Checks c;

        Text(CheckedWorld world, UUID id) {
            super(world.server, id);
            c = new Checks(world, this);
        }

        @Override public String spawnedOn() { return c.spawnedOn; }
        @Override public List<Set> transformations() { return c.transformations(); }
        @Override public void text(@Nullable Component t) { c.check("text"); super.text(t); }
        @Override @SuppressWarnings("deprecation") public void setText(@Nullable String t) { c.check("setText"); super.setText(t); }
        @Override public void setAlignment(@NotNull TextAlignment a) { c.check("setAlignment"); super.setAlignment(a); }
        @Override public void setTransformation(@NotNull Transformation t) { c.check("setTransformation"); super.setTransformation(t); c.record(t); }
        @Override public @NotNull Transformation getTransformation() { c.check("getTransformation"); return super.getTransformation(); }
        @Override public void setInterpolationDuration(int d) { c.check("setInterpolationDuration"); super.setInterpolationDuration(d); }
        @Override public void setInterpolationDelay(int d) { c.check("setInterpolationDelay"); super.setInterpolationDelay(d); }
        @Override public void setBillboard(@NotNull Billboard b) { c.check("setBillboard"); c.billboard = b; }
        @Override public @NotNull Billboard getBillboard() { return c.billboard; }
        @Override public void setGlowing(boolean g) { c.check("setGlowing"); super.setGlowing(g); }
        @Override public void setPersistent(boolean p) { c.check("setPersistent"); super.setPersistent(p); }
        @Override public void remove() { c.check("remove"); super.remove(); }
        @Override public boolean teleport(@NotNull Location l) { c.check("teleport"); return super.teleport(l); }
        @Override public @NotNull CompletableFuture<Boolean> teleportAsync(@NotNull Location l, PlayerTeleportEvent.@NotNull TeleportCause cause, TeleportFlag @NotNull ... flags) {
            c.check("teleportAsync");
            return CompletableFuture.completedFuture(super.teleport(l, cause));     // (MockBukkit has none: moved at once)
        }
        @Override public @NotNull EntityScheduler getScheduler() { return c.scheduler(super.getScheduler()); }
    }

    static final class Block extends BlockDisplayMock implements Recorded {
        private final Checks c;

        Block(CheckedWorld world, UUID id) {
            super(world.server, id);
            c = new Checks(world, this);
        }

        @Override public String spawnedOn() { return c.spawnedOn; }
        @Override public List<Set> transformations() { return c.transformations(); }
        @Override public void setBlock(@NotNull BlockData b) { c.check("setBlock"); super.setBlock(b); }
        @Override public void setTransformation(@NotNull Transformation t) { c.check("setTransformation"); super.setTransformation(t); c.record(t); }
        @Override public @NotNull Transformation getTransformation() { c.check("getTransformation"); return super.getTransformation(); }
        @Override public void setInterpolationDuration(int d) { c.check("setInterpolationDuration"); super.setInterpolationDuration(d); }
        @Override public void setInterpolationDelay(int d) { c.check("setInterpolationDelay"); super.setInterpolationDelay(d); }
        @Override public void setBillboard(@NotNull Billboard b) { c.check("setBillboard"); c.billboard = b; }
        @Override public @NotNull Billboard getBillboard() { return c.billboard; }
        @Override public void setGlowing(boolean g) { c.check("setGlowing"); super.setGlowing(g); }
        @Override public void setPersistent(boolean p) { c.check("setPersistent"); super.setPersistent(p); }
        @Override public void remove() { c.check("remove"); super.remove(); }
        @Override public boolean teleport(@NotNull Location l) { c.check("teleport"); return super.teleport(l); }
        @Override public @NotNull CompletableFuture<Boolean> teleportAsync(@NotNull Location l, PlayerTeleportEvent.@NotNull TeleportCause cause, TeleportFlag @NotNull ... flags) {
            c.check("teleportAsync");
            return CompletableFuture.completedFuture(super.teleport(l, cause));     // (MockBukkit has none: moved at once)
        }
        @Override public @NotNull EntityScheduler getScheduler() { return c.scheduler(super.getScheduler()); }
    }
}
