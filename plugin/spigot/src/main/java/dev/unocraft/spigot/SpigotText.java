package dev.unocraft.spigot;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import net.md_5.bungee.api.ChatColor;
import net.md_5.bungee.api.chat.BaseComponent;
import net.md_5.bungee.api.chat.ClickEvent;
import net.md_5.bungee.api.chat.HoverEvent;
import net.md_5.bungee.api.chat.TextComponent;
import net.md_5.bungee.api.chat.hover.content.Text;

/**
 * A text in both forms Spigot takes: BungeeCord components (chat, action bar) and legacy (§) text
 * (titles, sidebar, item names). Built on the engine's thread: BungeeCord's components are plain Java
 * objects that touch no server state, and nothing changes them once built.
 */
record SpigotText(BaseComponent[] components, String legacy) {
    static SpigotText of(JsonElement component) {
        BaseComponent[] c = components(component);
        return new SpigotText(c, c[0].toLegacyText());
    }

    /** Version-neutral description → BungeeCord chat components (Spigot writes the wire form). */
    static BaseComponent[] components(JsonElement el) {
        return new BaseComponent[] {component(el)};
    }

    static BaseComponent component(JsonElement el) {
        if (el == null || el.isJsonNull()) {
            return new TextComponent("");
        }
        if (el.isJsonPrimitive()) {
            TextComponent root = new TextComponent("");
            for (BaseComponent c : TextComponent.fromLegacyText(el.getAsString())) {
                root.addExtra(c);
            }
            return root;
        }
        if (el.isJsonArray()) {
            TextComponent root = new TextComponent("");
            el.getAsJsonArray().forEach(child -> root.addExtra(component(child)));
            return root;
        }
        JsonObject o = el.getAsJsonObject();
        TextComponent c = new TextComponent(o.has("text") ? o.get("text").getAsString() : "");
        String colour = o.has("colour") ? o.get("colour").getAsString() : o.has("color") ? o.get("color").getAsString() : null;
        if (colour != null) {
            c.setColor(ChatColor.of(colour));
        }
        if (o.has("bold")) c.setBold(o.get("bold").getAsBoolean());
        if (o.has("italic")) c.setItalic(o.get("italic").getAsBoolean());
        if (o.has("underlined")) c.setUnderlined(o.get("underlined").getAsBoolean());
        if (o.has("strikethrough")) c.setStrikethrough(o.get("strikethrough").getAsBoolean());
        if (o.has("click")) {
            JsonObject click = o.getAsJsonObject("click");
            if (click.has("command")) c.setClickEvent(new ClickEvent(ClickEvent.Action.RUN_COMMAND, click.get("command").getAsString()));
            if (click.has("run")) c.setClickEvent(new ClickEvent(ClickEvent.Action.RUN_COMMAND, click.get("run").getAsString()));
            if (click.has("suggest")) c.setClickEvent(new ClickEvent(ClickEvent.Action.SUGGEST_COMMAND, click.get("suggest").getAsString()));
            if (click.has("url")) c.setClickEvent(new ClickEvent(ClickEvent.Action.OPEN_URL, click.get("url").getAsString()));
        }
        if (o.has("hover")) {
            c.setHoverEvent(new HoverEvent(HoverEvent.Action.SHOW_TEXT, new Text(components(o.get("hover")))));
        }
        if (o.has("extra")) {
            JsonArray extra = o.getAsJsonArray("extra");
            extra.forEach(child -> c.addExtra(component(child)));
        }
        return c;
    }

    /** Item names, lore and titles take legacy (§) text on Spigot. */
    static String legacy(JsonElement el) {
        return component(el).toLegacyText();
    }
}
