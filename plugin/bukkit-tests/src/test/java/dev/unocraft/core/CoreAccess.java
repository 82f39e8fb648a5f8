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

    /** Every event queued for the engine so far, taken out of the queue. */
    public static List<JsonObject> takeEvents(UnoCore core) throws InterruptedException {
        List<JsonObject> out = new ArrayList<>();
        core.events().poll(0).forEach(e -> out.add(e.getAsJsonObject()));
        return out;
    }
}
