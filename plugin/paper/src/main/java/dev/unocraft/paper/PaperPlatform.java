package dev.unocraft.paper;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import dev.unocraft.adventure.Components;
import dev.unocraft.core.UnoCore;
import dev.unocraft.spigot.SpigotPlatform;
import dev.unocraft.spigot.UnocraftPlugin;
import net.kyori.adventure.audience.Audience;
import org.bukkit.Bukkit;
import org.bukkit.entity.Player;
import org.bukkit.event.Listener;
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

    @Override
    protected Listener chatListener(UnoCore core) {
        return new PaperChatListener(core);
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

    @Override
    public void sendMessage(String player, JsonElement component) {
        PaperText.message(audience(player), component);
    }

    @Override
    public void sendActionBar(String player, JsonElement component) {
        PaperText.actionBar(audience(player), component);
    }

    @Override
    public void showTitle(String player, JsonElement title, JsonElement subtitle) {
        PaperText.title(audience(player), title, subtitle);
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
    protected Objective newSidebar(Scoreboard board, JsonElement title) {
        return PaperText.newSidebar(board, SIDEBAR_OBJECTIVE, title);
    }

    @Override
    protected void retitle(Objective objective, JsonElement title) {
        PaperText.retitle(objective, title);
    }

    @Override
    protected void setLine(Team team, JsonElement line) {
        PaperText.setLine(team, line);
    }

    @Override
    public void warmUp() {
        // Adventure's builders and our converter loaded and run off the main thread, before the first game
        JsonElement text = JsonParser.parseString("[{\"text\":\"a\",\"colour\":\"red\",\"bold\":true,"
                + "\"click\":{\"command\":\"/uno\"},\"hover\":\"b\",\"extra\":[\"\u00a7ac\"]}]");
        PaperText.message(Audience.empty(), text);
        PaperText.title(Audience.empty(), text, text);
        PaperText.sound(Audience.empty(), "minecraft:ui.button.click", 1f, 1f);
        Components.itemText(text);
    }
}
