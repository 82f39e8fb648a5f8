package dev.unocraft.bukkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.unocraft.core.CoreAccess;
import dev.unocraft.core.StakesAccess;
import dev.unocraft.core.UnoCore;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Stream;
import net.kyori.adventure.text.Component;
import net.milkbowl.vault.economy.Economy;
import net.milkbowl.vault.economy.EconomyResponse;
import org.bukkit.Bukkit;
import org.bukkit.Material;
import org.bukkit.OfflinePlayer;
import org.bukkit.inventory.ItemStack;
import org.bukkit.inventory.PlayerInventory;
import org.bukkit.inventory.meta.ItemMeta;
import org.bukkit.plugin.Plugin;
import org.bukkit.plugin.ServicePriority;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockbukkit.mockbukkit.MockBukkit;

/**
 * Every path the stakes' escrow (core {@code Stakes}) sees, on MockBukkit with the real Paper API and Vault's real
 * API, for both main classes (the nested classes): the op batches come from a {@link FakeEngine} over the real
 * bridge as the engine (engine/unocraft/tables/stakes.py) sends them, money goes through an economy of the test's
 * own registered with Vault's services behind a mock "Vault" plugin, items through the players' real inventories.
 *
 * <p>After each step of each path, to the unit: every balance, what the escrow holds ({@code inEscrow}) and every
 * inventory slot by slot are what they must be; and the sums say nothing was lost or created (balances + escrow +
 * the house's cuts = the starting money; plain diamonds in the inventories + escrow = the starting diamonds; the
 * items that are not plain diamonds (a named sword, armour, a renamed diamond) exactly where they were). Every
 * call of the economy must come on the server thread (on Folia: a region thread or the global one, where Bukkit.isPrimaryThread
 * is true) and none after a crash.
 */
class StakePathsTest {

    @Nested
    class SpigotAdapter extends Paths {
        @Override
        Main main() {
            return Main.SPIGOT;
        }
    }

    @Nested
    class PaperAdapter extends Paths {
        @Override
        Main main() {
            return Main.PAPER;
        }
    }

    /** The Spigot main class on Folia ({@link FoliaServer}): the economy may be called on any region thread or the global one. */
    @Nested
    class FoliaSpigotAdapter extends Paths {
        @Override
        Main main() {
            return Main.FOLIA_SPIGOT;
        }
    }

    /** The release main class on Folia ({@link FoliaServer}). */
    @Nested
    class FoliaPaperAdapter extends Paths {
        @Override
        Main main() {
            return Main.FOLIA_PAPER;
        }
    }

    abstract static class Paths extends AdapterTestBase {
        static final String DIAMOND = "minecraft:diamond";
        /** The pot's random key, as the engine makes it: ids are {@code <table>.<key>.<n>}, settlements {@code <table>.<key>.s<n>}. */
        static final String KEY = "5e7a11c0";
        static final List<String> NAMES = List.of("ann", "bob", "cid");
        static final Map<String, Long> START = Map.of("ann", 500L, "bob", 300L, "cid", 200L);
        static final long START_MONEY = 1000;
        /** Plain diamonds each player starts with: 5 in slot 3, 4 in the off-hand (and one renamed diamond, never plain). */
        static final int PLAIN_EACH = 9;

        final TestMoney money = new TestMoney();
        /** The players of the current server, online or not, by name. */
        final Map<String, CheckedPlayer> players = new LinkedHashMap<>();
        /** The house's cuts so far: money that left the players and the escrow on purpose. */
        long houseCut;

        // ------------------------------------------------------------ 1. a money win

        @Test
        void aMoneyWinTakesBothStakesAndPaysThePotLessTheHouseCut() throws Exception {
            withVault();
            threePlayers();
            send(batch(take("t1", 1, "ann", money(100)), take("t1", 2, "bob", money(100))));
            assertEquals(List.of(ok("t1", 1), ok("t1", 2)), answers());
            JsonObject held = JsonParser.parseString(Files.readString(stakesDir().resolve(id("t1", 1) + ".stake"))).getAsJsonObject();
            assertEquals("held", held.get("state").getAsString(), "the engine is told once the pay-in is on disk as held: " + held);
            assertEquals(uuid("ann").toString(), held.get("key").getAsString());
            assertHoldings("ann and bob paid in", balances(400, 200, 200), kits(), Map.of("money", 200L));

            houseCut += 10;
            send(batch(settle("t1", 1, List.of(id("t1", 1), id("t1", 2)), "won", 10, null, share("ann", 190, false)),
                    msg("ann", "You won 190 coins"), msg("bob", "ann won the pot")));
            assertHoldings("ann won the pot less the house's 10", balances(590, 200, 200), kits(), Map.of());
            assertEquals(List.of(), escrowFiles(), "nothing is left in escrow on disk");
            assertEquals(List.of(), answers());
            String log = Files.readString(stakesDir().resolve("stakes.log"));
            assertTrue(log.contains("player=" + uuid("ann") + " paid in 100 money") && log.contains("player=" + uuid("bob")
                    + " paid in 100 money") && log.contains("house cut 10 money") && log.contains(" paid 190 money"), log);
            assertTrue(money.mainThreadCalls("withdrawPlayer") == 2 && money.mainThreadCalls("depositPlayer") == 1,
                    "the thread check saw the money move: " + money.calls);
        }

        // ------------------------------------------------------------ 2. an item win

