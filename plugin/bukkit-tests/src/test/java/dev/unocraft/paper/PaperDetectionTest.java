package dev.unocraft.paper;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * How the release main class tells Paper from Spigot: by a class only Paper has. On a class loader that hides
 * Paper's packages (a Spigot server) it must say Spigot, so {@link UnocraftPaperPlugin} falls back to the
 * Spigot adapter (run whole in SpigotMainClassTest).
 */
class PaperDetectionTest {
    /** The test class path minus everything of Paper's own (io.papermc.*): what a Spigot server's plugin loader sees. */
    static final class WithoutPaper extends ClassLoader {
        WithoutPaper(ClassLoader parent) {
            super(parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith("io.papermc.")) {
                throw new ClassNotFoundException(name + " (hidden: a Spigot server)");
            }
            return super.loadClass(name, resolve);
        }
    }

    @Test
    void paperIsFoundOnThePaperApi() {
        assertTrue(UnocraftPaperPlugin.paperApi(UnocraftPaperPlugin.class.getClassLoader()));
    }

    @Test
    void spigotIsTakenWherePaperIsMissing() {
        assertFalse(UnocraftPaperPlugin.paperApi(new WithoutPaper(UnocraftPaperPlugin.class.getClassLoader())));
    }
}
