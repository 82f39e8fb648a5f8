package dev.unocraft.bukkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.bukkit.Location;
import org.bukkit.Material;
import org.bukkit.NamespacedKey;
import org.bukkit.entity.BlockDisplay;
import org.bukkit.entity.Display;
import org.bukkit.entity.ItemDisplay;
import org.bukkit.entity.TextDisplay;
import org.bukkit.event.world.ChunkLoadEvent;
import org.bukkit.inventory.meta.MapMeta;
import org.bukkit.persistence.PersistentDataType;
import org.bukkit.util.Transformation;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * The tables in the world (issue 42) on the Bukkit adapters: the engine's {@code stage}, {@code stage_remove} and
 * {@code stage_tables} ops, shaped as engine/unocraft/tables/stage.py sends them, sent over the real bridge; what
 * stands in the MockBukkit world is checked: display entities of the right kinds showing the right things, never
 * persistent, changed in place, a card just played gliding in, gone when the engine says so and at the plugin's
 * stop, back exactly once when their chunk loads again. Every spawn and change is judged where it is made
 * ({@link CheckedWorld}: the main thread; on Folia the region owning the table's chunk). Subclasses name the main class.
 */
abstract class TableStageTests extends AdapterTestBase {
    static final float EPS = 1e-4f;

    // ---------------------------------------------------------------- what the engine sends

    static String felt() {
        return "\"felt\":{\"kind\":\"block\",\"block\":\"minecraft:green_wool\",\"at\":[0.0,0.84,0.0],\"scale\":[2.4,0.06,2.4]}";
    }

    static String pile(String face, String came) {
        return "\"pile\":{\"kind\":\"item\",\"face\":\"" + face + "\",\"at\":[0.0,0.92,0.0],\"pitch\":-90.0,\"scale\":[0.8,0.8,0.8]"
                + (came == null ? "" : ",\"came\":" + came) + "}";
    }

    static String seat(String name, int cards, boolean turn) {
        return "\"seat.0\":{\"kind\":\"text\",\"at\":[0.0,1.6,1.5],\"billboard\":\"center\",\"text\":[{\"text\":\"" + name
                + "\",\"colour\":\"" + (turn ? "gold" : "white") + "\",\"bold\":" + turn + "},{\"text\":\" " + cards
                + " cards\",\"colour\":\"gray\"}],\"glow\":" + turn + "}";
    }

    static String stage(String table, double x, double z, boolean reset, String drop, String... put) {
        return "{\"ops\":[{\"op\":\"stage\",\"table\":\"" + table + "\",\"world\":\"world\",\"at\":[" + x + ",64.0," + z + "],"
                + (reset ? "\"reset\":true," : "") + "\"put\":{" + String.join(",", put) + "},\"drop\":[" + drop + "]}]}";
    }

    /** A table at (8.5, 64, 8.5), in chunk 0, 0, with its felt, the top card R1 and a seat whose turn it is. */
    void openTable() {
        world.getChunkAt(0, 0);      // loaded (the table's chunk)
        engine.ops(faces());
        settle();
        engine.ops(stage("t1", 8.5, 8.5, true, "", felt(), pile("R1", null), seat("Alice", 7, true)));
        settle();
    }

    // ---------------------------------------------------------------- what stands in the world

    /** The display entities in the world now, in a stable order (kind, then place). */
    List<Display> displays() {
        return world.getEntities().stream().filter(e -> e instanceof Display && e.isValid()).map(e -> (Display) e)
                .sorted(Comparator.comparing((Display d) -> d.getType().name()).thenComparing(d -> d.getLocation().getX())
                        .thenComparing(d -> d.getLocation().getZ()))
                .toList();
    }

    <T extends Display> T one(Class<T> type) {
        List<T> found = displays().stream().filter(type::isInstance).map(type::cast).toList();
        assertEquals(1, found.size(), type.getSimpleName() + "s: " + displays());
        return found.get(0);
    }

    Set<UUID> ids() {
        return displays().stream().map(Display::getUniqueId).collect(Collectors.toSet());
    }

    static void assertVector(float x, float y, float z, Vector3f v, String what) {
        assertTrue(Math.abs(v.x - x) < EPS && Math.abs(v.y - y) < EPS && Math.abs(v.z - z) < EPS,
                what + ": expected (" + x + ", " + y + ", " + z + "), was " + v);
    }

    static void assertAt(double x, double y, double z, Location l, String what) {
        assertTrue(Math.abs(l.getX() - x) < EPS && Math.abs(l.getY() - y) < EPS && Math.abs(l.getZ() - z) < EPS,
                what + ": expected (" + x + ", " + y + ", " + z + "), was " + l);
    }

    int mapIdOf(ItemDisplay item) {
        assertEquals(Material.FILLED_MAP, item.getItemStack().getType());
        MapMeta meta = (MapMeta) item.getItemStack().getItemMeta();
        assertTrue(meta.hasMapView(), "the card shows no map");
        return meta.getMapView().getId();
    }

    String textOf(TextDisplay text) {
        return plain(text.text());
    }

    /** The {@code i}th transformation the plugin set on the entity. */
    static CheckedWorld.Set set(Display d, int i) {
        return ((CheckedWorld.Recorded) d).transformations().get(i);
    }

    /** A chunk of the world loads (the server fires the event on the thread that owns the chunk). */
    void chunkLoads(int chunkX, int chunkZ) throws Exception {
        ChunkLoadEvent event = new ChunkLoadEvent(world.getChunkAt(chunkX, chunkZ), false);
        if (folia()) {
            foliaServer().unsettle();
            foliaServer().chunkRegion(world, chunkX, chunkZ).call(() -> {
                server.getPluginManager().callEvent(event);
                return null;
            });
        } else {
            server.getPluginManager().callEvent(event);
        }
        settle();
    }

    /** Where the plugin spawned each entity: the main thread, or on Folia the region of the table's chunk. */
    void assertSpawnedWhereAllowed(int chunkX, int chunkZ) {
        for (Display d : displays()) {
            String on = ((CheckedWorld.Recorded) d).spawnedOn();
            if (folia()) {
                assertEquals(foliaServer().chunkRegion(world, chunkX, chunkZ).name, on, "spawned on another thread than the chunk's region");
            } else {
                assertTrue(server.mainThreadCalls("Entity.World.spawn") > 0, "no spawn was checked");
            }
        }
        assertNoViolations();
    }

    // ---------------------------------------------------------------- the tests

    @Test
    void aTableIsShownAsDisplayEntitiesNeverSaved() {
        openTable();
        List<Display> shown = displays();
        assertEquals(3, shown.size(), shown.toString());
        NamespacedKey key = new NamespacedKey(plugin, "table");
        for (Display d : shown) {
            assertFalse(d.isPersistent(), d + " would be saved with the world");
            assertTrue(d.getPersistentDataContainer().has(key, PersistentDataType.STRING), d + " is not tagged unocraft:table");
        }
        assertSpawnedWhereAllowed(0, 0);

        BlockDisplay felt = one(BlockDisplay.class);
        assertEquals(Material.GREEN_WOOL, felt.getBlock().getMaterial());
        assertAt(8.5, 64.84, 8.5, felt.getLocation(), "felt");
        Transformation ft = felt.getTransformation();
        assertVector(2.4f, 0.06f, 2.4f, ft.getScale(), "felt's scale");
        assertVector(-1.2f, 0f, -1.2f, ft.getTranslation(), "felt's corner (centred on its place)");

        ItemDisplay pile = one(ItemDisplay.class);
        assertEquals(core.faces().idOf("R1"), mapIdOf(pile), "the top card shows another face");
        assertAt(8.5, 64.92, 8.5, pile.getLocation(), "pile");
        Transformation pt = pile.getTransformation();
        assertVector(0.8f, 0.8f, 0.8f, pt.getScale(), "pile's scale");
        assertVector(0f, 0f, 0f, pt.getTranslation(), "pile's translation (no move)");
        // lying flat, face up: the item's facing (+Z, as the entity's yaw 0 faces) turned to the sky, as the plugin set it
        // (MockBukkit's getTransformation gives the rotation back conjugated: the server's gives what was set)
        assertVector(0f, 1f, 0f, set(pile, 0).transformation().getLeftRotation().transform(new Vector3f(0f, 0f, 1f)), "pile's face");
        assertEquals(Display.Billboard.FIXED, pile.getBillboard());

        TextDisplay seat = one(TextDisplay.class);
        assertEquals("Alice 7 cards", textOf(seat));
        assertAt(8.5, 65.6, 10.0, seat.getLocation(), "seat");
        assertEquals(Display.Billboard.CENTER, seat.getBillboard());
        assertEquals(TextDisplay.TextAlignment.CENTER, seat.getAlignment());
        assertTrue(seat.isGlowing(), "whose turn it is glows");
        assertFalse(pile.isGlowing());
    }

    @Test
    void aChangeIsMadeInPlaceAndACardJustPlayedGlidesIn() {
        openTable();
        Set<UUID> before = ids();
        ItemDisplay pile = one(ItemDisplay.class);
        int setsBefore = ((CheckedWorld.Recorded) pile).transformations().size();

        engine.ops(stage("t1", 8.5, 8.5, false, "", pile("R2", "[0.0,0.92,1.2]"), seat("Alice", 6, false)));
        settle();

        assertEquals(before, ids(), "the same entities, changed in place (no new one, none gone)");
        assertEquals(core.faces().idOf("R2"), mapIdOf(pile), "the top card is the new one");
        TextDisplay seat = one(TextDisplay.class);
        assertEquals("Alice 6 cards", textOf(seat));
        assertFalse(seat.isGlowing(), "no longer Alice's turn");
        assertEquals(Material.GREEN_WOOL, one(BlockDisplay.class).getBlock().getMaterial());

        List<CheckedWorld.Set> sets = ((CheckedWorld.Recorded) pile).transformations();
        List<CheckedWorld.Set> glide = sets.subList(setsBefore, sets.size());
        assertEquals(2, glide.size(), "at once where it came from, then a glide: " + glide);
        CheckedWorld.Set start = glide.get(0);
        CheckedWorld.Set end = glide.get(1);
        assertVector(0f, 0f, 1.2f, start.transformation().getTranslation(), "where the card came from (the seat), at once");
        assertEquals(0, start.duration(), "the start is not interpolated: the card is there at once");
        assertVector(0f, 0f, 0f, end.transformation().getTranslation(), "the card's place");
        assertEquals(0, end.delay());
        assertEquals(6, end.duration(), "the glide's ticks");
        assertTrue(end.tick() > start.tick(), "the glide starts a tick later (else the client never sees the start): " + glide);
        assertVector(0f, 1f, 0f, end.transformation().getLeftRotation().transform(new Vector3f(0f, 0f, 1f)), "still face up");
        assertVector(0.8f, 0.8f, 0.8f, end.transformation().getScale(), "same size");
        assertAt(8.5, 64.92, 8.5, pile.getLocation(), "the pile stays where it stands");
        assertNoViolations();
    }

    @Test
    void aDroppedPropGoesAndAChunkLoadedAgainBringsTheRestBackOnce() throws Exception {
        openTable();
        engine.ops(stage("t1", 8.5, 8.5, false, "\"seat.0\""));
        settle();
        assertEquals(2, displays().size(), "the seat dropped: " + displays());
        assertTrue(displays().stream().noneMatch(d -> d instanceof TextDisplay));

        // the chunk unloads: the server takes the entities that are not saved with it
        List<Display> old = displays();
        old.forEach(Display::remove);
        assertEquals(List.of(), displays());

        chunkLoads(0, 0);
        List<Display> back = displays();
        assertEquals(2, back.size(), "back, each once: " + back);
        Set<UUID> backIds = ids();
        assertTrue(old.stream().noneMatch(d -> backIds.contains(d.getUniqueId())), "new entities");
        assertEquals(Material.GREEN_WOOL, one(BlockDisplay.class).getBlock().getMaterial());
        ItemDisplay pile = one(ItemDisplay.class);
        assertEquals(core.faces().idOf("R1"), mapIdOf(pile));
        assertFalse(pile.isPersistent());
        assertVector(0f, 0f, 0f, pile.getTransformation().getTranslation(), "at its place");
        assertSpawnedWhereAllowed(0, 0);

        chunkLoads(0, 0);      // loaded again (or a neighbour loads): nothing is doubled
        chunkLoads(1, 0);
        assertEquals(backIds, ids(), "no entity more, none replaced");
    }

    @Test
    void aTableInAChunkNotLoadedIsShownWhenItLoads() throws Exception {
        engine.ops(faces());
        settle();
        assertFalse(world.isChunkLoaded(10, 10));
        engine.ops(stage("t9", 168.5, 168.5, true, "", felt(), pile("R3", null)));
        settle();
        assertEquals(List.of(), displays(), "nothing spawned in a chunk that is not loaded");

        chunkLoads(10, 10);
        assertEquals(2, displays().size(), displays().toString());
        ItemDisplay pile = one(ItemDisplay.class);
        assertEquals(core.faces().idOf("R3"), mapIdOf(pile));
        assertAt(168.5, 64.92, 168.5, pile.getLocation(), "pile");
        assertSpawnedWhereAllowed(10, 10);
    }

    @Test
    void stageRemoveAndStageTablesTakeTablesAway() {
        world.getChunkAt(0, 0);
        world.getChunkAt(2, 0);
        world.getChunkAt(0, 2);
        engine.ops(faces());
        settle();
        engine.ops(stage("t1", 8.5, 8.5, true, "", felt(), pile("R1", null)));
        engine.ops(stage("t2", 40.5, 8.5, true, "", felt(), pile("R2", "[0.0,0.92,-1.5]")));    // spawned moving in
        engine.ops(stage("t3", 8.5, 40.5, true, "", seat("Bob", 3, true)));
        settle();
        assertEquals(5, displays().size(), displays().toString());

        ItemDisplay t2pile = displays().stream().filter(d -> d instanceof ItemDisplay && d.getLocation().getX() > 30)
                .map(d -> (ItemDisplay) d).findFirst().orElseThrow();
        List<CheckedWorld.Set> sets = ((CheckedWorld.Recorded) t2pile).transformations();
        assertEquals(2, sets.size(), sets.toString());
        assertVector(0f, 0f, -1.5f, sets.get(0).transformation().getTranslation(), "spawned where it came from");
        assertVector(0f, 0f, 0f, sets.get(1).transformation().getTranslation(), "then at its place");
        assertEquals(6, sets.get(1).duration());
        assertTrue(sets.get(1).tick() > sets.get(0).tick(), sets.toString());

        engine.ops("{\"ops\":[{\"op\":\"stage_remove\",\"table\":\"t1\"}]}");
        settle();
        assertTrue(displays().stream().noneMatch(d -> d.getLocation().getX() < 20 && d.getLocation().getZ() < 20), "t1 gone: " + displays());
        assertEquals(3, displays().size(), displays().toString());

        engine.ops("{\"ops\":[{\"op\":\"stage_tables\",\"tables\":[\"t3\"]}]}");
        settle();
        TextDisplay left = one(TextDisplay.class);
        assertEquals(1, displays().size(), "only t3 stays: " + displays());
        assertEquals("Bob 3 cards", textOf(left));
        assertFalse(t2pile.isValid());
        assertNoViolations();
    }

    @Test
    void everyTableGoesWhenThePluginStops() {
        openTable();
        List<Display> shown = displays();
        assertEquals(3, shown.size());
        serverStops();
        assertTrue(shown.stream().noneMatch(Display::isValid), "left in the world: " + displays());
        assertEquals(List.of(), displays());
    }

    @Test
    void aMovedSeatMovesItsEntity() {
        openTable();
        TextDisplay seat = one(TextDisplay.class);
        UUID id = seat.getUniqueId();
        engine.ops(stage("t1", 8.5, 8.5, false, "", seat("Alice", 7, true).replace("[0.0,1.6,1.5]", "[1.5,1.6,0.0]")));
        settle();
        assertEquals(id, one(TextDisplay.class).getUniqueId(), "the same entity");
        assertAt(10.0, 65.6, 8.5, one(TextDisplay.class).getLocation(), "moved");
        assertNotEquals(0, server.mainThreadCalls(folia() ? "Entity.Display.teleportAsync" : "Entity.Display.teleport"), "moved by the plugin");
        assertNoViolations();
    }
}
