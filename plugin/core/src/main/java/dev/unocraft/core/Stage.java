package dev.unocraft.core;

/**
 * What a platform does for the tables in the world ({@link TableStages}): display entities spawned,
 * changed and removed, never saved with the world. The core decides which entity shows what; a
 * platform only translates a {@link Prop} into its own display entity. {@code E} is the platform's
 * handle of one entity.
 */
public interface Stage<E> {
    /** A table's centre: the world by name and a point in it. */
    record Place(String world, double x, double y, double z) {
        /** The chunk the centre is in, x then z. */
        int chunkX() {
            return (int) Math.floor(x) >> 4;
        }

        int chunkZ() {
            return (int) Math.floor(z) >> 4;
        }
    }

    /**
     * One display entity as the engine describes it (the protocol's Prop): {@code kind} item, text or
     * block; {@code at} from the table's centre; an item shows the map {@code mapId} (its face's), a
     * block the block {@code block}, a text {@code text} (what {@link Players#text} made). {@code came}:
     * where a card just played starts (it moves from there to {@code at}), or null.
     */
    record Prop(String kind, double[] at, float yaw, float pitch, float[] scale, String face, int mapId,
                String block, Object text, String billboard, boolean glow, double[] came) {
        /** The same prop showing map {@code id} (a face's map is known once the face is shown). */
        Prop withMap(int id) {
            return new Prop(kind, at, yaw, pitch, scale, face, id, block, text, billboard, glow, came);
        }

        /** Whether an entity showing {@code before} can show this by being changed (same kind). */
        public boolean sameKind(Prop before) {
            return before != null && kind.equals(before.kind);
        }
    }

    /** Runs the task where entities at {@code place} may be touched (Folia: the region that owns it); from any thread. */
    void at(Place place, Runnable task);

    /** A new display entity for {@code prop}, not persistent; null when the place's world is not loaded. */
    E spawn(Place place, Prop prop);

    /** Changes the entity from showing {@code before} to {@code prop} (same kind). */
    void update(E entity, Place place, Prop prop, Prop before);

    void remove(E entity);

    /** Whether the entity is still in the world (a chunk unloaded takes non-persistent entities away). */
    boolean alive(E entity);
}