        @Test
        void anItemWinTakesPlainDiamondsOnlyAndGivesThemToTheWinner() throws Exception {
            withVault();
            threePlayers();
            // 7 each: slot 3's 5 then 2 of the off-hand's 4; cid holds 10 diamonds, but one is renamed: 9 plain
            send(batch(take("t1", 1, "ann", diamonds(7)), take("t1", 2, "bob", diamonds(7)), take("t1", 3, "cid", diamonds(10))));
            assertEquals(List.of(ok("t1", 1), ok("t1", 2), id("t1", 3) + "=too_few_items"), answers());
            assertHoldings("ann and bob paid in 7 diamonds each, cid was refused", balances(500, 300, 200),
                    kits(kit(0, 2), kit(0, 2), kit(5, 4)), Map.of(DIAMOND, 14L));

            send(batch(settle("t1", 1, List.of(id("t1", 1), id("t1", 2)), "won", 0, DIAMOND, share("bob", 14, true))));
            // no plain stack in storage any more (slot 5's diamond is renamed): the off-hand's 2 topped up to 16
            assertHoldings("bob won the 14 diamonds", balances(500, 300, 200), kits(kit(0, 2), kit(0, 16), kit(5, 4)), Map.of());
            assertEquals(List.of(), escrowFiles());
        }

        // ------------------------------------------------------------ 3. a leave in the lobby

        @Test
        void aLeaveInTheLobbyRefundsTheLeaverOnly() throws Exception {
            withVault();
            threePlayers();
            send(batch(take("t1", 1, "ann", money(100)), take("t1", 2, "bob", money(100)), take("t1", 3, "cid", money(100))));
            assertEquals(List.of(ok("t1", 1), ok("t1", 2), ok("t1", 3)), answers());
            assertHoldings("three paid in", balances(400, 200, 100), kits(), Map.of("money", 300L));

            assertCommandSent(players.get("bob"), "leave");
            send(batch(settle("t1", 1, List.of(id("t1", 2)), "refund", 0, null, share("bob", 100, false)),
                    msg("bob", "You left the table; your 100 coins are back")));
            assertHoldings("bob left the lobby: refunded", balances(400, 300, 100), kits(), Map.of("money", 200L));
            assertEquals(List.of(id("t1", 1) + ".stake", id("t1", 3) + ".stake"), escrowFiles());
        }

        // ------------------------------------------------------------ 4. a forfeit

        @Test
        void aPlayerWhoLeavesAGameForfeitsTheStakeToTheWinner() throws Exception {
            withVault();
            threePlayers();
            send(batch(take("t1", 1, "ann", money(100)), take("t1", 2, "bob", money(100)), take("t1", 3, "cid", money(100))));
            assertEquals(List.of(ok("t1", 1), ok("t1", 2), ok("t1", 3)), answers());
            dealTo("ann", "bob", "cid");

            assertCommandSent(players.get("ann"), "leave");
            send(batch(restoreOps("ann"), msg("ann", "You left the game: your 100 coins stay in the pot")));
            assertMoney("ann left the game: nothing moves", balances(400, 200, 100), Map.of("money", 300L));
            assertEquals(kit(5, 4), inventory("ann"), "ann's own items back");

            houseCut += 30;
            send(batch(settle("t1", 1, List.of(id("t1", 1), id("t1", 2), id("t1", 3)), "won", 30, null, share("cid", 270, false)),
                    restoreOps("bob"), restoreOps("cid"), msg("cid", "You won 270 coins")));
            assertHoldings("cid won the pot with ann's stake in it", balances(400, 200, 370), kits(), Map.of());
            assertEquals(List.of(), escrowFiles());
        }

        // ------------------------------------------------------------ 5. a disconnect before the settlement

        @Test
        void aWinnerWhoDisconnectedBeforeTheSettlementIsPaidAtTheJoinWithALine() throws Exception {
            withVault();
            threePlayers();
            send(batch(take("t1", 1, "ann", money(100)), take("t1", 2, "bob", money(100))));
            assertEquals(List.of(ok("t1", 1), ok("t1", 2)), answers());
            dealTo("ann", "bob");
            CheckedPlayer bob = players.get("bob");
            assertTrue(quit(bob));
            settle();
            assertMoney("bob quit mid-game: nothing moves", balances(400, 200, 200), Map.of("money", 200L));
            assertEquals(kit(5, 4), inventory("bob"), "bob's own items went back at the quit");

            send(batch(settle("t1", 1, List.of(id("t1", 1), id("t1", 2)), "won", 0, null, share("bob", 200, false)),
                    restoreOps("ann"), msg("ann", "bob won the pot")));
            assertHoldings("bob won while away: owed", balances(400, 200, 200), kits(), Map.of("money", 200L));
            assertEquals(List.of(sid("t1", 1) + ".settle"), escrowFiles(), "what is owed is on disk");
            messages(bob);

            assertTrue(rejoin(bob));
            settle();
            List<String> said = messages(bob);
            assertTrue(said.stream().anyMatch(m -> m.contains("what a staked table owed you")), said.toString());
            assertHoldings("bob rejoined: paid", balances(400, 400, 200), kits(), Map.of());
            assertEquals(List.of(), escrowFiles());
            assertTrue(quit(bob) && rejoin(bob));
            settle();
            assertHoldings("bob rejoined again: paid once", balances(400, 400, 200), kits(), Map.of());
        }

        // ------------------------------------------------------------ 6. /uno close

        @Test
        void unoCloseRefundsEveryStake() throws Exception {
            withVault();
            threePlayers();
            send(batch(take("t1", 1, "ann", diamonds(3)), take("t1", 2, "bob", diamonds(3))));
            assertEquals(List.of(ok("t1", 1), ok("t1", 2)), answers());
            assertHoldings("ann and bob paid in 3 diamonds", balances(500, 300, 200), kits(kit(2, 4), kit(2, 4), kit(5, 4)),
                    Map.of(DIAMOND, 6L));

            assertCommandSent(players.get("ann"), "close");
            send(batch(settle("t1", 1, List.of(id("t1", 1)), "closed", 0, DIAMOND, share("ann", 3, true)),
                    settle("t1", 2, List.of(id("t1", 2)), "closed", 0, DIAMOND, share("bob", 3, true)),
                    msg("ann", "Table closed: your 3 diamonds are back"), msg("bob", "Table closed: your 3 diamonds are back")));
            assertHoldings("the table closed: both refunded", balances(500, 300, 200), kits(), Map.of());
            assertEquals(List.of(), escrowFiles());
        }

