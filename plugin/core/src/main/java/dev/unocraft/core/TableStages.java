package dev.unocraft.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tables in the world as the plugin shows them: per table, its place, the props the engine last
 * sent and the entity showing each. The engine's {@code stage} ops change them, {@code stage_remove}
 * and {@code stage_tables} take tables away; a chunk loaded again gets back what its unload took.
 * Each table's entities are touched only where {@link Stage#at} runs (a table's place is one region),
 * guarded by the table's own lock. Nothing is saved: after a crash no entity of ours is left
 * (they are not persistent) and the engine sends every table again at attach.
 */
final class TableStages<E> {
    private final Stage<E> stage;
    private final Map<String, Shown<E>> tables = new ConcurrentHashMap<>();

    /** One table: where it stands, what the engine last said of it and the entities showing that. */
    private static final class Shown<E> {
        final Stage.Place place;
        final Map<String, Stage.Prop> props = new HashMap<>();
        final Map<String, E> entities = new HashMap<>();

        Shown(Stage.Place place) {
            this.place = place;
        }
    }

    TableStages(Stage<E> stage) {
        this.stage = stage;
    }

    /** Whether the platform shows tables in the world at all. */
    boolean active() {
        return stage != null;
    }

    /** The engine's {@code stage} op: {@code put} spawned or changed, {@code drop} removed; {@code reset}: nothing else of it stays. */
    void apply(String table, Stage.Place place, boolean reset, Map<String, Stage.Prop> put, List<String> drop) {
        if (stage == null) {
            return;
        }
        Shown<E> shown = tables.compute(table, (k, old) -> old == null || !old.place.equals(place) ? replaced(old, place) : old);
        stage.at(place, () -> {
            synchronized (shown) {
                if (reset) {
                    for (String id : List.copyOf(shown.props.keySet())) {
                        if (!put.containsKey(id)) {
                            drop(shown, id);
                        }
                    }
                }
                drop.forEach(id -> drop(shown, id));
                put.forEach((id, prop) -> show(shown, id, prop));
            }
        });
    }

    /** A table that moved (or is new): the old one's entities go where they stand. */
    private Shown<E> replaced(Shown<E> old, Stage.Place place) {
        if (old != null) {
            removeAll(old);
        }
        return new Shown<>(place);
    }

    private void show(Shown<E> shown, String id, Stage.Prop prop) {
        Stage.Prop before = shown.props.put(id, prop);
        E entity = shown.entities.get(id);
        if (entity != null && stage.alive(entity) && prop.sameKind(before)) {
            stage.update(entity, shown.place, prop, before);
            return;
        }
        if (entity != null) {
            stage.remove(entity);
        }
        E spawned = stage.spawn(shown.place, prop);
        if (spawned != null) {
            shown.entities.put(id, spawned);
        } else {
            shown.entities.remove(id);
        }
    }

    private void drop(Shown<E> shown, String id) {
        shown.props.remove(id);
        E entity = shown.entities.remove(id);
        if (entity != null) {
            stage.remove(entity);
        }
    }

    /** The engine's {@code stage_remove}: the table is gone from the world. */
    void remove(String table) {
        Shown<E> shown = tables.remove(table);
        if (shown != null) {
            removeAll(shown);
        }
    }

    /** The engine's {@code stage_tables} (at attach): every other table's entities go. */
    void keepOnly(Set<String> keep) {
        for (String table : List.copyOf(tables.keySet())) {
            if (!keep.contains(table)) {
                remove(table);
            }
        }
    }

    private void removeAll(Shown<E> shown) {
        stage.at(shown.place, () -> {
            synchronized (shown) {
                shown.entities.values().forEach(stage::remove);
                shown.entities.clear();
                shown.props.clear();
            }
        });
    }

    /**
     * A chunk of {@code world} was loaded: the tables standing in it or next to it get back, as the engine
     * last described them, what the chunk's unload took away (their entities are not saved with it).
     */
    void chunkLoaded(String world, int chunkX, int chunkZ) {
        for (Shown<E> shown : tables.values()) {
            Stage.Place p = shown.place;
            if (p.world().equals(world) && Math.abs(p.chunkX() - chunkX) <= 1 && Math.abs(p.chunkZ() - chunkZ) <= 1) {
                stage.at(p, () -> {
                    synchronized (shown) {
                        shown.props.forEach((id, prop) -> {
                            E entity = shown.entities.get(id);
                            if (entity == null || !stage.alive(entity)) {
                                E spawned = stage.spawn(shown.place, prop.came() == null ? prop : settled(prop));
                                if (spawned != null) {
                                    shown.entities.put(id, spawned);
                                }
                            }
                        });
                    }
                });
            }
        }
    }

    /** The prop where it came to rest (no move again). */
    private static Stage.Prop settled(Stage.Prop p) {
        return new Stage.Prop(p.kind(), p.at(), p.yaw(), p.pitch(), p.scale(), p.face(), p.mapId(), p.block(), p.text(),
                p.billboard(), p.glow(), null);
    }

    /**
     * Plugin disable: every entity of ours removed now, on this thread (the server's; on Folia the
     * platform's {@link Stage#remove} removes what it may here, and none is saved anyway).
     */
    void removeEverything() {
        if (stage == null) {
            return;
        }
        for (Shown<E> shown : tables.values()) {
            synchronized (shown) {
                shown.entities.values().forEach(stage::remove);
                shown.entities.clear();
            }
        }
        tables.clear();
    }

    /** How many entities of ours stand in the world now (tests, the stats line). */
    int entities() {
        int n = 0;
        for (Shown<E> shown : tables.values()) {
            synchronized (shown) {
                n += shown.entities.size();
            }
        }
        return n;
    }

    /** The tables shown, by id (tests). */
    List<String> shownTables() {
        return new ArrayList<>(tables.keySet());
    }
}
