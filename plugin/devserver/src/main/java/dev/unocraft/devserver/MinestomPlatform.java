package dev.unocraft.devserver;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.unocraft.adventure.Components;
import dev.unocraft.core.ItemTemplates;
import dev.unocraft.core.Platform;
import dev.unocraft.core.UnoCore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import net.kyori.adventure.key.Key;
import net.kyori.adventure.nbt.TagStringIO;
import net.kyori.adventure.sound.Sound;
import net.kyori.adventure.text.Component;
import net.kyori.adventure.title.Title;
import net.minestom.server.MinecraftServer;
import net.minestom.server.component.DataComponents;
import net.minestom.server.entity.Player;
import net.minestom.server.item.ItemStack;
import net.minestom.server.item.Material;
import net.minestom.server.network.packet.server.play.MapDataPacket;
import net.minestom.server.scoreboard.Sidebar;
import net.minestom.server.tag.Tag;
import net.minestom.server.utils.PacketSendingUtils;
import net.minestom.server.utils.inventory.PlayerInventoryUtils;

/** The core's {@link Platform} on Minestom: one adapter, no game logic. */
final class MinestomPlatform implements Platform {
    static final Tag<String> ENGINE_TAG = Tag.String(UnoCore.TAG_KEY);

    private final Logger log = Logger.getLogger("unocraft");
    private final Path dataFolder;
    private final Map<Integer, byte[]> maps = new ConcurrentHashMap<>();

    /** The highest map id of an earlier run (faces.properties), read once: not from disk on the applier per new face. */
    private final int savedMapIdsUpTo;

    MinestomPlatform(Path dataFolder) {
        this.dataFolder = dataFolder;
        this.savedMapIdsUpTo = DevServer.highestSavedMapId(dataFolder);
    }