        // ------------------------------------------------------------ 7. a server stop

        @Test
        void aServerStopKeepsTheStakesHeldAndTheEngineDecidesWhatGoesBack() throws Exception {
            withVault();
            threePlayers();
            send(batch(take("t1", 1, "ann", money(100)), take("t1", 2, "bob", money(100)), take("t2", 1, "cid", diamonds(3))));
            assertEquals(List.of(ok("t1", 1), ok("t1", 2), ok("t2", 1)), answers());
            Map<String, Map<Integer, ItemStack>> paidIn = kits(kit(5, 4), kit(5, 4), kit(2, 4));
            Map<String, Long> escrow = Map.of("money", 200L, DIAMOND, 3L);
            assertHoldings("paid in at two tables", balances(400, 200, 200), paidIn, escrow);

            stopPlugin();
            assertHoldings("the plugin stopped", balances(400, 200, 200), paidIn, escrow);
            List<String> files = List.of(id("t1", 1) + ".stake", id("t1", 2) + ".stake", id("t2", 1) + ".stake");
            assertEquals(files, escrowFiles());
            startPlugin();
            assertHoldings("started again: the held pay-ins survived", balances(400, 200, 200), paidIn, escrow);

            send(batch(tables("{\"t1\":[\"" + id("t1", 1) + "\",\"" + id("t1", 2) + "\"],\"t2\":[\"" + id("t2", 1) + "\"]}")));
            assertHoldings("the engine named both tables: kept", balances(400, 200, 200), paidIn, escrow);
            assertEquals(files, escrowFiles());

            stopPlugin();
            startPlugin();
            assertHoldings("started once more", balances(400, 200, 200), paidIn, escrow);
            send(batch(tables("{\"t1\":[\"" + id("t1", 1) + "\",\"" + id("t1", 2) + "\"]}")));
            assertHoldings("the engine could not resume t2: cid's diamonds back", balances(400, 200, 200), kits(),
                    Map.of("money", 200L));

            send(batch(settle("t1", 1, List.of(id("t1", 1), id("t1", 2)), "won", 0, null, share("bob", 200, false))));
            assertHoldings("bob won t1 after the restarts", balances(400, 400, 200), kits(), Map.of());
            assertEquals(List.of(), escrowFiles());
        }

        // ------------------------------------------------------------ 8. the engine killed mid-match

        @Test
        void anEngineKilledMidMatchMovesNothingUntilTheNewOneNamesItsTables() throws Exception {
            withVault();
            threePlayers();
            send(batch(take("t1", 1, "ann", money(100)), take("t1", 2, "bob", money(100)), take("t2", 1, "cid", diamonds(3))));
            assertEquals(List.of(ok("t1", 1), ok("t1", 2), ok("t2", 1)), answers());
            dealTo("ann", "bob");
            Map<String, Long> escrow = Map.of("money", 200L, DIAMOND, 3L);

            engineGoesAway();
            assertMoney("the engine was killed", balances(400, 200, 200), escrow);
            assertEquals(kit(2, 4), inventory("cid"));
            engineAttaches();
            assertMoney("a new engine attached: nothing moved before stake_tables", balances(400, 200, 200), escrow);
            assertEquals(kit(2, 4), inventory("cid"));

            send(batch(tables("{\"t1\":[\"" + id("t1", 1) + "\",\"" + id("t1", 2) + "\"]}")));
            assertMoney("t1 resumed, t2 not", balances(400, 200, 200), Map.of("money", 200L));
            assertEquals(kit(5, 4), inventory("cid"), "t2 is gone: cid's diamonds back");

            send(batch(settle("t1", 1, List.of(id("t1", 1), id("t1", 2)), "won", 0, null, share("ann", 200, false)),
                    restoreOps("ann"), restoreOps("bob")));
            assertHoldings("ann won the resumed match", balances(600, 200, 200), kits(), Map.of());
            assertEquals(List.of(), escrowFiles());
        }

        // ------------------------------------------------------------ 9. a server crash

        @Test
        void aCrashThenARestartKeepsWhatWasHeldAndRefundsAHalfDonePayInOnce() throws Exception {
            withVault();
            threePlayers();
            send(batch(take("t1", 1, "ann", money(100)), take("t1", 2, "bob", money(100))));
            assertEquals(List.of(ok("t1", 1), ok("t1", 2)), answers());

            // cid's pay-in: its intent on disk, the take one tick later
            engine.ops(batch(take("t1", 3, "cid", money(100))));
            oneTick();
            CoreAccess.awaitVaultIdle(core);
            String intent = Files.readString(stakesDir().resolve(id("t1", 3) + ".stake"));
            assertEquals("taking", JsonParser.parseString(intent).getAsJsonObject().get("state").getAsString(), intent);
            assertEquals(200, money.of("cid"), "not taken yet");
            settle();
            assertEquals(List.of(ok("t1", 3)), answers());
            assertHoldings("three paid in", balances(400, 200, 100), kits(), Map.of("money", 300L));

            // the crash: the data folder as the server left it, with cid's pay-in still its intent (the crash fell
            // after the take, before "held" reached the disk); the players' data as the server saved it
            Path crashed = copyOf(stakesDir());
            Files.writeString(crashed.resolve(id("t1", 3) + ".stake"), intent);
            Map<String, Map<Integer, ItemStack>> saved = inventories();
            money.dead = true;          // whatever the old instance does from here on must not reach the money
            restartServer(data -> copy(crashed, data.resolve("stakes")));
            money.dead = false;
            withVault();
            players.clear();
            assertEquals(Map.of("money", 300L), StakesAccess.inEscrow(core), "ann's and bob's held, cid's owed back");
            assertEquals(balances(400, 200, 100), accounts());

            for (String name : NAMES) {
                arrive(name, saved.get(name));
            }
            List<String> said = messages(players.get("cid"));
            assertTrue(said.stream().anyMatch(m -> m.contains("what a staked table owed you")), said.toString());
            assertHoldings("after the restart: cid's half-done pay-in refunded", balances(400, 200, 200), kits(),
                    Map.of("money", 200L));

            // the engine attached and names its table (cid's pay-in is still on its way for it)
            send(batch(tables("{\"t1\":[\"" + id("t1", 1) + "\",\"" + id("t1", 2) + "\",\"" + id("t1", 3) + "\"]}")));
            assertHoldings("the engine named its table", balances(400, 200, 200), kits(), Map.of("money", 200L));
            send(batch(settle("t1", 1, List.of(id("t1", 1), id("t1", 2)), "won", 0, null, share("ann", 200, false))));
            assertHoldings("ann won after the crash", balances(600, 200, 200), kits(), Map.of());

            // once: another restart, everyone back, nothing moves again
            Path later = copyOf(stakesDir());
            saved = inventories();
            restartServer(data -> copy(later, data.resolve("stakes")));
            withVault();
            players.clear();
            for (String name : NAMES) {
                arrive(name, saved.get(name));
            }
            send(batch(tables("{}")));
            assertHoldings("a restart later: refunded once only", balances(600, 200, 200), kits(), Map.of());
            assertEquals(List.of(), escrowFiles());
        }

