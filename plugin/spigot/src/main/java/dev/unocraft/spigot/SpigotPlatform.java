package dev.unocraft.spigot;

import dev.unocraft.core.Platform;
import dev.unocraft.core.Players;
import dev.unocraft.core.Scheduling;
import dev.unocraft.core.Screen;
import dev.unocraft.core.UnoCore;
import java.nio.file.Path;
import java.util.Collection;
import java.util.logging.Logger;
import org.bukkit.Bukkit;
import org.bukkit.NamespacedKey;
import org.bukkit.entity.Player;
import org.bukkit.event.player.AsyncPlayerChatEvent;
import org.bukkit.event.player.PlayerEvent;
import org.bukkit.inventory.ItemStack;

/**
 * The core's {@link Platform} on Bukkit/Spigot: its four parts, chosen once. Spigot's are the main thread
 * ({@link BukkitScheduling}), BungeeCord text ({@link SpigotPlayers}), scoreboard and maps
 * ({@link SpigotScreen}), the inventory's slots ({@link BukkitSlots}) and the tables in the world as display entities
 * ({@link BukkitStage}); the Paper adapter (plugin/paper) hands in its own: Adventure text, and on Folia Paper's
 * schedulers, a boss bar and each table's entities on its region.
 */
public class SpigotPlatform implements Platform {
    private final UnocraftPlugin plugin;
    private final Scheduling scheduling;
    private final Players players;
    private final Screen screen;
    private final BukkitSlots slots;
    private final BukkitStage stage;

    /** Spigot's own parts. */
    static SpigotPlatform spigot(UnocraftPlugin plugin) {
        SpigotScreen screen = new SpigotScreen();
        BukkitSlots slots = new BukkitSlots(tagKey(plugin), screen::mapView);
        return new SpigotPlatform(plugin, new BukkitScheduling(plugin), new SpigotPlayers(plugin.getLogger()), screen, slots,
                new BukkitStage(plugin, screen::mapView));
    }

    protected SpigotPlatform(UnocraftPlugin plugin, Scheduling scheduling, Players players, Screen screen, BukkitSlots slots,
                             BukkitStage stage) {
        this.plugin = plugin;
        this.scheduling = scheduling;
        this.players = players;
        this.screen = screen;
        this.slots = slots;
        this.stage = stage;
    }

    /** Bukkit's scheduler: the main thread (Paper's platform takes it too, where the server is not Folia). */
    protected static Scheduling bukkitScheduling(UnocraftPlugin plugin) {
        return new BukkitScheduling(plugin);
    }

    /** A player joined (before the core hears of it): a platform that hands work to players by name notes them. */
    protected void joined(Player player) {}

    /** A player left (after the core heard of it). */
    protected void left(Player player) {}

    /** The key of an engine item's tag in its meta's persistent data. */
    protected static NamespacedKey tagKey(UnocraftPlugin plugin) {
        return new NamespacedKey(plugin, UnoCore.TAG_KEY);
    }

    /** The platform's name in the bridge's hello (the engine logs it). */
    protected String name() {
        return "spigot";
    }

    /** The event that says a player chatted (the core only needs to know that they did): Bukkit's chat event. */
    protected Class<? extends PlayerEvent> chatEvent() {
        return AsyncPlayerChatEvent.class;
    }

    Collection<? extends Player> onlinePlayers() {
        return Bukkit.getOnlinePlayers();
    }

    /** An item's engine tag, or null: the listener reports it to the core's item policy. */
    String tagOf(ItemStack item) {
        return slots.tag(item);
    }

    @Override
    public Logger logger() {
        return plugin.getLogger();
    }

    @Override
    public Path dataFolder() {
        return plugin.getDataFolder().toPath();
    }

    @Override
    public Scheduling scheduling() {
        return scheduling;
    }

    @Override
    public Players players() {
        return players;
    }

    @Override
    public Screen screen() {
        return screen;
    }

    @Override
    public BukkitSlots slots() {
        return slots;
    }

    /** The tables in the world, as display entities. */
    @Override
    public BukkitStage stage() {
        return stage;
    }
}
