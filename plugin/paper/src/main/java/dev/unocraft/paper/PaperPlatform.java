package dev.unocraft.paper;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import dev.unocraft.adventure.Components;
import dev.unocraft.spigot.SpigotPlatform;
import dev.unocraft.spigot.UnocraftPlugin;
import io.papermc.paper.event.player.AsyncChatEvent;
import net.kyori.adventure.audience.Audience;
import net.kyori.adventure.text.Component;
import org.bukkit.Bukkit;
import org.bukkit.entity.Player;
import org.bukkit.event.player.PlayerEvent;
import org.bukkit.inventory.meta.ItemMeta;
import org.bukkit.scoreboard.Objective;
import org.bukkit.scoreboard.Scoreboard;
import org.bukkit.scoreboard.Team;

/**
 * The core's Platform on Paper: the Bukkit adapter (items, maps, inventories, the sidebar's
 * scoreboard) with every text method and hook on Adventure ({@link PaperText}). No game logic.
 */
final class PaperPlatform extends SpigotPlatform {
    PaperPlatform(UnocraftPlugin plugin) {
        super(plugin);
    }

    @Override
    protected String name() {
        return "paper";
    }

    /** Paper's AsyncChatEvent (listening to Bukkit's AsyncPlayerChatEvent is deprecated there). */
    @Override
    protected Class<? extends PlayerEvent> chatEvent() {
        return AsyncChatEvent.class;
    }

    /** The online player by name, or an audience that drops everything (as the Spigot adapter does for a player gone). */
    private static Audience audience(String player) {
        Player p = Bukkit.getPlayerExact(player);
        return p == null ? Audience.empty() : p;
    }

    @Override
    public String locale(String player) {
        Player p = Bukkit.getPlayerExact(player);
        return p == null ? null : PaperText.locale(p);
    }

    /** An Adventure component, built on the engine's thread: Adventure's components are immutable, safe to build anywhere. */
    @Override
    public Component text(JsonElement component) {
        return Components.of(component);
    }

    @Override
    public void sendMessage(String player, Object message) {
        audience(player).sendMessage((Component) message);
    }

    @Override
    public void sendActionBar(String player, Object message) {
        audience(player).sendActionBar((Component) message);
    }

    @Override
    public void showTitle(String player, Object title, Object subtitle) {
        PaperText.title(audience(player), (Component) title, (Component) subtitle);
    }

    @Override
    public void playSound(String player, String sound, float volume, float pitch) {
        PaperText.sound(audience(player), sound, volume, pitch);
    }

    @Override
    protected void describe(ItemMeta meta, CardItem item) {
        PaperText.describe(meta, item.name(), item.lore());
    }

    @Override
    protected Objective newSidebar(Scoreboard board, Object title) {
        return PaperText.newSidebar(board, SIDEBAR_OBJECTIVE, (Component) title);
    }

    @Override
    protected void retitle(Objective objective, Object title) {
        PaperText.retitle(objective, (Component) title);
    }

    @Override
    protected void setLine(Team team, Object line) {
        PaperText.setLine(team, (Component) line);
    }

    @Override
    public void warmUp() {
        // Adventure's builders and our converter loaded and run off the main thread, before the first game
        JsonElement text = JsonParser.parseString("[{\"text\":\"a\",\"colour\":\"red\",\"bold\":true,"
                + "\"click\":{\"command\":\"/uno\"},\"hover\":\"b\",\"extra\":[\"\u00a7ac\"]}]");
        Component c = text(text);
        Audience.empty().sendMessage(c);
        PaperText.title(Audience.empty(), c, c);
        PaperText.sound(Audience.empty(), "minecraft:ui.button.click", 1f, 1f);
        Components.itemText(text);
    }
}
