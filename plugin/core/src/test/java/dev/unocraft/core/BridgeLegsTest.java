package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bridge's timing of each leg of a player's input (issue 9 item 5): which batch answers which events, and where the time went. */
class BridgeLegsTest {
    @TempDir
    Path dir;

    private static final String MSG = "{\"ops\":[{\"op\":\"msg\",\"player\":\"ann\",\"c\":\"a\"},{\"op\":\"msg\",\"player\":\"ann\",\"c\":\"b\"}]}";

    private static long[] leg(UnoCore core, String name) {
        JsonObject o = core.stats().getAsJsonObject("legs").getAsJsonObject(name);
        return new long[] {o.get("n").getAsLong(), Math.round(o.get("median_us").getAsDouble()), Math.round(o.get("max_us").getAsDouble())};
    }

    @Test
    void eachLegOfAnAnsweredBatchIsTimedWhereItsTimeWasSpent() throws Exception {
        ApplierTest.TickingPlatform platform = new ApplierTest.TickingPlatform(dir);
        UnoCore core = new UnoCore(platform, "test");
        core.tickBudget(1_000_000);                         // one tick applies the whole batch, however busy the machine
        Bridge bridge = new Bridge(core);
        core.onInventoryClick("ann", 3, "card:R5");
        core.onInventoryClick("ann", 4, "card:G2");
        core.onChat("ann");                                 // answers nobody: not timed
        Thread.sleep(20);                                   // waiting in the queue
        assertEquals(3, JsonParser.parseString(bridge.pollEvents(0)).getAsJsonArray().size());
        Thread.sleep(30);                                   // "the engine" thinks
        bridge.applyOps(MSG);                               // read and prepared in the call
        Thread.sleep(40);                                   // the next tick comes
        assertEquals(0, leg(core, "total")[0], "not applied before the tick");
        assertTrue(platform.tick());
        assertEquals(2, platform.log.size());               // the two messages: 1 ms each on the server thread

        long[] queue = leg(core, "queue");
        assertEquals(2, queue[0], "one queue time per action");
        assertTrue(queue[1] >= 20_000, "queue " + queue[1] + " us");
        long[] engine = leg(core, "engine");
        assertEquals(1, engine[0]);
        assertTrue(engine[1] >= 30_000, "engine " + engine[1] + " us");
        long[] wait = leg(core, "wait");
        assertTrue(wait[1] >= 40_000, "wait for the server thread " + wait[1] + " us");
        long[] apply = leg(core, "apply");
        assertTrue(apply[1] >= 2_000, "both ops applied within the leg: " + apply[1] + " us");
        long[] total = leg(core, "total");
        assertEquals(2, total[0], "one total per action");
        assertTrue(total[2] >= 20_000 + 30_000 + 40_000 + 2_000, "total " + total[2] + " us");
        assertTrue(core.legs().line().startsWith("bridge legs (median / p99 ms, 1 answered batches): queue (offered -> polled) "),
                core.legs().line());
    }

    @Test
    void onlyABatchThatFollowsPolledEventsIsTheirAnswer() throws Exception {
        UnoCore core = new UnoCore(new FakePlatform(dir), "test");
        Bridge bridge = new Bridge(core);
        bridge.applyOps(MSG);                               // a bot's move: answers no events
        assertEquals("[]", bridge.pollEvents(0));
        assertEquals(0, leg(core, "engine")[0]);
        core.onChat("ann");
        bridge.pollEvents(0);
        bridge.applyOps(MSG);                               // after a chat line: answers no action
        assertEquals(0, leg(core, "engine")[0]);
        core.onInventoryClick("ann", 3, "card:R5");
        bridge.pollEvents(0);
        core.onInventoryClick("ann", 3, "card:R5");
        bridge.pollEvents(0);                               // the first click needed no ops: not counted
        bridge.applyOps(MSG);
        bridge.applyOps(MSG);                               // the tick's batch after the answer: not counted
        assertEquals(1, leg(core, "engine")[0]);
        assertEquals(1, leg(core, "total")[0]);
        assertEquals(2, leg(core, "queue")[0], "every action handed over has its queue time");
    }
}
