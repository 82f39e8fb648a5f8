package dev.unocraft.core;

import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;

/** The core's package-private test hooks, for the adapter tests (which live in other packages). */
public final class CoreAccess {
    private CoreAccess() {}

    /** Waits until the inventory vault's thread has nothing left to do (what it hands back is then queued for a tick). */
    public static void awaitVaultIdle(UnoCore core) {
        core.vault().awaitIdle();
    }

    /** The vault's thread, or null while it has not started. */
    public static Thread vaultThread(UnoCore core) {
        return core.vault().thread();
    }

    /**
     * An op batch as the engine's bridge receives it ({@link Bridge#applyOps}: read, prepared and queued on the
     * calling thread, as on a py4j thread): two threads calling this at once are two engine connections' threads.
     */
    public static void applyOps(UnoCore core, String batchJson) throws ReflectiveOperationException {
        java.lang.reflect.Field f = UnoCore.class.getDeclaredField("bridge");
        f.setAccessible(true);
        ((Bridge) f.get(core)).applyOps(batchJson);
    }

    /** Every event queued for the engine so far, taken out of the queue. */
    public static List<JsonObject> takeEvents(UnoCore core) throws InterruptedException {
        List<JsonObject> out = new ArrayList<>();
        core.events().poll(0).forEach(e -> out.add(e.getAsJsonObject()));
        return out;
    }
}
