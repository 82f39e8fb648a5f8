package dev.unocraft.paper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import dev.unocraft.adventure.Components;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.kyori.adventure.key.Key;
import net.kyori.adventure.sound.Sound;
import net.kyori.adventure.text.Component;
import net.kyori.adventure.text.event.ClickEvent;
import net.kyori.adventure.text.format.NamedTextColor;
import net.kyori.adventure.text.format.TextDecoration;
import net.kyori.adventure.title.Title;
import org.bukkit.entity.Player;
import org.bukkit.inventory.meta.ItemMeta;
import org.bukkit.scoreboard.Objective;
import org.bukkit.scoreboard.Team;
import org.junit.jupiter.api.Test;

/**
 * What the Paper adapter hands Paper: Adventure components built from the engine's JSON, given to the
 * player as an Audience, to the item meta, the sidebar's objective and teams. The fakes are the Paper
 * API stub's interfaces, recording every call (Adventure's Audience methods included).
 */
class PaperTextTest {
    /** One call a fake received: the method's name and its arguments. */
    record Call(String method, List<Object> args) {}

    /** A fake of a Paper interface: records every call; answers the methods named in {@code answers}. */
    static <T> T fake(Class<T> type, List<Call> calls, Map<String, Object> answers) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            calls.add(new Call(method.getName(), args == null ? List.of() : Arrays.asList(args)));
            return answers.get(method.getName());
        }));
    }

    private static JsonElement json(String s) {
        return JsonParser.parseString(s);
    }

    private static final JsonElement BUTTON = json("{\"text\":\"[Draw]\",\"colour\":\"green\",\"bold\":true,\"click\":{\"command\":\"/uno draw #t3\"}}");
    private static final Component BUTTON_COMPONENT = Component.text("[Draw]", NamedTextColor.GREEN, TextDecoration.BOLD)
            .clickEvent(ClickEvent.runCommand("/uno draw #t3"));

    @Test
    void theEnginesTextBecomesTheComponentsPaperSends() {
        // what PaperPlatform.text builds on the engine's thread, for chat, action bar, title and sidebar
        assertEquals(BUTTON_COMPONENT, Components.of(BUTTON));
        assertEquals(Component.text("Your turn", NamedTextColor.YELLOW), Components.of(json("\"\u00a7eYour turn\"")));
    }

    @Test
    void titleAndSoundGoToThePlayerAsAnAudience() {
        List<Call> calls = new ArrayList<>();
        Player ann = fake(Player.class, calls, Map.of());
        PaperText.title(ann, Components.of(json("{\"text\":\"UNO!\",\"colour\":\"red\"}")), Components.of(json("\"ann\"")));
        PaperText.sound(ann, "minecraft:block.note_block.pling", 0.5f, 1.2f);

        assertEquals(List.of("showTitle", "playSound"), calls.stream().map(Call::method).toList());
        Title title = (Title) calls.get(0).args().get(0);
        assertEquals(Component.text("UNO!", NamedTextColor.RED), title.title());
        assertEquals(Component.text("ann"), title.subtitle());
        // the Spigot adapter's 5, 40 and 10 ticks
        assertEquals(Title.Times.times(Duration.ofMillis(250), Duration.ofMillis(2000), Duration.ofMillis(500)), title.times());
        Sound sound = (Sound) calls.get(1).args().get(0);
        assertEquals(Key.key("minecraft", "block.note_block.pling"), sound.name());
        assertEquals(Sound.Source.MASTER, sound.source());
        assertEquals(0.5f, sound.volume());
        assertEquals(1.2f, sound.pitch());
    }

    @Test
    void theLocaleReadsAsTheClientSendsIt() {
        Player ru = fake(Player.class, new ArrayList<>(), Map.of("locale", Locale.forLanguageTag("ru-RU")));
        assertEquals("ru_ru", PaperText.locale(ru));
        Player en = fake(Player.class, new ArrayList<>(), Map.of("locale", Locale.US));
        assertEquals("en_us", PaperText.locale(en));
    }

    @Test
    void aCardItemGetsItsNameAndLoreAsComponentsNotItalic() {
        List<Call> calls = new ArrayList<>();
        ItemMeta meta = fake(ItemMeta.class, calls, Map.of());
        PaperText.describe(meta, json("{\"text\":\"Red 7\",\"colour\":\"red\"}"),
                List.of(json("\"\u00a77Right-click to play\""), json("{\"text\":\"house rule\",\"italic\":true}")));

        assertEquals(List.of(new Call("customName", List.of(Component.text("Red 7", NamedTextColor.RED).decoration(TextDecoration.ITALIC, false))),
                new Call("lore", List.of(List.of(
                        Component.text("Right-click to play", NamedTextColor.GRAY).decoration(TextDecoration.ITALIC, false),
                        Component.text("house rule").decoration(TextDecoration.ITALIC, true))))), calls);
    }

    @Test
    void theSidebarTitleAndLinesAreSentOnlyWhenTheyChange() {
        List<Call> calls = new ArrayList<>();
        Objective objective = fake(Objective.class, calls, Map.of("displayName", Component.text("UNO", NamedTextColor.GOLD)));
        PaperText.retitle(objective, Component.text("UNO", NamedTextColor.GOLD));          // the same: nothing sent
        PaperText.retitle(objective, Component.text("UNO t2", NamedTextColor.GOLD));
        assertEquals(List.of(new Call("displayName", List.of()), new Call("displayName", List.of()),
                new Call("displayName", List.of(Component.text("UNO t2", NamedTextColor.GOLD)))), calls);

        calls.clear();
        Team line = fake(Team.class, calls, Map.of("prefix", BUTTON_COMPONENT));
        PaperText.setLine(line, BUTTON_COMPONENT);
        PaperText.setLine(line, Component.text("ann: 3 cards"));
        assertEquals(List.of(new Call("prefix", List.of()), new Call("prefix", List.of()),
                new Call("prefix", List.of(Component.text("ann: 3 cards")))), calls);
    }

    @Test
    void theMainClassTakesPapersAdapterOnlyWherePapersApiIs() throws Exception {
        assertTrue(UnocraftPaperPlugin.paperApi(PaperTextTest.class.getClassLoader()));      // the Paper API stub
        try (URLClassLoader spigot = new URLClassLoader(new URL[0], ClassLoader.getPlatformClassLoader())) {
            assertFalse(UnocraftPaperPlugin.paperApi(spigot));
        }
    }
}
