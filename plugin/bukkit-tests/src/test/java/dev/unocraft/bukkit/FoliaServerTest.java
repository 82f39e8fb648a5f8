package dev.unocraft.bukkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.unocraft.probe.PluginCode;
import io.papermc.paper.threadedregions.scheduler.ScheduledTask;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.bukkit.Bukkit;
import org.bukkit.Material;
import org.bukkit.inventory.ItemStack;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockbukkit.mockbukkit.MockBukkit;
import org.mockbukkit.mockbukkit.plugin.PluginMock;

/**
 * The Folia harness itself ({@link FoliaServer}, {@link FoliaPlayer}), without the plugin: its schedulers run
 * where and in the order Folia's do, and its checks catch what the plugin must not do on Folia. "The plugin's
 * code" here is {@link PluginCode} (a class the checks count as the plugin's).
 */
class FoliaServerTest {
    FoliaServer server;
    PluginMock plugin;
    FoliaPlayer ann;
    FoliaPlayer bob;

    @BeforeEach
    void start() throws Exception {
        server = MockBukkit.mock(new FoliaServer());
        server.addSimpleWorld("world");
        plugin = MockBukkit.createMockPlugin("probe");
        ann = new FoliaPlayer(server, "ann");
        bob = new FoliaPlayer(server, "bob");
        ann.region().call(() -> {
            server.addPlayer(ann);
            return null;
        });
        bob.region().call(() -> {
            server.addPlayer(bob);
            return null;
        });
        assertTrue(server.awaitRegionsIdle(10_000));
        server.settled();
    }

    @AfterEach
    void stop() throws Exception {
        server.shutdown(MockBukkit::unmock);
        server.close();
    }

    private List<String> takeViolations() {
        List<String> v = server.violations();
        server.clearViolations();
        return v;
    }

    private static boolean has(List<String> violations, String start) {
        return violations.stream().anyMatch(v -> v.startsWith(start));
    }

    @Test
    void theServerIsFolia() {
        assertEquals("Folia", Bukkit.getServer().getName());
        assertTrue(Bukkit.getServer().getName().equalsIgnoreCase("folia"));
    }

