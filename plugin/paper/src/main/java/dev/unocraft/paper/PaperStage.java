package dev.unocraft.paper;

import dev.unocraft.spigot.BukkitStage;
import java.util.function.IntFunction;
import net.kyori.adventure.text.Component;
import org.bukkit.Bukkit;
import org.bukkit.Location;
import org.bukkit.World;
import org.bukkit.entity.Display;
import org.bukkit.entity.TextDisplay;
import org.bukkit.map.MapView;
import org.bukkit.plugin.Plugin;

/**
 * The tables in the world on Paper: as on Spigot, with each text an Adventure component. On Folia each table's work
 * runs on the region that owns its centre's chunk (Paper's region scheduler), a card's glide on its entity's own
 * scheduler, a move with teleportAsync (Folia has no teleport), and a face's map is only the screen's (maps are the
 * global region's: never asked of the server from a region).
 */
final class PaperStage extends BukkitStage {
    private final boolean folia;
    private final IntFunction<MapView> maps;

    PaperStage(Plugin plugin, IntFunction<MapView> maps, boolean folia) {
        super(plugin, maps);
        this.maps = maps;
        this.folia = folia;
    }

    @Override
    protected void text(TextDisplay display, Object text) {
        Component c = (Component) text;
        if (!c.equals(display.text())) {
            display.text(c);
        }
    }

    @Override
    public void at(Place place, Runnable task) {
        if (!folia) {
            super.at(place, task);
            return;
        }
        World world = Bukkit.getWorld(place.world());
        if (world == null) {
            task.run();     // no entity of it can be in a world that is not loaded: the task only forgets them
            return;
        }
        int chunkX = (int) Math.floor(place.x()) >> 4;
        int chunkZ = (int) Math.floor(place.z()) >> 4;
        if (plugin.getServer().isOwnedByCurrentRegion(world, chunkX, chunkZ)) {
            task.run();
        } else if (plugin.isEnabled()) {
            plugin.getServer().getRegionScheduler().execute(plugin, world, chunkX, chunkZ, task);
        } else {
            dropped();
        }
    }

    @Override
    protected void nextTick(Display entity, Runnable task, Runnable gone) {
        if (!folia) {
            super.nextTick(entity, task, gone);
        } else if (plugin.isEnabled() && entity.getScheduler().run(plugin, t -> task.run(), gone) == null) {
            gone.run();      // the entity is gone already
        }
    }

    @Override
    protected void move(Display entity, Location to) {
        if (folia) {
            entity.teleportAsync(to);
        } else {
            super.move(entity, to);
        }
    }

    @Override
    protected MapView map(int id) {
        return folia ? maps.apply(id) : super.map(id);
    }
}
