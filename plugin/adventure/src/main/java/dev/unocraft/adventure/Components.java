package dev.unocraft.adventure;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import net.kyori.adventure.text.Component;
import net.kyori.adventure.text.TextComponent;
import net.kyori.adventure.text.event.ClickEvent;
import net.kyori.adventure.text.event.HoverEvent;
import net.kyori.adventure.text.format.NamedTextColor;
import net.kyori.adventure.text.format.TextColor;
import net.kyori.adventure.text.format.TextDecoration;
import net.kyori.adventure.text.serializer.legacy.LegacyComponentSerializer;

/**
 * Version-neutral component description → Adventure component, for every platform that speaks
 * Adventure: the dev server (Minestom) and Paper. The server writes the wire form the client's
 * version expects (click_event / hover_event since 1.21.5), so nothing here depends on the protocol
 * version. Written against the Adventure both ship: Paper 1.21.11 bundles 4.26, Minestom 5.x; the dev
 * server compiles this source itself (plugin/devserver/pom.xml) and AdventureFiveTest runs it there.
 */
public final class Components {
    private Components() {}

    /** An item's name or lore line: not italic unless the description says so (the client's default is italic). */
    public static Component itemText(JsonElement el) {
        return of(el).decorationIfAbsent(TextDecoration.ITALIC, TextDecoration.State.FALSE);
    }

    public static Component of(JsonElement el) {
        if (el == null || el.isJsonNull()) {
            return Component.empty();
        }
        if (el.isJsonPrimitive()) {
            return LegacyComponentSerializer.legacySection().deserialize(el.getAsString());
        }
        if (el.isJsonArray()) {
            TextComponent.Builder b = Component.text();
            el.getAsJsonArray().forEach(child -> b.append(of(child)));
            return b.build();
        }
        JsonObject o = el.getAsJsonObject();
        TextComponent.Builder b = Component.text().content(o.has("text") ? o.get("text").getAsString() : "");
        String colourKey = o.has("colour") ? "colour" : "color";
        if (o.has(colourKey)) {
            String c = o.get(colourKey).getAsString();
            TextColor color = c.startsWith("#") ? TextColor.fromHexString(c) : NamedTextColor.NAMES.value(c);
            if (color != null) {
                b.color(color);
            }
        }
        decorate(b, o, "bold", TextDecoration.BOLD);
        decorate(b, o, "italic", TextDecoration.ITALIC);
        decorate(b, o, "underlined", TextDecoration.UNDERLINED);
        decorate(b, o, "strikethrough", TextDecoration.STRIKETHROUGH);
        decorate(b, o, "obfuscated", TextDecoration.OBFUSCATED);
        if (o.has("click")) {
            ClickEvent click = click(o.get("click").getAsJsonObject());
            if (click != null) {
                b.clickEvent(click);
            }
        }
        if (o.has("hover")) {
            b.hoverEvent(HoverEvent.showText(of(o.get("hover"))));
        }
        if (o.has("extra")) {
            o.getAsJsonArray("extra").forEach(child -> b.append(of(child)));
        }
        return b.build();
    }

    private static ClickEvent click(JsonObject c) {
        // accepted: {"command": "/uno …"} (unocraft.presentation.chat), {"run": "/uno …"}, {"suggest": "/uno "}, {"url": "…"}, {"action": "run_command", "value": "…"}
        String action = c.has("action") ? c.get("action").getAsString() : null;
        String value = c.has("value") ? c.get("value").getAsString() : null;
        if (c.has("command")) { action = "run_command"; value = c.get("command").getAsString(); }
        if (c.has("run")) { action = "run_command"; value = c.get("run").getAsString(); }
        if (c.has("suggest")) { action = "suggest_command"; value = c.get("suggest").getAsString(); }
        if (c.has("url")) { action = "open_url"; value = c.get("url").getAsString(); }
        if (action == null || value == null) {
            return null;
        }
        return switch (action) {
            case "run_command" -> ClickEvent.runCommand(value);
            case "suggest_command" -> ClickEvent.suggestCommand(value);
            case "open_url" -> ClickEvent.openUrl(value);
            case "copy_to_clipboard" -> ClickEvent.copyToClipboard(value);
            default -> null;
        };
    }

    private static void decorate(TextComponent.Builder b, JsonObject o, String key, TextDecoration d) {
        if (o.has(key)) {
            b.decoration(d, o.get(key).getAsBoolean());
        }
    }
}
