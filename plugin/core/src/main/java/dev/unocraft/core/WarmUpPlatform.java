package dev.unocraft.core;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.logging.Logger;

/**
 * A platform that shows nothing to no one, for the start-up rehearsal ({@link WarmUp}): a
 * throwaway core applies a game's ops to it off the main thread, so that the classes, lambdas and
 * first runs of the core's own apply code (faces, the inventory vault, items, restore) are paid for
 * there and not by the first game on the main thread. One player, "-", always online.
 */
final class WarmUpPlatform implements Platform {
    static final String PLAYER = "-";
    private static final InventoryCopy EMPTY = new InventoryCopy() {
        @Override public String text() { return ""; }
        @Override public int stacks() { return 0; }
        @Override public InventoryCopy plus(InventoryCopy other) { return other; }
    };

    private final Path data;
    private final Logger logger = Logger.getAnonymousLogger();

    WarmUpPlatform(Path data) {
        this.data = data;
        logger.setUseParentHandlers(false);     // a rehearsal's slow ops are no one's business
    }

    @Override public void runOnMain(Runnable task) { task.run(); }
    @Override public Logger logger() { return logger; }
    @Override public Path dataFolder() { return data; }
    @Override public Collection<String> onlinePlayers() { return List.of(PLAYER); }
    @Override public boolean isOnline(String player) { return true; }
    @Override public double[] position(String player) { return null; }
    @Override public double distance(String player, String other) { return Double.POSITIVE_INFINITY; }
    @Override public String locale(String player) { return null; }
    @Override public void sendMessage(String player, Object message) { }
    @Override public void sendActionBar(String player, Object message) { }
    @Override public void showTitle(String player, Object title, Object subtitle) { }
    @Override public void playSound(String player, String sound, float volume, float pitch) { }
    @Override public void setSlot(String player, int slot, Object item) { }
    @Override public void setHeldSlot(String player, int slot) { }
    @Override public PreparedMap prepareMap(int wantedId, byte[] pixels) { return () -> Math.max(wantedId, 1); }
    @Override public int showMap(PreparedMap map) { return map.id(); }
    @Override public void showSidebar(String player, Object title, List<Object> lines) { }
    @Override public void clearSidebar(String player) { }
    @Override public InventoryCopy copyInventory(String player) { return EMPTY; }
    @Override public InventoryCopy readInventory(String text) { return EMPTY; }
    @Override public boolean inventoryIs(String player, InventoryCopy copy) { return true; }
    @Override public boolean restoreInventory(String player, InventoryCopy copy) { return true; }
    @Override public void clearInventory(String player) { }
    @Override public InventoryCopy copyNonCards(String player) { return EMPTY; }
    @Override public boolean holdsCards(String player) { return false; }
    @Override public InventoryCopy addItems(String player, InventoryCopy items) { return null; }
    @Override public SlotHolds slotHolds(String player, int slot) { return SlotHolds.NOTHING; }
    @Override public void moveSlot(String player, int from, int to) { }
    @Override public InventoryCopy takeSlot(String player, int slot) { return EMPTY; }
    @Override public boolean hasPermission(String player, String permission) { return false; }
    @Override public Money money() { return null; }
    @Override public boolean isItem(String item) { return false; }
    @Override public int countPlain(String player, String item) { return 0; }
    @Override public boolean takePlain(String player, String item, int count) { return false; }
    @Override public int givePlain(String player, String item, int count) { return count; }
}