        // ------------------------------------------------------------ 10. a payout to an offline player

        @Test
        void aShareOfAnOfflinePlayerWaitsInEscrowThroughAStopAndIsPaidAtTheJoin() throws Exception {
            withVault();
            threePlayers();
            send(batch(take("t1", 1, "ann", diamonds(3)), take("t1", 2, "bob", diamonds(3)), take("t1", 3, "cid", diamonds(3))));
            assertEquals(List.of(ok("t1", 1), ok("t1", 2), ok("t1", 3)), answers());
            dealTo("ann", "bob", "cid");
            CheckedPlayer cid = players.get("cid");
            assertTrue(quit(cid));
            settle();

            // bob and cid won as partners: 9 diamonds, the odd one to the first seated
            send(batch(settle("t1", 1, List.of(id("t1", 1), id("t1", 2), id("t1", 3)), "won", 0, DIAMOND,
                    share("bob", 5, true), share("cid", 4, true)), restoreOps("ann"), restoreOps("bob")));
            Map<String, Map<Integer, ItemStack>> owed = kits(kit(2, 4), kit(7, 4), kit(2, 4));
            assertHoldings("bob paid, cid's share owed", balances(500, 300, 200), owed, Map.of(DIAMOND, 4L));
            assertEquals(List.of(sid("t1", 1) + ".settle"), escrowFiles());

            stopPlugin();
            startPlugin();
            assertHoldings("after a server stop: still owed", balances(500, 300, 200), owed, Map.of(DIAMOND, 4L));
            messages(cid);
            assertTrue(rejoin(cid));
            settle();
            List<String> said = messages(cid);
            assertTrue(said.stream().anyMatch(m -> m.contains("what a staked table owed you")), said.toString());
            assertHoldings("cid joined: paid", balances(500, 300, 200), kits(kit(2, 4), kit(7, 4), kit(6, 4)), Map.of());
            assertEquals(List.of(), escrowFiles());
        }

        // ------------------------------------------------------------ 11. ops sent again

        @Test
        void anOpSentAgainMovesNothing() throws Exception {
            withVault();
            threePlayers();
            // the same pay-in twice in one batch, and the whole batch again
            String takes = batch(take("t1", 1, "ann", money(100)), take("t1", 1, "ann", money(100)), take("t1", 2, "bob", money(100)));
            send(takes);
            assertEquals(List.of(ok("t1", 1), ok("t1", 2)), answers());
            assertHoldings("paid in once", balances(400, 200, 200), kits(), Map.of("money", 200L));
            send(takes);
            assertEquals(List.of(ok("t1", 1), ok("t1", 1), ok("t1", 2)), answers(), "each op answered again");
            assertHoldings("the pay-ins sent again", balances(400, 200, 200), kits(), Map.of("money", 200L));

            String win = batch(settle("t1", 1, List.of(id("t1", 1), id("t1", 2)), "won", 10, null, share("ann", 190, false)));
            houseCut += 10;
            send(win);
            assertHoldings("ann won", balances(590, 200, 200), kits(), Map.of());
            send(win);
            send(takes);
            assertHoldings("the win and the pay-ins sent again", balances(590, 200, 200), kits(), Map.of());
            send(batch(settle("t1", 2, List.of(id("t1", 1), id("t1", 2)), "won", 0, null, share("bob", 200, false)),
                    tables("{\"t1\":[\"" + id("t1", 1) + "\",\"" + id("t1", 2) + "\"]}")));
            assertHoldings("another settlement of the used-up pay-ins", balances(590, 200, 200), kits(), Map.of());
            assertEquals(List.of(), escrowFiles());
        }

        // ------------------------------------------------------------ 12. an economy that says no

        @Test
        void aWithdrawalTheEconomyRefusesIsAnsweredAndMovesNothing() throws Exception {
            withVault();
            threePlayers();
            send(batch(take("t1", 1, "cid", money(250))));
            assertEquals(List.of(id("t1", 1) + "=too_little"), answers());
            money.refuseWithdraw = true;        // has() says yes, withdrawPlayer answers FAILURE
            send(batch(take("t1", 2, "ann", money(250))));
            assertEquals(List.of(id("t1", 2) + "=failed"), answers());
            assertTrue(money.calls.contains("withdrawPlayer"), "the economy was asked: " + money.calls);
            assertHoldings("both refused", balances(500, 300, 200), kits(), Map.of());
            assertEquals(List.of(), escrowFiles(), "the failed pay-in's intent is gone");

            money.refuseWithdraw = false;
            send(batch(take("t1", 3, "bob", money(250))));
            assertEquals(List.of(ok("t1", 3)), answers());
            assertHoldings("bob paid in", balances(500, 50, 200), kits(), Map.of("money", 250L));
            // the refused pay-in holds nothing a settlement could hand out
            send(batch(settle("t1", 1, List.of(id("t1", 2)), "won", 0, null, share("ann", 250, false))));
            assertHoldings("a settlement of the refused pay-in", balances(500, 50, 200), kits(), Map.of("money", 250L));
            send(batch(settle("t1", 2, List.of(id("t1", 3)), "refund", 0, null, share("bob", 250, false))));
            assertHoldings("bob refunded", balances(500, 300, 200), kits(), Map.of());
        }

