package dev.unocraft.paper;

import dev.unocraft.spigot.SpigotPlatform;
import dev.unocraft.spigot.UnocraftPlugin;

/**
 * The release jar's main class (its plugin.yml): on Paper the Adventure adapter, on a server without
 * Paper's API (Spigot) the BungeeCord one, chosen once at enable. Everything else is the Spigot
 * plugin's. Not final: Bukkit test harnesses (MockBukkit) subclass the main class.
 */
public class UnocraftPaperPlugin extends UnocraftPlugin {
    /** A class only Paper has; Paper bundles Adventure with it. */
    static final String PAPER_API_CLASS = "io.papermc.paper.event.player.AsyncChatEvent";

    @Override
    protected SpigotPlatform createPlatform(boolean folia) {
        if (paperApi(getClass().getClassLoader())) {
            getLogger().info(folia ? "Folia: player text goes through Adventure, each player's work runs in their region,"
                    + " the sidebar is a boss bar" : "Paper: player text goes through Adventure");
            return PaperPlatform.create(this, folia);
        }
        return super.createPlatform(folia);
    }

    static boolean paperApi(ClassLoader loader) {
        try {
            Class.forName(PAPER_API_CLASS, false, loader);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
