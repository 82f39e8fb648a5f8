package dev.unocraft.core;

import com.google.gson.JsonElement;
import java.util.ArrayList;
import java.util.List;

/**
 * One op ready to apply (checked and built on the engine's thread), of this {@code kind} ("items", …), for
 * {@code player}'s lane (null: the global one); {@code gate}: open once the global ops before it in its batch
 * have run (null: nothing to wait for).
 */
record Step(JsonElement source, String kind, Runnable action, Step.Batch batch, String player, Gate gate) {
    /** The same step doing {@code other} instead (which usually runs this step's action too). */
    Step doing(Runnable other) {
        return new Step(source, kind, other, batch, player, gate);
    }

    /** A batch's server time, summed over the ticks and threads its ops took, and its slowest op; changed under its own lock. */
    static final class Batch {
        final int size;
        int ran;
        boolean recorded;
        long nanos;
        long cpuNanos;
        long slowestNanos;
        JsonElement slowest;

        Batch(int size) {
            this.size = size;
        }
    }

    /**
     * What a player's ops wait for: the global ops before them in their batch (a card face's map must be
     * made before a card shows it). Opened when the last of them has run; the lanes that waited go on then.
     */
    static final class Gate {
        private int pending;
        private final List<Runnable> waiting = new ArrayList<>();

        Gate(int pending) {
            this.pending = pending;
        }

        synchronized boolean open() {
            return pending == 0;
        }

        /** Runs {@code wake} when the gate opens; false (nothing kept) when it is open already. */
        synchronized boolean await(Runnable wake) {
            if (pending == 0) {
                return false;
            }
            waiting.add(wake);
            return true;
        }

        /** One of the global ops has run. */
        void passed() {
            List<Runnable> wake;
            synchronized (this) {
                if (--pending > 0) {
                    return;
                }
                wake = List.copyOf(waiting);
                waiting.clear();
            }
            wake.forEach(Runnable::run);
        }
    }
}
