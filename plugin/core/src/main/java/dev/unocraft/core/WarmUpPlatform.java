package dev.unocraft.core;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.logging.Logger;

/**
 * A platform that shows nothing to no one, for the start-up rehearsal ({@link WarmUp}): a
 * throwaway core applies a game's ops to it off the server's threads, so that the classes, lambdas and
 * first runs of the core's own apply code (faces, the inventory vault, items, restore) are paid for
 * there and not by the first game. One player, "-", always online, with an inventory that stays empty.
 * Its work runs at once, on the calling thread.
 */
final class WarmUpPlatform implements Platform, Scheduling, Players, Screen, Slots<Object> {
    static final String PLAYER = "-";

    private final Path data;
    private final Logger logger = Logger.getAnonymousLogger();

    WarmUpPlatform(Path data) {
        this.data = data;
        logger.setUseParentHandlers(false);     // a rehearsal's slow ops are no one's business
    }

    @Override public Logger logger() { return logger; }
    @Override public Path dataFolder() { return data; }
    @Override public Scheduling scheduling() { return this; }
    @Override public Players players() { return this; }
    @Override public Screen screen() { return this; }
    @Override public Slots<Object> slots() { return this; }

    @Override public void forPlayer(String player, Runnable task) { task.run(); }
    @Override public void global(Runnable task) { task.run(); }

    @Override public Collection<String> onlinePlayers() { return List.of(PLAYER); }
    @Override public boolean isOnline(String player) { return true; }
    @Override public Position position(String player) { return null; }
    @Override public String locale(String player) { return null; }
    @Override public boolean hasPermission(String player, String permission) { return false; }
    @Override public Money money() { return null; }
    @Override public void sendMessage(String player, Object message) { }
    @Override public void sendActionBar(String player, Object message) { }
    @Override public void showTitle(String player, Object title, Object subtitle) { }
    @Override public void playSound(String player, Object sound) { }

    @Override public PreparedMap prepareMap(int wantedId, byte[] pixels) { return () -> Math.max(wantedId, 1); }
    @Override public int showMap(PreparedMap map) { return map.id(); }
    @Override public void showSidebar(String player, Object title, List<Object> lines) { }
    @Override public void clearSidebar(String player) { }

    @Override public Object get(String player, int slot) { return null; }
    @Override public void set(String player, int slot, Object stack) { }
    @Override public void setHeld(String player, int slot) { }
    @Override public Object card(CardItem item) { return item; }
    @Override public void putCards(String player, java.util.Map<Integer, Object> cards) { }
    @Override public Object copy(Object stack) { return stack; }
    @Override public String tag(Object stack) { return null; }
    @Override public int amount(Object stack) { return 1; }
    @Override public int maxAmount(Object stack) { return 1; }
    @Override public Object withAmount(Object stack, int amount) { return stack; }
    @Override public boolean similar(Object a, Object b) { return a.equals(b); }
    @Override public Object plain(String item, int amount) { return null; }
    @Override public String text(List<Object> stacks) { return ""; }
    @Override public List<Object> read(String text) { return List.of(); }
}
