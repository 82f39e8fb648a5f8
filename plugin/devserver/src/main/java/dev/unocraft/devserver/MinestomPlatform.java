package dev.unocraft.devserver;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import dev.unocraft.adventure.Components;
import dev.unocraft.core.Platform;
import dev.unocraft.core.Scheduling;
import dev.unocraft.core.UnoCore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import net.kyori.adventure.text.Component;
import net.kyori.adventure.title.Title;
import net.minestom.server.entity.Player;
import net.minestom.server.item.ItemStack;
import net.minestom.server.item.Material;
import net.minestom.server.network.packet.server.FramedPacket;
import net.minestom.server.network.packet.server.SendablePacket;
import net.minestom.server.network.player.GameProfile;
import net.minestom.server.network.player.PlayerConnection;
import net.minestom.server.scoreboard.Sidebar;

/** The core's {@link Platform} on Minestom: its parts ({@link MinestomPlayers}, {@link MinestomScreen}, {@link MinestomSlots}) and where work runs. No game logic. */
final class MinestomPlatform implements Platform, Scheduling {
    private final Logger log = Logger.getLogger("unocraft");
    private final Path dataFolder;
    private final MinestomPlayers players;
    private final MinestomScreen screen;
    private final MinestomSlots slots = new MinestomSlots();
    private final MinestomStage stage = new MinestomStage(this);

    MinestomPlatform(Path dataFolder) {
        this.dataFolder = dataFolder;
        this.players = new MinestomPlayers(new DevEconomy(dataFolder.resolve("balances.properties")));
        this.screen = new MinestomScreen(dataFolder);
    }

    // Minestom has no single main thread: entities are ticked by tick threads, and its inventories
    // and packet sending are thread-safe. So every player's work and the global work run in order on one
    // applier thread as soon as they arrive, instead of waiting for the next 50 ms tick. (On Bukkit the
    // scheduler's main thread runs them, in the next tick.)
    private final java.util.concurrent.ExecutorService applier = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "unocraft-apply");
        t.setDaemon(true);
        return t;
    });

    @Override
    public void forPlayer(String player, Runnable task) {
        global(task);
    }

    @Override
    public void global(Runnable task) {
        applier.execute(() -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                log.warning("applying ops failed: " + e);
            }
        });
    }

    @Override
    public Logger logger() {
        return log;
    }

    @Override
    public Path dataFolder() {
        return dataFolder;
    }

    @Override
    public Scheduling scheduling() {
        return this;
    }

    @Override
    public MinestomPlayers players() {
        return players;
    }

    @Override
    public MinestomScreen screen() {
        return screen;
    }

    @Override
    public MinestomSlots slots() {
        return slots;
    }

    @Override
    public MinestomStage stage() {
        return stage;
    }

    /** The dev server's economy (balances.properties in the data folder): what stakes of money go through. */
    DevEconomy money() {
        return players.money();
    }

    @Override
    public void warmUp() {
        JsonElement text = JsonParser.parseString("[{\"text\":\"a\",\"colour\":\"#ff0000\",\"bold\":true,"
                + "\"click\":{\"command\":\"/uno\"},\"hover\":\"b\",\"extra\":[\"\u00a7ac\"]}]");
        Component c = Components.of(text);
        Component other = Component.text("b");
        ItemStack card = MinestomSlots.build(new CardItem(1, null, text, List.of(text), true, "-"));
        ItemStack paper = MinestomSlots.build(new CardItem(-1, "minecraft:paper", text, List.of(), false, "-"));
        // what the applier does to a player, done to a player no one sees (its packets are built and
        // go nowhere): Minestom's packets and events for slots, the held item, the off-hand, a clear,
        // messages, a title, a sound, a sidebar, a face's map, loaded and run here, again and again,
        // rather than in the first game
        Player ghost = ghost();
        ghost.getInventory().addViewer(ghost);      // a player sees their own inventory: its slot packets are made
        ItemStack[] own = ghost.getInventory().getItemStacks();
        own[5] = ItemStack.of(Material.STONE);      // an item of the player's own, kept by the vault
        MinestomSlots.restore(ghost, MinestomSlots.readInternal(MinestomSlots.snapshot(own)));     // the vault's thread's share, once
        MinestomPlayers.PreparedSound click = players.sound("minecraft:ui.button.click", 1f, 1f);
        FramedPacket map = screen.prepareMap(0, new byte[128 * 128]).packet();    // encoded and compressed as prepareMap does
        Map<Integer, Object> deal = new java.util.LinkedHashMap<>();
        Map<Integer, Object> next = new java.util.LinkedHashMap<>();
        for (int slot : new int[] {0, 1, 9, 40}) {
            deal.put(slot, card);
            next.put(slot, slot == 9 ? null : paper);
        }
        List<Object> lines = new ArrayList<>(java.util.Collections.nCopies(MinestomScreen.MAX_LINES, c));
        for (int i = 0; i < UnoCore.WARM_UP_ROUNDS; i++) {
            MinestomSlots.restore(ghost, own);        // a game's end: the player's own items back
            java.util.Arrays.equals(own, ghost.getInventory().getItemStacks());
            ghost.getInventory().clear();
            MinestomSlots.putAll(ghost.getInventory(), deal);
            ghost.setHeldItemSlot((byte) (i % 2));
            MinestomSlots.putAll(ghost.getInventory(), next);
            ghost.sendMessage(c);
            ghost.sendActionBar(c);
            ghost.showTitle(Title.title(c, other));
            MinestomPlayers.play(ghost, click);
            MinestomScreen.Shown shown = new MinestomScreen.Shown(new Sidebar(c), new Component[MinestomScreen.MAX_LINES]);
            MinestomScreen.update(shown, c, lines);
            shown.sidebar().addViewer(ghost);
            lines.set(i % MinestomScreen.MAX_LINES, other);
            MinestomScreen.update(shown, other, lines.subList(0, MinestomScreen.MAX_LINES - 1 - i % 3));
            lines.set(i % MinestomScreen.MAX_LINES, c);
            shown.sidebar().removeViewer(ghost);
            ghost.sendPacket(map);
        }
    }

    /** A player no one sees, never spawned nor tracked, for {@link #warmUp}. */
    private static Player ghost() {
        PlayerConnection nowhere = new PlayerConnection() {
            @Override
            public void sendPacket(SendablePacket packet) {
                // dropped
            }

            @Override
            public java.net.SocketAddress getRemoteAddress() {
                return new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0);
            }
        };
        return new Player(nowhere, new GameProfile(new java.util.UUID(0, 0), "-"));
    }

}
