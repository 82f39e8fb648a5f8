package dev.unocraft.bukkit;

/** The tables in the world ({@link TableStageTests}) with main class {@link AdapterTestBase.Main#FOLIA_SPIGOT}. */
class FoliaSpigotTableStageTest extends TableStageTests {
    @Override
    Main main() {
        return Main.FOLIA_SPIGOT;
    }
}
