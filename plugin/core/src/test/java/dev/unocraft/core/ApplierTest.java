package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Queue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The op applier's share of the server thread (issue 9 items 1–2): prepared ops, a budget per tick, item templates, warm-up. */
class ApplierTest {
    @TempDir
    Path dir;

    /** A platform with ticks: main-thread tasks wait for {@link #tick}; each message takes 1 ms of the server thread. */
    static class TickingPlatform extends FakePlatform {
        final Queue<Runnable> nextTick = new ArrayDeque<>();
        final List<String> prepared = new ArrayList<>();
        int warmUps;

        TickingPlatform(Path data) {
            super(data);
            inventories.put("ann", new HashMap<>());
        }

        @Override public synchronized void runOnMain(Runnable task) { nextTick.add(task); }

        /** Runs the tasks of one tick (those queued before it began); false when there were none. */
        boolean tick() {
            List<Runnable> now;
            synchronized (this) {
                now = new ArrayList<>(nextTick);
                nextTick.clear();
            }
            now.forEach(Runnable::run);
            return !now.isEmpty();
        }

        @Override
        public void sendMessage(String p, Object c) {
            long end = System.nanoTime() + 1_000_000;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            super.sendMessage(p, c);
        }

        /** What prepare made of an item, and on which thread: setSlot takes nothing else (a CardItem fails the cast). */
        record Prepared(CardItem item, Thread thread) {}

        final List<Thread> setSlotThreads = new ArrayList<>();

        @Override
        public Object prepare(CardItem item) {
            prepared.add(item.tag());
            return new Prepared(item, Thread.currentThread());
        }

        @Override
        public void setSlot(String p, int slot, Object item) {
            setSlotThreads.add(Thread.currentThread());
            super.setSlot(p, slot, item == null ? null : ((Prepared) item).item());
        }

        @Override
        CardItem unwrap(Object prepared) {
            return ((Prepared) prepared).item();
        }
        @Override public void warmUp() { warmUps++; }
    }

