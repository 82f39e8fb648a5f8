package dev.unocraft.devserver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.gson.JsonPrimitive;
import dev.unocraft.core.Platform.CardItem;
import java.util.ArrayList;
import java.util.List;
import net.minestom.server.entity.Player;
import net.minestom.server.inventory.PlayerInventory;
import net.minestom.server.item.ItemStack;
import net.minestom.server.network.packet.server.SendablePacket;
import net.minestom.server.network.player.GameProfile;
import net.minestom.server.network.player.PlayerConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dev server's ops as the engine's thread prepares them for the applier: items and sounds. */
class PreparedOpsTest {
    /** A player inventory that counts the slots actually set (each one a packet and the inventory events). */
    static final class CountingInventory extends PlayerInventory {
        final List<Integer> set = new ArrayList<>();

        @Override
        protected void UNSAFE_itemInsert(int slot, ItemStack itemStack, ItemStack previous, boolean sendPacket) {
            set.add(slot);
            super.UNSAFE_itemInsert(slot, itemStack, previous, sendPacket);
        }
    }

    private static CardItem card(String tag) {
        return new CardItem(-1, "minecraft:paper", new JsonPrimitive(tag), List.of(), false, tag);
    }

    @TempDir
    java.nio.file.Path dir;

    @org.junit.jupiter.api.BeforeAll
    static void server() {
        net.minestom.server.MinecraftServer.init(new net.minestom.server.Auth.Offline());     // the inventory events' handler; not started
    }

    @Test
    void anUnchangedSlotIsNotSetAgainAndAChangedOneIs() {
        MinestomPlatform platform = new MinestomPlatform(dir);
        ItemStack r5 = platform.slots().card(card("card:R5"));
        assertSame(r5, platform.slots().card(card("card:R5")), "one shared stack per distinct item, found when the batch arrives");
        CountingInventory inventory = new CountingInventory();
        assertEquals(List.of(0), MinestomSlots.putAll(inventory, one(0, r5)));
        assertEquals(List.of(), MinestomSlots.putAll(inventory, one(0, platform.slots().card(card("card:R5")))), "the same card again");
        assertEquals(List.of(), MinestomSlots.putAll(inventory, one(1, null)), "an empty slot emptied");
        assertEquals(List.of(), MinestomSlots.putAll(inventory, one(0, MinestomSlots.build(card("card:R5")))),
                "an equal card built apart (Minestom sends nothing for it either)");
        ItemStack g2 = platform.slots().card(card("card:G2"));
        assertEquals(List.of(0), MinestomSlots.putAll(inventory, one(0, g2)), "another card");
        assertEquals(List.of(0), MinestomSlots.putAll(inventory, one(0, null)), "a card taken out");
        assertEquals(List.of(0, 0, 0), inventory.set, "only the changes reached the inventory");
        assertSame(ItemStack.AIR, inventory.getItemStack(0));
    }

    private static java.util.Map<Integer, Object> one(int slot, ItemStack stack) {
        return java.util.Collections.singletonMap(slot, stack);
    }