    @Test
    void aPlayersTasksRunOnTheirRegionThreadInOrder() throws Exception {
        List<Integer> order = Collections.synchronizedList(new ArrayList<>());
        List<String> threads = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 200; i++) {
            int n = i;
            Runnable task = () -> {
                order.add(n);
                threads.add(Thread.currentThread().getName());
                ann.getInventory().setItem(9, new ItemStack(Material.DIRT, 1 + n % 64));     // its own region: allowed
            };
            if (i % 2 == 0) {
                assertTrue(ann.getScheduler().execute(plugin, () -> PluginCode.run(task), null, 1));
            } else {
                assertNotNull(ann.getScheduler().run(plugin, t -> PluginCode.run(task), null));
            }
        }
        server.advanceTick();
        assertTrue(server.awaitRegionsIdle(10_000));
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            expected.add(i);
        }
        assertEquals(expected, order);
        assertEquals(List.of("Region of ann"), threads.stream().distinct().toList());
        assertEquals(List.of(), takeViolations());
    }

    @Test
    void globalTasksRunOnTheGlobalRegionThreadAndDelayedOnesAfterTheirTicks() throws Exception {
        List<String> ran = Collections.synchronizedList(new ArrayList<>());
        server.getGlobalRegionScheduler().execute(plugin, () -> ran.add("now on " + Thread.currentThread().getName()));
        ScheduledTask later = server.getGlobalRegionScheduler().runDelayed(plugin, t -> ran.add("later"), 3);
        ScheduledTask cancelled = server.getGlobalRegionScheduler().runDelayed(plugin, t -> ran.add("cancelled"), 2);
        assertEquals(ScheduledTask.CancelledState.CANCELLED_BY_CALLER, cancelled.cancel());
        assertTrue(server.awaitRegionsIdle(10_000));
        assertEquals(List.of(), ran, "nothing runs within the tick it was scheduled in");
        server.advanceTick();
        assertTrue(server.awaitRegionsIdle(10_000));
        assertEquals(List.of("now on Folia global region"), ran);
        assertEquals(1, server.pendingOneShots());
        server.advanceTick();
        server.advanceTick();
        assertTrue(server.awaitRegionsIdle(10_000));
        assertEquals(List.of("now on Folia global region", "later"), ran);
        assertEquals(ScheduledTask.ExecutionState.FINISHED, later.getExecutionState());
        assertEquals(0, server.pendingOneShots());
        assertThrows(IllegalArgumentException.class, () -> server.getGlobalRegionScheduler().runDelayed(plugin, t -> { }, 0));
    }

    @Test
    void aTaskForAPlayerWhoQuitRunsItsRetiredCallback() throws Exception {
        List<String> ran = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch hold = new CountDownLatch(1);
        ann.getScheduler().execute(plugin, () -> {
            try {
                hold.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, null, 1);
        ann.getScheduler().execute(plugin, () -> ran.add("ran"), () -> ran.add("retired on " + Thread.currentThread().getName()), 1);
        server.advanceTick();       // both fall due: the first holds ann's region, the second waits behind it
        Thread quit = new Thread(() -> {
            try {
                ann.region().call(ann::disconnect);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        quit.start();
        Thread.sleep(50);
        hold.countDown();
        quit.join(10_000);
        assertTrue(server.awaitRegionsIdle(10_000));
        // the order on the region was: hold, second task, quit (queued behind both); so the second ran. Now tasks after the quit:
        assertEquals(List.of("ran"), ran);
        assertFalse(ann.getScheduler().execute(plugin, () -> ran.add("after quit"), () -> ran.add("after quit, retired"), 1));
        assertNull(ann.getScheduler().run(plugin, t -> ran.add("after quit"), null));
        // a delayed task that falls due after the quit and rejoin: retired (the rejoined player is another entity)
        ann.region().call(ann::reconnect);
        ann.getScheduler().runDelayed(plugin, t -> ran.add("delayed"), () -> ran.add("delayed, retired"), 2);
        ann.region().call(ann::disconnect);
        ann.region().call(ann::reconnect);
        server.advanceTick();
        server.advanceTick();
        assertTrue(server.awaitRegionsIdle(10_000));
        assertEquals(List.of("ran", "delayed, retired"), ran);
        assertEquals(List.of(), takeViolations());
    }

    @Test
    void aPlacesWorkRunsOnTheRegionOwningItsChunkAndOnlyThereAreItsDisplaysTouched() throws Exception {
        CheckedWorld w = new CheckedWorld(server, "tables");
        server.addWorld(w);
        FoliaServer.RegionThread here = server.chunkRegion(w, 0, 0);
        assertEquals(here, server.chunkRegion(w, 7, 7), "one region for the chunks around a place");
        assertFalse(here == server.chunkRegion(w, 8, 0), "another region further away");
        List<String> ran = Collections.synchronizedList(new ArrayList<>());
        server.getRegionScheduler().execute(plugin, w, 1, 2, () -> ran.add(Thread.currentThread().getName()
                + (server.isOwnedByCurrentRegion(w, 1, 2) ? " (owns 1, 2)" : "") + (server.isOwnedByCurrentRegion(w, 9, 2) ? " (owns 9, 2)" : "")));
        assertTrue(server.awaitRegionsIdle(10_000));
        assertEquals(List.of(), ran, "never within the tick it was scheduled in");
        server.advanceTick();
        assertTrue(server.awaitRegionsIdle(10_000));
        assertEquals(List.of(here.name + " (owns 1, 2)"), ran);

        // a display entity: spawned and changed by the plugin only on its chunk's region
        org.bukkit.Location at = new org.bukkit.Location(w, 3.5, 64, 3.5);
        org.bukkit.entity.TextDisplay text = here.call(() -> PluginCode.call(() -> w.spawn(at, org.bukkit.entity.TextDisplay.class, d -> d.setPersistent(false))));
        assertEquals(List.of(), takeViolations());
        assertEquals(here.name, ((CheckedWorld.Recorded) text).spawnedOn());
        server.global.call(() -> PluginCode.call(() -> w.spawn(at, org.bukkit.entity.ItemDisplay.class, d -> { })));
        ann.region().call(() -> {
            PluginCode.run(() -> text.setGlowing(true));
            return null;
        });
        List<String> v = takeViolations();
        assertEquals(2, v.size(), v.toString());
        assertTrue(v.get(0).startsWith("Entity.World.spawn on thread Folia global region: only on the region thread owning chunk 0, 0"), v.get(0));
        assertTrue(v.get(1).startsWith("Entity.Display.setGlowing on thread Region of ann: only on the region thread owning chunk 0, 0"), v.get(1));
        text.setGlowing(false);      // the harness's own (no plugin code): free
        assertEquals(List.of(), takeViolations());

        // its scheduler: on that region, the next tick; retired once the entity is gone
        text.getScheduler().run(plugin, t -> ran.add("entity task on " + Thread.currentThread().getName()), () -> ran.add("retired"));
        server.advanceTick();
        assertTrue(server.awaitRegionsIdle(10_000));
        text.getScheduler().run(plugin, t -> ran.add("not run"), () -> ran.add("retired"));
        here.call(() -> {
            text.remove();
            return null;
        });
        server.advanceTick();
        assertTrue(server.awaitRegionsIdle(10_000));
        assertEquals(List.of(here.name + " (owns 1, 2)", "entity task on " + here.name, "retired"), ran);
    }

    @Test
    void thePluginsWrongCallsAreViolations() throws Exception {
        // the Bukkit scheduler, anywhere
        ann.region().call(PluginCode::bukkitScheduler);
        PluginCode.bukkitScheduler();
        List<String> v = takeViolations();
        assertEquals(2, v.size(), v.toString());
        assertTrue(v.stream().allMatch(s -> s.startsWith("Bukkit scheduler (getScheduler) on thread")), v.toString());
        server.mockScheduler();      // the harness's own ticking: not a violation
        PluginCode.call(() -> Bukkit.getCurrentTick());      // MockBukkit asks for its scheduler here, not the plugin
        assertEquals(List.of(), takeViolations());
        PluginCode.regionScheduler();      // work at a place (a table's entities): on the region that owns it
        assertEquals(List.of(), takeViolations());
        server.getGlobalRegionScheduler();
        ann.getScheduler();
        assertEquals(List.of(), takeViolations());

        // a player's inventory, messages and location: only on their own region thread
        ann.region().call(() -> PluginCode.call(() -> ann.getInventory().getItem(0)));
        ann.region().call(() -> {
            PluginCode.run(() -> ann.sendMessage("hi"));
            return null;
        });
        assertEquals(List.of(), takeViolations());
        bob.region().call(() -> PluginCode.call(() -> ann.getInventory().getItem(0)));
        server.global.call(() -> PluginCode.call(ann::getLocation));
        Thread py4j = new Thread(() -> PluginCode.call(() -> ann.getInventory()), "py4j-like");
        py4j.start();
        py4j.join();
        v = takeViolations();
        assertTrue(has(v, "Player.inventory.getItem on thread Region of bob: only on ann's region thread"), v.toString());
        assertTrue(has(v, "Player.getLocation on thread Folia global region: only on ann's region thread"), v.toString());
        assertTrue(has(v, "Player.getInventory on thread py4j-like: only on ann's region thread"), v.toString());
        assertEquals(4, v.size(), v.toString());      // (on bob's region: getInventory, then its getItem)

        // a method reference the plugin hands over (no frame of the plugin's own methods, a hidden class named after it)
        server.global.call(() -> {
            PluginCode.runLater(ann::updateInventory).run();
            return null;
        });
        v = takeViolations();
        assertEquals(1, v.size(), v.toString());
        assertTrue(v.get(0).startsWith("Player.updateInventory on thread Folia global region: only on ann's region thread"), v.get(0));

        // the scoreboard: never
        ann.region().call(() -> PluginCode.call(ann::getScoreboard));
        server.global.call(() -> PluginCode.call(Bukkit::getScoreboardManager));
        v = takeViolations();
        assertEquals(2, v.size(), v.toString());
        assertTrue(v.stream().allMatch(s -> s.contains("Folia does not support the scoreboard API")), v.toString());

        // maps: on the global region thread only
        server.global.call(() -> PluginCode.call(() -> Bukkit.createMap(server.getWorlds().get(0))));
        assertEquals(List.of(), takeViolations());
        ann.region().call(() -> PluginCode.call(() -> Bukkit.createMap(server.getWorlds().get(0))));
        v = takeViolations();
        assertEquals(1, v.size(), v.toString());
        assertTrue(v.get(0).startsWith("createMap on thread Region of ann: maps only on the global region thread"), v.get(0));

        // player lookups: on any region thread or the global one, not elsewhere
        ann.region().call(() -> PluginCode.call(() -> Bukkit.getPlayerExact("bob")));
        server.global.call(() -> PluginCode.call(Bukkit::getOnlinePlayers));
        assertEquals(List.of(), takeViolations());
        Thread other = new Thread(() -> PluginCode.call(() -> Bukkit.getPlayerExact("ann")), "vault-like");
        other.start();
        other.join();
        v = takeViolations();
        assertEquals(1, v.size(), v.toString());
        assertTrue(v.get(0).startsWith("getPlayerExact on thread vault-like: only on a region thread or the global one"), v.get(0));

        // the test thread reads a player only while settled
        ann.getInventory().getItem(0);
        assertEquals(List.of(), takeViolations());
        server.unsettle();
        ann.getInventory().getItem(0);
        v = takeViolations();
        assertEquals(2, v.size(), v.toString());      // getInventory, then its getItem
        assertTrue(v.stream().allMatch(s -> s.contains("on thread main: the test thread touched ann while the server is not settled")), v.toString());
    }

    @Test
    void aTaskThatThrowsIsRecorded() throws Exception {
        ann.getScheduler().execute(plugin, () -> {
            throw new IllegalStateException("boom");
        }, null, 1);
        server.advanceTick();
        assertTrue(server.awaitRegionsIdle(10_000));
        List<String> v = takeViolations();
        assertEquals(1, v.size(), v.toString());
        assertTrue(v.get(0).startsWith("a task threw on Region of ann: java.lang.IllegalStateException: boom"), v.get(0));
    }

    @Test
    void atAStopTheRegionsHaltAndTheShutdownThreadOwnsThemAll() throws Exception {
        List<String> ran = Collections.synchronizedList(new ArrayList<>());
        server.shutdown(() -> {
            PluginCode.call(() -> ann.getInventory().getItem(0));     // onDisable may give items back on the shutdown thread
            ann.getScheduler().execute(plugin, () -> ran.add("after the stop"), null, 1);
        });
        server.advanceTick();
        assertTrue(server.awaitRegionsIdle(10_000));
        assertEquals(List.of(), ran, "nothing runs on a halted region");
        assertEquals(List.of(), takeViolations());
    }
}
