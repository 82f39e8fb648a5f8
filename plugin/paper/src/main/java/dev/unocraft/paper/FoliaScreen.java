package dev.unocraft.paper;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import net.kyori.adventure.bossbar.BossBar;
import net.kyori.adventure.text.Component;
import net.kyori.adventure.text.JoinConfiguration;

/**
 * Folia has no scoreboards: the sidebar is a boss bar whose text is the sidebar's title and its first
 * lines (whose turn, the top card), one bar per player, replaced in place. Maps as on Paper. Called in the
 * player's own region (the sidebar ops are in the player's lane); the bars are in a concurrent map.
 */
final class FoliaScreen extends PaperScreen {
    /** How many of the sidebar's lines the bar shows after the title: the ones that change each turn. */
    static final int LINES = 2;
    private static final Component SEPARATOR = Component.text("  ·  ");

    private final Map<String, BossBar> bars = new ConcurrentHashMap<>();

    /** The bar's text: the title, then the first lines. */
    static Component barText(Object title, List<Object> lines) {
        List<Component> parts = new ArrayList<>();
        parts.add((Component) title);
        for (int i = 0; i < Math.min(LINES, lines.size()); i++) {
            parts.add((Component) lines.get(i));
        }
        return Component.join(JoinConfiguration.separator(SEPARATOR), parts);
    }

    @Override
    public void showSidebar(String player, Object title, List<Object> lines) {
        Component text = barText(title, lines);
        BossBar bar = bars.get(player);
        if (bar == null) {
            bar = BossBar.bossBar(text, 1f, BossBar.Color.WHITE, BossBar.Overlay.PROGRESS);
            bars.put(player, bar);
            PaperPlayers.audience(player).showBossBar(bar);
        } else if (!text.equals(bar.name())) {
            bar.name(text);
        }
    }

    @Override
    public void clearSidebar(String player) {
        BossBar bar = bars.remove(player);
        if (bar != null) {
            PaperPlayers.audience(player).hideBossBar(bar);
        }
    }
}