    /** A player whose connection notes each call that sends it packets: one list per call. */
    private static Player recorded(List<List<SendablePacket>> calls) {
        PlayerConnection connection = new PlayerConnection() {
            @Override
            public void sendPacket(SendablePacket packet) {
                calls.add(List.of(packet));
            }

            @Override
            public void sendPackets(java.util.Collection<SendablePacket> packets) {
                calls.add(List.copyOf(packets));
            }

            @Override
            public java.net.SocketAddress getRemoteAddress() {
                return new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0);
            }
        };
        return new Player(connection, new GameProfile(java.util.UUID.randomUUID(), "p"));
    }

    /** Minestom sends a packet to an inventory's viewers wrapped, its bytes encoded once for them all. */
    private static SendablePacket unwrapped(SendablePacket p) {
        return p instanceof net.minestom.server.network.packet.server.CachedPacket c
                ? c.packet(net.minestom.server.network.ConnectionState.PLAY) : p;
    }

    @Test
    void anItemsOpSendsMinestomsSlotPacketsInOneGo() {
        MinestomPlatform platform = new MinestomPlatform(dir);
        ItemStack r5 = platform.slots().card(card("card:R5"));
        ItemStack g2 = platform.slots().card(card("card:G2"));
        ItemStack top = platform.slots().card(card("top:B7"));
        // the same changes, slot by slot through Minestom, and through putAll; 40 is the off-hand
        List<List<SendablePacket>> byMinestom = new ArrayList<>();
        PlayerInventory minestoms = new PlayerInventory();
        minestoms.addViewer(recorded(byMinestom));
        List<List<SendablePacket>> byUs = new ArrayList<>();
        PlayerInventory ours = new PlayerInventory();
        ours.addViewer(recorded(byUs));
        for (PlayerInventory inv : List.of(minestoms, ours)) {
            inv.setItemStack(0, r5, false);
            inv.setItemStack(9, g2, false);
        }
        byMinestom.clear();     // what a new viewer is sent
        byUs.clear();
        java.util.Map<Integer, Object> changes = new java.util.LinkedHashMap<>();
        changes.put(0, g2);
        changes.put(1, r5);
        changes.put(9, g2);      // unchanged: no packet
        changes.put(35, r5);
        changes.put(40, top);
        changes.put(2, null);    // empty already: no packet
        for (var e : changes.entrySet()) {
            minestoms.setItemStack(MinestomSlots.internalSlot(e.getKey()), e.getValue() == null ? ItemStack.AIR : (ItemStack) e.getValue());
        }
        assertEquals(List.of(0, 1, 35, 40), MinestomSlots.putAll(ours, changes));
        assertEquals(4, byMinestom.size(), "Minestom: a packet per changed slot");
        assertEquals(1, byUs.size(), "ours: every changed slot in one call, the writer woken once");
        assertEquals(byMinestom.stream().flatMap(List::stream).map(PreparedOpsTest::unwrapped).toList(), byUs.get(0),
                "the very packets Minestom sends, in order");
        assertArrayEquals(minestoms.getItemStacks(), ours.getItemStacks());
        assertEquals(List.of(), MinestomSlots.putAll(ours, changes), "nothing changed: nothing set, nothing sent");
        assertEquals(1, byUs.size());
    }

    @Test
    void aSoundsKeyIsResolvedWhenTheBatchArrives() {
        MinestomPlatform platform = new MinestomPlatform(dir);
        MinestomPlayers.PreparedSound pling = platform.players().sound("minecraft:block.note_block.pling", 0.5f, 1.5f);
        assertSame(net.minestom.server.sound.SoundEvent.BLOCK_NOTE_BLOCK_PLING, pling.event(), "the registry's sound event");
        assertEquals(0.5f, pling.volume());
        assertEquals(1.5f, pling.pitch());
        MinestomPlayers.PreparedSound custom = platform.players().sound("unocraft:shuffle", 1f, 1f);
        assertEquals("unocraft:shuffle", custom.event().key().asString(), "a sound of a resource pack: played by its key");
        assertThrows(net.kyori.adventure.key.InvalidKeyException.class, () -> platform.players().sound("Not A Key!", 1f, 1f),
                "a bad key is refused where the op is read, not on the applier");
    }

    /** A sidebar that notes each change it sends to its viewers. */
    static final class CountingSidebar extends net.minestom.server.scoreboard.Sidebar {
        final List<String> changes = new ArrayList<>();

        CountingSidebar() {
            super(net.kyori.adventure.text.Component.text("T"));
        }

        @Override public void setTitle(net.kyori.adventure.text.Component title) { changes.add("title"); super.setTitle(title); }
        @Override public void createLine(ScoreboardLine line) { changes.add("create " + line.getId()); super.createLine(line); }
        @Override public void updateLineContent(String id, net.kyori.adventure.text.Component c) { changes.add("update " + id); super.updateLineContent(id, c); }
        @Override public void removeLine(String id) { changes.add("remove " + id); super.removeLine(id); }
    }

    private static List<Object> lines(String... texts) {
        return java.util.Arrays.stream(texts).<Object>map(net.kyori.adventure.text.Component::text).toList();
    }

    @Test
    void aSidebarSendsOnlyTheLinesThatChanged() {
        CountingSidebar sb = new CountingSidebar();
        MinestomScreen.Shown shown = new MinestomScreen.Shown(sb, new net.kyori.adventure.text.Component[15]);
        net.kyori.adventure.text.Component title = net.kyori.adventure.text.Component.text("T");
        MinestomScreen.update(shown, title, lines("ann 7", "bob 3", "cid 5"));
        assertEquals(List.of("create l0", "create l1", "create l2"), sb.changes);
        sb.changes.clear();
        MinestomScreen.update(shown, title, lines("ann 7", "bob 2", "cid 5"));
        assertEquals(List.of("update l1"), sb.changes, "one line changed; equal texts (new objects) are not sent again");
        sb.changes.clear();
        MinestomScreen.update(shown, net.kyori.adventure.text.Component.text("T2"), lines("ann 7"));
        assertEquals(List.of("title", "remove l1", "remove l2"), sb.changes);
        assertEquals("ann 7", ((net.kyori.adventure.text.TextComponent) sb.getLine("l0").getContent()).content());
        assertEquals(null, sb.getLine("l1"));
    }
}
