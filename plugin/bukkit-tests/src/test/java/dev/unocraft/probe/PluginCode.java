package dev.unocraft.probe;

import java.util.function.Supplier;

/**
 * Test code that the Folia harness counts as the plugin's (a class of dev.unocraft outside the tests' packages
 * on the stack: {@link dev.unocraft.bukkit.FoliaServer#isPluginClass}): what runs through it is judged as the
 * plugin's calls are. For the harness's own tests ({@link dev.unocraft.bukkit.FoliaServerTest}).
 */
public final class PluginCode {
    private PluginCode() {}

    public static <T> T call(Supplier<T> s) {
        return s.get();
    }

    public static void run(Runnable r) {
        r.run();
    }
}
