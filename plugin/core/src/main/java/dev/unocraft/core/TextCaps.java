package dev.unocraft.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.util.Map;

/**
 * What the Minecraft protocol can carry of a text component, applied once to every text an op
 * shows (chat, title, action bar, item name and lore, sidebar), before any platform builds it.
 * Components travel as NBT, whose strings hold at most 65,535 bytes of modified UTF-8: one longer
 * string fails the packet, and on some servers the player's connection with it. So each string is
 * cut to fit, and a component's text as a whole to far below the 2 MiB a packet may hold.
 */
final class TextCaps {
    /** An NBT string's length field: bytes of modified UTF-8. */
    static final int MAX_STRING_BYTES = 65_535;
    /** All strings (and parts) of one component; a chat line players read is a few hundred. */
    static final int MAX_COMPONENT_CHARS = 100_000;
    /** Lines of item lore a client keeps (the item lore component's limit). */
    static final int MAX_LORE_LINES = 256;

    private TextCaps() {}

    /** The component, cut to what the protocol carries; the same instance when it already fits. */
    static JsonElement component(JsonElement c) {
        return cap(c, new int[] {MAX_COMPONENT_CHARS});
    }

    /** budget[0]: characters (and parts, one each) this component may still use. */
    private static JsonElement cap(JsonElement e, int[] budget) {
        budget[0]--;
        if (e == null || e.isJsonNull()) {
            return e;
        }
        if (e.isJsonPrimitive()) {
            if (!e.getAsJsonPrimitive().isString()) {
                return e;
            }
            String s = e.getAsString();
            String cut = cut(s, budget);
            return cut == s ? e : new JsonPrimitive(cut);
        }
        if (e.isJsonArray()) {
            JsonArray in = e.getAsJsonArray();
            JsonArray out = new JsonArray();
            boolean changed = false;
            for (JsonElement child : in) {
                if (budget[0] <= 0) {
                    changed = true;      // the rest does not fit
                    break;
                }
                JsonElement c = cap(child, budget);
                changed |= c != child;
                out.add(c);
            }
            return changed ? out : e;
        }
        JsonObject in = e.getAsJsonObject();
        JsonObject out = new JsonObject();
        boolean changed = false;
        for (Map.Entry<String, JsonElement> entry : in.entrySet()) {
            JsonElement c = cap(entry.getValue(), budget);
            changed |= c != entry.getValue();
            out.add(entry.getKey(), c);
        }
        return changed ? out : e;
    }

    /** The longest prefix of s within MAX_STRING_BYTES and the budget; s itself when it fits. */
    private static String cut(String s, int[] budget) {
        int maxChars = Math.max(0, budget[0]);
        if (s.length() <= maxChars && s.length() * 3 <= MAX_STRING_BYTES) {   // 3 bytes per char at most
            budget[0] -= s.length();
            return s;
        }
        int bytes = 0;
        int end = 0;
        while (end < s.length() && end < maxChars) {
            char c = s.charAt(end);
            int size = c >= 0x01 && c <= 0x7F ? 1 : c <= 0x7FF ? 2 : 3;     // modified UTF-8 (NUL takes 2)
            if (bytes + size > MAX_STRING_BYTES) {
                break;
            }
            bytes += size;
            end++;
        }
        if (end > 0 && end < s.length() && Character.isHighSurrogate(s.charAt(end - 1))) {
            end--;      // never half a surrogate pair
        }
        budget[0] -= end;
        return end == s.length() ? s : s.substring(0, end);
    }
}
