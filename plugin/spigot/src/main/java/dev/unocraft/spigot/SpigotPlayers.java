package dev.unocraft.spigot;

import com.google.gson.JsonElement;
import dev.unocraft.core.Money;
import dev.unocraft.core.Platform.SoundCue;
import dev.unocraft.core.Players;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.logging.Logger;
import net.md_5.bungee.api.ChatMessageType;
import org.bukkit.Bukkit;
import org.bukkit.Location;
import org.bukkit.entity.Player;

/**
 * The players on Bukkit/Spigot: text through BungeeCord chat and legacy (§) strings ({@link SpigotText}),
 * which Spigot has; the Paper adapter replaces every text method with Adventure. Compiled against Paper's
 * API the text methods get deprecation warnings (getLocale, sendTitle, the BungeeCord API): Spigot has
 * nothing else, and on Paper none of them runs.
 */
public class SpigotPlayers implements Players {
    private final Logger logger;

    protected SpigotPlayers(Logger logger) {
        this.logger = logger;
    }

    @Override
    public Collection<String> onlinePlayers() {
        List<String> names = new ArrayList<>();
        for (Player p : Bukkit.getOnlinePlayers()) {
            names.add(p.getName());
        }
        return names;
    }

    @Override
    public boolean isOnline(String player) {
        return Bukkit.getPlayerExact(player) != null;
    }

    @Override
    public Position position(String player) {
        Player p = Bukkit.getPlayerExact(player);
        if (p == null) {
            return null;
        }
        Location l = p.getLocation();
        return new Position(l.getWorld() == null ? "" : l.getWorld().getName(), l.getX(), l.getY(), l.getZ());
    }

    @Override
    public String locale(String player) {
        Player p = Bukkit.getPlayerExact(player);
        return p == null ? null : p.getLocale();
    }

    @Override
    public String uuid(String player) {
        Player p = Bukkit.getPlayerExact(player);
        return p == null ? null : p.getUniqueId().toString();
    }

    @Override
    public boolean hasPermission(String player, String permission) {
        Player p = Bukkit.getPlayerExact(player);
        return p != null && p.hasPermission(permission);
    }

    @Override
    public Money money() {
        return VaultMoney.find(logger);
    }

    @Override
    public Object text(JsonElement component) {
        return SpigotText.of(component);
    }

    @Override
    public void sendMessage(String player, Object message) {
        Player p = Bukkit.getPlayerExact(player);
        if (p != null) {
            p.spigot().sendMessage(((SpigotText) message).components());
        }
    }

    @Override
    public void sendActionBar(String player, Object message) {
        Player p = Bukkit.getPlayerExact(player);
        if (p != null) {
            p.spigot().sendMessage(ChatMessageType.ACTION_BAR, ((SpigotText) message).components());
        }
    }

    @Override
    public void showTitle(String player, Object title, Object subtitle) {
        Player p = Bukkit.getPlayerExact(player);
        if (p != null) {
            p.sendTitle(((SpigotText) title).legacy(), ((SpigotText) subtitle).legacy(), 5, 40, 10);
        }
    }

    @Override
    public void playSound(String player, Object sound) {
        Player p = Bukkit.getPlayerExact(player);
        if (p != null) {
            SoundCue s = (SoundCue) sound;
            // Player.playSound(Location, String, float, float): heard by this player only
            p.playSound(p.getLocation(), s.sound(), s.volume(), s.pitch());
        }
    }
}
