package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The defects found running the plugin as an operator would (issue 8), and the bridge's version check. */
class ServerDefectsTest {
    @TempDir
    Path dir;

    private static JsonObject json(String s) {
        return JsonParser.parseString(s).getAsJsonObject();
    }

    /** The lines {@code log} gets while {@code body} runs. */
    private static List<String> logged(java.util.logging.Logger log, Runnable body) {
        List<String> lines = new ArrayList<>();
        Handler h = new Handler() {
            @Override public void publish(LogRecord r) { lines.add(r.getLevel() + " " + r.getMessage()); }
            @Override public void flush() {}
            @Override public void close() {}
        };
        log.addHandler(h);
        try {
            body.run();
        } finally {
            log.removeHandler(h);
        }
        return lines;
    }

    private static String helloFrom(Bridge bridge, String engine) throws InterruptedException {
        AtomicReference<Object> out = new AtomicReference<>();
        Thread py4j = new Thread(() -> {      // py4j calls arrive on its own threads
            try {
                out.set(bridge.hello(engine));
            } catch (RuntimeException e) {
                out.set(e);
            }
        });
        py4j.start();
        py4j.join();
        if (out.get() instanceof RuntimeException e) {
            throw e;
        }
        return (String) out.get();
    }

    @Test
    void helloOnAPy4jThreadNeverCallsTheServerApi() throws Exception {
        FakePlatform platform = new FakePlatform(dir);
        platform.inventories.put("ann", new HashMap<>(Map.of(0, "diamond")));
        UnoCore core = new UnoCore(platform, "test");
        core.onJoin("ann");
        JsonObject hello = json(helloFrom(new Bridge(core), "{\"protocol\":" + Bridge.PROTOCOL + ",\"version\":\"x\"}"));
        assertEquals("[\"ann\"]", hello.get("online").toString());
        assertEquals(Bridge.PROTOCOL, hello.get("protocol").getAsInt());
        assertEquals(UnoCore.VERSION, hello.get("version").getAsString());
        assertFalse(hello.has("refused"));
        core.onQuit("ann");
        assertEquals("[]", json(helloFrom(new Bridge(core), "{\"protocol\":" + Bridge.PROTOCOL + "}")).get("online").toString());
    }

