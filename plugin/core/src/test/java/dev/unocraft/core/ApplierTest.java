package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    static final class TickingPlatform extends FakePlatform {
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

        @Override public void prepare(CardItem item) { prepared.add(item.tag()); }
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

    @Test
    void aTemplateIsBuiltOnceAndACopyChangesNotTheTemplate() {
        ItemTemplates<StringBuilder> templates = new ItemTemplates<>(item -> new StringBuilder(item.tag()), StringBuilder::new);
        Platform.CardItem r5 = new Platform.CardItem(3, null, new com.google.gson.JsonPrimitive("Red 5"), List.of(), false, "card:R5");
        StringBuilder first = templates.get(r5);
        first.append(" changed by its slot");
        assertEquals("card:R5", templates.get(r5).toString(), "the template is as built");
        assertEquals(1, templates.builds());
        Platform.CardItem same = new Platform.CardItem(3, null, new com.google.gson.JsonPrimitive("Red 5"), List.of(), false, "card:R5");
        templates.prepare(same);
        assertEquals(1, templates.builds(), "an equal item uses the same template");
        for (int i = 0; i < ItemTemplates.MAX; i++) {
            templates.prepare(new Platform.CardItem(i, null, new com.google.gson.JsonPrimitive(""), List.of(), false, "t" + i));
        }
        templates.get(r5);
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
        assertEquals(List.of(), platform.warnings);
        assertTrue(platform.nextTick.isEmpty() && platform.log.isEmpty(), "nothing reached the server thread");
        assertEquals(0, core.stats().get("batches").getAsLong());
    }
}
