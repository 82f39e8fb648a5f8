package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.unocraft.core.ApplierTest.TickingPlatform;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The inventory vault off the server thread (issue 9): the disk is written, synced and read on the
 * vault's own thread, the inventory is cleared only once its file is durable, and a crash at any
 * point leaves the player's items in the inventory or in the vault file.
 */
class VaultTest {
    @TempDir
    Path dir;

    private static final Map<Integer, String> OWN = Map.of(3, "sword", 7, "bread x3");
    private static final String DEAL = "{\"ops\":[{\"op\":\"items\",\"player\":\"ann\",\"slots\":{\"0\":{\"material\":\"paper\",\"name\":\"R5\",\"tag\":\"card:R5\"}},\"held\":0}]}";
    private static final String RESTORE = "{\"ops\":[{\"op\":\"restore\",\"player\":\"ann\"}]}";

    private TickingPlatform platformWithOwnItems(Path data) {
        TickingPlatform platform = new TickingPlatform(data);
        platform.inventories.put("ann", new HashMap<>(OWN));
        return platform;
    }

    /**
     * A core whose every tick applies all that is queued: these tests step through the vault's work
     * tick by tick, and a busy machine must not carry an op over to a later tick than they expect
     * (the budget itself: {@link ApplierTest}).
     */
    private static UnoCore coreOf(TickingPlatform platform) {
        UnoCore core = new UnoCore(platform, "test");
        core.tickBudget(60_000_000);
        return core;
    }

    private static List<String> vaultFiles(Path data) throws IOException {
        if (!Files.isDirectory(data.resolve("vault"))) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(data.resolve("vault"))) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /**
     * The server crashes now, with the player's inventory as it is and the vault folder as it is on
     * disk: after a restart and the player's join, their inventory must hold their own items. The
     * vault's thread may be writing, renaming or deleting meanwhile: a file listed that is gone when
     * it is copied is left out, as a crash just after it went would find it gone.
     */
    private Map<Integer, String> afterACrashNow(TickingPlatform now, String moment) throws IOException {
        Path copy = Files.createDirectories(dir.resolve("crash-" + moment));
        if (Files.isDirectory(now.data.resolve("vault"))) {
            Files.createDirectories(copy.resolve("vault"));
            for (String f : vaultFiles(now.data)) {
                try {
                    Files.copy(now.data.resolve("vault").resolve(f), copy.resolve("vault").resolve(f));
                } catch (NoSuchFileException gone) {
                    // renamed into place or deleted by the vault's thread since the listing
                }
            }
        }
        TickingPlatform restarted = new TickingPlatform(copy);
        restarted.inventories.put("ann", new HashMap<>(now.inventories.get("ann")));
        UnoCore core = coreOf(restarted);
        core.onJoin("ann");
        core.vault().awaitIdle();
        while (restarted.tick()) {
            core.vault().awaitIdle();
        }
        return restarted.inventories.get("ann");
    }

