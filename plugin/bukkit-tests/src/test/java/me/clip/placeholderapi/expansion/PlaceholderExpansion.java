package me.clip.placeholderapi.expansion;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A test double of PlaceholderAPI's expansion base class: {@code register()} records the expansion
 * (PlaceholderAPI's LocalExpansionManager would key it by identifier), so an adapter test can ask it
 * as PlaceholderAPI would.
 */
public abstract class PlaceholderExpansion extends me.clip.placeholderapi.PlaceholderHook {
    /** Every expansion registered, in order (the tests clear it). */
    public static final List<PlaceholderExpansion> REGISTERED = new CopyOnWriteArrayList<>();

    public abstract String getIdentifier();

    public abstract String getAuthor();

    public abstract String getVersion();

    public boolean persist() {
        return false;
    }

    public boolean register() {
        REGISTERED.add(this);
        return true;
    }
}
