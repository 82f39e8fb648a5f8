package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the engine sends, checked: op batches (issue 7 items 5–9), text caps (8) and the stats line's units (12). */
class OpBatchTest {
    @TempDir
    Path dir;

    private FakePlatform platformWith(String... players) {
        FakePlatform platform = new FakePlatform(dir);
        for (String p : players) {
            platform.inventories.put(p, new HashMap<>());
        }
        return platform;
    }

    private static String json(Object o) {
        return new com.google.gson.Gson().toJson(o);
    }

    // ------------------------------------------------------------ item 5: one bad element, not the batch

    @Test
    void everyValidOpOfABatchIsAppliedAndEachBadOneLoggedOnce() {
        FakePlatform platform = platformWith("ann");
        UnoCore core = new UnoCore(platform, "test");
        core.apply(OpBatch.parse("{\"ops\":[1, \"msg\", null, [], {\"op\":\"msg\",\"player\":\"ann\",\"c\":\"first\"},"
                + "{\"op\":5,\"player\":\"ann\"}, {\"player\":\"ann\",\"c\":\"no kind\"}, {\"op\":\"msg\",\"c\":\"no player\"},"
                + "{\"op\":\"msg\",\"player\":\"ann\",\"c\":\"second\"}]}"));
        assertEquals(List.of("msg ann \"first\"", "msg ann \"second\""), platform.log);
        assertEquals(7, platform.warnings.size(), platform.warnings.toString());
        assertTrue(platform.warnings.stream().allMatch(w -> w.startsWith("bad op ")), platform.warnings.toString());
        assertTrue(platform.warnings.get(0).contains("an op must be an object"), platform.warnings.get(0));
        assertTrue(platform.warnings.get(5).contains("\"op\" must be a text"), platform.warnings.get(5));
        assertTrue(platform.warnings.get(6).contains("no \"player\""), platform.warnings.get(6));
    }

    @Test
    void anAnnouncementReachesOnlyThePlayersNearTheOneItIsAbout() {
        FakePlatform platform = platformWith("ann", "bob", "cid", "dan");
        platform.positions.put("ann", new Players.Position("world", 0, 64, 0));
        platform.positions.put("bob", new Players.Position("world", 12, 64, 16));      // 20 blocks away
        platform.positions.put("cid", new Players.Position("world", 0, 64, 200));
        platform.positions.put("dan", new Players.Position("world_nether", 0, 64, 0));   // another world
        UnoCore core = new UnoCore(platform, "test");
        core.onCommand("ann", new String[] {"start"});      // where she stood when she opened the table
        platform.log.clear();       // (no engine is attached: she is told so)
        StringBuilder ops = new StringBuilder("{\"ops\":[");
        for (String p : List.of("bob", "cid", "dan")) {
            ops.append("{\"op\":\"msg\",\"player\":\"").append(p).append("\",\"c\":\"near\",\"near\":{\"of\":\"ann\",\"radius\":64}},");
            ops.append("{\"op\":\"msg\",\"player\":\"").append(p).append("\",\"c\":\"world\",\"near\":{\"of\":\"ann\"}},");
        }
        ops.append("{\"op\":\"msg\",\"player\":\"dan\",\"c\":\"everyone\"}]}");
        core.apply(OpBatch.parse(ops.toString()));
        assertEquals(List.of("msg bob \"near\"", "msg bob \"world\"", "msg cid \"world\"", "msg dan \"everyone\""),
                platform.log);
    }

    // ------------------------------------------------------------ item 6: depth and size

    @Test
    void aBatchNested100000DeepIsRefusedWithOneClearLineTheEngineIsToldAndTheNextOneApplies() throws Exception {
        FakePlatform platform = platformWith("ann");
        UnoCore core = new UnoCore(platform, "test");
        Bridge bridge = new Bridge(core);
        String deep = "{\"ops\":[" + "[".repeat(100_000) + "]".repeat(100_000) + "]}";
        assertEquals("ok", bridge.applyOps(deep));          // refused: told by the next poll, not by the call
        bridge.applyOps("{\"ops\":[{\"op\":\"msg\",\"player\":\"ann\",\"c\":\"still here\"}]}");
        assertEquals(List.of("refused an op batch nested deeper than 64 levels"), platform.warnings);
        assertEquals(List.of("msg ann \"still here\""), platform.log);
        // the engine hears of it with its next poll
        JsonArray events = JsonParser.parseString(bridge.pollEvents(0)).getAsJsonArray();
        assertEquals(1, events.size(), events.toString());
        assertEquals("refused_batch", events.get(0).getAsJsonObject().get("type").getAsString());
        assertEquals("an op batch nested deeper than 64 levels", events.get(0).getAsJsonObject().get("error").getAsString());
    }