        // ------------------------------------------------------------ 13. no Vault

        @Test
        void withoutVaultMoneyIsRefusedAndItemStakesStillWork() throws Exception {
            // an economy registered by some plugin, but no Vault plugin: the adapter never looks
            Plugin other = MockBukkit.createMockPlugin("SomeEconomy");
            server.getServicesManager().register(Economy.class, money.proxy(), other, ServicePriority.Normal);
            START.forEach((name, balance) -> money.balances.put(uuid(name), balance.doubleValue()));
            threePlayers();
            send(batch(take("t1", 1, "ann", money(100)), take("t2", 1, "bob", diamonds(3)), take("t2", 2, "cid", diamonds(3))));
            assertEquals(List.of(id("t1", 1) + "=no_economy", ok("t2", 1), ok("t2", 2)), answers());
            assertHoldings("bob and cid paid in diamonds", balances(500, 300, 200), kits(kit(5, 4), kit(2, 4), kit(2, 4)),
                    Map.of(DIAMOND, 6L));
            send(batch(settle("t2", 1, List.of(id("t2", 1), id("t2", 2)), "won", 0, DIAMOND, share("cid", 6, true))));
            assertHoldings("cid won the diamonds", balances(500, 300, 200), kits(kit(5, 4), kit(2, 4), kit(8, 4)), Map.of());
            assertEquals(List.of(), money.calls, "the economy was never called");
            assertEquals(List.of(), escrowFiles());
        }

        // ------------------------------------------------------------ what these tests found (fixed)

        /**
         * A server stop (a clean one) in the tick between a pay-in's intent reaching the disk and the take: the take
         * never happens (the main-thread task is dropped at the disable). The stop calls the pay-in off and deletes
         * its intent ({@code Stakes.close}), so the next start refunds nothing that was never taken.
         */
        @Test
        void aServerStopBetweenAPayInsIntentAndItsTakeCreatesNothing() throws Exception {
            withVault();
            threePlayers();
            engine.ops(batch(take("t1", 1, "ann", money(100))));
            oneTick();     // the op: the intent goes to the vault's thread
            CoreAccess.awaitVaultIdle(core);            // on disk; the take waits for the next tick
            assertEquals(500, money.of("ann"), "not taken yet");
            stopPlugin();                               // the server stops now
            assertEquals(500, money.of("ann"), "not taken at the stop either");
            startPlugin();
            send(batch(tables("{\"t1\":[\"" + id("t1", 1) + "\"]}")));
            long escrow = StakesAccess.inEscrow(core).getOrDefault("money", 0L);
            assertEquals(START_MONEY, accounts().values().stream().mapToLong(Long::longValue).sum() + escrow,
                    "money created: balances " + accounts() + " + escrow " + escrow);
        }

        /**
         * An id seen before is a no-op, answered again: a refused pay-in is remembered, so the same op sent again
         * after the player got the money takes nothing (the engine dropped that pay-in when it was refused).
         */
        @Test
        void aRefusedPayInSentAgainMovesNothing() throws Exception {
            withVault();
            threePlayers();
            send(batch(take("t1", 1, "cid", money(250))));
            assertEquals(List.of(id("t1", 1) + "=too_little"), answers());
            money.balances.put(uuid("cid"), 300.0);     // cid earns 100 meanwhile
            send(batch(take("t1", 1, "cid", money(250))));
            assertEquals(List.of(id("t1", 1) + "=too_little"), answers(), "answered again, as it was answered");
            assertEquals(300, money.of("cid"));
            assertEquals(Map.of(), StakesAccess.inEscrow(core));
        }

        /**
         * The engine's shares carry the winner's UUID ({@code "uuid"}): a share is owed to it and logged by it, so a
         * winner who is offline at the settlement and comes back under another name (a name change on an online-mode
         * server: the same UUID) is paid.
         */
        @Test
        void aShareIsOwedToThePlayersUuidNotTheirName() throws Exception {
            withVault();
            threePlayers();
            send(batch(take("t1", 1, "ann", money(100)), take("t1", 2, "bob", money(100))));
            assertEquals(List.of(ok("t1", 1), ok("t1", 2)), answers());
            assertTrue(quit(players.get("bob")));
            settle();
            send(batch(settle("t1", 1, List.of(id("t1", 1), id("t1", 2)), "won", 0, null, share("bob", 200, false))));
            assertMoney("bob won while away: owed", balances(400, 200, 200), Map.of("money", 200L));
            // bob comes back as "bobby": the same account (UUID), another name
            if (folia()) {     // a player of the Folia server, joining on their region thread
                FoliaPlayer bobby = new FoliaPlayer(foliaServer(), "bobby", uuid("bob"));
                asPlayer(bobby, () -> server.addPlayer(bobby));
            } else {
                server.addPlayer(new org.mockbukkit.mockbukkit.entity.PlayerMock(server, "bobby", uuid("bob")));
            }
            settle();
            assertMoney("bobby (bob's UUID) joined: paid", balances(400, 400, 200), Map.of());
            String log = Files.readString(stakesDir().resolve("stakes.log"));
            assertTrue(log.contains("player=" + uuid("bob") + " won: owed 200 money"), "the audit log names the winner's UUID: " + log);
        }

