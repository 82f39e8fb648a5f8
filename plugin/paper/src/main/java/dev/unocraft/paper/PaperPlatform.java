package dev.unocraft.paper;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import dev.unocraft.adventure.Components;
import dev.unocraft.spigot.SpigotPlatform;
import dev.unocraft.spigot.UnocraftPlugin;
import io.papermc.paper.event.player.AsyncChatEvent;
import net.kyori.adventure.audience.Audience;
import net.kyori.adventure.text.Component;
import org.bukkit.entity.Player;
import org.bukkit.event.player.PlayerEvent;

/**
 * The core's Platform on Paper: the Bukkit adapter's slots and maps, every text on Adventure
 * ({@link PaperPlayers}, {@link PaperScreen}, {@link PaperSlots}, {@link PaperStage}). On Folia its parts are Folia's:
 * Paper's region schedulers ({@link FoliaScheduling}), the sidebar as a boss bar ({@link FoliaScreen}) and each table's
 * entities on its region ({@link PaperStage}).
 * On plain Paper work runs on the main thread through Bukkit's scheduler, where Paper's schedulers would
 * run it too. No game logic.
 */
public final class PaperPlatform extends SpigotPlatform {
    private final FoliaScheduling folia;

    private PaperPlatform(UnocraftPlugin plugin, FoliaScheduling folia, PaperScreen screen) {
        super(plugin, folia != null ? folia : bukkitScheduling(plugin), new PaperPlayers(plugin.getLogger()), screen,
                new PaperSlots(tagKey(plugin), screen::mapView), new PaperStage(plugin, screen::mapView, folia != null));
        this.folia = folia;
    }

    /** Paper's platform; {@code folia}: the server is Folia (regions ticked on many threads). */
    public static PaperPlatform create(UnocraftPlugin plugin, boolean folia) {
        return folia ? new PaperPlatform(plugin, new FoliaScheduling(plugin), new FoliaScreen())
                : new PaperPlatform(plugin, null, new PaperScreen());
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

    @Override
    protected void joined(Player player) {
        if (folia != null) {
            folia.joined(player);
        }
    }

    @Override
    protected void left(Player player) {
        if (folia != null) {
            folia.left(player);
        }
    }

    @Override
    public void warmUp() {
        // Adventure's builders and our converter loaded and run off the main thread, before the first game
        JsonElement text = JsonParser.parseString("[{\"text\":\"a\",\"colour\":\"red\",\"bold\":true,"
                + "\"click\":{\"command\":\"/uno\"},\"hover\":\"b\",\"extra\":[\"\u00a7ac\"]}]");
        Component c = Components.of(text);
        Audience.empty().sendMessage(c);
        PaperText.title(Audience.empty(), c, c);
        PaperText.sound(Audience.empty(), "minecraft:ui.button.click", 1f, 1f);
        Components.itemText(text);
    }
}