    @Test
    void batchesApplyInTheOrderTheyCameAndEachRefusalIsToldOnce() throws Exception {
        FakePlatform platform = platformWith("ann");
        UnoCore core = new UnoCore(platform, "test");
        Bridge bridge = new Bridge(core);
        List<String> expected = new ArrayList<>();
        int refused = 0;
        for (int i = 0; i < 500; i++) {
            bridge.applyOps(i % 7 == 3 ? "not json " + i : "{\"ops\":[{\"op\":\"msg\",\"player\":\"ann\",\"c\":\"m" + i + "\"}]}");
            if (i % 7 != 3) {
                expected.add("msg ann \"m" + i + "\"");
            } else {
                refused++;
            }
        }
        assertEquals(expected, platform.log);
        assertEquals(refused, platform.warnings.size(), platform.warnings.toString());
        assertEquals(refused, JsonParser.parseString(bridge.pollEvents(0)).getAsJsonArray().size(), "each refusal told to the engine");
        assertEquals(expected.size(), bridge.incoming().json().getAsJsonObject("prepared and queued").get("n").getAsInt());
    }

    @Test
    void realisticNestingPassesAndTheLimitsAreExact() {
        // a chat line with a hover whose parts have their own extra: ~10 levels
        String component = "{\"text\":\"a\",\"hover\":{\"text\":\"b\",\"extra\":[{\"text\":\"c\",\"extra\":[[\"d\"]]}]},\"extra\":[\"e\"]}";
        assertEquals(1, OpBatch.parse("{\"ops\":[{\"op\":\"msg\",\"player\":\"ann\",\"c\":" + component + "}]}").size());
        String atLimit = "[".repeat(OpBatch.MAX_DEPTH - 1) + "]".repeat(OpBatch.MAX_DEPTH - 1);   // + the outer object
        assertEquals(1, OpBatch.parse("{\"ops\":" + atLimit + "}").size());
        assertThrows(IllegalArgumentException.class, () -> OpBatch.parse("{\"ops\":[" + atLimit + "]}"));
        String big = "{\"ops\":[\"" + "x".repeat(OpBatch.MAX_CHARS) + "\"]}";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OpBatch.parse(big));
        assertTrue(e.getMessage().startsWith("an op batch of " + big.length() + " characters"), e.getMessage());
    }

    @Test
    void aBatchThatIsNotTheBatchShapeIsRefused() {
        for (String bad : List.of("", "not json", "[]", "{\"ops\":{}}", "{\"ops\":[]} trailing", "{'ops':[]}", "{\"ops\":[] /* c */}")) {
            assertThrows(IllegalArgumentException.class, () -> OpBatch.parse(bad), bad);
        }
        JsonArray ops = OpBatch.parse("{\"ops\":[{\"op\":\"sound\",\"volume\":0.5,\"n\":3,\"b\":true,\"z\":null}]}");
        JsonObject op = ops.get(0).getAsJsonObject();
        assertEquals(0.5f, op.get("volume").getAsFloat());
        assertEquals(3, op.get("n").getAsInt());
        assertTrue(op.get("b").getAsBoolean());
        assertTrue(op.get("z").isJsonNull());
    }

    // ------------------------------------------------------------ item 7: an items op whole or not at all

    private static final String FACE = "{\"op\":\"face\",\"key\":\"R5\",\"pixels\":\""
            + java.util.Base64.getEncoder().encodeToString(new byte[128 * 128]) + "\"}";

    @Test
    void anItemsOpWithOneBadSlotLeavesTheInventoryAsItWas() {
        for (String badSlots : List.of(
                "\"0\":{\"face\":\"R5\",\"tag\":\"card:R5\"},\"1\":{\"face\":\"never-sent\",\"tag\":\"card:X\"}",
                "\"0\":{\"face\":\"R5\",\"tag\":\"card:R5\"},\"99\":null",
                "\"0\":{\"face\":\"R5\",\"tag\":\"card:R5\"},\"one\":null",
                "\"0\":{\"face\":\"R5\",\"tag\":\"card:R5\"},\"2\":{\"face\":\"R5\"}",
                "\"0\":{\"face\":\"R5\",\"tag\":\"card:R5\"},\"3\":7")) {
            FakePlatform platform = platformWith("ann");
            platform.inventories.get("ann").putAll(Map.of(0, "diamond x5", 7, "bread x3"));
            UnoCore core = new UnoCore(platform, "test");
            core.apply(OpBatch.parse("{\"ops\":[" + FACE + ",{\"op\":\"items\",\"player\":\"ann\",\"slots\":{" + badSlots + "}}]}"));
            assertEquals(Map.of(0, "diamond x5", 7, "bread x3"), platform.inventories.get("ann"), badSlots);
            assertFalse(core.vault().holds("ann"), badSlots);
            assertEquals(1, platform.warnings.size(), badSlots + " " + platform.warnings);
        }
        FakePlatform platform = platformWith("ann");
        platform.inventories.get("ann").put(0, "diamond x5");
        UnoCore core = new UnoCore(platform, "test");
        core.apply(OpBatch.parse("{\"ops\":[" + FACE + ",{\"op\":\"items\",\"player\":\"ann\",\"held\":9,\"slots\":{\"0\":{\"face\":\"R5\",\"tag\":\"card:R5\"}}}]}"));
        assertEquals(Map.of(0, "diamond x5"), platform.inventories.get("ann"));       // a bad held slot too
        core.apply(OpBatch.parse("{\"ops\":[{\"op\":\"items\",\"player\":\"ann\",\"held\":2,\"slots\":{\"0\":{\"face\":\"R5\",\"tag\":\"card:R5\"},\"40\":null}}]}"));
        assertEquals(Map.of(0, "card card:R5 map 100"), platform.inventories.get("ann"));   // a good one applies
        assertTrue(core.vault().holds("ann"));
        assertEquals(List.of("held ann 2"), platform.log);
    }

    // ------------------------------------------------------------ item 8: text caps

    private static int modifiedUtf8Bytes(String s) {
        int n = 0;
        for (char c : s.toCharArray()) {
            n += c >= 1 && c <= 0x7F ? 1 : c <= 0x7FF ? 2 : 3;
        }
        return n;
    }

    @Test
    void aTwoMegabyteChatLineIsCutToWhatAnNbtStringHolds() {
        FakePlatform platform = platformWith("ann");
        UnoCore core = new UnoCore(platform, "test");
        String huge = "x".repeat(2_000_000);
        core.apply(OpBatch.parse(json(Map.of("ops", List.of(
                Map.of("op", "msg", "player", "ann", "c", huge),
                Map.of("op", "msg", "player", "ann", "c", Map.of("text", "€".repeat(40_000))),
                Map.of("op", "actionbar", "player", "ann", "c", huge),
                Map.of("op", "title", "player", "ann", "title", huge, "subtitle", huge))))));
        assertEquals(4, platform.log.size());
        String first = JsonParser.parseString(platform.log.get(0).substring("msg ann ".length())).getAsString();
        assertEquals("x".repeat(TextCaps.MAX_STRING_BYTES), first);
        String euros = JsonParser.parseString(platform.log.get(1).substring("msg ann ".length())).getAsJsonObject().get("text").getAsString();
        assertEquals(TextCaps.MAX_STRING_BYTES / 3, euros.length());          // 3 bytes each
        assertTrue(platform.warnings.isEmpty(), platform.warnings.toString());
    }

    @Test
    void capsKeepSurrogatePairsWholeBoundAWholeComponentAndLeaveShortTextAlone() {
        String emoji = "\uD83C\uDCCF";     // one card emoji, a surrogate pair (3 + 3 bytes in modified UTF-8)
        // "abcd" + pairs: after 10,921 whole pairs 5 bytes are left, room for the first half of the next only
        String cut = TextCaps.component(new JsonPrimitive("abcd" + emoji.repeat(20_000))).getAsString();
        assertTrue(modifiedUtf8Bytes(cut) <= TextCaps.MAX_STRING_BYTES);
        assertFalse(Character.isHighSurrogate(cut.charAt(cut.length() - 1)), "half a pair at the end");
        assertEquals(4 + 10_921 * 6, modifiedUtf8Bytes(cut));    // the pair that did not fit is gone whole

        // many parts, each short: the component as a whole is bounded
        JsonArray extra = new JsonArray();
        for (int i = 0; i < 1000; i++) {
            extra.add("y".repeat(1000));
        }
        JsonObject many = new JsonObject();
        many.addProperty("text", "head");
        many.add("extra", extra);
        JsonObject capped = TextCaps.component(many).getAsJsonObject();
        int total = 0;
        for (JsonElement e : capped.getAsJsonArray("extra")) {
            total += e.getAsString().length();
        }
        assertTrue(total < TextCaps.MAX_COMPONENT_CHARS && total > TextCaps.MAX_COMPONENT_CHARS - 2000, "total " + total);

        // what the engine really sends comes back as the very same object
        JsonElement normal = JsonParser.parseString("[{\"text\":\"R7 \",\"color\":\"red\",\"hover\":\"play R7\",\"click\":{\"run\":\"/uno play R7\"}},\"ok\"]");
        assertSame(normal, TextCaps.component(normal));
    }

    @Test
    void itemNamesLoreAndSidebarLinesAreCappedToo() {
        List<Platform.CardItem> items = new ArrayList<>();
        List<List<JsonElement>> sidebars = new ArrayList<>();
        FakePlatform platform = new FakePlatform(dir) {
            @Override
            public void setSlot(String p, int slot, Object item) {
                items.add((CardItem) item);
            }

            @Override
            public void showSidebar(String p, Object title, List<Object> lines) {
                sidebars.add(lines.stream().map(l -> ((Text) l).json()).toList());
            }
        };
        platform.inventories.put("ann", new HashMap<>());
        UnoCore core = new UnoCore(platform, "test");
        String huge = "z".repeat(300_000);
        List<String> lore = new ArrayList<>(java.util.Collections.nCopies(300, "line"));
        lore.set(0, huge);
        core.apply(OpBatch.parse(json(Map.of("ops", List.of(
                Map.of("op", "items", "player", "ann", "slots", Map.of("0", Map.of("material", "minecraft:paper", "name", huge, "lore", lore, "tag", "t:0"))),
                Map.of("op", "sidebar", "player", "ann", "title", huge, "lines", List.of(huge, "short")))))));
        Platform.CardItem item = items.get(0);
        assertEquals(TextCaps.MAX_STRING_BYTES, item.name().getAsString().length());
        assertEquals(TextCaps.MAX_LORE_LINES, item.lore().size());
        assertEquals(TextCaps.MAX_STRING_BYTES, item.lore().get(0).getAsString().length());
        assertEquals(TextCaps.MAX_STRING_BYTES, sidebars.get(0).get(0).getAsString().length());
        assertEquals("short", sidebars.get(0).get(1).getAsString());
    }

    // ------------------------------------------------------------ item 9: arguments checked before the call

    @Test
    void bridgeArgumentsAreCheckedBeforeTheCall() {
        assertNull(Bridge.checkArguments("applyOps", List.of("{\"ops\":[]}")));
        assertNull(Bridge.checkArguments("pollEvents", List.of(100)));
        assertNull(Bridge.checkArguments("pollEvents", List.of(100L)));
        assertNull(Bridge.checkArguments("hello", List.of()));
        assertNull(Bridge.checkArguments("hello", List.of("{\"protocol\":1}")));     // the engine's protocol and version
        assertTrue(Bridge.checkArguments("hello", List.of(5)) != null);
        assertEquals("takes one text, a JSON op batch {\"ops\": [...]}", Bridge.checkArguments("applyOps", Arrays.asList((Object) null)));
        assertTrue(Bridge.checkArguments("applyOps", List.of()) != null);
        assertTrue(Bridge.checkArguments("applyOps", List.of(5)) != null);
        assertTrue(Bridge.checkArguments("pollEvents", List.of("soon")) != null);
        assertTrue(Bridge.checkArguments("pollEvents", Arrays.asList((Object) null)) != null);
        assertTrue(Bridge.checkArguments("stats", List.of(1)) != null);
    }

    // ------------------------------------------------------------ item 12: the stats line in one unit

    @Test
    void theStatsLineIsInMillisecondsAndReadable() {
        assertEquals("0.21", Timings.millis(210));
        assertEquals("3.9", Timings.millis(3_912.5));
        assertEquals("298", Timings.millis(297_811.441));
        assertEquals("0.0042", Timings.millis(4.2));
        assertEquals("0", Timings.millis(0));
        UnoCore core = new UnoCore(platformWith("ann"), "test");
        core.apply(OpBatch.parse("{\"ops\":[]}"));
        String line = core.statsLine();
        assertTrue(line.matches("op batches applied: \\d+, time per batch on the server thread: median [0-9.]+ ms, p99 [0-9.]+ ms;"
                + " its CPU time: median [0-9.]+ ms, p99 [0-9.]+ ms, max [0-9.]+ ms"), line);
        assertEquals(StandardCharsets.US_ASCII.newEncoder().canEncode(line), true);     // no "µs" anywhere
    }
}