        // ------------------------------------------------------------ the server around the plugin

        /** Vault (a mock plugin of that name) with the test's economy registered in the server's services under it. */
        void withVault() {
            Plugin vault = MockBukkit.createMockPlugin("Vault");
            server.getServicesManager().register(Economy.class, money.proxy(), vault, ServicePriority.Normal);
            if (money.balances.isEmpty()) {
                START.forEach((name, balance) -> money.balances.put(uuid(name), balance.doubleValue()));
            }
        }

        /** ann, bob and cid join, each with their own items ({@link #kit}: 9 plain diamonds). */
        void threePlayers() throws InterruptedException {
            for (String name : NAMES) {
                arrive(name, kit(5, 4));
            }
        }

        /** A player joins with these items (what the server loaded for them). */
        CheckedPlayer arrive(String name, Map<Integer, ItemStack> items) throws InterruptedException {
            CheckedPlayer p = join(name, inventory -> fill(inventory, items));
            assertEquals(uuid(name), p.getUniqueId());
            players.put(name, p);
            return p;
        }

        /** The plugin disabled (what a server stop does to it); its engine's connection goes with the bridge. */
        void stopPlugin() throws IOException {
            serverStops();
            assertFalse(plugin.isEnabled());
            engine.close();
        }

        /** The same plugin enabled again on its data folder (a new core), and an engine attached. */
        void startPlugin() throws Exception {
            if (folia()) {
                foliaServer().resume();     // the regions tick again: the server has started again
                onGlobal(() -> server.getPluginManager().enablePlugin(plugin));
            } else {
                server.getPluginManager().enablePlugin(plugin);
            }
            assertTrue(plugin.isEnabled(), "the plugin did not enable again: " + warnings);
            core = coreOf(plugin);
            engineAttaches();
        }

        /** The engine's process dies: its connection closes. */
        void engineGoesAway() throws Exception {
            engine.close();
            long end = System.nanoTime() + 10_000_000_000L;
            while (core.engineAttachedNow() && System.nanoTime() < end) {
                Thread.sleep(10);
            }
            assertFalse(core.engineAttachedNow(), "the engine's connection closed, yet it counts as attached");
            settle();
        }

        /** A new engine attaches over the bridge (its stake_tables is a batch of its own, sent by the test). */
        void engineAttaches() throws Exception {
            engine = newEngine();
            hello = engine.hello(UnoCore.VERSION);
            assertTrue(core.engineAttachedNow());
            settle();
        }

        /** The cards of a deal for each player (their own items go to the inventory vault). */
        void dealTo(String... names) {
            engine.ops(faces());
            settle();
            for (String name : names) {
                engine.ops(AdapterTestBase.deal(name));
                settle();
                assertHoldsTheDeal(players.get(name));
            }
        }

        /** The player types /uno args; the command reaches the engine (which answers with the ops the test sends). */
        void assertCommandSent(CheckedPlayer p, String... args) throws InterruptedException {
            CoreAccess.takeEvents(core);
            assertTrue(command(p, "uno " + String.join(" ", args)));
            List<JsonObject> events = CoreAccess.takeEvents(core);
            JsonArray expected = new JsonArray();
            for (String a : args) {
                expected.add(a);
            }
            assertTrue(events.stream().anyMatch(e -> type(e, "command") && p.getName().equals(e.get("player").getAsString())
                    && expected.equals(e.getAsJsonArray("args"))), events.toString());
        }

        /** One batch from the engine, applied, and whatever it set off on the vault's thread and back. */
        void send(String batch) {
            engine.ops(batch);
            settle();
        }

        /** The answers the engine would poll now ("id=ok" or "id=reason"), sorted; other events dropped. */
        List<String> answers() throws InterruptedException {
            List<String> out = new ArrayList<>();
            for (JsonObject e : CoreAccess.takeEvents(core)) {
                if (type(e, "stake")) {
                    String id = e.get("id").getAsString();
                    assertEquals(payers.get(id), e.get("player").getAsString(), "the answer names the payer: " + e);
                    out.add(id + "=" + (e.get("ok").getAsBoolean() ? "ok" : e.get("reason").getAsString()));
                }
            }
            Collections.sort(out);
            return out;
        }

        /** Who pays in under each id the test sent. */
        private final Map<String, String> payers = new HashMap<>();

        // ------------------------------------------------------------ what the engine sends

        static String id(String table, int n) {
            return table + "." + KEY + "." + n;
        }

        static String sid(String table, int n) {
            return table + "." + KEY + ".s" + n;
        }

        static String ok(String table, int n) {
            return id(table, n) + "=ok";
        }

        static String money(long n) {
            return "\"money\":" + n;
        }

        static String diamonds(int n) {
            return "\"item\":\"" + DIAMOND + "\",\"count\":" + n;
        }

        String take(String table, int n, String player, String stake) {
            payers.put(id(table, n), player);
            return "{\"op\":\"stake_take\",\"id\":\"" + id(table, n) + "\",\"table\":\"" + table + "\",\"player\":\"" + player
                    + "\"," + stake + "}";
        }

        static String share(String player, long n, boolean items) {
            return "{\"player\":\"" + player + "\",\"uuid\":\"" + uuid(player) + "\",\"" + (items ? "count" : "money") + "\":" + n + "}";
        }

        static String settle(String table, int n, List<String> entries, String why, long cut, String item, String... shares) {
            JsonArray ids = new JsonArray();
            entries.forEach(ids::add);
            return "{\"op\":\"stake_settle\",\"id\":\"" + sid(table, n) + "\",\"table\":\"" + table + "\",\"entries\":" + ids
                    + ",\"shares\":[" + String.join(",", shares) + "],\"cut\":" + cut + ",\"why\":\"" + why + "\""
                    + (item == null ? "" : ",\"item\":\"" + item + "\"") + "}";
        }