    // Minestom has no single main thread: entities are ticked by tick threads, and its inventories
    // and packet sending are thread-safe. So op batches are applied in order on one applier thread as
    // soon as they arrive, instead of waiting for the next 50 ms tick. (On Bukkit the scheduler's main
    // thread applies them, in the next tick.)
    private final java.util.concurrent.ExecutorService applier = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "unocraft-apply");
        t.setDaemon(true);
        return t;
    });

    @Override
    public void runOnMain(Runnable task) {
        applier.execute(() -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                log.warning("applying ops failed: " + e);
            }
        });
    }

    private static void sync(Player p, java.util.function.Consumer<Player> change) {
        // Minestom's inventories are synchronized and its packet sending is thread-safe, which is
        // all an op touches; acquiring the player would only make the applier wait for a tick.
        change.accept(p);
    }

    @Override
    public Logger logger() {
        return log;
    }

    @Override
    public Path dataFolder() {
        return dataFolder;
    }

    // Players by name, kept from spawn until after the core has handled their quit: Minestom
    // drops a disconnecting player from its online list before the disconnect event.
    private static final Map<String, Player> PLAYERS = new ConcurrentHashMap<>();

    static void track(Player p) {
        PLAYERS.put(p.getUsername().toLowerCase(java.util.Locale.ROOT), p);
    }

    static void untrack(Player p) {
        PLAYERS.remove(p.getUsername().toLowerCase(java.util.Locale.ROOT), p);
    }

    static Collection<Player> trackedPlayers() {
        return List.copyOf(PLAYERS.values());
    }

    static Player player(String name) {
        Player p = PLAYERS.get(name.toLowerCase(java.util.Locale.ROOT));
        return p != null ? p : MinecraftServer.getConnectionManager().getOnlinePlayerByUsername(name);
    }

    @Override
    public Collection<String> onlinePlayers() {
        List<String> names = new ArrayList<>();
        PLAYERS.values().forEach(p -> names.add(p.getUsername()));
        return names;
    }

    @Override
    public boolean isOnline(String name) {
        return player(name) != null;
    }

    @Override
    public double[] position(String name) {
        Player p = player(name);
        return p == null ? null : new double[] {p.getPosition().x(), p.getPosition().y(), p.getPosition().z()};
    }

    @Override
    public String locale(String name) {
        Player p = player(name);
        return p == null || p.getLocale() == null ? null : p.getLocale().toString().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String uuid(String name) {
        Player p = player(name);
        return p == null ? null : p.getUuid().toString();
    }

    /** An Adventure component, built on the engine's thread: Adventure's components are immutable, safe to build anywhere. */
    @Override
    public Component text(JsonElement component) {
        return Components.of(component);
    }

    @Override
    public void sendMessage(String name, Object message) {
        Player p = player(name);
        if (p != null) {
            p.sendMessage((Component) message);
        }
    }

    @Override
    public void sendActionBar(String name, Object message) {
        Player p = player(name);
        if (p != null) {
            p.sendActionBar((Component) message);
        }
    }

    @Override
    public void showTitle(String name, Object title, Object subtitle) {
        Player p = player(name);
        if (p != null) {
            p.showTitle(Title.title((Component) title, (Component) subtitle));
        }
    }

    @Override
    public void playSound(String name, String sound, float volume, float pitch) {
        Player p = player(name);
        if (p != null) {
            // to this player only, at the player's position (Adventure: Sound.sound(Key, Source, float, float))
            p.playSound(Sound.sound(Key.key(sound), Sound.Source.MASTER, volume, pitch));
        }
    }

    static int internalSlot(int slot) {
        return slot == 40 ? PlayerInventoryUtils.OFFHAND_SLOT : slot;
    }

    // Minestom's item stacks are immutable: one per distinct item, shared by every slot showing it,
    // built on the engine's thread when the batch arrives (prepare) rather than on the applier.
    private final ItemTemplates<ItemStack> templates = new ItemTemplates<>(MinestomPlatform::build, stack -> stack);

    @Override
    public void prepare(CardItem item) {
        templates.prepare(item);
    }

    @Override
    public void warmUp() {
        JsonElement text = JsonParser.parseString("[{\"text\":\"a\",\"colour\":\"#ff0000\",\"bold\":true,"
                + "\"click\":{\"command\":\"/uno\"},\"hover\":\"b\",\"extra\":[\"\u00a7ac\"]}]");
        Component c = Components.of(text);
        build(new CardItem(1, null, text, List.of(text), true, "-"));
        build(new CardItem(-1, "minecraft:paper", text, List.of(), false, "-"));
        Title.title(c, c);
        Sound.sound(Key.key("minecraft:ui.button.click"), Sound.Source.MASTER, 1f, 1f);
        new Sidebar(c).createLine(new Sidebar.ScoreboardLine("l0", c, 1, Sidebar.NumberFormat.blank()));
        // what an op does on the applier the first time: a map sent to no one, an inventory no one sees
        PacketSendingUtils.sendGroupedPacket(List.of(), mapPacket(1, new byte[128 * 128]));
        net.minestom.server.inventory.PlayerInventory inventory = new net.minestom.server.inventory.PlayerInventory();
        inventory.setItemStack(0, build(new CardItem(1, null, text, List.of(text), true, "-")));
        inventory.setItemStack(internalSlot(40), ItemStack.AIR);
        java.util.Arrays.equals(inventory.getItemStacks(), inventory.getItemStacks());
        inventory.clear();
    }

    @Override
    public void setSlot(String name, int slot, CardItem item) {
        Player p = player(name);
        if (p != null) {
            ItemStack stack = item == null ? ItemStack.AIR : templates.get(item);
            sync(p, q -> q.getInventory().setItemStack(internalSlot(slot), stack));
        }
    }

    static ItemStack build(CardItem item) {
        Material material = item.mapId() >= 0 ? Material.FILLED_MAP
                : item.material() != null ? Material.fromKey(item.material()) : Material.PAPER;
        if (material == null) {
            material = Material.PAPER;
        }
        List<Component> lore = new ArrayList<>();
        item.lore().forEach(l -> lore.add(Components.itemText(l)));
        ItemStack.Builder b = ItemStack.builder(material)
                .set(DataComponents.CUSTOM_NAME, Components.itemText(item.name()))
                .set(DataComponents.LORE, lore);
        if (item.mapId() >= 0) {
            b.set(DataComponents.MAP_ID, item.mapId());
        }
        if (item.glow()) {
            b.set(DataComponents.ENCHANTMENT_GLINT_OVERRIDE, true);
        }
        return b.build().withTag(ENGINE_TAG, item.tag());
    }

    @Override
    public void setHeldSlot(String name, int slot) {
        Player p = player(name);
        if (p != null) {
            sync(p, q -> q.setHeldItemSlot((byte) slot));
        }
    }

    @Override
    public int showMap(int wantedId, byte[] pixels) {
        int id = wantedId;
        if (id < 0) {
            id = 1 + maps.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
            id = Math.max(id, 1 + savedMapIdsUpTo);
        }
        maps.put(id, pixels.clone());
        // encoded (and compressed) once for every player, not once per player on the applier thread
        PacketSendingUtils.sendGroupedPacket(List.copyOf(PLAYERS.values()), mapPacket(id, pixels));
        return id;
    }

    static MapDataPacket mapPacket(int id, byte[] pixels) {
        return new MapDataPacket(id, (byte) 0, true, false, List.of(),
                new MapDataPacket.ColorContent((byte) 128, (byte) 128, (byte) 0, (byte) 0, pixels));
    }

    /** Sends every card face to a player who just joined (maps live only on the client in Minestom). */
    void sendMaps(Player p) {
        maps.forEach((id, pixels) -> p.sendPacket(mapPacket(id, pixels)));
    }

    // ------------------------------------------------------------ sidebar

    // One Sidebar per player (Minestom keeps no "current scoreboard" of a player: a sidebar is a
    // Viewable objective of its own, so nothing of the player's is replaced or needs saving).
    // Lines have fixed ids "l0".."l14", scores 15..1 top to bottom, numbers hidden; Minestom puts each
    // on its own team with a unique invisible entry, so two lines may read the same. Called from the
    // applier thread and, on a quit, from the disconnect event: one lock.
    private final Map<String, Sidebar> sidebars = new java.util.HashMap<>();

    @Override
    public synchronized void showSidebar(String name, Object title, List<Object> lines) {
        Player p = player(name);
        if (p == null) {
            return;
        }
        String key = name.toLowerCase(java.util.Locale.ROOT);
        Sidebar sb = sidebars.get(key);
        Component t = (Component) title;
        if (sb == null) {
            sb = new Sidebar(t);
            sidebars.put(key, sb);
        } else if (!t.equals(sb.getTitle())) {
            sb.setTitle(t);
        }
        int n = Math.min(lines.size(), 15);
        for (int i = 0; i < n; i++) {
            String id = "l" + i;
            Component c = (Component) lines.get(i);
            Sidebar.ScoreboardLine line = sb.getLine(id);
            if (line == null) {
                sb.createLine(new Sidebar.ScoreboardLine(id, c, 15 - i, Sidebar.NumberFormat.blank()));
            } else if (!c.equals(line.getContent())) {
                sb.updateLineContent(id, c);
            }
        }
        for (int i = n; i < 15; i++) {
            if (sb.getLine("l" + i) != null) {
                sb.removeLine("l" + i);
            }
        }
        if (!sb.getViewers().contains(p)) {
            sb.addViewer(p);     // after the lines: the client gets the whole sidebar at once
        }
    }

    @Override
    public synchronized void clearSidebar(String name) {
        Sidebar sb = sidebars.remove(name.toLowerCase(java.util.Locale.ROOT));
        if (sb != null) {
            for (Player viewer : List.copyOf(sb.getViewers())) {
                sb.removeViewer(viewer);
            }
        }
    }

    /** An inventory's stacks (Minestom's are immutable: the array is the copy); text on the vault's thread. */
    private record Copy(ItemStack[] items) implements InventoryCopy {
        @Override
        public String text() {
            return snapshot(items);
        }
    }

    @Override
    public InventoryCopy copyInventory(String name) {
        Player p = player(name);
        return new Copy(p == null ? new ItemStack[0] : p.getInventory().getItemStacks());   // a copy of the array
    }

    @Override
    public InventoryCopy readInventory(String text) {
        return new Copy(read(text));
    }

    @Override
    public boolean inventoryIs(String name, InventoryCopy copy) {
        Player p = player(name);
        return p != null && java.util.Arrays.equals(((Copy) copy).items(), p.getInventory().getItemStacks());
    }

    @Override
    public boolean restoreInventory(String name, InventoryCopy copy) {
        Player p = player(name);
        if (p == null) {
            return false;
        }
        sync(p, q -> restore(q, ((Copy) copy).items()));
        return true;
    }

    /** The player's own items (not the engine's) as text: slot → SNBT; PlayerStore's format too. */
    static String snapshot(ItemStack[] items) {
        JsonObject o = new JsonObject();
        for (int i = 0; i < items.length; i++) {
            if (own(items[i])) {
                try {
                    o.addProperty(Integer.toString(i), TagStringIO.tagStringIO().asString(items[i].toItemNBT()));
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return o.toString();
    }

    private static boolean own(ItemStack item) {
        return !item.isAir() && !UnoCore.isEngineTag(item.getTag(ENGINE_TAG));
    }

    /** Text made by {@link #snapshot} back into stacks, slot by slot (empty slots: air). */
    static ItemStack[] read(String text) {
        ItemStack[] items = new ItemStack[net.minestom.server.inventory.PlayerInventory.INVENTORY_SIZE];
        java.util.Arrays.fill(items, ItemStack.AIR);
        JsonObject o;
        try {
            o = JsonParser.parseString(text).getAsJsonObject();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a saved inventory: " + e.getMessage(), e);
        }
        for (Map.Entry<String, JsonElement> e : o.entrySet()) {
            int slot = Integer.parseInt(e.getKey());
            if (slot < 0 || slot >= items.length) {
                throw new IllegalArgumentException("no inventory slot " + slot);
            }
            try {
                items[slot] = ItemStack.fromItemNBT(TagStringIO.tagStringIO().asCompound(e.getValue().getAsString()));
            } catch (IOException ex) {
                throw new IllegalArgumentException("unreadable item in slot " + slot + ": " + ex.getMessage(), ex);
            }
        }
        return items;
    }

    /** Replaces the player's inventory with these stacks (their own items only). */
    static void restore(Player p, ItemStack[] items) {
        p.getInventory().clear();
        for (int i = 0; i < items.length; i++) {
            if (own(items[i])) {
                p.getInventory().setItemStack(i, items[i]);
            }
        }
    }

    @Override
    public void clearInventory(String name) {
        Player p = player(name);
        if (p != null) {
            sync(p, q -> q.getInventory().clear());
        }
    }
}
