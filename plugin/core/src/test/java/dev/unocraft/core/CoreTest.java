package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CoreTest {
    @TempDir
    Path dir;

    private static String pixels(int v) {
        byte[] b = new byte[128 * 128];
        java.util.Arrays.fill(b, (byte) v);
        return Base64.getEncoder().encodeToString(b);
    }

    private static JsonArray batch(String json) {
        return OpBatch.parse(json);
    }

    @Test
    void faceMapIdsSurviveARestart() {
        FakePlatform platform = new FakePlatform(dir);
        CardFaces faces = new CardFaces(dir.resolve("faces.properties"));
        int r5 = faces.show(platform, "R5", new byte[16384]);
        int wild = faces.show(platform, "W+4", new byte[16384]);
        assertTrue(r5 != wild);
        CardFaces again = new CardFaces(dir.resolve("faces.properties"));
        assertEquals(r5, again.idOf("R5"));
        assertEquals(r5, again.show(new FakePlatform(dir), "R5", new byte[16384]));   // the same map, not a new one
    }

    @Test
    void itemsSaveTheInventoryFirstAndRestoreGivesItBack() {
        FakePlatform platform = new FakePlatform(dir);
        platform.inventories.put("ann", new HashMap<>(Map.of(0, "diamond x5", 7, "bread x3")));
        UnoCore core = new UnoCore(platform, "test");
        core.apply(batch("{\"ops\":[{\"op\":\"face\",\"key\":\"R5\",\"pixels\":\"" + pixels(34) + "\"},"
                + "{\"op\":\"items\",\"player\":\"ann\",\"slots\":{\"0\":{\"face\":\"R5\",\"name\":\"Red 5\",\"tag\":\"card:R5\"},\"1\":null}}]}"));
        assertTrue(core.vault().holds("ann"));
        assertEquals(Map.of(0, "card card:R5 map 100"), platform.inventories.get("ann"));
        core.apply(batch("{\"ops\":[{\"op\":\"restore\",\"player\":\"ann\"}]}"));
        assertEquals(Map.of(0, "diamond x5", 7, "bread x3"), platform.inventories.get("ann"));
        assertFalse(core.vault().holds("ann"));
    }

    @Test
    void aVaultIsKeptWhenThePlayerCannotBeReached() {
        FakePlatform platform = new FakePlatform(dir);
        platform.inventories.put("ann", new HashMap<>(Map.of(3, "sword")));
        InventoryVault vault = new InventoryVault(dir.resolve("vault"), platform);
        vault.saveThen("ann", () -> { });
        vault.awaitIdle();
        assertEquals(Map.of(), platform.inventories.get("ann"));
        platform.reachable = false;
        vault.restore("ann");
        vault.awaitIdle();
        assertTrue(vault.holds("ann"));
        assertEquals(Map.of(), platform.inventories.get("ann"));
        platform.reachable = true;
        vault.restore("ann");
        vault.awaitIdle();
        assertFalse(vault.holds("ann"));
        assertEquals(Map.of(3, "sword"), platform.inventories.get("ann"));
    }

    @Test
    void aJoinAfterACrashGivesTheSavedItemsBack() {
        FakePlatform platform = new FakePlatform(dir);
        platform.inventories.put("ann", new HashMap<>(Map.of(3, "sword")));
        InventoryVault before = new InventoryVault(dir.resolve("vault"), platform);
        before.saveThen("ann", () -> { });
        before.awaitIdle();
        platform.inventories.put("ann", new HashMap<>(Map.of(0, "card card:R5 map 100")));   // stale cards
        UnoCore core = new UnoCore(platform, "test");
        core.onJoin("ann");
        core.vault().awaitIdle();
        assertEquals(Map.of(3, "sword"), platform.inventories.get("ann"));
    }

    @Test
    void aBadOpIsSkippedAndTheRestOfTheBatchApplied() {
        FakePlatform platform = new FakePlatform(dir);
        platform.inventories.put("ann", new HashMap<>());
        UnoCore core = new UnoCore(platform, "test");
        core.apply(batch("{\"ops\":[{\"op\":\"items\",\"player\":\"ann\",\"slots\":{\"0\":{\"face\":\"unknown\",\"tag\":\"x\"}}},"
                + "{\"op\":\"msg\",\"player\":\"ann\",\"c\":\"hi\"},{\"op\":\"msg\",\"player\":\"gone\",\"c\":\"hi\"}]}"));
        assertEquals(List.of("msg ann \"hi\""), platform.log);
    }

    @Test
    void joinEventsCarryThePlayersUuidForTheStatistics() throws Exception {
        FakePlatform platform = new FakePlatform(dir);
        platform.inventories.put("ann", new HashMap<>());
        UnoCore core = new UnoCore(platform, "test");
        core.onJoin("ann");
        core.onChat("ann");
        core.onQuit("ann");
        var polled = core.events().poll(0);
        assertEquals(3, polled.size());
        assertEquals("uuid-of-ann", polled.get(0).getAsJsonObject().get("uuid").getAsString());
        assertFalse(polled.get(1).getAsJsonObject().has("uuid"));     // chat and quit: not needed
        assertFalse(polled.get(2).getAsJsonObject().has("uuid"));
    }

    @Test
    void chatWhileNoEngineIsAttachedWaitsForNone() throws Exception {
        // silent twos: talking while the game is paused (the engine away) must not count when it resumes
        FakePlatform platform = new FakePlatform(dir);
        platform.inventories.put("ann", new HashMap<>());
        UnoCore core = new UnoCore(platform, "test");
        core.events().engineGone();
        core.onChat("ann");
        core.onInventoryClick("ann", 3, "card:R5");        // (any other input still waits for the engine)
        var polled = core.events().poll(0);
        assertEquals(1, polled.size(), polled.toString());
        assertEquals("click", polled.get(0).getAsJsonObject().get("type").getAsString());
        core.engineAttached("test");
        core.onChat("ann");
        polled = core.events().poll(0);
        assertEquals(1, polled.size(), polled.toString());
        assertEquals("chat", polled.get(0).getAsJsonObject().get("type").getAsString());
    }

    @Test
    void soundOpsReachOnlyTheirPlayerWithVolumeAndPitch() {
        FakePlatform platform = new FakePlatform(dir);
        platform.inventories.put("ann", new HashMap<>());
        platform.inventories.put("bob", new HashMap<>());
        UnoCore core = new UnoCore(platform, "test");
        core.apply(batch("{\"ops\":["
                + "{\"op\":\"sound\",\"player\":\"ann\",\"sound\":\"minecraft:block.note_block.pling\",\"volume\":0.5,\"pitch\":1.2},"
                + "{\"op\":\"sound\",\"player\":\"bob\",\"sound\":\"minecraft:entity.villager.no\"},"          // defaults 1, 1
                + "{\"op\":\"sound\",\"player\":\"gone\",\"sound\":\"minecraft:entity.villager.no\"},"         // offline: nothing
                + "{\"op\":\"sound\",\"player\":\"ann\",\"sound\":\"minecraft:entity.experience_orb.pickup\",\"volume\":7,\"pitch\":0.1},"
                + "{\"op\":\"sound\",\"player\":\"ann\"},"                                                           // no key: skipped
                + "{\"op\":\"msg\",\"player\":\"ann\",\"c\":\"after\"}]}"));
        assertEquals(List.of("sound ann minecraft:block.note_block.pling 0.5 1.2",
                "sound bob minecraft:entity.villager.no 1.0 1.0",
                "sound ann minecraft:entity.experience_orb.pickup 1.0 0.5",          // clamped to what a client plays
                "msg ann \"after\""), platform.log);
    }

    @Test
    void sidebarOpsShowReplaceAndClearAndAQuitOrDisableTakesItDown() {
        FakePlatform platform = new FakePlatform(dir);
        platform.inventories.put("ann", new HashMap<>());
        platform.inventories.put("bob", new HashMap<>());
        UnoCore core = new UnoCore(platform, "test");
        core.apply(batch("{\"ops\":[{\"op\":\"sidebar_clear\",\"player\":\"ann\"},"     // none shown: nothing to do
                + "{\"op\":\"sidebar\",\"player\":\"ann\",\"title\":{\"text\":\"UNO\"},"
                + "\"lines\":[[{\"text\":\"ann 7\"}],[{\"text\":\"bob 7\"}]]},"
                + "{\"op\":\"sidebar\",\"player\":\"gone\",\"title\":\"x\",\"lines\":[]}]}"));
        assertEquals(List.of("sidebar ann"), platform.log);
        assertEquals("{\"text\":\"UNO\"}|[{\"text\":\"ann 7\"}]|[{\"text\":\"bob 7\"}]", platform.scoreboards.get("ann"));
        core.apply(batch("{\"ops\":[{\"op\":\"sidebar\",\"player\":\"ann\",\"title\":\"UNO\",\"lines\":[\"ann 6\",\"ann 6\"]}]}"));
        assertEquals("\"UNO\"|\"ann 6\"|\"ann 6\"", platform.scoreboards.get("ann"));   // lines may repeat
        core.apply(batch("{\"ops\":[{\"op\":\"sidebar_clear\",\"player\":\"ann\"}]}"));
        assertEquals("own", platform.scoreboards.get("ann"));
        core.apply(batch("{\"ops\":[{\"op\":\"sidebar_clear\",\"player\":\"ann\"}]}"));     // twice: once only
        assertEquals(1, platform.log.stream().filter(l -> l.equals("sidebar_clear ann")).count());

        // more than 15 lines: the first 15
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 20; i++) many.append(i == 0 ? "" : ",").append('"').append(i).append('"');
        core.apply(batch("{\"ops\":[{\"op\":\"sidebar\",\"player\":\"bob\",\"title\":\"T\",\"lines\":[" + many + "]}]}"));
        assertEquals(16, platform.scoreboards.get("bob").split("\\|").length);
        // a quit gives the own scoreboard back without waiting for the engine
        core.onQuit("bob");
        assertEquals("own", platform.scoreboards.get("bob"));
        // plugin disable: every sidebar still shown goes
        core.apply(batch("{\"ops\":[{\"op\":\"sidebar\",\"player\":\"ann\",\"title\":\"UNO\",\"lines\":[]}]}"));
        core.disable();
        assertEquals("own", platform.scoreboards.get("ann"));
    }

    @Test
    void eventsQueueAndLongPoll() throws Exception {
        EventQueue q = new EventQueue();
        assertEquals(0, q.poll(10).size());
        JsonObject e = new JsonObject();
        e.addProperty("type", "command");
        q.offer(e);
        q.offer(e.deepCopy());
        JsonArray batch = q.poll(1000);
        assertEquals(2, batch.size());
    }

    private static JsonObject command(String player, String arg) {
        JsonObject e = new JsonObject();
        e.addProperty("type", "command");
        e.addProperty("player", player);
        JsonArray args = new JsonArray();
        args.add(arg);
        e.add("args", args);
        return e;
    }

    private static List<String> argsOf(JsonArray batch) {
        List<String> out = new java.util.ArrayList<>();
        batch.forEach(e -> out.add(e.getAsJsonObject().getAsJsonArray("args").get(0).getAsString()));
        return out;
    }

    /** Issue 30: a batch the engine polled and may not have handled goes to the next engine, first and in order. */
    @Test
    void theBatchInFlightWhenTheEngineDiesGoesToTheNextEngineFirst() throws Exception {
        EventQueue q = new EventQueue();
        q.offer(command("ann", "start"));
        q.offer(command("ann", "leave"));
        JsonArray polled = q.poll(100);
        assertEquals(List.of("start", "leave"), argsOf(polled));
        long first = polled.get(0).getAsJsonObject().get("seq").getAsLong();
        assertEquals(first + 1, polled.get(1).getAsJsonObject().get("seq").getAsLong(), "numbered in order");
        q.offer(command("bob", "uno"));      // came while the engine was dying
        q.engineGone();
        JsonArray again = q.poll(100);
        assertEquals(List.of("start", "leave", "uno"), argsOf(again), "the batch in flight first, then what came");
        assertEquals(polled.get(0).getAsJsonObject().get("session"), again.get(0).getAsJsonObject().get("session"));
        assertEquals(first, again.get(0).getAsJsonObject().get("seq").getAsLong(), "the same event, the same number");
        assertEquals(0, q.poll(0).size(), "the next poll: the batch before it is handled, and forgotten");
        q.engineGone();
        assertEquals(0, q.poll(0).size(), "a handled batch is never delivered again");
        JsonObject refused = new JsonObject();
        refused.addProperty("type", "refused_batch");
        q.offer(refused);
        assertEquals(1, q.poll(0).size());
        q.engineGone();
        assertEquals(0, q.poll(0).size(), "a refusal speaks of the gone engine's batch: not the next engine's");
    }

    @Test
    void aLongPollOfAnEngineThatWentAwayHandsItNothing() throws Exception {
        EventQueue q = new EventQueue();
        java.util.concurrent.CompletableFuture<JsonArray> stale = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return q.poll(3_000);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(200);          // the dead engine's poll is waiting
        q.engineGone();
        q.offer(command("ann", "leave"));
        assertEquals(0, stale.get().size(), "the gone engine's poll took the leave");
        assertEquals(List.of("leave"), argsOf(q.poll(100)), "it waits for the next engine");
    }

    @Test
    void completionsPreferThePlayersOwnTree() {
        Completions c = new Completions();
        c.update(null, JsonParser.parseString("{\"\":[\"start\",\"spectate\",\"play\"],\"rules\":[\"official\",\"flip\"]}").getAsJsonObject());
        c.update("ann", JsonParser.parseString("{\"play\":[\"R5\",\"W+4\"],\"play *\":[\"red\",\"blue\"]}").getAsJsonObject());
        assertEquals(List.of("start", "spectate"), c.complete("ann", new String[] {"s"}));
        assertEquals(List.of("R5", "W+4"), c.complete("ann", new String[] {"play", ""}));
        assertEquals(List.of("red"), c.complete("ann", new String[] {"play", "W+4", "r"}));
        assertEquals(List.of("flip"), c.complete("bob", new String[] {"rules", "f"}));
    }

    @Test
    void theTokenFileIsCreatedOwnerOnlyAndReused() throws Exception {
        Path f = dir.resolve("sub/bridge.token");
        String token = TokenFile.readOrCreate(f);
        assertEquals(64, token.length());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
        assertEquals(token, TokenFile.readOrCreate(f));
    }
}
