package dev.unocraft.core;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A platform's item stacks built once per distinct {@link Platform.CardItem} (a card face with its
 * name, lore and tag) and handed out as copies, so a card shown a hundred times is built once: the
 * server thread then only copies a template. The last {@link #MAX} templates are kept (least
 * recently used first out); a platform whose stacks are immutable passes the identity as copy.
 * Thread-safe: a platform may build templates off the server thread ({@link Platform#prepare}).
 */
public final class ItemTemplates<T> {
    /** Far more than the distinct items of every table at once (108 cards × a few lore variants). */
    public static final int MAX = 4096;

    private final Function<Platform.CardItem, T> build;
    private final UnaryOperator<T> copy;
    private final Map<Platform.CardItem, T> templates = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Platform.CardItem, T> eldest) {
            return size() > MAX;
        }
    };
    private long builds;

    public ItemTemplates(Function<Platform.CardItem, T> build, UnaryOperator<T> copy) {
        this.build = build;
        this.copy = copy;
    }

    /** A stack of its own for this item: a copy of the template, which is built the first time. */
    public T get(Platform.CardItem item) {
        return copy.apply(template(item));
    }

    /** Builds the item's template now if it is not built yet (off the server thread, where the platform allows). */
    public void prepare(Platform.CardItem item) {
        template(item);
    }

    /** How many templates were built so far (for tests and the stats). */
    public synchronized long builds() {
        return builds;
    }

    private T template(Platform.CardItem item) {
        synchronized (this) {
            T t = templates.get(item);
            if (t != null) {
                return t;
            }
        }
        T t = build.apply(item);    // outside the lock: building may take a while, a double build is harmless
        synchronized (this) {
            T raced = templates.putIfAbsent(item, t);
            if (raced == null) {
                builds++;
            }
            return raced != null ? raced : t;
        }
    }
}
