package dev.unocraft.bukkit;

/** The tables in the world ({@link TableStageTests}) with main class {@link AdapterTestBase.Main#PAPER}. */
class PaperTableStageTest extends TableStageTests {
    @Override
    Main main() {
        return Main.PAPER;
    }
}
