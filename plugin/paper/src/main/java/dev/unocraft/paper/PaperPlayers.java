package dev.unocraft.paper;

import com.google.gson.JsonElement;
import dev.unocraft.adventure.Components;
import dev.unocraft.core.Platform.SoundCue;
import dev.unocraft.spigot.SpigotPlayers;
import java.util.logging.Logger;
import net.kyori.adventure.audience.Audience;
import net.kyori.adventure.text.Component;
import org.bukkit.Bukkit;
import org.bukkit.entity.Player;

/** The players on Paper: every text method on Adventure ({@link PaperText}); who is online and where, as on Spigot. */
final class PaperPlayers extends SpigotPlayers {
    PaperPlayers(Logger logger) {
        super(logger);
    }

    /** The online player by name, or an audience that drops everything (as the Spigot adapter does for a player gone). */
    static Audience audience(String player) {
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
    public void playSound(String player, Object sound) {
        SoundCue s = (SoundCue) sound;
        PaperText.sound(audience(player), s.sound(), s.volume(), s.pitch());
    }
}
