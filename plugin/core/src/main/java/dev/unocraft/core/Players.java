package dev.unocraft.core;

import com.google.gson.JsonElement;
import java.util.Collection;

/**
 * The players as the core sees them: who is online, where, in which language, with which permissions and
 * money, and text to them. A message is whatever {@link #text} made (an Adventure component, BungeeCord
 * components, …): the core only hands it on. Called where {@link Scheduling} runs the player's work,
 * except {@link #text} and {@link #sound} (the engine's thread) and where a method says otherwise.
 */
public interface Players {
    Collection<String> onlinePlayers();

    /** Any thread. */
    boolean isOnline(String player);

    /** Where the player stands, or null; tables open where their owner stands. */
    Position position(String player);

    /** A place in a world (the world by name). */
    record Position(String world, double x, double y, double z) {
        /** How far from {@code other}; infinite in another world. */
        double distance(Position other) {
            if (!world.equals(other.world)) {
                return Double.POSITIVE_INFINITY;
            }
            double dx = x - other.x;
            double dy = y - other.y;
            double dz = z - other.z;
            return Math.sqrt(dx * dx + dy * dy + dz * dz);
        }
    }

    /** The client's language setting, e.g. "en_us", "ru_ru", or null. */
    String locale(String player);

    /** The player's UUID as text (statistics and the vault keep it), or null when unknown. */
    default String uuid(String player) {
        return null;
    }

    /** Whether the online player holds the permission (stakes ask for {@code uno.stake}); false when offline. */
    boolean hasPermission(String player, String permission);

    /**
     * The economy stakes of money go through, or null when the server has none. Looked up when asked, not
     * at enable: the economy plugin may load later.
     */
    Money money();

    /**
     * The platform's own message object for a component, built on the engine's thread while a batch is
     * prepared, so that the server's threads only send it: safe to build on any thread. The default keeps the JSON.
     */
    default Object text(JsonElement component) {
        return component;
    }

    /** Sends a chat message ({@code message}: what {@link #text} made). */
    void sendMessage(String player, Object message);

    void sendActionBar(String player, Object message);

    void showTitle(String player, Object title, Object subtitle);

    /** A sound ready for {@link #playSound}, made on the engine's thread; the default keeps the arguments. */
    default Object sound(String sound, float volume, float pitch) {
        return new Platform.SoundCue(sound, volume, pitch);
    }

    /** Plays what {@link #sound} made to this player only, where the player stands. */
    void playSound(String player, Object sound);
}
