package dev.unocraft.bukkit;


/** The release jar's main class on a Paper server: it picks the Paper adapter (Adventure text). */
class PaperMainClassTest extends AdapterTests {
    @Override
    Main main() {
        return Main.PAPER;
    }
}
