package dev.unocraft.spigot;

import dev.unocraft.core.Stage;
import java.util.Arrays;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;
import org.bukkit.Bukkit;
import org.bukkit.Location;
import org.bukkit.Material;
import org.bukkit.NamespacedKey;
import org.bukkit.World;
import org.bukkit.entity.BlockDisplay;
import org.bukkit.entity.Display;
import org.bukkit.entity.ItemDisplay;
import org.bukkit.entity.TextDisplay;
import org.bukkit.inventory.ItemStack;
import org.bukkit.inventory.meta.MapMeta;
import org.bukkit.map.MapView;
import org.bukkit.persistence.PersistentDataType;
import org.bukkit.plugin.Plugin;
import org.bukkit.util.Transformation;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * The tables in the world on Bukkit: each {@link Stage.Prop} a display entity (an item display showing a card's
 * map, a block display, a text display), never persistent (a crash or a chunk unloaded leaves none behind; the core
 * spawns them again), tagged {@code unocraft:table} in its persistent data. Translation only: what shows where is
 * the core's and the engine's.
 *
 * <p>Orientation: the entity itself is never rotated (yaw and pitch 0); a prop's yaw and pitch are the
 * transformation's left rotation, the same rotation the entity's own would be (Minecraft's display orientation,
 * Y then X: pitch -90 turns the item's face to the sky, so a card lies flat, face up, and yaw turns it on the
 * table). So a translation is in the world's axes: a block display (whose origin is its corner) is centred on its
 * position, and a card just played starts at its {@code came} point and glides to its place.
 *
 * <p>Threads: Bukkit's main thread ({@link #at}); the Paper adapter's Folia stage runs each table's work on the
 * region that owns it. Text is legacy (§) text here, Adventure on Paper.
 */
public class BukkitStage implements Stage<Display> {
    /** The entities' persistent-data key: {@code unocraft:table}, its value the table's place. */
    public static final String KEY = "table";
    /** How long a card just played takes to glide from its seat to the pile, in ticks. */
    public static final int MOVE_TICKS = 6;

    protected final Plugin plugin;
    private final NamespacedKey key;
    /** The face maps shown this run, by id (the screen's). */
    private final IntFunction<MapView> maps;
    /** Cards gliding in: where each comes to rest, as the last change said, until its glide starts. */
    private final Map<UUID, Transformation> gliding = new ConcurrentHashMap<>();

    protected BukkitStage(Plugin plugin, IntFunction<MapView> maps) {
        this.plugin = plugin;
        this.key = new NamespacedKey(plugin, KEY);
        this.maps = maps;
    }

    // ---------------------------------------------------------------- where (overridden on Folia)

    /** Bukkit has one main thread: the task runs there, now when this is it, else at the next tick. */
    @Override
    public void at(Place place, Runnable task) {
        if (Bukkit.isPrimaryThread()) {
            task.run();
        } else if (plugin.isEnabled()) {
            Bukkit.getScheduler().runTask(plugin, task);
        } else {
            dropped();
        }
    }

    /**
     * The task runs at the next tick where {@code entity} may be touched (it may be gone by then); {@code gone}
     * instead where a scheduler knows the entity is gone.
     */
    protected void nextTick(Display entity, Runnable task, Runnable gone) {
        if (plugin.isEnabled()) {
            Bukkit.getScheduler().runTask(plugin, task);
        }
    }

    /** The entity moves to {@code to} (same world, a step away). */
    protected void move(Display entity, Location to) {
        entity.teleport(to);
    }

    protected final void dropped() {
        plugin.getLogger().info("disabled: a table's task from " + Thread.currentThread().getName() + " was not run");
    }

    /** The map shown as {@code id} this run, or null (Spigot and Paper: asked of the server when the screen has none). */
    protected MapView map(int id) {
        MapView view = maps.apply(id);
        return view != null ? view : Bukkit.getMap(id);
    }

    // ---------------------------------------------------------------- text (overridden on Paper)

    /** Sets the display's text to {@code text} (what the platform's Players.text made) unless it shows it already. */
    protected void text(TextDisplay display, Object text) {
        String legacy = ((SpigotText) text).legacy();
        if (!legacy.equals(display.getText())) {
            display.setText(legacy);
        }
    }

    // ---------------------------------------------------------------- the stage

    @Override
    public Display spawn(Place place, Prop prop) {
        World world = Bukkit.getWorld(place.world());
        if (world == null) {
            return null;
        }
        Location at = location(world, place, prop);
        // a chunk not loaded is not loaded for us: the core spawns it again when it is (UnoCore.onChunkLoad)
        if (!world.isChunkLoaded((int) Math.floor(at.getX()) >> 4, (int) Math.floor(at.getZ()) >> 4)) {
            return null;
        }
        String tag = place.world() + " " + place.x() + " " + place.y() + " " + place.z();
        Display display = switch (prop.kind()) {
            case "item" -> world.spawn(at, ItemDisplay.class, e -> dress(e, tag, prop));
            case "block" -> world.spawn(at, BlockDisplay.class, e -> dress(e, tag, prop));
            default -> world.spawn(at, TextDisplay.class, e -> dress(e, tag, prop));
        };
        if (prop.came() != null) {
            settleLater(display, prop);
        }
        return display;
    }

