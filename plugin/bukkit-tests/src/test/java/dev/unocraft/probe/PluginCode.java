package dev.unocraft.probe;

import java.util.function.Supplier;

/**
 * Test code that the Folia harness counts as the plugin's (a class of dev.unocraft outside the tests' packages
 * on the stack: {@link dev.unocraft.bukkit.FoliaServer#isPluginClass}): what runs through it is judged as the
 * plugin's calls are. For the harness's own tests ({@link dev.unocraft.bukkit.FoliaServerTest}).
 */
public final class PluginCode {
    private PluginCode() {}

    /** The plugin asks Bukkit for its scheduler (a call of its own, as SpigotPlatform.runOnMain makes it). */
    public static Object bukkitScheduler() {
        return org.bukkit.Bukkit.getScheduler();
    }

    /** The plugin asks the server for Folia's region scheduler. */
    public static Object regionScheduler() {
        return org.bukkit.Bukkit.getServer().getRegionScheduler();
    }

    public static <T> T call(Supplier<T> s) {
        return s.get();
    }

    public static void run(Runnable r) {
        r.run();
    }

    /** Hands {@code r} back as the plugin would hand a method reference to a scheduler: wrapped by a lambda of this class, run later by someone else. */
    public static Runnable runLater(Runnable r) {
        return r::run;
    }
}