    @Test
    void anEngineOfAnotherProtocolIsRefusedWithTheReasonInTheLog() throws Exception {
        FakePlatform platform = new FakePlatform(dir);
        UnoCore core = new UnoCore(platform, "test");
        Bridge bridge = new Bridge(core);
        List<String> lines = logged(platform.logger(), () -> {
            try {
                JsonObject hello = json(helloFrom(bridge, "{\"protocol\":99,\"version\":\"9.0.0\"}"));
                assertTrue(hello.get("refused").getAsString().contains("protocol 99"), hello.toString());
                assertFalse(hello.has("online"));
                assertTrue(json(bridge.hello()).has("refused"));      // an engine too old to say its protocol
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("SEVERE") && l.contains("unocraft 9.0.0")
                && l.contains("speaks bridge protocol 99") && l.contains("same release")), lines.toString());
    }

    @Test
    void aBridgePortInUseIsAnIOExceptionNamingThePort() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            UnoCore core = new UnoCore(new FakePlatform(dir), "test");
            IOException e = assertThrows(IOException.class, () -> core.enable(taken.getLocalPort(), dir.resolve("token")));
            assertTrue(e.getMessage().contains("127.0.0.1:" + taken.getLocalPort()), e.getMessage());
            core.disable();      // and a disable after the failed enable is harmless
        }
    }

    @Test
    void aRenamedPlayerGetsTheirItemsBackAfterACrash() {
        FakePlatform platform = new FakePlatform(dir);
        platform.inventories.put("ann", new HashMap<>(Map.of(0, "diamond x5")));
        platform.uuids.put("ann", "0f0e0d0c-0000-4000-8000-000000000001");
        UnoCore core = new UnoCore(platform, "test");
        core.onJoin("ann");
        core.apply(OpBatch.parse("{\"ops\":[{\"op\":\"items\",\"player\":\"ann\",\"slots\":{\"0\":{\"material\":\"paper\",\"name\":\"R5\",\"tag\":\"card:R5\"}}}]}"));
        assertTrue(core.vault().holds("ann"));
        // the server crashes; the player comes back under a new name, with the same UUID
        FakePlatform after = new FakePlatform(dir);
        after.inventories.put("anna", new HashMap<>(Map.of(0, "card card:R5 map -1")));
        after.uuids.put("anna", "0f0e0d0c-0000-4000-8000-000000000001");
        UnoCore again = new UnoCore(after, "test");
        again.onJoin("anna");
        again.vault().awaitIdle();      // the file is read off the main thread
        assertEquals(Map.of(0, "diamond x5"), after.inventories.get("anna"));
        assertFalse(again.vault().holds("anna"));
    }

    @Test
    void aVaultSavedUnderTheNameBeforeTheUpgradeIsStillGivenBack() throws Exception {
        FakePlatform platform = new FakePlatform(dir);
        platform.inventories.put("bob", new HashMap<>());
        java.nio.file.Files.createDirectories(dir.resolve("vault"));
        java.nio.file.Files.writeString(dir.resolve("vault").resolve("bob.inv"), "3=bread x2\n");
        UnoCore core = new UnoCore(platform, "test");
        core.onJoin("bob");
        core.vault().awaitIdle();
        assertEquals(Map.of(3, "bread x2"), platform.inventories.get("bob"));
    }

    @Test
    void theConsoleAnswersEngineStatusAndVersionWithoutAnEngineAndForwardsTheRest() throws Exception {
        FakePlatform platform = new FakePlatform(dir);
        UnoCore core = new UnoCore(platform, "test");
        List<String> replies = new ArrayList<>();
        core.onConsoleCommand(new String[] {"engine", "status"}, replies::add);
        core.onConsoleCommand(new String[] {"version"}, replies::add);
        core.onConsoleCommand(new String[] {"tables"}, replies::add);
        assertTrue(replies.get(0).contains("engine.autostart: false") && replies.get(0).contains("not attached"), replies.toString());
        assertTrue(replies.get(1).contains("plugin " + UnoCore.VERSION) && replies.get(1).contains("protocol " + Bridge.PROTOCOL), replies.toString());
        assertTrue(replies.get(2).contains("not running"), replies.toString());
        assertEquals("[]", core.events().poll(0).toString());     // nothing queued without an engine
        List<String> lines = logged(platform.logger(), () -> core.apply(OpBatch.parse("{\"ops\":[{\"op\":\"console\",\"lines\":[\"UNO tables: 1\",\"t1: Classic UNO\"]},"
                + "{\"op\":\"complete\",\"player\":\"#console\",\"tree\":{\"\":[\"tables\",\"close\"],\"close\":[\"t1\"]}}]}")));
        lines.removeIf(l -> l.startsWith("INFO an op took"));     // a busy machine's slow-op note is not the console's
        assertEquals(List.of("INFO [uno] UNO tables: 1", "INFO [uno] t1: Classic UNO"), lines);
        assertEquals(List.of("t1"), core.completeConsole(new String[] {"close", ""}));
        assertEquals(List.of("tables"), core.completeConsole(new String[] {"t"}));    // not the players' words
    }

    /**
     * Issue 30: {@code /uno leave} while the engine is away (restarting) gets the player up at once, their
     * items back, and waits in the queue for the engine; any other command is answered: try again.
     */
    @Test
    void aLeaveWhileTheEngineIsAwayGivesTheItemsBackAndWaitsForTheEngine() throws Exception {
        FakePlatform platform = new FakePlatform(dir);
        platform.inventories.put("ann", new HashMap<>(Map.of(3, "sword")));
        UnoCore core = new UnoCore(platform, "test");
        core.apply(OpBatch.parse("{\"ops\":[{\"op\":\"items\",\"player\":\"ann\",\"slots\":{\"0\":"
                + "{\"material\":\"paper\",\"name\":\"R5\",\"tag\":\"card:R5\"}}}]}"));
        assertEquals(Map.of(0, "card card:R5 map -1"), platform.inventories.get("ann"));
        core.onCommand("ann", new String[] {"draw"});
        assertTrue(platform.log.stream().anyMatch(l -> l.startsWith("msg ann") && l.contains("not running")), platform.log.toString());
        assertEquals("[]", core.events().poll(0).toString(), "a play while the engine is away is not kept");
        core.onCommand("ann", new String[] {"leave"});
        assertEquals(Map.of(3, "sword"), platform.inventories.get("ann"), "up at once, items back");
        assertFalse(core.vault().holds("ann"));
        assertTrue(platform.log.stream().anyMatch(l -> l.startsWith("msg ann") && l.contains("you left the table")), platform.log.toString());
        var queued = core.events().poll(0);
        assertEquals(1, queued.size(), queued.toString());
        assertEquals("[\"leave\"]", queued.get(0).getAsJsonObject().get("args").toString(), "the engine hears of it when it is back");
    }

    @Test
    void aRestartedEngineOfTheSameVersionIsToldWhichFacesAreAlreadyShown() throws Exception {
        UnoCore core = new UnoCore(new FakePlatform(dir), "test");
        Bridge bridge = new Bridge(core);
        String v1 = "{\"protocol\":" + Bridge.PROTOCOL + ",\"version\":\"1.0\"}";
        assertEquals("[]", json(helloFrom(bridge, v1)).get("faces").toString());
        core.apply(OpBatch.parse("{\"ops\":[{\"op\":\"face\",\"key\":\"R5\",\"pixels\":\""
                + java.util.Base64.getEncoder().encodeToString(new byte[128 * 128]) + "\"}]}"));
        assertEquals("[\"R5\"]", json(helloFrom(bridge, v1)).get("faces").toString());
        // another engine version may draw them differently: it sends them all again
        assertEquals("[]", json(helloFrom(bridge, v1.replace("1.0", "2.0"))).get("faces").toString());
    }
}
