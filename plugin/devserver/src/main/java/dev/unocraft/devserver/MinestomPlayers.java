package dev.unocraft.devserver;

import com.google.gson.JsonElement;
import dev.unocraft.adventure.Components;
import dev.unocraft.core.Players;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import net.kyori.adventure.key.Key;
import net.kyori.adventure.sound.Sound;
import net.kyori.adventure.text.Component;
import net.kyori.adventure.title.Title;
import net.minestom.server.MinecraftServer;
import net.minestom.server.entity.Player;
import net.minestom.server.network.packet.server.play.SoundEffectPacket;
import net.minestom.server.sound.SoundEvent;

/** The players on Minestom: tracked by name, Adventure text, sounds resolved on the engine's thread. */
final class MinestomPlayers implements Players {
    // Players by name, kept from spawn until after the core has handled their quit: Minestom
    // drops a disconnecting player from its online list before the disconnect event.
    private static final Map<String, Player> PLAYERS = new ConcurrentHashMap<>();

    private final DevEconomy economy;

    MinestomPlayers(DevEconomy economy) {
        this.economy = economy;
    }

    static void track(Player p) {
        PLAYERS.put(p.getUsername().toLowerCase(Locale.ROOT), p);
    }

    static void untrack(Player p) {
        PLAYERS.remove(p.getUsername().toLowerCase(Locale.ROOT), p);
    }

    static Collection<Player> tracked() {
        return List.copyOf(PLAYERS.values());
    }

    static Player player(String name) {
        Player p = PLAYERS.get(name.toLowerCase(Locale.ROOT));
        return p != null ? p : MinecraftServer.getConnectionManager().getOnlinePlayerByUsername(name);
    }

    @Override
    public Collection<String> onlinePlayers() {
        List<String> names = new ArrayList<>();
        PLAYERS.values().forEach(p -> names.add(p.getUsername()));
        return names;
    }

    @Override
    public boolean isOnline(String name) {
        return player(name) != null;
    }

    @Override
    public Position position(String name) {
        Player p = player(name);
        if (p == null) {
            return null;
        }
        String world = p.getInstance() == null ? "" : p.getInstance().getUuid().toString();
        return new Position(world, p.getPosition().x(), p.getPosition().y(), p.getPosition().z());
    }

    @Override
    public String locale(String name) {
        Player p = player(name);
        return p == null || p.getLocale() == null ? null : p.getLocale().toString().toLowerCase(Locale.ROOT);
    }

    @Override
    public String uuid(String name) {
        Player p = player(name);
        return p == null ? null : p.getUuid().toString();
    }

    @Override
    public boolean hasPermission(String name, String permission) {
        return isOnline(name) && DevPermissions.has(name, permission);
    }

    @Override
    public DevEconomy money() {
        return economy;
    }

    /** An Adventure component, built on the engine's thread: Adventure's components are immutable, safe to build anywhere. */
    @Override
    public Component text(JsonElement component) {
        return Components.of(component);
    }

    @Override
    public void sendMessage(String name, Object message) {
        Player p = player(name);
        if (p != null) {
            p.sendMessage((Component) message);
        }
    }

    @Override
    public void sendActionBar(String name, Object message) {
        Player p = player(name);
        if (p != null) {
            p.sendActionBar((Component) message);
        }
    }

    @Override
    public void showTitle(String name, Object title, Object subtitle) {
        Player p = player(name);
        if (p != null) {
            p.showTitle(Title.title((Component) title, (Component) subtitle));
        }
    }

    /** A sound with its key resolved to Minestom's sound event (a registry's or a custom one), on the engine's thread. */
    record PreparedSound(SoundEvent event, float volume, float pitch) {}

    @Override
    public PreparedSound sound(String sound, float volume, float pitch) {
        Key key = Key.key(sound);
        SoundEvent event = SoundEvent.fromKey(key);
        return new PreparedSound(event != null ? event : SoundEvent.of(key, null), volume, pitch);
    }

    @Override
    public void playSound(String name, Object sound) {
        Player p = player(name);
        if (p != null) {
            play(p, (PreparedSound) sound);
        }
    }

    /**
     * To this player only, at the player's position, in the master category: what
     * Player.playSound(Sound) sends, without looking the key up again on the applier.
     */
    static void play(Player p, PreparedSound s) {
        p.sendPacket(new SoundEffectPacket(s.event(), Sound.Source.MASTER, p.getPosition(), s.volume(), s.pitch(),
                java.util.concurrent.ThreadLocalRandom.current().nextLong()));
    }
}
