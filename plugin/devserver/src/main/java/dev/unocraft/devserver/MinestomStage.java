package dev.unocraft.devserver;

import com.google.gson.JsonPrimitive;
import dev.unocraft.core.Platform.CardItem;
import dev.unocraft.core.Stage;
import java.util.List;
import java.util.UUID;
import net.kyori.adventure.text.Component;
import net.minestom.server.MinecraftServer;
import net.minestom.server.coordinate.Pos;
import net.minestom.server.coordinate.Vec;
import net.minestom.server.entity.Entity;
import net.minestom.server.entity.EntityType;
import net.minestom.server.entity.metadata.display.AbstractDisplayMeta;
import net.minestom.server.entity.metadata.display.BlockDisplayMeta;
import net.minestom.server.entity.metadata.display.ItemDisplayMeta;
import net.minestom.server.entity.metadata.display.TextDisplayMeta;
import net.minestom.server.instance.Instance;
import net.minestom.server.instance.block.Block;
import net.minestom.server.timer.TaskSchedule;

/**
 * The tables in the world on Minestom: display entities in the instance the table stands in (a world's
 * name here is its instance's UUID, as {@link MinestomPlayers#position} gives it). Minestom saves no
 * entity, so none outlives the server. Work runs on the applier thread, as the other ops do.
 */
final class MinestomStage implements Stage<Entity> {
    /** Ticks a played card takes from its player's seat to the pile. */
    static final int MOVE_TICKS = 6;

    private final MinestomPlatform platform;

    MinestomStage(MinestomPlatform platform) {
        this.platform = platform;
    }

    @Override
    public void at(Place place, Runnable task) {
        platform.global(task);
    }

    @Override
    public Entity spawn(Place place, Prop prop) {
        Instance instance = instance(place.world());
        if (instance == null) {
            return null;
        }
        EntityType type = switch (prop.kind()) {
            case "item" -> EntityType.ITEM_DISPLAY;
            case "block" -> EntityType.BLOCK_DISPLAY;
            default -> EntityType.TEXT_DISPLAY;
        };
        Entity entity = new Entity(type);
        entity.setNoGravity(true);
        show(entity, prop, null);
        if (prop.came() != null) {
            moveIn(entity, prop);
        }
        entity.setInstance(instance, where(place, prop));
        return entity;
    }

    @Override
    public void update(Entity entity, Place place, Prop prop, Prop before) {
        if (!java.util.Arrays.equals(prop.at(), before.at()) || prop.yaw() != before.yaw() || prop.pitch() != before.pitch()) {
            entity.teleport(where(place, prop));
        }
        show(entity, prop, before);
        if (prop.came() != null) {
            moveIn(entity, prop);
        }
    }

    @Override
    public void remove(Entity entity) {
        entity.remove();
    }

    @Override
    public boolean alive(Entity entity) {
        return !entity.isRemoved();
    }

    private static Instance instance(String world) {
        try {
            return MinecraftServer.getInstanceManager().getInstance(UUID.fromString(world));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static Pos where(Place place, Prop prop) {
        return new Pos(place.x() + prop.at()[0], place.y() + prop.at()[1], place.z() + prop.at()[2]);
    }

    /** What the entity shows: its item, block or text, size, turn and the mark of the turn; only what changed from {@code before}, in one metadata packet. */
    private static void show(Entity entity, Prop prop, Prop before) {
        if (before == null || prop.glow() != before.glow()) {
            entity.setGlowing(prop.glow());
        }
        entity.editEntityMeta(AbstractDisplayMeta.class, meta -> {
            if (before == null) {
                meta.setBillboardRenderConstraints(AbstractDisplayMeta.BillboardConstraints.valueOf(prop.billboard().toUpperCase(java.util.Locale.ROOT)));
                meta.setViewRange(1.0f);
            }
            if (before == null || !java.util.Arrays.equals(prop.scale(), before.scale()) || prop.yaw() != before.yaw()
                    || prop.pitch() != before.pitch()) {
                meta.setScale(new Vec(prop.scale()[0], prop.scale()[1], prop.scale()[2]));
                meta.setLeftRotation(rotation(prop.yaw(), prop.pitch()));
                if (prop.kind().equals("block")) {      // a block's origin is its corner: centred on its place
                    meta.setTranslation(new Vec(-prop.scale()[0] / 2, 0, -prop.scale()[2] / 2));
                }
            }
            if (meta instanceof ItemDisplayMeta item && (before == null || prop.mapId() != before.mapId())) {
                item.setItemStack(MinestomSlots.build(new CardItem(prop.mapId(), null, new JsonPrimitive(""), List.of(), false, "table")));
            } else if (meta instanceof BlockDisplayMeta block && (before == null || !prop.block().equals(before.block()))) {
                Block b = Block.fromKey(prop.block());
                block.setBlockState(b != null ? b : Block.STONE);
            } else if (meta instanceof TextDisplayMeta text && (before == null || !java.util.Objects.equals(prop.text(), before.text()))) {
                text.setText(prop.text() instanceof Component c ? c : Component.empty());
                if (before == null) {
                    text.setAlignment(TextDisplayMeta.Alignment.CENTER);
                    text.setBackgroundColor(0x60000000);
                }
            }
        });
    }

    /** A card just played: shown at its player's seat at once, then moved to its place over {@link #MOVE_TICKS} ticks. */
    private static void moveIn(Entity entity, Prop prop) {
        double[] from = prop.came();
        entity.editEntityMeta(AbstractDisplayMeta.class, m -> {
            m.setTransformationInterpolationDuration(0);
            m.setTranslation(new Vec(from[0] - prop.at()[0], from[1] - prop.at()[1], from[2] - prop.at()[2]));
        });
        MinecraftServer.getSchedulerManager().buildTask(() -> entity.editEntityMeta(AbstractDisplayMeta.class, m -> {
            m.setTransformationInterpolationStartDelta(0);
            m.setTransformationInterpolationDuration(MOVE_TICKS);
            m.setTranslation(Vec.ZERO);
        })).delay(TaskSchedule.tick(2)).schedule();
    }

    /** The rotation of a yaw (degrees about the vertical, Minecraft's way round) then a pitch (about x), as a quaternion x, y, z, w. */
    static float[] rotation(float yaw, float pitch) {
        double y = Math.toRadians(-yaw) / 2;
        double p = Math.toRadians(pitch) / 2;
        // q = q_yaw(y axis) * q_pitch(x axis)
        double cy = Math.cos(y);
        double sy = Math.sin(y);
        double cp = Math.cos(p);
        double sp = Math.sin(p);
        return new float[] {(float) (cy * sp), (float) (sy * cp), (float) (-sy * sp), (float) (cy * cp)};
    }
}
