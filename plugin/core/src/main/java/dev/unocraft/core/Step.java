package dev.unocraft.core;

import com.google.gson.JsonElement;

/** One op ready to apply (checked and built on the engine's thread), of this {@code kind} ("items", …); {@code last}: its batch is then done. */
record Step(JsonElement source, String kind, Runnable action, Step.Batch batch, boolean last) {
    /** The same step doing {@code other} instead (which usually runs this step's action too). */
    Step doing(Runnable other) {
        return new Step(source, kind, other, batch, last);
    }

    /** A batch's server time, summed over the ticks its ops took, and its slowest op. Only the main thread changes it. */
    static final class Batch {
        long nanos;
        long cpuNanos;
        long slowestNanos;
        JsonElement slowest;
    }
}
