package dev.unocraft.bukkit;

import java.util.Locale;
import java.util.UUID;
import net.kyori.adventure.audience.MessageType;
import net.kyori.adventure.identity.Identity;
import net.kyori.adventure.text.Component;
import org.bukkit.Location;
import org.bukkit.entity.Player;
import org.bukkit.inventory.ItemStack;
import org.bukkit.inventory.PlayerInventory;
import org.bukkit.scoreboard.Scoreboard;
import org.jetbrains.annotations.NotNull;
import org.mockbukkit.mockbukkit.entity.PlayerMock;

/** A MockBukkit player whose state the adapters may read and change on the main thread only ({@link CheckedServer#mainOnly}). */
public class CheckedPlayer extends PlayerMock {
    private final CheckedServer server;
    /** Made on first use: PlayerMock's constructor may ask for it before this class's fields are set. */
    private ServerLikeInventory inventory;

    public CheckedPlayer(CheckedServer server, String name) {
        this(server, name, UUID.nameUUIDFromBytes(("unocraft-test:" + name).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    public CheckedPlayer(CheckedServer server, String name, UUID id) {
        super(server, name, id);
        this.server = server;
    }

    /** A call of this player's own state: judged by the server ({@link CheckedServer#playerCall}). */
    void check(String what) {
        if (server != null) {    // null while PlayerMock's constructor runs
            server.playerCall(this, what);
        }
    }

    @Override
    public @NotNull PlayerInventory getInventory() {
        check("getInventory");
        if (inventory == null) {
            inventory = new ServerLikeInventory(this);
        }
        return inventory;
    }

    @Override
    public void updateInventory() {
        check("updateInventory");
        super.updateInventory();
    }

    @Override
    public @NotNull org.bukkit.inventory.Inventory getEnderChest() {
        check("getEnderChest");
        return super.getEnderChest();
    }

    @Override
    public void closeInventory() {
        check("closeInventory");
        super.closeInventory();
    }

    @Override
    public void closeInventory(org.bukkit.event.inventory.InventoryCloseEvent.@NotNull Reason reason) {
        check("closeInventory");
        super.closeInventory(reason);
    }

    @Override
    public @NotNull org.bukkit.inventory.InventoryView getOpenInventory() {
        check("getOpenInventory");
        return super.getOpenInventory();
    }

    @Override
    public void openInventory(org.bukkit.inventory.@NotNull InventoryView view) {
        check("openInventory");
        super.openInventory(view);
    }

    @Override
    public org.bukkit.inventory.InventoryView openInventory(org.bukkit.inventory.@NotNull Inventory inventory) {
        check("openInventory");
        return super.openInventory(inventory);
    }

    @Override
    public @NotNull ItemStack getItemOnCursor() {
        check("getItemOnCursor");
        return super.getItemOnCursor();
    }

    @Override
    public void setItemOnCursor(ItemStack item) {
        check("setItemOnCursor");
        super.setItemOnCursor(item);
    }

    @Override
    public boolean teleport(@NotNull Location location, org.bukkit.event.player.PlayerTeleportEvent.@NotNull TeleportCause cause,
            io.papermc.paper.entity.@NotNull TeleportFlag... flags) {
        check("teleport");
        return super.teleport(location, cause, flags);
    }

    @Override
    public @NotNull Location getLocation() {
        check("getLocation");
        return super.getLocation();
    }

    @Override
    public @NotNull Scoreboard getScoreboard() {
        check("getScoreboard");
        return super.getScoreboard();
    }

    @Override
    public void setScoreboard(@NotNull Scoreboard scoreboard) {
        check("setScoreboard");
        super.setScoreboard(scoreboard);
    }

    @Override
    @SuppressWarnings("removal")     // MockBukkit records messages here (Adventure's Audience.sendMessage(Component) ends here)
    public void sendMessage(@NotNull Identity source, @NotNull Component message, @NotNull MessageType type) {
        check("sendMessage");
        super.sendMessage(source, message, type);
    }

    @Override
    public void sendActionBar(@NotNull Component component) {
        check("sendActionBar");
        super.sendActionBar(component);
    }

    @Override
    public Player.@NotNull Spigot spigot() {
        check("spigot");
        return super.spigot();
    }

    @Override
    @SuppressWarnings("deprecation")
    public void sendTitle(String title, String subtitle, int fadeIn, int stay, int fadeOut) {
        check("sendTitle");
        super.sendTitle(title, subtitle, fadeIn, stay, fadeOut);
    }

    @Override
    public void playSound(@NotNull Location location, @NotNull String sound, float volume, float pitch) {
        check("playSound");
        super.playSound(location, sound, volume, pitch);
    }

    @Override
    public void playSound(net.kyori.adventure.sound.@NotNull Sound sound) {
        check("playSound");
        super.playSound(sound);
    }

    @Override
    public void showTitle(net.kyori.adventure.title.@NotNull Title title) {
        check("showTitle");
        super.showTitle(title);
    }

    @Override
    public void showBossBar(net.kyori.adventure.bossbar.@NotNull BossBar bar) {
        check("showBossBar");
        super.showBossBar(bar);
    }

    @Override
    public void hideBossBar(net.kyori.adventure.bossbar.@NotNull BossBar bar) {
        check("hideBossBar");
        super.hideBossBar(bar);
    }

    @Override
    public void playSound(net.kyori.adventure.sound.@NotNull Sound sound, double x, double y, double z) {
        check("playSound");
        super.playSound(sound, x, y, z);
    }

    @Override
    public void playSound(net.kyori.adventure.sound.@NotNull Sound sound, net.kyori.adventure.sound.Sound.@NotNull Emitter emitter) {
        check("playSound");
        super.playSound(sound, emitter);
    }

    @Override
    @SuppressWarnings("deprecation")
    public @NotNull String getLocale() {
        check("getLocale");
        return super.getLocale();
    }

    @Override
    public @NotNull Locale locale() {
        check("locale");
        return super.locale();
    }
}
