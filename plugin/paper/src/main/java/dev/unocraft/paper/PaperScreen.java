package dev.unocraft.paper;

import dev.unocraft.spigot.SpigotScreen;
import net.kyori.adventure.text.Component;
import org.bukkit.scoreboard.Objective;
import org.bukkit.scoreboard.Scoreboard;
import org.bukkit.scoreboard.Team;

/** The sidebar's title and lines as Adventure components on Paper; maps as on Spigot. */
class PaperScreen extends SpigotScreen {
    @Override
    protected Objective newSidebar(Scoreboard board, Object title) {
        return PaperText.newSidebar(board, SIDEBAR_OBJECTIVE, (Component) title);
    }

    @Override
    protected void retitle(Objective objective, Object title) {
        PaperText.retitle(objective, (Component) title);
    }

    @Override
    protected void setLine(Team team, Object line) {
        PaperText.setLine(team, (Component) line);
    }
}
