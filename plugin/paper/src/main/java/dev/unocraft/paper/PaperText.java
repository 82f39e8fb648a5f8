package dev.unocraft.paper;

import com.google.gson.JsonElement;
import dev.unocraft.adventure.Components;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import net.kyori.adventure.audience.Audience;
import net.kyori.adventure.key.Key;
import net.kyori.adventure.sound.Sound;
import net.kyori.adventure.text.Component;
import net.kyori.adventure.title.Title;
import org.bukkit.entity.Player;
import org.bukkit.inventory.meta.ItemMeta;
import org.bukkit.scoreboard.Criteria;
import org.bukkit.scoreboard.Objective;
import org.bukkit.scoreboard.Scoreboard;
import org.bukkit.scoreboard.Team;

/**
 * Everything the Paper adapter says to players, in Adventure components built from the engine's
 * version-neutral JSON (the converter the dev server uses too; messages, titles and sidebar lines are
 * built on the engine's thread by PaperPlatform.text), handed to Paper's own Component-taking API. Nothing here is deprecated on Paper (the build fails on a deprecated call).
 */
final class PaperText {
    private PaperText() {}

    /** The Spigot adapter's title timing (5, 40 and 10 ticks), so a title reads the same on both. */
    static final Title.Times TITLE_TIMES = Title.Times.times(Duration.ofMillis(250), Duration.ofSeconds(2), Duration.ofMillis(500));

    static void title(Audience to, Component title, Component subtitle) {
        to.showTitle(Title.title(title, subtitle, TITLE_TIMES));
    }

    /** To this player only, where they stand, in the master category (as Spigot's playSound(Location, String, …)). */
    static void sound(Audience to, String sound, float volume, float pitch) {
        to.playSound(Sound.sound(Key.key(sound), Sound.Source.MASTER, volume, pitch));
    }

    /** "en_us", as the client sends it and Spigot's getLocale gives it (Paper's locale() is a Locale: en_US). */
    static String locale(Player player) {
        return player.locale().toString().toLowerCase(Locale.ROOT);
    }

    static void describe(ItemMeta meta, JsonElement name, List<JsonElement> lore) {
        meta.customName(Components.itemText(name));
        meta.lore(lore.stream().map(Components::itemText).toList());
    }

    static Objective newSidebar(Scoreboard board, String name, Component title) {
        return board.registerNewObjective(name, Criteria.DUMMY, title);
    }

    /** Sends the title only when it changed (each change is a packet to the player). */
    static void retitle(Objective objective, Component c) {
        if (!c.equals(objective.displayName())) {
            objective.displayName(c);
        }
    }

    /** A line's text is its team's prefix; sent only when it changed. */
    static void setLine(Team team, Component c) {
        if (!c.equals(team.prefix())) {
            team.prefix(c);
        }
    }
}