    /**
     * Keeps the vault's thread busy until the returned task runs: a write handed to it in the next tick
     * waits, so that its follow-up cannot join that same tick (a loaded machine's slow op would let it).
     */
    private static Runnable holdVaultThread(UnoCore core) {
        java.util.concurrent.CountDownLatch latch = new java.util.concurrent.CountDownLatch(1);
        core.vault().submit(() -> {
            try {
                latch.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return latch::countDown;
    }

    @Test
    void theInventoryIsClearedOnlyOnceItsFileIsOnDiskAndACrashAtAnyPointLosesNothing() throws IOException {
        TickingPlatform platform = platformWithOwnItems(dir.resolve("server"));
        UnoCore core = coreOf(platform);
        core.onJoin("ann");
        assertEquals(OWN, afterACrashNow(platform, "before"));

        core.queueBatch(OpBatch.parse(DEAL));
        Runnable release = holdVaultThread(core);
        platform.tick();                      // the op: a copy taken, the write handed to the vault's thread
        assertEquals(OWN, platform.inventories.get("ann"), "not cleared before the file is durable");
        assertTrue(core.vault().holds("ann"));
        assertEquals(OWN, afterACrashNow(platform, "while-writing"));

        release.run();
        core.vault().awaitIdle();
        assertEquals(List.of("uuid-of-ann.inv"), vaultFiles(platform.data));
        assertEquals(OWN, platform.inventories.get("ann"), "cleared on the main thread only, in a tick");
        assertEquals(OWN, afterACrashNow(platform, "written"));

        platform.tick();                      // the file is durable: cleared, the card put in
        assertEquals(Map.of(0, "card card:R5 map -1"), platform.inventories.get("ann"));
        assertTrue(platform.log.contains("held ann 0"), platform.log.toString());
        assertEquals(OWN, afterACrashNow(platform, "dealt"));

        core.queueBatch(OpBatch.parse(RESTORE));
        platform.tick();                      // back from memory at once; the file is set aside on the vault's thread
        assertEquals(OWN, platform.inventories.get("ann"));
        assertFalse(core.vault().holds("ann"));
        assertEquals(OWN, afterACrashNow(platform, "restored"));
        core.vault().awaitIdle();
        assertEquals(List.of("uuid-of-ann.returned"), vaultFiles(platform.data), "until the server has saved her");
        core.onQuit("ann");                   // the server saves her data (the items back in it)
        core.onJoin("ann");                   // and loads it: no cards, so the file goes
        core.vault().awaitIdle();
        assertEquals(OWN, platform.inventories.get("ann"));
        assertEquals(List.of(), vaultFiles(platform.data));
        assertEquals(List.of(), platform.warnings);
    }

    /**
     * The server keeps a player's data from its last save, which may be from mid-game (cards, no own
     * items). The items given back at the game's end must survive a crash before the server saves her
     * again: her next join, on the data it saved last, gives them back once; after a save that has
     * them, nothing is given twice, and nothing she did since is rolled back.
     */
    @Test
    void itemsGivenBackSurviveACrashBeforeTheServerSavesThePlayerAgain() throws IOException {
        TickingPlatform platform = platformWithOwnItems(dir.resolve("server"));
        UnoCore core = coreOf(platform);
        core.onJoin("ann");
        core.queueBatch(OpBatch.parse(DEAL));
        platform.tick();
        core.vault().awaitIdle();
        platform.tick();
        Map<Integer, String> midGame = new HashMap<>(platform.inventories.get("ann"));      // the server's autosave
        assertEquals(Map.of(0, "card card:R5 map -1"), midGame);
        core.queueBatch(OpBatch.parse(RESTORE));
        platform.tick();
        core.vault().awaitIdle();
        assertEquals(OWN, platform.inventories.get("ann"));

        // a crash now: the server restarts on the data it saved mid-game
        assertEquals(OWN, restartWith(platform, "crash", midGame), "the items given back come back");
        // a crash after the server saved her with the items (and she ate the bread since): nothing doubled, nothing rolled back
        Map<Integer, String> since = new HashMap<>(OWN);
        since.remove(7);
        assertEquals(since, restartWith(platform, "saved", since), "the data the server saved stands");
        // a new game began (a new save of her items): the old file is gone, the new one holds them
        core.queueBatch(OpBatch.parse(DEAL));
        platform.tick();
        core.vault().awaitIdle();
        platform.tick();
        core.vault().awaitIdle();
        assertEquals(List.of("uuid-of-ann.inv"), vaultFiles(platform.data));
        assertEquals(OWN, restartWith(platform, "next-game", new HashMap<>(platform.inventories.get("ann"))));
    }

    /** The server restarts on {@code saved} (her player data as it last saved it) and the vault folder as it is. */
    private Map<Integer, String> restartWith(TickingPlatform now, String moment, Map<Integer, String> saved) throws IOException {
        Path copy = Files.createDirectories(dir.resolve("restart-" + moment).resolve("vault"));
        for (String f : vaultFiles(now.data)) {
            Files.copy(now.data.resolve("vault").resolve(f), copy.resolve(f));
        }
        TickingPlatform restarted = new TickingPlatform(copy.getParent());
        restarted.inventories.put("ann", new HashMap<>(saved));
        UnoCore core = coreOf(restarted);
        core.onJoin("ann");
        core.vault().awaitIdle();
        while (restarted.tick()) {
            core.vault().awaitIdle();
        }
        Map<Integer, String> back = new HashMap<>(restarted.inventories.get("ann"));
        core.onQuit("ann");          // the server saves her as she is
        core.onJoin("ann");          // and loads it: no cards, the file goes, nothing is given twice
        core.vault().awaitIdle();
        while (restarted.tick()) {
            core.vault().awaitIdle();
        }
        assertEquals(back, restarted.inventories.get("ann"), moment + ": given once");
        assertEquals(List.of(), vaultFiles(restarted.data), moment + ": settled");
        return back;
    }

    @Test
    void anInventoryThatChangesWhileItIsWrittenIsWrittenAgainNotLost() throws IOException {
        TickingPlatform platform = platformWithOwnItems(dir);
        UnoCore core = coreOf(platform);
        core.queueBatch(OpBatch.parse(DEAL));
        Runnable release = holdVaultThread(core);
        platform.tick();
        platform.inventories.get("ann").put(9, "apple");      // picked up while the copy was on its way to disk
        release.run();
        core.vault().awaitIdle();
        platform.tick();                      // not what was written: written again, not cleared
        assertTrue(platform.inventories.get("ann").containsKey(9));
        assertFalse(platform.inventories.get("ann").containsKey(0), "no card before the new contents are on disk");
        core.vault().awaitIdle();
        Map<Integer, String> all = new HashMap<>(OWN);
        all.put(9, "apple");
        assertTrue(Files.readString(dir.resolve("vault/uuid-of-ann.inv")).contains("9=apple"));
        assertEquals(all, afterACrashNow(platform, "rewritten"));
        platform.tick();
        assertEquals(Map.of(0, "card card:R5 map -1"), platform.inventories.get("ann"));
        assertEquals(all, afterACrashNow(platform, "dealt"));
        core.queueBatch(OpBatch.parse(RESTORE));
        platform.tick();
        assertEquals(all, platform.inventories.get("ann"));
    }

    @Test
    void aQuitOrARestoreWhileTheFileIsWrittenLeavesTheItemsWhereTheyAreAndNoFile() throws IOException {
        for (String way : List.of("quit", "restore")) {
            Path data = dir.resolve(way);
            TickingPlatform platform = platformWithOwnItems(data);
            UnoCore core = coreOf(platform);
            core.queueBatch(OpBatch.parse(DEAL));
            platform.tick();
            if (way.equals("quit")) {
                core.onQuit("ann");
            } else {
                core.queueBatch(OpBatch.parse(RESTORE));
                platform.tick();
            }
            assertFalse(core.vault().holds("ann"), way);
            core.vault().awaitIdle();
            while (platform.tick()) {
                core.vault().awaitIdle();
            }
            assertEquals(OWN, platform.inventories.get("ann"), way + ": never cleared, and no card dealt after it");
            assertEquals(List.of(), vaultFiles(data), way + ": the file written meanwhile is deleted after its write");
        }
    }

    @Test
    void anInventoryThatCannotBeSavedIsNotTouched() throws IOException {
        TickingPlatform platform = platformWithOwnItems(dir);
        Files.writeString(dir.resolve("vault"), "a file where the vault folder should be");
        UnoCore core = coreOf(platform);
        core.queueBatch(OpBatch.parse(DEAL));
        platform.tick();
        core.vault().awaitIdle();
        platform.tick();
        core.vault().awaitIdle();
        assertEquals(OWN, platform.inventories.get("ann"));
        assertFalse(core.vault().holds("ann"));
        assertEquals(1, platform.warnings.size(), platform.warnings.toString());
        assertTrue(platform.warnings.get(0).contains("cannot save the inventory of ann"), platform.warnings.get(0));
    }

    @Test
    void cardsDealtBeforeACrashFileIsReadWaitForTheItemsToGoBackFirst() throws IOException {
        Files.createDirectories(dir.resolve("vault"));
        Files.writeString(dir.resolve("vault/uuid-of-ann.inv"), "3=sword\n7=bread x3\n");   // left by a crash
        TickingPlatform platform = new TickingPlatform(dir);
        platform.inventories.put("ann", new HashMap<>(Map.of(0, "card card:G2 map -1")));  // the stale cards
        UnoCore core = coreOf(platform);
        core.onJoin("ann");
        core.queueBatch(OpBatch.parse(DEAL));       // the resumed table deals again before the file is read
        for (int i = 0; i < 4; i++) {           // read, back; saved again; cleared, dealt
            platform.tick();
            core.vault().awaitIdle();
        }
        assertEquals(Map.of(0, "card card:R5 map -1"), platform.inventories.get("ann"));
        assertEquals("3=sword\n7=bread x3\n", Files.readString(dir.resolve("vault/uuid-of-ann.inv")),
                "the items that went back are saved again before the new cards went in");
    }

    @Test
    void theVaultNeverTouchesTheDiskOnTheServerThread() throws Exception {
        Files.createDirectories(dir.resolve("vault"));
        Files.writeString(dir.resolve("vault/uuid-of-bob.inv"), "1=shield\n");     // a crash left bob's items
        TickingPlatform platform = platformWithOwnItems(dir);
        platform.inventories.put("bob", new HashMap<>());
        UnoCore core = coreOf(platform);
        @SuppressWarnings("deprecation") long server = Thread.currentThread().getId();   // threadId() is Java 19+; the core targets 17     // this test's thread runs the ticks
        List<RecordedEvent> events;
        try (Recording r = new Recording()) {
            for (String e : List.of("jdk.FileWrite", "jdk.FileRead", "jdk.FileForce")) {
                r.enable(e).withThreshold(Duration.ZERO).withStackTrace();
            }
            r.start();
            core.onJoin("bob");
            core.queueBatch(OpBatch.parse(DEAL));
            for (int i = 0; i < 3; i++) {
                platform.tick();
                core.vault().awaitIdle();
            }
            assertEquals(Map.of(0, "card card:R5 map -1"), platform.inventories.get("ann"));
            assertEquals(Map.of(1, "shield"), platform.inventories.get("bob"));
            core.queueBatch(OpBatch.parse(RESTORE));
            platform.tick();
            core.vault().awaitIdle();
            assertEquals(OWN, platform.inventories.get("ann"));
            r.stop();
            Path out = dir.resolve("io.jfr");
            r.dump(out);
            events = RecordingFile.readAllEvents(out);
        }
        String vault = dir.resolve("vault").toString();
        List<RecordedEvent> vaultIo = events.stream()
                .filter(e -> e.hasField("path") && e.getString("path") != null && e.getString("path").startsWith(vault)).toList();
        List<RecordedEvent> onServer = vaultIo.stream().filter(e -> e.getThread().getJavaThreadId() == server).toList();
        assertEquals(List.of(), onServer, "file I/O of the vault on the server thread");
        for (String kind : List.of("jdk.FileWrite", "jdk.FileForce", "jdk.FileRead")) {
            assertTrue(vaultIo.stream().anyMatch(e -> e.getEventType().getName().equals(kind)
                    && e.getThread().getJavaName().equals("unocraft-vault")), kind + " on the vault's thread: " + vaultIo);
        }
    }

    @Test
    void theWarmUpStartsTheVaultsThreadSoTheFirstSaveDoesNotOnTheMainThread() {
        TickingPlatform platform = platformWithOwnItems(dir);
        UnoCore core = coreOf(platform);
        assertEquals(null, core.vault().thread(), "not started by the core's construction");
        core.warmUp();
        Thread started = core.vault().thread();
        assertTrue(started != null && started.isAlive(), "started by the warm-up");
        core.queueBatch(OpBatch.parse(DEAL));
        platform.tick();
        core.vault().awaitIdle();
        assertSame(started, core.vault().thread(), "the first save used it and started no other");
        while (platform.tick()) {
            // the clear and the cards, once the file is durable
        }
        assertEquals("card card:R5 map -1", platform.inventories.get("ann").get(0), "dealt as before");
    }
}
