package dev.unocraft.adventure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonParser;
import net.kyori.adventure.text.Component;
import net.kyori.adventure.text.event.ClickEvent;
import net.kyori.adventure.text.event.HoverEvent;
import net.kyori.adventure.text.format.NamedTextColor;
import net.kyori.adventure.text.format.TextColor;
import net.kyori.adventure.text.format.TextDecoration;
import net.kyori.adventure.text.serializer.gson.GsonComponentSerializer;
import org.junit.jupiter.api.Test;

/** The engine's version-neutral component JSON (unocraft.presentation.chat) → Adventure components. */
class ComponentsTest {
    private static Component of(String json) {
        return Components.of(JsonParser.parseString(json));
    }

    @Test
    void aCardButtonKeepsItsColourBoldClickAndHover() {
        Component c = of("{\"text\":\"[R7]\",\"colour\":\"red\",\"bold\":true,"
                + "\"click\":{\"command\":\"/uno play R7 #t12\"},\"hover\":\"Play Red 7\"}");
        Component expected = Component.text("[R7]", NamedTextColor.RED, TextDecoration.BOLD)
                .clickEvent(ClickEvent.runCommand("/uno play R7 #t12"))
                .hoverEvent(HoverEvent.showText(Component.text("Play Red 7")));
        assertEquals(expected, c);
    }

    @Test
    void childrenFollowTheirParentAndArraysAreOneLine() {
        Component c = of("[{\"text\":\"[\",\"colour\":\"white\",\"extra\":[{\"text\":\"W\",\"color\":\"#ff5555\"}]},"
                + "{\"text\":\" draw\",\"click\":{\"suggest\":\"/uno \"},\"italic\":false,\"underlined\":true}]");
        Component expected = Component.text()
                .append(Component.text("[", NamedTextColor.WHITE).append(Component.text("W", TextColor.color(0xff5555))))
                .append(Component.text(" draw").decoration(TextDecoration.ITALIC, false)
                        .decoration(TextDecoration.UNDERLINED, true).clickEvent(ClickEvent.suggestCommand("/uno ")))
                .build();
        assertEquals(expected, c);
    }

    @Test
    void everyClickFormTheEngineSendsIsUnderstood() {
        assertEquals(ClickEvent.runCommand("/uno draw"), of("{\"text\":\"a\",\"click\":{\"run\":\"/uno draw\"}}").clickEvent());
        assertEquals(ClickEvent.openUrl("https://example.org"), of("{\"text\":\"a\",\"click\":{\"url\":\"https://example.org\"}}").clickEvent());
        assertEquals(ClickEvent.copyToClipboard("x"),
                of("{\"text\":\"a\",\"click\":{\"action\":\"copy_to_clipboard\",\"value\":\"x\"}}").clickEvent());
        assertEquals(null, of("{\"text\":\"a\",\"click\":{\"action\":\"no_such_action\",\"value\":\"x\"}}").clickEvent());
    }

    @Test
    void plainStringsMayCarryLegacyCodesAndNullIsEmpty() {
        assertEquals("{\"color\":\"green\",\"text\":\"ok\"}", GsonComponentSerializer.gson().serialize(of("\"\u00a7aok\"")));
        assertEquals(Component.empty(), Components.of(null));
        assertEquals(Component.empty(), of("null"));
    }

    @Test
    void anUnknownColourIsLeftOutNotAnError() {
        assertEquals(Component.text("x"), of("{\"text\":\"x\",\"colour\":\"no_such_colour\"}"));
    }

    @Test
    void itemNamesAreUprightUnlessTheySayOtherwise() {
        assertEquals(Component.text("Red 7", NamedTextColor.RED).decoration(TextDecoration.ITALIC, false),
                Components.itemText(JsonParser.parseString("{\"text\":\"Red 7\",\"colour\":\"red\"}")));
        assertEquals(Component.text("aside").decoration(TextDecoration.ITALIC, true),
                Components.itemText(JsonParser.parseString("{\"text\":\"aside\",\"italic\":true}")));
    }
}
