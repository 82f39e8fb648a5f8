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
 *
 * <p>Finding an item's template ({@link #of}) hashes and compares the item's texts: it is done where
 * the batch is prepared ({@link Platform#prepare}), off the server thread, and the server thread is
 * handed the {@link Template} itself. Thread-safe.
 */
public final class ItemTemplates<T> {
    /** Far more than the distinct items of every table at once (108 cards × a few lore variants). */
    public static final int MAX = 4096;

    private final Function<Platform.CardItem, T> build;
    private final UnaryOperator<T> copy;
    private final Map<Platform.CardItem, Template> templates = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Platform.CardItem, Template> eldest) {
            return size() > MAX;
        }
    };
    private long builds;

    public ItemTemplates(Function<Platform.CardItem, T> build, UnaryOperator<T> copy) {
        this.build = build;
        this.copy = copy;
    }

    /** The template of this item (the same one for equal items while it is kept); built by its first {@link Template#stack}. */
    public synchronized Template of(Platform.CardItem item) {
        return templates.computeIfAbsent(item, Template::new);
    }

    /** How many templates were built so far (for tests and the stats). */
    public synchronized long builds() {
        return builds;
    }

    private synchronized void built() {
        builds++;
    }

    /** One distinct item: its stack built once, on the thread that first asks for it. */
    public final class Template {
        private final Platform.CardItem item;
        private T stack;

        private Template(Platform.CardItem item) {
            this.item = item;
        }

        /** A stack of its own for this item: a copy of the template, which is built the first time. */
        public T stack() {
            return copy.apply(template());
        }

        /** Builds the template now if it is not built yet (off the server thread, where the platform allows). */
        public Template build() {
            template();
            return this;
        }

        private synchronized T template() {
            if (stack == null) {
                stack = build.apply(item);
                built();
            }
            return stack;
        }
    }
}