    private static String messages(int batch, int n) {
        StringBuilder b = new StringBuilder("{\"ops\":[");
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ",").append("{\"op\":\"msg\",\"player\":\"ann\",\"c\":\"m").append(batch).append('.').append(i).append("\"}");
        }
        return b.append("]}").toString();
    }

    @Test
    void whatATicksBudgetCannotTakeWaitsForTheNextTickInOrder() {
        TickingPlatform platform = new TickingPlatform(dir);
        UnoCore core = new UnoCore(platform, "test");
        core.tickBudget(2_500);
        for (int b = 0; b < 3; b++) {
            core.queueBatch(OpBatch.parse(messages(b, 5)));
        }
        List<Integer> perTick = new ArrayList<>();
        while (platform.tick()) {
            perTick.add(platform.log.size() - perTick.stream().mapToInt(Integer::intValue).sum());
        }
        List<String> expected = new ArrayList<>();
        for (int b = 0; b < 3; b++) {
            for (int i = 0; i < 5; i++) {
                expected.add("msg ann \"m" + b + "." + i + "\"");
            }
        }
        assertEquals(expected, platform.log, "every op applied once, in the order sent");
        assertTrue(perTick.size() >= 5, "15 ops of 1 ms in ticks of 2.5 ms: " + perTick);
        assertTrue(perTick.stream().allMatch(n -> n >= 1 && n <= 3), "at least one op a tick, and none past the budget: " + perTick);
        assertEquals(perTick.size() - 1, core.stats().get("carried").getAsLong(), "every tick but the last carried ops over");
        assertEquals(3, core.stats().get("batches").getAsLong(), "a batch split over ticks still counts once");
        assertTrue(core.stats().get("max_us").getAsDouble() >= 5_000, "a batch's time is summed over its ticks");
        assertTrue(core.tickStatsLine().contains("ticks that carried ops over to the next: " + (perTick.size() - 1)), core.tickStatsLine());
    }

    @Test
    void itemsAreBuiltWhenTheBatchArrivesNotOnTheServerThread() {
        TickingPlatform platform = new TickingPlatform(dir);
        UnoCore core = new UnoCore(platform, "test");
        core.queueBatch(OpBatch.parse("{\"ops\":[{\"op\":\"items\",\"player\":\"ann\",\"slots\":{"
                + "\"0\":{\"material\":\"paper\",\"name\":\"Draw\",\"tag\":\"button:draw\"},\"1\":null}},"
                + "{\"op\":\"items\",\"player\":\"ann\",\"slots\":{\"2\":{\"name\":\"x\"}}}]}"));
        assertEquals(List.of("button:draw"), platform.prepared, "prepared before any tick ran");
        assertEquals(1, platform.warnings.size(), "the bad op is refused on arrival: " + platform.warnings);
        assertTrue(platform.inventories.get("ann").isEmpty(), "nothing applied before the tick");
        platform.tick();
        core.vault().awaitIdle();       // the player's own items (none) on disk first
        platform.tick();
        assertEquals("card button:draw map -1", platform.inventories.get("ann").get(0));
        assertEquals(1, platform.warnings.size(), platform.warnings.toString());
    }

    /** Queues the batch as the bridge does, on a thread of its own (the engine's py4j thread); returns that thread, finished. */
    private static Thread onEnginesThread(UnoCore core, String batch) throws InterruptedException {
        Thread engine = new Thread(() -> core.queueBatch(OpBatch.parse(batch)), "engine-py4j");
        engine.start();
        engine.join();
        return engine;
    }

    @Test
    void theServerThreadIsHandedWhatPrepareMadeOnTheEnginesThread() throws InterruptedException {
        TickingPlatform platform = new TickingPlatform(dir);
        UnoCore core = new UnoCore(platform, "test");
        String batch = "{\"ops\":[{\"op\":\"items\",\"player\":\"ann\",\"slots\":{"
                + "\"0\":{\"material\":\"paper\",\"name\":\"Draw\",\"tag\":\"button:draw\"},"
                + "\"1\":{\"material\":\"paper\",\"name\":\"UNO\",\"tag\":\"button:uno\"},\"2\":null}}]}";
        onEnginesThread(core, batch);
        assertEquals(List.of("button:draw", "button:uno"), platform.prepared);
        platform.tick();
        core.vault().awaitIdle();
        platform.tick();
        assertEquals(List.of(), platform.warnings, "setSlot got what prepare made, never a CardItem");
        assertEquals("card button:draw map -1", platform.inventories.get("ann").get(0));
        assertEquals("card button:uno map -1", platform.inventories.get("ann").get(1));
        assertEquals(3, platform.setSlotThreads.size(), "two items and an empty slot");
        assertTrue(platform.setSlotThreads.stream().allMatch(t -> t == Thread.currentThread()), "set on the server thread");
    }

    @Test
    void soundsAndCompletionsAreReadOnTheEnginesThread() throws InterruptedException {
        List<Thread> soundThreads = new ArrayList<>();
        TickingPlatform platform = new TickingPlatform(dir) {
            @Override
            public Object sound(String sound, float volume, float pitch) {
                soundThreads.add(Thread.currentThread());
                return super.sound(sound, volume, pitch);
            }
        };
        UnoCore core = new UnoCore(platform, "test");
        String batch = "{\"ops\":[{\"op\":\"sound\",\"player\":\"ann\",\"sound\":\"minecraft:ui.button.click\",\"volume\":0.5},"
                + "{\"op\":\"complete\",\"player\":\"ann\",\"tree\":{\"\":[\"play\",\"draw\"]}},"
                + "{\"op\":\"complete\",\"player\":\"ann\",\"tree\":{\"\":\"play\"}}]}";
        Thread engine = onEnginesThread(core, batch);
        assertEquals(List.of(engine), soundThreads, "the sound made on the engine's thread");
        assertEquals(1, platform.warnings.size(), "the malformed tree refused on arrival: " + platform.warnings);
        assertEquals(List.of(), core.complete("ann", new String[] {""}), "nothing applied before a tick");
        while (platform.tick()) {
            // the server thread; a slow first op (a cold JVM, a busy machine) carries the next one over the tick's budget
        }
        assertEquals(List.of("sound ann minecraft:ui.button.click 0.5 1.0"), platform.log, "played by the default, by its key");
        assertEquals(List.of("play", "draw"), core.complete("ann", new String[] {""}));
        assertEquals(1, platform.warnings.size(), platform.warnings.toString());
    }

    /**
     * The CPU time of the slow op below: far more than anything else a batch here costs, however
     * busy the machine (a thread waiting its turn for a core, tens of ms, shows in wall time only).
     */
    private static final long SLOW_OP_CPU_NANOS = 50_000_000;

    /** A platform where the message "slow" takes 50 ms of the server thread's CPU time, on top of the 1 ms every message takes. */
    private static TickingPlatform withASlowMessage(Path data) {
        return new TickingPlatform(data) {
            @Override
            public void sendMessage(String p, Object c) {
                super.sendMessage(p, c);        // 1 ms of the server thread
                if (c.toString().contains("slow")) {
                    var threads = java.lang.management.ManagementFactory.getThreadMXBean();
                    long end = threads.getCurrentThreadCpuTime() + SLOW_OP_CPU_NANOS;
                    while (threads.getCurrentThreadCpuTime() < end) {
                        Thread.onSpinWait();
                    }
                }
            }
        };
    }

    /** Three batches, the first with the slow message in its middle, applied tick by tick. */
    private static UnoCore applyThreeBatches(TickingPlatform platform) {
        UnoCore core = new UnoCore(platform, "test");
        core.queueBatch(OpBatch.parse("{\"ops\":[{\"op\":\"msg\",\"player\":\"ann\",\"c\":\"a\"},"
                + "{\"op\":\"msg\",\"player\":\"ann\",\"c\":\"slow\"},{\"op\":\"msg\",\"player\":\"ann\",\"c\":\"b\"}]}"));
        core.queueBatch(OpBatch.parse(messages(1, 2)));
        core.queueBatch(OpBatch.parse(messages(2, 2)));
        while (platform.tick()) {
            // the server thread
        }
        return core;
    }

    @Test
    void aBatchsCpuTimeIsItsOpsAndItsSlowestOpIsLogged() {
        // the JVM's first run of these paths (class loading: tens of ms, on whichever op comes first) on a throwaway core
        applyThreeBatches(withASlowMessage(dir.resolve("warm-up")));
        TickingPlatform platform = withASlowMessage(dir);
        List<String> infos = new ArrayList<>();
        platform.logger().addHandler(new java.util.logging.Handler() {
            @Override public void publish(java.util.logging.LogRecord r) { infos.add(r.getMessage()); }
            @Override public void flush() { }
            @Override public void close() { }
        });
        UnoCore core = applyThreeBatches(platform);
        assertEquals(3, core.stats().get("batches").getAsLong());
        double cpuMax = core.stats().get("cpu_max_us").getAsDouble();
        assertTrue(cpuMax >= SLOW_OP_CPU_NANOS / 1000, "the first batch's CPU time holds its middle op's 50 ms: " + cpuMax);
        assertTrue(core.stats().get("cpu_median_us").getAsDouble() < SLOW_OP_CPU_NANOS / 1000, "the others' is their own: " + core.stats());
        List<String> slow = infos.stream().filter(l -> l.startsWith("an op took") && l.contains("slow")).toList();
        assertEquals(1, slow.size(), "the batch with an op over 5 ms names it: " + infos);
        com.google.gson.JsonObject msg = core.stats().getAsJsonObject("op_kinds").getAsJsonObject("msg");
        assertEquals(7, msg.get("ops").getAsLong(), "every op counted under its kind");
        assertTrue(msg.get("mean_us").getAsDouble() >= 1_000, "each took its 1 ms at least: " + msg);
        assertTrue(core.opKindsLine().startsWith("server time per op kind (mean per op, ops): msg "), core.opKindsLine());
        assertTrue(core.opKindsLine().endsWith(" ms (7)"), core.opKindsLine());
        assertTrue(slow.get(0).contains("on the server thread (its batch ") && slow.get(0).endsWith("\"slow\"}"), slow.get(0));
    }

    @Test
    void textsAreBuiltOnTheEnginesThreadAndNeverOnTheServerThread() throws InterruptedException {
        TickingPlatform platform = new TickingPlatform(dir);
        UnoCore core = new UnoCore(platform, "test");
        platform.textThreads.clear();       // the core's own three messages, built once as it starts
        String batch = "{\"ops\":[{\"op\":\"msg\",\"player\":\"ann\",\"c\":{\"text\":\"hi\",\"bold\":true}},"
                + "{\"op\":\"actionbar\",\"player\":\"ann\",\"c\":\"your turn\"},"
                + "{\"op\":\"title\",\"player\":\"ann\",\"title\":\"UNO!\",\"subtitle\":\"ann\"},"
                + "{\"op\":\"sidebar\",\"player\":\"ann\",\"title\":\"Table\",\"lines\":[\"ann 7\",\"bob 3\"]},"
                + "{\"op\":\"strings\",\"player\":\"ann\",\"strings\":{\"paused\":\"paused!\"}}]}";
        Thread engine = new Thread(() -> core.queueBatch(OpBatch.parse(batch)), "engine-py4j");
        engine.start();
        engine.join();
        assertEquals(8, platform.textThreads.size(), "msg, action bar, title and subtitle, sidebar title and 2 lines, a string");
        assertTrue(platform.textThreads.stream().allMatch(t -> t == engine), "all built on the engine's thread: " + platform.textThreads);
        assertTrue(platform.log.isEmpty(), "nothing sent before a tick");
        while (platform.tick()) {
            // the server thread (this one) applies what was built
        }
        assertEquals(8, platform.textThreads.size(), "the server thread built no text: " + platform.textThreads);
        assertEquals(List.of("msg ann {\"text\":\"hi\",\"bold\":true}", "bar ann \"your turn\"", "title ann \"UNO!\" \"ann\"", "sidebar ann"),
                platform.log, "the built texts were sent, in order");
        assertEquals("\"Table\"|\"ann 7\"|\"bob 3\"", platform.scoreboards.get("ann"));
    }

    private static final String FACE_AND_CARD = "{\"ops\":[{\"op\":\"face\",\"key\":\"R5\",\"pixels\":\""
            + java.util.Base64.getEncoder().encodeToString(new byte[128 * 128]) + "\"},"
            + "{\"op\":\"items\",\"player\":\"ann\",\"slots\":{\"0\":{\"face\":\"R5\",\"name\":\"Red 5\",\"tag\":\"card:R5\"}}}]}";

    /** Ticks until no op is left, the inventory vault's disk work and what it hands back included (a slow first tick may carry ops over). */
    private static void ticksUntilDone(TickingPlatform platform, UnoCore core) {
        do {
            core.vault().awaitIdle();
        } while (platform.tick());
    }

    @Test
    void aFacesMapIsPreparedOnTheEnginesThreadAndTheServerThreadOnlyShowsIt() throws InterruptedException {
        TickingPlatform platform = new TickingPlatform(dir);
        UnoCore core = new UnoCore(platform, "test");
        Thread engine = new Thread(() -> core.queueBatch(OpBatch.parse(FACE_AND_CARD)), "engine-py4j");
        engine.start();
        engine.join();
        assertEquals(List.of(engine), platform.mapPrepareThreads, "the map made ready as the face arrived");
        assertEquals(List.of(), platform.mapShowThreads, "nothing shown before a tick");
        assertEquals(List.of("card:R5"), platform.prepared, "its id known at once, the card showing it is prepared off the server thread too");
        ticksUntilDone(platform, core);
        assertEquals(List.of(engine), platform.mapPrepareThreads, "the server thread prepared no map");
        assertEquals(List.of(Thread.currentThread()), platform.mapShowThreads, "shown on the server thread");
        assertEquals("card card:R5 map 100", platform.inventories.get("ann").get(0));
        assertEquals(List.of("R5"), core.faces().shownKeys());
        assertEquals(List.of(), platform.warnings);
    }

    @Test
    void whereTheIdComesOnlyWithTheMapTheCardWaitsForIt() {
        TickingPlatform platform = new TickingPlatform(dir);
        platform.idsOnPrepare = false;      // Bukkit: createMap on the main thread allocates the id
        UnoCore core = new UnoCore(platform, "test");
        core.queueBatch(OpBatch.parse(FACE_AND_CARD));
        assertEquals(1, platform.mapPrepareThreads.size());
        assertEquals(List.of(), platform.prepared, "no id yet: the card is described once the face is shown");
        ticksUntilDone(platform, core);
        assertEquals("card card:R5 map 100", platform.inventories.get("ann").get(0), "the card shows the id the map got");
        assertEquals(100, core.faces().idOf("R5"));
        assertEquals(List.of(), platform.warnings);
    }

    @Test
    void theFacesOfAnAttachAreWrittenInOneWriteNotOneEach() throws Exception {
        FakePlatform platform = new FakePlatform(dir);
        CardFaces faces = new CardFaces(dir.resolve("faces.properties"));
        java.util.concurrent.CountDownLatch hold = new java.util.concurrent.CountDownLatch(1);
        CardFaces.SAVER.execute(() -> {
            try {
                hold.await();       // the disk is slow: every face below is shown before the first write
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        long writes = CardFaces.writes();
        for (int i = 0; i < 55; i++) {
            faces.prepare(platform, "F" + i, new byte[128 * 128]).run();
        }
        hold.countDown();
        CardFaces.awaitSaves();
        assertEquals(1, CardFaces.writes() - writes, "one write for the 55 faces");
        CardFaces again = new CardFaces(dir.resolve("faces.properties"));
        for (int i = 0; i < 55; i++) {
            assertEquals(100 + i, again.idOf("F" + i), "every id written");
        }
        faces.prepare(platform, "F3", new byte[128 * 128]).run();
        CardFaces.awaitSaves();
        assertEquals(1, CardFaces.writes() - writes, "a face shown again on its own map writes nothing");
    }

    @Test
    void aTemplateIsBuiltOnceAndACopyChangesNotTheTemplate() {
        ItemTemplates<StringBuilder> templates = new ItemTemplates<>(item -> new StringBuilder(item.tag()), StringBuilder::new);
        Platform.CardItem r5 = new Platform.CardItem(3, null, new com.google.gson.JsonPrimitive("Red 5"), List.of(), false, "card:R5");
        assertEquals(0, templates.builds(), "found, not built yet");
        StringBuilder first = templates.of(r5).stack();
        first.append(" changed by its slot");
        assertEquals("card:R5", templates.of(r5).stack().toString(), "the template is as built");
        assertEquals(1, templates.builds());
        Platform.CardItem same = new Platform.CardItem(3, null, new com.google.gson.JsonPrimitive("Red 5"), List.of(), false, "card:R5");
        assertSame(templates.of(r5), templates.of(same).build(), "an equal item has the same template");
        assertEquals(1, templates.builds(), "an equal item uses the same template");
        for (int i = 0; i < ItemTemplates.MAX; i++) {
            templates.of(new Platform.CardItem(i, null, new com.google.gson.JsonPrimitive(""), List.of(), false, "t" + i)).build();
        }
        templates.of(r5).stack();
        assertEquals(ItemTemplates.MAX + 2, templates.builds(), "the least recently used template made room and is built again");
    }

    private static long warmUpFolders() throws java.io.IOException {
        try (var s = java.nio.file.Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("unocraft-warmup")).count();
        }
    }

    @Test
    void warmUpRunsEveryPreparationAndThePlatformsOwnWithoutAWarning() throws Exception {
        TickingPlatform platform = new TickingPlatform(dir);
        UnoCore core = new UnoCore(platform, "test");
        long folders = warmUpFolders();
        core.warmUp();
        assertEquals(folders, warmUpFolders(), "the rehearsal's temporary folder is gone");
        try (var s = java.nio.file.Files.list(dir)) {
            assertEquals(List.of(), s.toList(), "the rehearsal wrote nothing in the plugin's folder");
        }
        assertEquals(1, platform.warmUps);
        assertEquals(List.of("-"), platform.prepared, "the sample item was prepared");
        assertEquals(List.of(), platform.mapPrepareThreads, "no map of the server's own made or numbered (the face is rehearsed)");
        assertEquals(0, core.faces().size());
        assertEquals(List.of(), platform.warnings);
        assertTrue(platform.nextTick.isEmpty() && platform.log.isEmpty(), "nothing reached the server thread");
        assertEquals(0, core.stats().get("batches").getAsLong());
    }

    @Test
    void anEnginesHelloWaitsForTheWarmUpToEnd() throws Exception {
        java.util.concurrent.CountDownLatch inWarmUp = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        TickingPlatform platform = new TickingPlatform(dir) {
            @Override
            public void warmUp() {
                inWarmUp.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        UnoCore core = new UnoCore(platform, "test");
        Bridge bridge = new Bridge(core);
        assertTrue(com.google.gson.JsonParser.parseString(bridge.hello("{\"protocol\":" + Bridge.PROTOCOL + ",\"version\":\"x\"}")).getAsJsonObject().has("online"),
                "no warm-up started (tests, the rehearsal's core): hello answers at once");
        core.startWarmUp();
        inWarmUp.await();
        java.util.concurrent.atomic.AtomicReference<String> answer = new java.util.concurrent.atomic.AtomicReference<>();
        Thread engine = new Thread(() -> answer.set(bridge.hello("{\"protocol\":" + Bridge.PROTOCOL + ",\"version\":\"x\"}")), "py4j");
        engine.start();
        while (engine.getState() != Thread.State.TIMED_WAITING && engine.getState() != Thread.State.TERMINATED) {
            Thread.onSpinWait();        // until it waits for the warm-up (or has answered)
        }
        assertEquals(null, answer.get(), "no answer while the warm-up runs");
        release.countDown();
        engine.join();
        assertTrue(answer.get().contains("\"online\""), "then the usual answer: " + answer.get());
    }
}