        static String tables(String tables) {
            return "{\"op\":\"stake_tables\",\"tables\":" + tables + "}";
        }

        static String msg(String player, String text) {
            return "{\"op\":\"msg\",\"player\":\"" + player + "\",\"c\":[{\"text\":\"" + text + "\",\"colour\":\"gold\"}]}";
        }

        static String restoreOps(String player) {
            return "{\"op\":\"restore\",\"player\":\"" + player + "\"},{\"op\":\"sidebar_clear\",\"player\":\"" + player + "\"}";
        }

        static String batch(String... ops) {
            return "{\"ops\":[" + String.join(",", ops) + "]}";
        }

        // ------------------------------------------------------------ what everyone holds

        /** The players' lasting ids, as CheckedPlayer makes them: the same on every server of a test. */
        static UUID uuid(String name) {
            return UUID.nameUUIDFromBytes(("unocraft-test:" + name).getBytes(StandardCharsets.UTF_8));
        }

        static Map<String, Long> balances(long ann, long bob, long cid) {
            return Map.of("ann", ann, "bob", bob, "cid", cid);
        }

        /** Each player's own items: a named sword (0), plain diamonds (3), a renamed diamond (5), armour (38, 39), plain diamonds in the off-hand (40). */
        static Map<Integer, ItemStack> kit(int plainInSlot3, int plainInOffHand) {
            Map<Integer, ItemStack> items = new TreeMap<>();
            items.put(0, sword());
            if (plainInSlot3 > 0) {
                items.put(3, new ItemStack(Material.DIAMOND, plainInSlot3));
            }
            items.put(5, renamedDiamond());
            items.put(38, new ItemStack(Material.IRON_CHESTPLATE));
            items.put(39, new ItemStack(Material.DIAMOND_HELMET));
            if (plainInOffHand > 0) {
                items.put(40, new ItemStack(Material.DIAMOND, plainInOffHand));
            }
            return items;
        }

        static Map<String, Map<Integer, ItemStack>> kits(Map<Integer, ItemStack> ann, Map<Integer, ItemStack> bob, Map<Integer, ItemStack> cid) {
            return Map.of("ann", ann, "bob", bob, "cid", cid);
        }

        /** Everyone with the items they came with. */
        static Map<String, Map<Integer, ItemStack>> kits() {
            return kits(kit(5, 4), kit(5, 4), kit(5, 4));
        }

        static ItemStack renamedDiamond() {
            ItemStack d = new ItemStack(Material.DIAMOND);
            ItemMeta meta = d.getItemMeta();
            meta.displayName(Component.text("Lucky"));
            d.setItemMeta(meta);
            return d;
        }

        static void fill(PlayerInventory inv, Map<Integer, ItemStack> items) {
            items.forEach((slot, item) -> {
                ItemStack copy = item.clone();
                switch (slot) {
                    case 36 -> inv.setBoots(copy);
                    case 37 -> inv.setLeggings(copy);
                    case 38 -> inv.setChestplate(copy);
                    case 39 -> inv.setHelmet(copy);
                    case 40 -> inv.setItemInOffHand(copy);
                    default -> inv.setItem(slot, copy);
                }
            });
        }

        /** The player's inventory now, slot by slot (copies). */
        Map<Integer, ItemStack> inventory(String name) {
            Map<Integer, ItemStack> out = new TreeMap<>();
            contents(players.get(name)).forEach((slot, item) -> out.put(slot, item.clone()));
            return out;
        }

        Map<String, Map<Integer, ItemStack>> inventories() {
            Map<String, Map<Integer, ItemStack>> out = new TreeMap<>();
            players.keySet().forEach(name -> out.put(name, inventory(name)));
            return out;
        }

        static boolean plainDiamond(ItemStack item) {
            return item.getType() == Material.DIAMOND && item.isSimilar(new ItemStack(Material.DIAMOND));
        }

        static long plainDiamonds(Map<Integer, ItemStack> items) {
            return items.values().stream().filter(Paths::plainDiamond).mapToLong(ItemStack::getAmount).sum();
        }

        static Map<Integer, ItemStack> notPlainDiamonds(Map<Integer, ItemStack> items) {
            Map<Integer, ItemStack> out = new TreeMap<>(items);
            out.values().removeIf(Paths::plainDiamond);
            return out;
        }

        /** Every player's balance in the economy. */
        Map<String, Long> accounts() {
            Map<String, Long> out = new TreeMap<>();
            NAMES.forEach(name -> out.put(name, money.of(name)));
            return out;
        }

        /**
         * Money and the escrow, while someone is seated (their own items are in the inventory vault): the balances and
         * the escrow exactly, and together with the house's cuts the money the players started with.
         */
        void assertMoney(String step, Map<String, Long> balances, Map<String, Long> escrow) {
            Map<String, Long> held = StakesAccess.inEscrow(core);
            Map<String, Long> now = accounts();
            long total = now.values().stream().mapToLong(Long::longValue).sum() + held.getOrDefault("money", 0L) + houseCut;
            assertEquals(START_MONEY, total, step + ": money " + (total > START_MONEY ? "created" : "lost") + ": balances " + now
                    + " + escrow " + held + " + house " + houseCut);
            assertEquals(new TreeMap<>(balances), now, step + ": the balances");
            assertEquals(escrow, held, step + ": what the escrow holds");
            assertEquals(List.of(), money.wrongCalls(), step + ": the economy was called off the server thread (or after the crash)");
        }

