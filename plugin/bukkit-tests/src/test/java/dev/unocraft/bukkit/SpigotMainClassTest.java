package dev.unocraft.bukkit;


/**
 * The Spigot plugin's main class (plugin/spigot's plugin.yml): always the Spigot adapter (BungeeCord chat, legacy
 * text), here on the Paper API, which still carries Spigot's. Which adapter the release main class picks where
 * Paper's classes are missing: {@link dev.unocraft.paper.PaperDetectionTest}. The server fires Bukkit's events only.
 */
class SpigotMainClassTest extends AdapterTests {
    @Override
    Main main() {
        return Main.SPIGOT;
    }
}
