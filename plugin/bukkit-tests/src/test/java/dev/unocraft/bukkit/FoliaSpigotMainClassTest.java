package dev.unocraft.bukkit;

/**
 * The Spigot plugin's main class on Folia ({@link FoliaServer}: the server says "Folia", players' work on their
 * region threads, no Bukkit scheduler, no scoreboard): every shared test, each failing on a call the plugin makes
 * where Folia forbids it. The adapter it reports is assumed to stay "spigot" (the plugin's to decide).
 */
class FoliaSpigotMainClassTest extends AdapterTests {
    @Override
    Main main() {
        return Main.FOLIA_SPIGOT;
    }
}
