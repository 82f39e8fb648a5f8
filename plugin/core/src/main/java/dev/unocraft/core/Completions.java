package dev.unocraft.core;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tab completion for /uno, answered from data the engine sent (the platform asks on its own
 * thread and cannot wait for Python). A tree maps the words typed so far ("" for none,
 * "rules", "play", …) to the next words; a player's own tree (their cards, their table's seats)
 * is consulted before the shared one.
 */
public final class Completions {
    private volatile Map<String, List<String>> shared = Map.of();
    private final Map<String, Map<String, List<String>>> perPlayer = new ConcurrentHashMap<>();

    public void update(String player, JsonObject tree) {
        set(player, tree(tree));
    }

    /** A tree as the engine sends it, read (any thread: ops are read where the batch is prepared, off the main thread). */
    public static Map<String, List<String>> tree(JsonObject tree) {
        Map<String, List<String>> m = new ConcurrentHashMap<>();
        for (Map.Entry<String, JsonElement> e : tree.entrySet()) {
            List<String> words = new ArrayList<>();
            e.getValue().getAsJsonArray().forEach(w -> words.add(w.getAsString()));
            m.put(e.getKey(), List.copyOf(words));
        }
        return m;
    }

    /** The player's tree (null: the shared one), as {@link #tree} read it. */
    public void set(String player, Map<String, List<String>> tree) {
        if (player == null) {
            shared = tree;
        } else {
            perPlayer.put(player.toLowerCase(Locale.ROOT), tree);
        }
    }

    public void forget(String player) {
        perPlayer.remove(player.toLowerCase(Locale.ROOT));
    }

    /** Suggestions for the last (possibly empty) word of args. */
    public List<String> complete(String player, String[] args) {
        return complete(player, args, true);
    }

    /** Suggestions from the player's own tree only, or from it and then the shared one. */
    public List<String> complete(String player, String[] args, boolean withShared) {
        int n = Math.max(args.length, 1);
        String prefix = args.length == 0 ? "" : args[args.length - 1].toLowerCase(Locale.ROOT);
        String key = args.length <= 1 ? "" : String.join(" ", java.util.Arrays.copyOf(args, n - 1)).toLowerCase(Locale.ROOT);
        List<String> out = new ArrayList<>();
        Map<String, List<String>> own = perPlayer.get(player.toLowerCase(Locale.ROOT));
        for (Map<String, List<String>> tree : !withShared ? (own == null ? List.<Map<String, List<String>>>of() : List.of(own))
                : own == null ? List.of(shared) : List.of(own, shared)) {
            List<String> words = tree.get(key);
            if (words == null && n > 1) {
                words = tree.get(args[0].toLowerCase(Locale.ROOT) + " *");   // any further argument of that sub-command
            }
            if (words != null) {
                for (String w : words) {
                    if (w.toLowerCase(Locale.ROOT).startsWith(prefix) && !out.contains(w)) {
                        out.add(w);
                    }
                }
            }
        }
        return out;
    }
}
