package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33, item 5: a player dies mid-game. The server empties the inventory (cards are never among
 * the drops) while the engine still counts the hand as shown (it sends only changed slots): the
 * respawn goes to the engine as a "respawn" event, and the hand it sends again goes back in. The
 * player's own items stay in the vault through it all and come back at the end.
 */
class RespawnTest {
    @TempDir
    Path dir;

    private static final String DEAL = "{\"ops\":[{\"op\":\"face\",\"key\":\"R5\",\"pixels\":\""
            + Base64.getEncoder().encodeToString(new byte[128 * 128]) + "\"},"
            + "{\"op\":\"items\",\"player\":\"ann\",\"slots\":{\"0\":{\"face\":\"R5\",\"name\":\"Red 5\",\"tag\":\"card:R5\"},"
            + "\"40\":{\"face\":\"R5\",\"name\":\"Red 5\",\"tag\":\"card:top\"}}}]}";

    @Test
    void aRespawnMidGameAsksTheEngineForTheHandAndTheOwnItemsStaySafe() throws Exception {
        FakePlatform platform = new FakePlatform(dir);
        platform.inventories.put("ann", new HashMap<>(Map.of(0, "diamond x5", 7, "bread x3")));
        UnoCore core = new UnoCore(platform, "test");
        core.onJoin("ann");
        core.apply(OpBatch.parse(DEAL));
        Map<Integer, String> dealt = Map.copyOf(platform.inventories.get("ann"));
        assertEquals(2, dealt.size(), dealt.toString());
        core.events().poll(0);                       // the join

        // ann dies: no card is among the drops, and the server empties the inventory
        assertFalse(core.items().dropsAtDeath("card:R5"));
        platform.inventories.get("ann").clear();
        assertTrue(core.vault().holds("ann"), "the own items are still in the vault");
        core.onRespawn("ann");
        JsonArray polled = core.events().poll(0);
        assertEquals(1, polled.size(), polled.toString());
        JsonObject respawn = polled.get(0).getAsJsonObject();
        assertEquals("respawn", respawn.get("type").getAsString());
        assertEquals("ann", respawn.get("player").getAsString());

        // the engine's answer: the whole hand again, into the emptied inventory (the vault is not asked again)
        core.apply(OpBatch.parse(DEAL));
        assertEquals(dealt, platform.inventories.get("ann"));
        core.apply(OpBatch.parse("{\"ops\":[{\"op\":\"restore\",\"player\":\"ann\"}]}"));
        assertEquals(Map.of(0, "diamond x5", 7, "bread x3"), platform.inventories.get("ann"));
        assertFalse(core.vault().holds("ann"));
    }
}
