package dev.unocraft.devserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.kyori.adventure.text.serializer.plain.PlainTextComponentSerializer;
import net.minestom.server.MinecraftServer;
import net.minestom.server.entity.Player;
import net.minestom.server.network.packet.server.SendablePacket;
import net.minestom.server.network.packet.server.play.SystemChatPacket;
import net.minestom.server.network.player.GameProfile;
import net.minestom.server.network.player.PlayerConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dev server's economy: balances in balances.properties, whole units, never below zero. */
class DevEconomyTest {
    @TempDir
    Path dir;

    @Test
    void aNewPlayerHasNothingAndCannotGoBelowZero() {
        DevEconomy money = new DevEconomy(dir.resolve("balances.properties"));
        assertEquals(0.0, money.balance("ann"));
        assertFalse(money.withdraw("ann", 1));
        assertTrue(money.withdraw("ann", 0));
        assertTrue(money.deposit("ann", 100));
        assertEquals(100.0, money.balance("Ann"), "names in any case");
        assertTrue(money.withdraw("ANN", 30));
        assertEquals(70.0, money.balance("ann"));
        assertFalse(money.withdraw("ann", 71), "too little: nothing taken");
        assertEquals(70.0, money.balance("ann"));
        assertTrue(money.withdraw("ann", 70));
        assertEquals(0.0, money.balance("ann"));
        assertFalse(money.deposit("ann", -5), "no negative amounts");
        assertFalse(money.withdraw("ann", -5));
        assertFalse(money.set("ann", -1));
        assertTrue(money.deposit("ann", Long.MAX_VALUE));
        assertFalse(money.deposit("ann", 1), "no overflow");
        assertEquals(0.0, money.balance("bob"), "another player's balance is their own");
    }

    @Test
    void balancesSurviveAReload() throws Exception {
        Path file = dir.resolve("data/balances.properties");
        DevEconomy money = new DevEconomy(file);
        assertTrue(money.deposit("Ann", 190));
        assertTrue(money.set("bob", 7));
        assertTrue(money.withdraw("bob", 2));
        DevEconomy again = new DevEconomy(file);
        assertEquals(190.0, again.balance("ann"));
        assertEquals(5.0, again.balance("bob"));
        assertEquals(0.0, again.balance("cid"));
        try (var files = Files.list(file.getParent())) {
            assertEquals(List.of(file), files.toList(), "written through a temp file moved over it: none left");
        }
        // the platform's economy is the data folder's file
        assertEquals(190.0, new MinestomPlatform(dir.resolve("data")).money().balance("ann"));
    }

    @Test
    void aChangeThatCannotBeSavedIsNotMade() throws Exception {
        Path notAFolder = dir.resolve("taken");
        Files.writeString(notAFolder, "a file where the folder should be");
        DevEconomy money = new DevEconomy(notAFolder.resolve("balances.properties"));
        assertFalse(money.deposit("ann", 10));
        assertEquals(0.0, money.balance("ann"));
    }

    @Test
    void anUnreadableFileStartsEveryoneAtZero() throws Exception {
        Path file = dir.resolve("balances.properties");
        Files.writeString(file, "ann=lots\n");
        DevEconomy money = new DevEconomy(file);
        assertEquals(0.0, money.balance("ann"));
        assertTrue(money.deposit("ann", 3));
        assertEquals(3.0, new DevEconomy(file).balance("ann"));
    }

    @Test
    void devmoneySetsAndPrintsABalance() {
        MinecraftServer.init(new net.minestom.server.Auth.Offline());     // its command manager; not started
        DevEconomy money = new DevEconomy(dir.resolve("balances.properties"));
        money.registerCommand();
        List<String> said = new ArrayList<>();
        Player tester = listening(said);
        MinecraftServer.getCommandManager().execute(tester, "devmoney Ann");
        MinecraftServer.getCommandManager().execute(tester, "devmoney ann 250");
        MinecraftServer.getCommandManager().execute(tester, "devmoney ann -3");
        assertEquals(List.of("money Ann = 0", "money ann = 250", "cannot set money ann to -3"), said);
        assertEquals(250.0, money.balance("ann"));
    }

    /** A player no one sees whose chat lines are noted, as plain text. */
    private static Player listening(List<String> said) {
        PlayerConnection connection = new PlayerConnection() {
            @Override
            public void sendPacket(SendablePacket packet) {
                if (packet instanceof SystemChatPacket chat) {
                    said.add(PlainTextComponentSerializer.plainText().serialize(chat.message()));
                }
            }

            @Override
            public java.net.SocketAddress getRemoteAddress() {
                return new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0);
            }
        };
        return new Player(connection, new GameProfile(java.util.UUID.randomUUID(), "tester"));
    }
}
