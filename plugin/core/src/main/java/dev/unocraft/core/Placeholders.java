package dev.unocraft.core;

import com.google.gson.JsonElement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The answers to PlaceholderAPI's {@code %unocraft_…%} placeholders, from a cache the engine keeps
 * current with "placeholders" ops (a player's values; the top lists). PlaceholderAPI asks on the
 * server thread (some scoreboard plugins on their own threads) and wants an answer at once: this only
 * reads maps, never waits for the engine or a database. Anything unknown is the empty string.
 * <ul>
 *   <li>a player's: {@code wins matches points win_rate rating table state}, as the engine last sent them;</li>
 *   <li>{@code top_<kind>_<rank>_name} / {@code _value}: rank 1–{@value #TOP_SIZE} of a list the engine sent.</li>
 * </ul>
 */
public final class Placeholders {
    /** The ranks a top list answers (the engine's /uno top shows as many). */
    public static final int TOP_SIZE = 10;
    /** A value longer than this is cut: a scoreboard line is short, and the engine is not trusted with memory. */
    static final int MAX_VALUE = 64;
    /** At most this many values per player and this many top lists: a bad op cannot grow the cache. */
    static final int MAX_KEYS = 32;

    /** One entry of a top list. */
    record Entry(String name, String value) {}

    /** Online player → their values (immutable maps, replaced whole: a reader never sees half an update). */
    private final Map<String, Map<String, String>> players = new ConcurrentHashMap<>();
    /** Kind (wins, points, rate, rating, …) → its list, best first. */
    private volatile Map<String, List<Entry>> top = Map.of();

    /**
     * The answer to {@code %unocraft_<params>%} for {@code player} (null: no player, e.g. the console):
     * never null, never an exception.
     */
    public String answer(String player, String params) {
        try {
            if (params == null) {
                return "";
            }
            String key = params.toLowerCase(Locale.ROOT);
            if (key.startsWith("top_")) {
                return topAnswer(key);
            }
            if (player == null) {
                return "";
            }
            Map<String, String> mine = players.get(player);
            String v = mine == null ? null : mine.get(key);
            return v == null ? "" : v;
        } catch (RuntimeException e) {
            return "";      // a placeholder is never worth an exception on the server thread
        }
    }

    /** {@code top_<kind>_<rank>_<name|value>}; the kind may hold no underscore, the rank is 1–10. */
    private String topAnswer(String key) {
        int last = key.lastIndexOf('_');
        int rankAt = key.lastIndexOf('_', last - 1);
        if (last < 0 || rankAt <= 3) {
            return "";
        }
        String field = key.substring(last + 1);
        String kind = key.substring(4, rankAt);
        int rank;
        try {
            rank = Integer.parseInt(key.substring(rankAt + 1, last));
        } catch (NumberFormatException e) {
            return "";
        }
        List<Entry> list = top.get(kind);
        if (list == null || rank < 1 || rank > Math.min(TOP_SIZE, list.size())) {
            return "";
        }
        Entry e = list.get(rank - 1);
        return switch (field) {
            case "name" -> e.name();
            case "value" -> e.value();
            default -> "";
        };
    }

    // ------------------------------------------------------------ the engine's updates (OpPreparer)

    /** {@code "values": {"wins": "3", ...}} checked and copied, on the engine's thread. */
    static Map<String, String> values(JsonElement v) {
        if (v == null || !v.isJsonObject()) {
            throw new IllegalArgumentException("\"values\" must be an object");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> e : v.getAsJsonObject().entrySet()) {
            if (out.size() >= MAX_KEYS) {
                break;
            }
            out.put(e.getKey().toLowerCase(Locale.ROOT), text(e.getValue()));
        }
        return out;
    }

    /** {@code "top": {"wins": [["ann", "12"], ...], ...}} checked and copied, on the engine's thread. */
    static Map<String, List<Entry>> lists(JsonElement t) {
        if (t == null || !t.isJsonObject()) {
            throw new IllegalArgumentException("\"top\" must be an object");
        }
        Map<String, List<Entry>> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> e : t.getAsJsonObject().entrySet()) {
            if (out.size() >= MAX_KEYS) {
                break;
            }
            if (!e.getValue().isJsonArray()) {
                throw new IllegalArgumentException("top \"" + e.getKey() + "\" must be a list");
            }
            List<Entry> list = new ArrayList<>();
            for (JsonElement row : e.getValue().getAsJsonArray()) {
                if (list.size() >= TOP_SIZE) {
                    break;
                }
                if (!row.isJsonArray() || row.getAsJsonArray().size() != 2) {
                    throw new IllegalArgumentException("a top entry must be [name, value]");
                }
                list.add(new Entry(text(row.getAsJsonArray().get(0)), text(row.getAsJsonArray().get(1))));
            }
            out.put(e.getKey().toLowerCase(Locale.ROOT), List.copyOf(list));
        }
        return out;
    }

    private static String text(JsonElement v) {
        if (v == null || v.isJsonNull()) {
            return "";
        }
        if (!v.isJsonPrimitive()) {
            throw new IllegalArgumentException("a placeholder value must be a text or a number");
        }
        String s = v.getAsString();
        return s.length() > MAX_VALUE ? s.substring(0, MAX_VALUE) : s;
    }

    /** The player's values given replace those of the same names; the others stay. */
    void put(String player, Map<String, String> values) {
        players.compute(player, (p, old) -> {
            Map<String, String> merged = old == null ? new LinkedHashMap<>() : new LinkedHashMap<>(old);
            merged.putAll(values);
            while (merged.size() > MAX_KEYS) {
                merged.remove(merged.keySet().iterator().next());
            }
            return Collections.unmodifiableMap(merged);
        });
    }

    /** The lists given replace those of the same kinds; the others stay. */
    synchronized void putTop(Map<String, List<Entry>> lists) {
        Map<String, List<Entry>> merged = new LinkedHashMap<>(top);
        merged.putAll(lists);
        while (merged.size() > MAX_KEYS) {
            merged.remove(merged.keySet().iterator().next());
        }
        top = Collections.unmodifiableMap(merged);
    }

    /** A player who left: their values go (the engine sends them again at the next join). */
    void forget(String player) {
        players.remove(player);
    }

    /** How many players the cache holds (tests: it does not grow with players who left). */
    int size() {
        return players.size();
    }
}
