package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The tables in the world as the core keeps them: spawned once, changed in place, removed, and back after a chunk reload, never twice. */
class TableStagesTest {
    /** A platform's stage that records what it was asked and keeps its entities in a list. */
    static final class Recorded implements Stage<Recorded.Entity> {
        static final class Entity {
            Prop prop;
            boolean alive = true;

            Entity(Prop prop) {
                this.prop = prop;
            }
        }

        final List<Entity> world = new ArrayList<>();
        final List<String> calls = new ArrayList<>();

        @Override
        public void at(Place place, Runnable task) {
            calls.add("at " + place.world());
            task.run();
        }

        @Override
        public Entity spawn(Place place, Prop prop) {
            Entity e = new Entity(prop);
            world.add(e);
            calls.add("spawn " + prop.kind());
            return e;
        }

        @Override
        public void update(Entity entity, Place place, Prop prop, Prop before) {
            entity.prop = prop;
            calls.add("update " + prop.kind());
        }

        @Override
        public void remove(Entity entity) {
            entity.alive = false;
            world.remove(entity);
        }

        @Override
        public boolean alive(Entity entity) {
            return entity.alive;
        }

        long living() {
            return world.stream().filter(e -> e.alive).count();
        }
    }

    static Stage.Prop text(String words) {
        return new Stage.Prop("text", new double[] {0, 1, 0}, 0, 0, new float[] {1, 1, 1}, null, -1, null, words, "center", false, null);
    }

    static Stage.Prop block() {
        return new Stage.Prop("block", new double[] {0, 0.9, 0}, 0, 0, new float[] {2, 0.06f, 2}, null, -1, "minecraft:green_wool", null, "fixed", false, null);
    }

    static final Stage.Place HERE = new Stage.Place("world", 10.5, 64, -3.5);

    static Map<String, Stage.Prop> props(Object... idsAndProps) {
        Map<String, Stage.Prop> m = new LinkedHashMap<>();
        for (int i = 0; i < idsAndProps.length; i += 2) {
            m.put((String) idsAndProps[i], (Stage.Prop) idsAndProps[i + 1]);
        }
        return m;
    }

    @Test
    void spawnedOnceChangedInPlaceAndDropped() {
        Recorded stage = new Recorded();
        TableStages<Recorded.Entity> stages = new TableStages<>(stage);
        stages.apply("t1", HERE, true, props("felt", block(), "seat.0", text("ann")), List.of());
        assertEquals(2, stage.living());
        stages.apply("t1", HERE, false, props("seat.0", text("ann 7 cards")), List.of());
        assertEquals(2, stage.living(), "a change is made in place, not by a second entity");
        assertTrue(stage.calls.contains("update text"));
        stages.apply("t1", HERE, false, props(), List.of("seat.0"));
        assertEquals(1, stage.living());
        assertEquals(1, stages.entities());
    }

    @Test
    void aResetKeepsOnlyWhatItPutsAndNeverDuplicates() {
        Recorded stage = new Recorded();
        TableStages<Recorded.Entity> stages = new TableStages<>(stage);
        stages.apply("t1", HERE, true, props("felt", block(), "seat.0", text("ann"), "seat.1", text("bob")), List.of());
        // the engine restarted: the table is sent whole again, bob's seat is gone
        stages.apply("t1", HERE, true, props("felt", block(), "seat.0", text("ann")), List.of());
        assertEquals(2, stage.living());
        assertEquals(2, stages.entities());
    }

    @Test
    void aTableRemovedOrNotNamedAtAttachLeavesNothing() {
        Recorded stage = new Recorded();
        TableStages<Recorded.Entity> stages = new TableStages<>(stage);
        stages.apply("t1", HERE, true, props("felt", block()), List.of());
        stages.apply("t2", new Stage.Place("world", 100, 64, 100), true, props("felt", block(), "seat.0", text("cid")), List.of());
        stages.keepOnly(Set.of("t2"));
        assertEquals(2, stage.living());
        stages.remove("t2");
        assertEquals(0, stage.living());
        assertEquals(List.of(), stages.shownTables());
    }

    @Test
    void aChunkLoadedAgainGetsBackWhatItsUnloadTookOnce() {
        Recorded stage = new Recorded();
        TableStages<Recorded.Entity> stages = new TableStages<>(stage);
        stages.apply("t1", HERE, true, props("felt", block(), "seat.0", text("ann 7 cards")), List.of());
        stage.world.forEach(e -> e.alive = false);        // the chunk unloaded: not saved, gone
        stage.world.clear();
        stages.chunkLoaded("world", 99, 99);               // elsewhere: nothing
        assertEquals(0, stage.living());
        stages.chunkLoaded("world", HERE.chunkX(), HERE.chunkZ());
        assertEquals(2, stage.living());
        assertTrue(stage.world.stream().anyMatch(e -> "ann 7 cards".equals(e.prop.text())), "as it is now");
        stages.chunkLoaded("world", HERE.chunkX(), HERE.chunkZ());
        assertEquals(2, stage.living(), "never twice");
    }

    @Test
    void disableRemovesEveryEntity() {
        Recorded stage = new Recorded();
        TableStages<Recorded.Entity> stages = new TableStages<>(stage);
        stages.apply("t1", HERE, true, props("felt", block()), List.of());
        stages.removeEverything();
        assertEquals(0, stage.living());
        assertFalse(stages.active() && stages.entities() > 0);
    }

    @Test
    void withoutAStageNothingHappens() {
        TableStages<Object> stages = new TableStages<>(null);
        stages.apply("t1", HERE, true, props("felt", block()), List.of());
        stages.chunkLoaded("world", 0, 0);
        assertEquals(0, stages.entities());
        assertFalse(stages.active());
    }
}