    /** A new entity, before it is in the world: never saved, tagged, showing {@code prop}. */
    private void dress(Display e, String tag, Prop prop) {
        e.setPersistent(false);
        e.getPersistentDataContainer().set(key, PersistentDataType.STRING, tag);
        if (e instanceof TextDisplay text) {
            text.setAlignment(TextDisplay.TextAlignment.CENTER);     // (its background: the default, translucent black)
        }
        show(e, prop, null);
    }

    @Override
    public void update(Display entity, Place place, Prop now, Prop before) {
        if (!Arrays.equals(now.at(), before.at())) {
            move(entity, location(entity.getWorld(), place, now));
        }
        show(entity, now, before);
        if (now.came() != null) {
            settleLater(entity, now);
        }
    }

    /** What differs between {@code before} (null: a new entity) and {@code now}, set. */
    private void show(Display e, Prop now, Prop before) {
        if (e instanceof ItemDisplay item && (before == null || now.mapId() != before.mapId())) {
            item.setItemStack(card(now.mapId()));
        }
        if (e instanceof BlockDisplay block && now.block() != null && (before == null || !now.block().equals(before.block()))) {
            block.setBlock(Bukkit.createBlockData(now.block()));
        }
        if (e instanceof TextDisplay text && now.text() != null) {
            text(text, now.text());
        }
        if (before == null || !now.billboard().equals(before.billboard())) {
            e.setBillboard(billboard(now.billboard()));
        }
        if (before == null || now.glow() != before.glow()) {
            e.setGlowing(now.glow());
        }
        if (now.came() != null) {
            e.setInterpolationDuration(0);       // at once where it came from; the next tick it glides ({@link #settleLater})
            e.setTransformation(transformation(now, true));
        } else {
            Transformation rest = transformation(now, false);
            if (before == null || !rest.equals(transformation(before, false))) {
                e.setTransformation(rest);
            }
            gliding.replace(e.getUniqueId(), rest);      // a glide still to start ends here now
        }
    }

    /** A tick later: the card glides from where it came to its place ({@link #MOVE_TICKS}), interpolated by the clients. */
    private void settleLater(Display e, Prop prop) {
        UUID id = e.getUniqueId();
        gliding.put(id, transformation(prop, false));
        nextTick(e, () -> {
            Transformation rest = gliding.remove(id);
            if (rest != null && e.isValid()) {
                e.setInterpolationDelay(0);
                e.setInterpolationDuration(MOVE_TICKS);
                e.setTransformation(rest);
            }
        }, () -> gliding.remove(id));
    }

    @Override
    public void remove(Display entity) {
        gliding.remove(entity.getUniqueId());
        entity.remove();
    }

    @Override
    public boolean alive(Display entity) {
        return entity.isValid();
    }

    // ---------------------------------------------------------------- translation

    static Location location(World world, Place place, Prop prop) {
        return new Location(world, place.x() + prop.at()[0], place.y() + prop.at()[1], place.z() + prop.at()[2]);
    }

    /**
     * The prop's transformation: its scale, its yaw and pitch as the left rotation (as Minecraft turns a display
     * entity: yaw about Y, negated, then pitch about X), a block display's corner moved so that it is centred on its
     * position, and ({@code fromCame}) the offset from its place to where it came from.
     */
    static Transformation transformation(Prop prop, boolean fromCame) {
        Quaternionf rotation = new Quaternionf().rotationYXZ((float) Math.toRadians(-prop.yaw()), (float) Math.toRadians(prop.pitch()), 0f);
        Vector3f scale = new Vector3f(prop.scale()[0], prop.scale()[1], prop.scale()[2]);
        Vector3f translation = new Vector3f();
        if ("block".equals(prop.kind())) {
            rotation.transform(new Vector3f(-scale.x / 2, 0f, -scale.z / 2), translation);
        }
        double[] came = prop.came();
        if (fromCame && came != null) {
            translation.add((float) (came[0] - prop.at()[0]), (float) (came[1] - prop.at()[1]), (float) (came[2] - prop.at()[2]));
        }
        return new Transformation(translation, rotation, scale, new Quaternionf());
    }

    static Display.Billboard billboard(String name) {
        return switch (name) {
            case "vertical" -> Display.Billboard.VERTICAL;
            case "center" -> Display.Billboard.CENTER;
            default -> Display.Billboard.FIXED;
        };
    }

    /** A filled map showing the face's map (a new stack each time: the entity keeps its own copy). */
    private ItemStack card(int mapId) {
        ItemStack stack = new ItemStack(Material.FILLED_MAP);
        if (mapId >= 0 && stack.getItemMeta() instanceof MapMeta meta) {
            MapView view = map(mapId);
            if (view != null) {
                meta.setMapView(view);
                stack.setItemMeta(meta);
            }
        }
        return stack;
    }
}