        /** {@link #assertMoney}, and every inventory slot by slot: the plain diamonds, with the escrow's, are the ones the players started with. */
        void assertHoldings(String step, Map<String, Long> balances, Map<String, Map<Integer, ItemStack>> inventories,
                            Map<String, Long> escrow) {
            assertMoney(step, balances, escrow);
            Map<String, Map<Integer, ItemStack>> now = inventories();
            long plain = now.values().stream().mapToLong(Paths::plainDiamonds).sum() + StakesAccess.inEscrow(core).getOrDefault(DIAMOND, 0L);
            assertEquals((long) PLAIN_EACH * NAMES.size(), plain, step + ": diamonds " + (plain > PLAIN_EACH * NAMES.size() ? "created" : "lost")
                    + ": " + describeAll(now) + " + escrow " + StakesAccess.inEscrow(core));
            for (String name : NAMES) {
                assertEquals(notPlainDiamonds(kit(5, 4)), notPlainDiamonds(now.get(name)),
                        step + ": " + name + "'s own items that are not plain diamonds moved: " + describe(now.get(name)));
                assertEquals(inventories.get(name), now.get(name), step + ": " + name + "'s inventory: " + describe(now.get(name)));
            }
        }

        static String describeAll(Map<String, Map<Integer, ItemStack>> all) {
            StringBuilder b = new StringBuilder();
            all.forEach((name, items) -> b.append(name).append(describe(items)).append(' '));
            return b.toString().trim();
        }

        // ------------------------------------------------------------ the escrow on disk

        Path stakesDir() {
            return plugin.getDataFolder().toPath().resolve("stakes");
        }

        /** The pay-ins (.stake) and settlements (.settle) on disk, by file name. */
        List<String> escrowFiles() throws IOException {
            if (!Files.isDirectory(stakesDir())) {
                return List.of();
            }
            try (Stream<Path> s = Files.list(stakesDir())) {
                return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".stake") || n.endsWith(".settle")).sorted().toList();
            }
        }

        /** Copies of the escrow's folder (what a crash left), deleted after the test. */
        @TempDir
        Path copies;

        Path copyOf(Path dir) throws IOException {
            Path copy = Files.createTempDirectory(copies, "stakes-");
            copy(dir, copy);
            return copy;
        }

        static void copy(Path from, Path to) throws IOException {
            Files.createDirectories(to);
            try (Stream<Path> s = Files.list(from)) {
                for (Path f : s.toList()) {
                    Files.copy(f, to.resolve(f.getFileName().toString()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /**
     * An economy as an economy plugin registers it with Vault (VaultAPI's {@link Economy}): whole balances by player id,
     * the members the adapter may use. Each call notes its thread: one off the server thread (MockBukkit's main thread),
     * or any call after the test declared the server crashed ({@link #dead}), is a wrong call.
     */
    static final class TestMoney implements InvocationHandler {
        final Map<UUID, Double> balances = new HashMap<>();
        final List<String> calls = Collections.synchronizedList(new ArrayList<>());
        private final List<String> wrong = Collections.synchronizedList(new ArrayList<>());
        private final Map<String, Integer> onMain = new java.util.concurrent.ConcurrentHashMap<>();
        /** withdrawPlayer answers FAILURE (has() still says yes). */
        volatile boolean refuseWithdraw;
        /** The server crashed: nothing of the old plugin may call this any more. */
        volatile boolean dead;

        Economy proxy() {
            return (Economy) Proxy.newProxyInstance(Economy.class.getClassLoader(), new Class<?>[] {Economy.class}, this);
        }

        List<String> wrongCalls() {
            synchronized (wrong) {
                return List.copyOf(wrong);
            }
        }

        int mainThreadCalls(String member) {
            return onMain.getOrDefault(member, 0);
        }

        synchronized long of(String name) {
            double d = balances.getOrDefault(StakePathsTest.Paths.uuid(name), 0.0);
            assertEquals(Math.rint(d), d, name + "'s balance is not whole: " + d);
            return (long) d;
        }

        @Override
        public synchronized Object invoke(Object proxy, Method m, Object[] args) {
            switch (m.getName()) {
                case "hashCode": return System.identityHashCode(proxy);
                case "equals": return proxy == args[0];
                case "toString": return "TestMoney";
                default: break;
            }
            String thread = Thread.currentThread().getName();
            if (dead) {
                wrong.add(m.getName() + " after the crash, on " + thread);
            } else if (Bukkit.getServer() == null || !Bukkit.isPrimaryThread()) {
                wrong.add(m.getName() + " off the server thread, on " + thread);
            } else {
                onMain.merge(m.getName(), 1, Integer::sum);
            }
            calls.add(m.getName());
            if (m.getName().equals("isEnabled")) {
                return true;
            }
            if (m.getName().equals("getName")) {
                return "TestMoney";
            }
            String sig = m.getName() + java.util.Arrays.toString(m.getParameterTypes());
            Class<?>[] types = m.getParameterTypes();
            if (types.length == 0 || types[0] != OfflinePlayer.class) {
                wrong.add("the adapter called Economy." + sig);
                throw new AssertionError("the adapter called Economy." + sig);
            }
            UUID id = ((OfflinePlayer) args[0]).getUniqueId();
            double balance = balances.getOrDefault(id, 0.0);
            if (types.length == 1 && m.getName().equals("getBalance")) {
                return balance;
            }
            if (types.length != 2 || types[1] != double.class) {
                wrong.add("the adapter called Economy." + sig);
                throw new AssertionError("the adapter called Economy." + sig);
            }
            double amount = (Double) args[1];
            switch (m.getName()) {
                case "has":
                    return balance >= amount;
                case "withdrawPlayer":
                    if (refuseWithdraw || amount > balance) {
                        return new EconomyResponse(0, balance, EconomyResponse.ResponseType.FAILURE, "refused");
                    }
                    balances.put(id, balance - amount);
                    return new EconomyResponse(amount, balance - amount, EconomyResponse.ResponseType.SUCCESS, null);
                case "depositPlayer":
                    balances.put(id, balance + amount);
                    return new EconomyResponse(amount, balance + amount, EconomyResponse.ResponseType.SUCCESS, null);
                default:
                    wrong.add("the adapter called Economy." + sig);
                    throw new AssertionError("the adapter called Economy." + sig);
            }
        }
    }
}
