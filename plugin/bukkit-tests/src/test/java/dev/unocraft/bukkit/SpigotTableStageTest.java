package dev.unocraft.bukkit;

/** The tables in the world ({@link TableStageTests}) with main class {@link AdapterTestBase.Main#SPIGOT}. */
class SpigotTableStageTest extends TableStageTests {
    @Override
    Main main() {
        return Main.SPIGOT;
    }
}
