package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** PlaceholderAPI's answers (issue 24 item 1): what the engine's "placeholders" ops leave in the cache, as exact strings. */
class PlaceholdersTest {
    @TempDir
    Path dir;

    private UnoCore coreWith(FakePlatform platform, String... players) {
        for (String p : players) {
            platform.inventories.put(p, new HashMap<>());
        }
        return new UnoCore(platform, "test");
    }

    private static final String ANN = "{\"op\":\"placeholders\",\"player\":\"ann\",\"values\":{\"wins\":\"3\",\"matches\":\"7\","
            + "\"points\":\"412\",\"win_rate\":\"43\",\"rating\":\"18.2\",\"table\":\"t1\",\"state\":\"playing\"}}";
    private static final String BOB = "{\"op\":\"placeholders\",\"player\":\"bob\",\"values\":{\"wins\":\"0\",\"matches\":\"0\","
            + "\"points\":\"0\",\"win_rate\":\"0\",\"rating\":\"\",\"table\":\"\",\"state\":\"idle\"}}";
    private static final String TOP = "{\"op\":\"placeholders\",\"top\":{\"wins\":[[\"ann\",\"3\"],[\"cid\",\"2\"]],"
            + "\"points\":[[\"cid\",\"500\"]],\"rate\":[],\"rating\":[[\"ann\",\"18.2\"]]}}";

    @Test
    void aPlayerWithKnownStatisticsReadsThemExactly() {
        UnoCore core = coreWith(new FakePlatform(dir), "ann");
        core.apply(OpBatch.parse("{\"ops\":[" + ANN + "]}"));
        assertEquals("3", core.placeholder("ann", "wins"));
        assertEquals("7", core.placeholder("ann", "matches"));
        assertEquals("412", core.placeholder("ann", "points"));
        assertEquals("43", core.placeholder("ann", "win_rate"));
        assertEquals("18.2", core.placeholder("ann", "rating"));
        assertEquals("t1", core.placeholder("ann", "table"));
        assertEquals("playing", core.placeholder("ann", "state"));
        assertEquals("3", core.placeholder("ann", "WINS"), "PlaceholderAPI passes the case the operator typed");
    }

    @Test
    void aPlayerWithoutStatisticsReadsZerosAndOneTheEngineHasNotToldAboutReadsNothing() {
        UnoCore core = coreWith(new FakePlatform(dir), "bob", "dan");
        core.apply(OpBatch.parse("{\"ops\":[" + BOB + "]}"));
        assertEquals("0", core.placeholder("bob", "wins"));
        assertEquals("0", core.placeholder("bob", "win_rate"));
        assertEquals("", core.placeholder("bob", "rating"));
        assertEquals("", core.placeholder("bob", "table"));
        assertEquals("idle", core.placeholder("bob", "state"));
        assertEquals("", core.placeholder("dan", "wins"));
        assertEquals("", core.placeholder(null, "wins"), "no player (the console): nothing");
    }

    @Test
    void afterAMatchTheNewValuesReplaceTheOldAndTheOthersStay() {
        UnoCore core = coreWith(new FakePlatform(dir), "ann");
        core.apply(OpBatch.parse("{\"ops\":[" + ANN + "]}"));
        core.apply(OpBatch.parse("{\"ops\":[{\"op\":\"placeholders\",\"player\":\"ann\",\"values\":{\"table\":\"\",\"state\":\"idle\"}},"
                + "{\"op\":\"placeholders\",\"player\":\"ann\",\"values\":{\"wins\":\"4\",\"matches\":\"8\",\"points\":\"530\","
                + "\"win_rate\":\"50\",\"rating\":\"19.6\"}}]}"));
        assertEquals("4", core.placeholder("ann", "wins"));
        assertEquals("8", core.placeholder("ann", "matches"));
        assertEquals("530", core.placeholder("ann", "points"));
        assertEquals("50", core.placeholder("ann", "win_rate"));
        assertEquals("19.6", core.placeholder("ann", "rating"));
        assertEquals("", core.placeholder("ann", "table"));
        assertEquals("idle", core.placeholder("ann", "state"));
    }

    @Test
    void topEntriesAnswerByKindAndRankAndNothingPastTheList() {
        UnoCore core = coreWith(new FakePlatform(dir));
        core.apply(OpBatch.parse("{\"ops\":[" + TOP + "]}"));
        assertEquals("ann", core.placeholder(null, "top_wins_1_name"));
        assertEquals("3", core.placeholder("zed", "top_wins_1_value"));
        assertEquals("cid", core.placeholder(null, "top_wins_2_name"));
        assertEquals("2", core.placeholder(null, "top_wins_2_value"));
        assertEquals("", core.placeholder(null, "top_wins_3_name"));
        assertEquals("500", core.placeholder(null, "top_points_1_value"));
        assertEquals("", core.placeholder(null, "top_rate_1_name"));
        assertEquals("18.2", core.placeholder(null, "top_rating_1_value"));
        // a later push of one kind leaves the others
        core.apply(OpBatch.parse("{\"ops\":[{\"op\":\"placeholders\",\"top\":{\"wins\":[[\"cid\",\"4\"]]}}]}"));
        assertEquals("cid", core.placeholder(null, "top_wins_1_name"));
        assertEquals("", core.placeholder(null, "top_wins_2_name"));
        assertEquals("cid", core.placeholder(null, "top_points_1_name"));
    }

    @Test
    void unknownNamesAreEmptyNeverAnException() {
        UnoCore core = coreWith(new FakePlatform(dir), "ann");
        core.apply(OpBatch.parse("{\"ops\":[" + ANN + "," + TOP + "]}"));
        for (String name : List.of("", "nope", "top", "top_", "top_wins", "top_wins_1", "top_wins_x_name", "top_wins_0_name",
                "top_wins_11_name", "top_wins_1_colour", "top__1_name", "top_elo_1_name", "top_wins_99999999999_name",
                "wins_extra", "_", "__")) {
            assertEquals("", core.placeholder("ann", name), name);
        }
        assertEquals("", core.placeholder("ann", null));
    }

    @Test
    void aBadPlaceholdersOpIsLoggedAndLeavesTheCacheAsItWas() {
        FakePlatform platform = new FakePlatform(dir);
        UnoCore core = coreWith(platform, "ann");
        core.apply(OpBatch.parse("{\"ops\":[" + ANN + ",{\"op\":\"placeholders\",\"player\":\"ann\",\"values\":[1]},"
                + "{\"op\":\"placeholders\",\"player\":\"ann\",\"values\":{\"wins\":{\"a\":1}}},"
                + "{\"op\":\"placeholders\",\"top\":{\"wins\":[[\"x\"]]}},{\"op\":\"placeholders\"}]}"));
        assertEquals(4, platform.warnings.size(), platform.warnings.toString());
        assertTrue(platform.warnings.stream().allMatch(w -> w.startsWith("bad op ")), platform.warnings.toString());
        assertEquals("3", core.placeholder("ann", "wins"));
        assertEquals("", core.placeholder("ann", "top_wins_1_name"));
    }

    @Test
    void aPlayerWhoLeftIsForgottenAndOneWhoIsOfflineIsNotStored() {
        FakePlatform platform = new FakePlatform(dir);
        UnoCore core = coreWith(platform, "ann");
        core.onJoin("ann");
        core.apply(OpBatch.parse("{\"ops\":[" + ANN + "," + BOB + "]}"));     // bob is not online
        assertEquals("", core.placeholder("bob", "state"));
        core.onQuit("ann");
        assertEquals("", core.placeholder("ann", "wins"));
    }
}
