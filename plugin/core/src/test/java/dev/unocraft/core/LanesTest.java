package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ops in lanes, as on Folia: each player's work on a thread of its own, global work on another. Batches
 * sent from two threads at once, each with ops for two players: every player gets every op of theirs, in
 * each batch's order; a card waits for the face its batch shows first; no op runs on another player's thread.
 */
class LanesTest {
    @TempDir
    Path dir;

    /** A platform with a thread per player and one for global work; what each thread did is recorded. */
    static final class RegionPlatform extends FakePlatform {
        final Map<String, ExecutorService> regions = new ConcurrentHashMap<>();
        final ExecutorService globalRegion = Executors.newSingleThreadExecutor(r -> new Thread(r, "global-region"));
        final Map<String, List<String>> heard = new ConcurrentHashMap<>();
        final List<String> wrongThread = Collections.synchronizedList(new ArrayList<>());

        RegionPlatform(Path data) {
            super(data);
        }

        @Override
        public void forPlayer(String player, Runnable task) {
            regions.computeIfAbsent(player, p -> Executors.newSingleThreadExecutor(r -> new Thread(r, "region-" + p))).execute(task);
        }

        @Override
        public void global(Runnable task) {
            globalRegion.execute(task);
        }

        @Override
        public void sendMessage(String p, Object c) {
            if (!Thread.currentThread().getName().equals("region-" + p)) {
                wrongThread.add(p + " " + Thread.currentThread().getName());
            }
            heard.computeIfAbsent(p, k -> Collections.synchronizedList(new ArrayList<>())).add(c.toString());
        }

        @Override
        public synchronized void setSlot(String p, int slot, Object prepared) {
            if (!Thread.currentThread().getName().equals("region-" + p)) {
                wrongThread.add(p + " slot " + Thread.currentThread().getName());
            }
            super.setSlot(p, slot, prepared);
        }

        @Override
        public synchronized int showMap(PreparedMap map) {
            if (!Thread.currentThread().getName().equals("global-region")) {
                wrongThread.add("map " + Thread.currentThread().getName());
            }
            return super.showMap(map);
        }

        void stop() throws InterruptedException {
            for (ExecutorService e : regions.values()) {
                e.shutdown();
                e.awaitTermination(10, TimeUnit.SECONDS);
            }
            globalRegion.shutdown();
            globalRegion.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    RegionPlatform platform;

    @AfterEach
    void stop() throws InterruptedException {
        if (platform != null) {
            platform.stop();
        }
    }

    private static String batch(String sender, int i) {
        String face = java.util.Base64.getEncoder().encodeToString(new byte[128 * 128]);
        return "{\"ops\":["
                + "{\"op\":\"msg\",\"player\":\"ann\",\"c\":\"" + sender + i + "a\"},"
                + "{\"op\":\"msg\",\"player\":\"bob\",\"c\":\"" + sender + i + "a\"},"
                + "{\"op\":\"face\",\"key\":\"" + sender + i + "\",\"pixels\":\"" + face + "\"},"
                + "{\"op\":\"items\",\"player\":\"ann\",\"slots\":{\"" + (i % 30) + "\":{\"face\":\"" + sender + i
                + "\",\"name\":\"x\",\"tag\":\"card:" + sender + i + "\"}}},"
                + "{\"op\":\"items\",\"player\":\"bob\",\"slots\":{\"" + (i % 30) + "\":{\"material\":\"paper\",\"name\":\"x\","
                + "\"tag\":\"card:" + sender + i + "\"}}},"
                + "{\"op\":\"placeholders\",\"player\":\"ann\",\"values\":{\"wins\":\"" + i + "\"}},"
                + "{\"op\":\"placeholders\",\"player\":\"bob\",\"values\":{\"wins\":\"" + i + "\"}},"
                + "{\"op\":\"msg\",\"player\":\"bob\",\"c\":\"" + sender + i + "b\"},"
                + "{\"op\":\"msg\",\"player\":\"ann\",\"c\":\"" + sender + i + "b\"}]}";
    }

    @Test
    void twoThreadsBatchesKeepEachPlayersOrderAndLoseNothing() throws Exception {
        platform = new RegionPlatform(dir);
        Map<Integer, String> annOwn = Map.of(31, "sword", 32, "bread x3", 40, "shield");
        Map<Integer, String> bobOwn = Map.of(33, "diamond x5", 36, "boots");
        platform.inventories.put("ann", new HashMap<>(annOwn));
        platform.inventories.put("bob", new HashMap<>(bobOwn));
        platform.idsOnPrepare = false;      // a map's id comes only when the global thread shows it: the card must wait
        UnoCore core = new UnoCore(platform, "test");
        int n = 150;
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> senders = new ArrayList<>();
        for (String sender : List.of("x", "y")) {
            Thread t = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < n; i++) {
                    core.queueBatch(OpBatch.parse(batch(sender, i)));
                }
            });
            t.start();
            senders.add(t);
        }
        go.countDown();
        for (Thread t : senders) {
            t.join();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (heard("ann").size() + heard("bob").size() < 8 * n && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        core.vault().awaitIdle();
        Thread.sleep(100);
        for (String p : List.of("ann", "bob")) {
            List<String> got = heard(p);
            assertEquals(4 * n, got.size(), p + " heard every message of theirs, once");
            for (String sender : List.of("x", "y")) {
                List<String> mine = got.stream().filter(m -> m.startsWith("\"" + sender)).toList();
                List<String> want = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    want.add("\"" + sender + i + "a\"");
                    want.add("\"" + sender + i + "b\"");
                }
                assertEquals(want, mine, p + ": " + sender + "'s batches in order, each batch's ops in order");
            }
        }
        assertEquals(List.of(), platform.wrongThread, "every op on its player's thread, maps on the global one");
        assertTrue(platform.warnings.isEmpty(), "no card ran before its face: " + platform.warnings);
        assertEquals(2 * n, core.faces().size(), "every face shown");
        for (Map.Entry<Integer, String> e : platform.inventories.get("ann").entrySet()) {
            if (!annOwn.containsKey(e.getKey())) {
                assertTrue(e.getValue().matches("card card:[xy]\\d+ map \\d+"), "a card shows its face's map: " + e);
            }
        }
        assertEquals(Integer.toString(n - 1), core.placeholder("ann", "wins"), "each player's last values");
        assertEquals(Integer.toString(n - 1), core.placeholder("bob", "wins"));
        // the game ends for both at once, each on their own thread: their own items back, nothing else
        core.queueBatch(OpBatch.parse("{\"ops\":[{\"op\":\"restore\",\"player\":\"ann\"},{\"op\":\"restore\",\"player\":\"bob\"}]}"));
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while ((core.vault().holds("ann") || core.vault().holds("bob")) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        core.vault().awaitIdle();
        Thread.sleep(100);
        assertEquals(annOwn, platform.inventories.get("ann"));
        assertEquals(bobOwn, platform.inventories.get("bob"));
        assertEquals(List.of(), platform.wrongThread);
    }

    private List<String> heard(String p) {
        List<String> l = platform.heard.get(p);
        if (l == null) {
            return List.of();
        }
        synchronized (l) {
            return new ArrayList<>(l);
        }
    }
}
