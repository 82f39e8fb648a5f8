package dev.unocraft.bukkit;

/**
 * The release jar's main class on Folia ({@link FoliaServer}): every shared test, each failing on a call the plugin
 * makes where Folia forbids it. The adapter it reports is assumed to stay "paper" (the plugin's to decide).
 */
class FoliaPaperMainClassTest extends AdapterTests {
    @Override
    Main main() {
        return Main.FOLIA_PAPER;
    }
}
