package dev.unocraft.devserver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonParser;
import dev.unocraft.adventure.Components;
import net.kyori.adventure.text.Component;
import net.kyori.adventure.text.event.ClickEvent;
import net.kyori.adventure.text.event.HoverEvent;
import net.kyori.adventure.text.format.NamedTextColor;
import net.kyori.adventure.text.format.TextColor;
import net.kyori.adventure.text.format.TextDecoration;
import org.junit.jupiter.api.Test;

/**
 * The shared converter (plugin/adventure) is compiled here from source against Minestom's Adventure 5 (Paper
 * gets it built against its Adventure 4.26): what it builds must be the same on 5, which changed
 * some of the builder API this converter uses.
 */
class AdventureFiveTest {
    @Test
    void theSharedConverterRunsOnMinestomsAdventure() {
        Component c = Components.of(JsonParser.parseString("[{\"text\":\"[R7]\",\"colour\":\"red\",\"bold\":true,\"italic\":false,"
                + "\"underlined\":true,\"strikethrough\":false,\"obfuscated\":false,\"click\":{\"command\":\"/uno play R7\"},"
                + "\"hover\":\"\u00a7aPlay\",\"extra\":[{\"text\":\"!\",\"color\":\"#123456\",\"click\":{\"suggest\":\"/uno \"}}]},"
                + "{\"text\":\"u\",\"click\":{\"url\":\"https://example.org\"}},{\"text\":\"c\",\"click\":{\"action\":\"copy_to_clipboard\",\"value\":\"v\"}}]"));
        Component expected = Component.text()
                .append(Component.text("[R7]", NamedTextColor.RED)
                        .decoration(TextDecoration.BOLD, true).decoration(TextDecoration.ITALIC, false)
                        .decoration(TextDecoration.UNDERLINED, true).decoration(TextDecoration.STRIKETHROUGH, false)
                        .decoration(TextDecoration.OBFUSCATED, false)
                        .clickEvent(ClickEvent.runCommand("/uno play R7"))
                        .hoverEvent(HoverEvent.showText(Component.text("Play", NamedTextColor.GREEN)))
                        .append(Component.text("!", TextColor.color(0x123456)).clickEvent(ClickEvent.suggestCommand("/uno "))))
                .append(Component.text("u").clickEvent(ClickEvent.openUrl("https://example.org")))
                .append(Component.text("c").clickEvent(ClickEvent.copyToClipboard("v")))
                .build();
        assertEquals(expected, c);
        assertEquals(Component.text("n").decoration(TextDecoration.ITALIC, false),
                Components.itemText(JsonParser.parseString("\"n\"")));
    }
}
