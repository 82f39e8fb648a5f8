package dev.unocraft.bukkit;

/** The tables in the world ({@link TableStageTests}) with main class {@link AdapterTestBase.Main#FOLIA_PAPER}. */
class FoliaPaperTableStageTest extends TableStageTests {
    @Override
    Main main() {
        return Main.FOLIA_PAPER;
    }
}
