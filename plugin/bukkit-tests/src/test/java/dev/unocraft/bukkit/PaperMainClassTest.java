package dev.unocraft.bukkit;

import dev.unocraft.paper.UnocraftPaperPlugin;
import dev.unocraft.spigot.UnocraftPlugin;

/** The release jar's main class on a Paper server: it picks the Paper adapter (Adventure text). */
class PaperMainClassTest extends AdapterTests {
    @Override
    Class<? extends UnocraftPlugin> mainClass() {
        return UnocraftPaperPlugin.class;
    }

    @Override
    String expectedPlatform() {
        return "paper";
    }

    @Override
    boolean paperServer() {
        return true;
    }
}
