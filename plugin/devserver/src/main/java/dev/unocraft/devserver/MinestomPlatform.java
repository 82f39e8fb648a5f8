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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import net.kyori.adventure.key.Key;
import net.kyori.adventure.nbt.TagStringIO;
import net.kyori.adventure.sound.Sound;
import net.kyori.adventure.text.Component;
import net.kyori.adventure.title.Title;
import net.minestom.server.MinecraftServer;
import net.minestom.server.component.DataComponents;
import net.minestom.server.entity.Player;
import net.minestom.server.inventory.PlayerInventory;
import net.minestom.server.item.ItemStack;
import net.minestom.server.item.Material;
import net.minestom.server.network.ConnectionState;
import net.minestom.server.network.player.GameProfile;
import net.minestom.server.network.player.PlayerConnection;
import net.minestom.server.network.packet.PacketWriting;
import net.minestom.server.network.packet.server.FramedPacket;
import net.minestom.server.network.packet.server.SendablePacket;
import net.minestom.server.network.packet.server.ServerPacket;
import net.minestom.server.network.packet.server.play.MapDataPacket;
import net.minestom.server.network.packet.server.play.SetPlayerInventorySlotPacket;
import net.minestom.server.network.packet.server.play.SoundEffectPacket;
import net.minestom.server.scoreboard.Sidebar;
import net.minestom.server.sound.SoundEvent;
import net.minestom.server.tag.Tag;
import net.minestom.server.utils.inventory.PlayerInventoryUtils;

/** The core's {@link Platform} on Minestom: one adapter, no game logic. */
final class MinestomPlatform implements Platform {
    static final Tag<String> ENGINE_TAG = Tag.String(UnoCore.TAG_KEY);

    private final Logger log = Logger.getLogger("unocraft");
    private final Path dataFolder;
    private final Map<Integer, FaceMap> maps = new ConcurrentHashMap<>();

    /** The id of the next new face's map: past every id of an earlier run (faces.properties, read once). */
    private final AtomicInteger nextMapId;

    /** The dev server's economy (balances.properties in the data folder): what stakes of money go through. */
    private final DevEconomy economy;

    MinestomPlatform(Path dataFolder) {
        this.dataFolder = dataFolder;
        this.economy = new DevEconomy(dataFolder.resolve("balances.properties"));
        this.nextMapId = new AtomicInteger(DevServer.highestSavedMapId(dataFolder) + 1);
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
    public double distance(String name, String other) {
        Player p = player(name);
        Player q = player(other);
        if (p == null || q == null || p.getInstance() != q.getInstance()) {
            return Double.POSITIVE_INFINITY;
        }
        return p.getPosition().distance(q.getPosition());
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
        playSound(name, sound(sound, volume, pitch));
    }

    /** A sound with its key resolved to Minestom's sound event (a registry's or a custom one), on the engine's thread. */
    record PreparedSound(SoundEvent event, float volume, float pitch) {}

    @Override
    public PreparedSound sound(String sound, float volume, float pitch) {
        Key key = Key.key(sound);
        SoundEvent event = SoundEvent.fromKey(key);
        return new PreparedSound(event != null ? event : SoundEvent.of(key, null), volume, pitch);
    }

    @Override
    public void playSound(String name, Object sound) {
        Player p = player(name);
        if (p != null) {
            play(p, (PreparedSound) sound);
        }
    }

    /**
     * To this player only, at the player's position, in the master category: what
     * Player.playSound(Sound) sends, without looking the key up again on the applier.
     */
    static void play(Player p, PreparedSound s) {
        p.sendPacket(new SoundEffectPacket(s.event(), Sound.Source.MASTER, p.getPosition(), s.volume(), s.pitch(),
                java.util.concurrent.ThreadLocalRandom.current().nextLong()));
    }

    static int internalSlot(int slot) {
        return slot == 40 ? PlayerInventoryUtils.OFFHAND_SLOT : slot;
    }

    // Minestom's item stacks are immutable: one per distinct item, shared by every slot showing it,
    // found and built on the engine's thread when the batch arrives (prepare): the applier is handed
    // the stack itself.
    private final ItemTemplates<ItemStack> templates = new ItemTemplates<>(MinestomPlatform::build, stack -> stack);

    @Override
    public ItemStack prepare(CardItem item) {
        return templates.of(item).stack();
    }

    @Override
    public void warmUp() {
        JsonElement text = JsonParser.parseString("[{\"text\":\"a\",\"colour\":\"#ff0000\",\"bold\":true,"
                + "\"click\":{\"command\":\"/uno\"},\"hover\":\"b\",\"extra\":[\"\u00a7ac\"]}]");
        Component c = Components.of(text);
        Component other = Component.text("b");
        ItemStack card = build(new CardItem(1, null, text, List.of(text), true, "-"));
        ItemStack paper = build(new CardItem(-1, "minecraft:paper", text, List.of(), false, "-"));
        // what the applier does to a player, done to a player no one sees (its packets are built and
        // go nowhere): Minestom's packets and events for slots, the held item, the off-hand, a clear,
        // messages, a title, a sound, a sidebar, a face's map, loaded and run here, again and again,
        // rather than in the first game
        Player ghost = ghost();
        ghost.getInventory().addViewer(ghost);      // a player sees their own inventory: its slot packets are made
        ItemStack[] own = ghost.getInventory().getItemStacks();
        own[5] = ItemStack.of(Material.STONE);      // an item of the player's own, kept by the vault
        restore(ghost, read(new Copy(own).text()));     // the vault's thread's share, once
        PreparedSound click = sound("minecraft:ui.button.click", 1f, 1f);
        FramedPacket map = prepareMap(0, new byte[128 * 128]).packet();    // encoded and compressed as prepareMap does
        Map<Integer, Object> deal = new java.util.LinkedHashMap<>();
        Map<Integer, Object> next = new java.util.LinkedHashMap<>();
        for (int slot : new int[] {0, 1, 9, 40}) {
            deal.put(slot, card);
            next.put(slot, slot == 9 ? null : paper);
        }
        List<Object> lines = new ArrayList<>(java.util.Collections.nCopies(MAX_LINES, c));
        for (int i = 0; i < UnoCore.WARM_UP_ROUNDS; i++) {
            restore(ghost, own);        // a game's end: the player's own items back
            java.util.Arrays.equals(own, ghost.getInventory().getItemStacks());
            ghost.getInventory().clear();
            putAll(ghost.getInventory(), deal);
            ghost.setHeldItemSlot((byte) (i % 2));
            putAll(ghost.getInventory(), next);
            ghost.sendMessage(c);
            ghost.sendActionBar(c);
            ghost.showTitle(Title.title(c, other));
            play(ghost, click);
            Shown shown = new Shown(new Sidebar(c), new Component[MAX_LINES]);
            update(shown, c, lines);
            shown.sidebar().addViewer(ghost);
            lines.set(i % MAX_LINES, other);
            update(shown, other, lines.subList(0, MAX_LINES - 1 - i % 3));
            lines.set(i % MAX_LINES, c);
            shown.sidebar().removeViewer(ghost);
            ghost.sendPacket(map);
        }
    }

    /** A player no one sees, never spawned nor tracked, for {@link #warmUp}. */
    private static Player ghost() {
        PlayerConnection nowhere = new PlayerConnection() {
            @Override
            public void sendPacket(SendablePacket packet) {
                // dropped
            }

            @Override
            public java.net.SocketAddress getRemoteAddress() {
                return new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0);
            }
        };
        return new Player(nowhere, new GameProfile(new java.util.UUID(0, 0), "-"));
    }

    /** Minestom changes an inventory under its own lock ({@code processItemStack} is synchronized): held here, a give waits. */
    @Override
    public void atomically(String name, Runnable change) {
        Player p = player(name);
        if (p == null) {
            change.run();
            return;
        }
        synchronized (p.getInventory()) {
            change.run();
        }
    }

    @Override
    public void setSlot(String name, int slot, Object item) {
        setSlots(name, java.util.Collections.singletonMap(slot, item));
    }

    @Override
    public void setSlots(String name, Map<Integer, Object> items) {
        Player p = player(name);
        if (p != null) {
            putAll(p.getInventory(), items);
        }
    }

    /**
     * Puts each stack in its slot (null: air) and sends the slots that changed to the inventory's
     * viewers (the player) in one go: the packets Minestom sends for a slot, but the connection's
     * writer thread is woken once, not once per slot (each wake-up is a system call on the applier
     * and, on a busy machine, a switch to the writer). A slot that holds this stack or an equal one is
     * left alone: no packet, no inventory event (items are shared templates, air is one object).
     * Everything else of a slot change (the inventory event, a held or off-hand item's equipment sent
     * to the players who see this one) is Minestom's own {@code setItemStack}. Returns the slots set.
     */
    static List<Integer> putAll(PlayerInventory inventory, Map<Integer, Object> items) {
        List<Integer> set = new ArrayList<>(items.size());
        List<SendablePacket> packets = new ArrayList<>(items.size());
        synchronized (inventory) {
            items.forEach((slot, item) -> {
                int internal = internalSlot(slot);
                ItemStack stack = item == null ? ItemStack.AIR : (ItemStack) item;
                ItemStack was = inventory.getItemStack(internal);
                if (was != stack) {
                    inventory.setItemStack(internal, stack, false);     // compares them (equal: nothing done)
                    ItemStack now = inventory.getItemStack(internal);  // what it holds (an equip event may change it)
                    if (now != was) {
                        set.add(slot);
                        packets.add(slotPacket(internal, now));
                    }
                }
            });
        }
        if (!packets.isEmpty()) {
            for (Player viewer : inventory.getViewers()) {
                viewer.sendPackets(packets);
            }
        }
        return set;
    }

    /** The packet Minestom's {@code PlayerInventory.sendSlotRefresh} sends for one of our slots (0–35, the off-hand). */
    static SendablePacket slotPacket(int internalSlot, ItemStack stack) {
        return new SetPlayerInventorySlotPacket(PlayerInventoryUtils.convertMinestomSlotToPlayerInventorySlot(internalSlot), stack);
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

    /**
     * A card face's map: its id and its map packet framed (encoded and compressed) once, on the
     * engine's thread, for every player it is ever sent to: the applier only queues the bytes.
     */
    record FaceMap(int id, FramedPacket packet) implements PreparedMap {}

    @Override
    public FaceMap prepareMap(int wantedId, byte[] pixels) {
        int id = wantedId >= 0 ? wantedId : nextMapId.getAndIncrement();
        return new FaceMap(id, framed(mapPacket(id, pixels)));
    }

    @Override
    public int showMap(PreparedMap map) {
        FaceMap face = (FaceMap) map;
        maps.put(face.id(), face);
        for (Player p : PLAYERS.values()) {
            p.sendPacket(face.packet());
        }
        return face.id();
    }

    static MapDataPacket mapPacket(int id, byte[] pixels) {
        return new MapDataPacket(id, (byte) 0, true, false, List.of(),
                new MapDataPacket.ColorContent((byte) 128, (byte) 128, (byte) 0, (byte) 0, pixels));
    }

    /** The packet as a play-state connection sends it (length, compression), built once for every player. */
    static FramedPacket framed(ServerPacket packet) {
        return new FramedPacket(packet, PacketWriting.allocateTrimmedPacket(ConnectionState.PLAY, packet,
                MinecraftServer.getCompressionThreshold()));
    }

    /** Sends every card face to a player who just joined (maps live only on the client in Minestom). */
    void sendMaps(Player p) {
        maps.values().forEach(face -> p.sendPacket(face.packet()));
    }

    // ------------------------------------------------------------ sidebar

    // One Sidebar per player (Minestom keeps no "current scoreboard" of a player: a sidebar is a
    // Viewable objective of its own, so nothing of the player's is replaced or needs saving).
    // Lines have fixed ids "l0".."l14", scores 15..1 top to bottom, numbers hidden; Minestom puts each
    // on its own team with a unique invisible entry, so two lines may read the same. Called from the
    // applier thread and, on a quit, from the disconnect event: one lock.
    private static final int MAX_LINES = 15;
    private static final String[] LINE_IDS = java.util.stream.IntStream.range(0, MAX_LINES).mapToObj(i -> "l" + i).toArray(String[]::new);

    /** A player's sidebar and the lines it shows (null: no such line), so that a change is found without asking Minestom for each line. */
    record Shown(Sidebar sidebar, Component[] lines) {}

    private final Map<String, Shown> sidebars = new java.util.HashMap<>();

    @Override
    public synchronized void showSidebar(String name, Object title, List<Object> lines) {
        Player p = player(name);
        if (p == null) {
            return;
        }
        Component t = (Component) title;
        Shown shown = sidebars.computeIfAbsent(name.toLowerCase(java.util.Locale.ROOT), k -> new Shown(new Sidebar(t), new Component[MAX_LINES]));
        update(shown, t, lines);
        if (!shown.sidebar().getViewers().contains(p)) {
            shown.sidebar().addViewer(p);     // after the lines: the client gets the whole sidebar at once
        }
    }

    /** Changes what differs from what the sidebar shows (each change is a packet to its viewers): the title, and line by line. */
    static void update(Shown shown, Component title, List<Object> lines) {
        Sidebar sb = shown.sidebar();
        if (!title.equals(sb.getTitle())) {
            sb.setTitle(title);
        }
        Component[] was = shown.lines();
        int n = Math.min(lines.size(), MAX_LINES);
        for (int i = 0; i < MAX_LINES; i++) {
            Component c = i < n ? (Component) lines.get(i) : null;
            if (was[i] == null && c != null) {
                sb.createLine(new Sidebar.ScoreboardLine(LINE_IDS[i], c, MAX_LINES - i, Sidebar.NumberFormat.blank()));
            } else if (was[i] != null && c == null) {
                sb.removeLine(LINE_IDS[i]);
            } else if (c != null && !c.equals(was[i])) {
                sb.updateLineContent(LINE_IDS[i], c);
            }
            was[i] = c;
        }
    }

    @Override
    public synchronized void clearSidebar(String name) {
        Shown shown = sidebars.remove(name.toLowerCase(java.util.Locale.ROOT));
        if (shown != null) {
            for (Player viewer : List.copyOf(shown.sidebar().getViewers())) {
                shown.sidebar().removeViewer(viewer);
            }
        }
    }

    /** An inventory's stacks (Minestom's are immutable: the array is the copy); text on the vault's thread. */
    private record Copy(ItemStack[] items) implements InventoryCopy {
        @Override
        public String text() {
            return snapshot(items);
        }

        @Override
        public int stacks() {
            return (int) java.util.Arrays.stream(items).filter(MinestomPlatform::own).count();
        }

        @Override
        public InventoryCopy plus(InventoryCopy other) {
            ItemStack[] more = ((Copy) other).items();
            ItemStack[] all = java.util.Arrays.copyOf(items, items.length + more.length);
            System.arraycopy(more, 0, all, items.length, more.length);
            return new Copy(all);
        }
    }

    @Override
    public InventoryCopy copyNonCards(String name) {
        Player p = player(name);
        return new Copy(p == null ? new ItemStack[0]
                : java.util.Arrays.stream(p.getInventory().getItemStacks()).filter(MinestomPlatform::own).toArray(ItemStack[]::new));
    }

    @Override
    public boolean holdsCards(String name) {
        Player p = player(name);
        return p != null && java.util.Arrays.stream(p.getInventory().getItemStacks())
                .anyMatch(i -> !i.isAir() && UnoCore.isEngineTag(i.getTag(ENGINE_TAG)));
    }

    @Override
    public SlotHolds slotHolds(String name, int slot) {
        Player p = player(name);
        ItemStack item = p == null ? ItemStack.AIR : p.getInventory().getItemStack(internalSlot(slot));
        return item.isAir() ? SlotHolds.NOTHING : own(item) ? SlotHolds.OTHER : SlotHolds.ENGINE;
    }

    /** Stacks are immutable and a slot keeps the very stack {@link #setSlots} gave it: identity says it. */
    @Override
    public boolean slotIs(String name, int slot, Object prepared) {
        Player p = player(name);
        return p != null && p.getInventory().getItemStack(internalSlot(slot)) == prepared;
    }

    @Override
    public void moveSlot(String name, int from, int to) {
        Player p = player(name);
        if (p != null) {
            PlayerInventory inventory = p.getInventory();
            synchronized (inventory) {
                ItemStack item = inventory.getItemStack(internalSlot(from));
                inventory.setItemStack(internalSlot(to), item);
                inventory.setItemStack(internalSlot(from), ItemStack.AIR);
            }
        }
    }

    @Override
    public InventoryCopy takeSlot(String name, int slot) {
        Player p = player(name);
        if (p == null) {
            return new Copy(new ItemStack[0]);
        }
        PlayerInventory inventory = p.getInventory();
        synchronized (inventory) {
            ItemStack item = inventory.getItemStack(internalSlot(slot));
            inventory.setItemStack(internalSlot(slot), ItemStack.AIR);
            return new Copy(item.isAir() ? new ItemStack[0] : new ItemStack[] {item});
        }
    }

    @Override
    public InventoryCopy addItems(String name, InventoryCopy items) {
        Player p = player(name);
        if (p == null) {
            return items;
        }
        List<ItemStack> left = new java.util.ArrayList<>();
        boolean[] added = {false};
        sync(p, q -> {
            for (ItemStack item : ((Copy) items).items()) {
                if (!own(item)) {
                    continue;
                }
                ItemStack rest = q.getInventory().addItemStack(item, net.minestom.server.inventory.TransactionOption.ALL);
                if (rest.isAir()) {
                    added[0] = true;
                } else {
                    added[0] |= rest.amount() < item.amount();
                    left.add(rest);
                }
            }
        });
        if (left.isEmpty()) {
            return null;
        }
        return added[0] ? new Copy(left.toArray(new ItemStack[0])) : items;
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
        JsonObject o;
        try {
            o = JsonParser.parseString(text).getAsJsonObject();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a saved inventory: " + e.getMessage(), e);
        }
        // an inventory has INVENTORY_SIZE slots; kept items (InventoryVault's .owed) may be more stacks
        int size = Math.max(net.minestom.server.inventory.PlayerInventory.INVENTORY_SIZE, o.size());
        ItemStack[] items = new ItemStack[size];
        java.util.Arrays.fill(items, ItemStack.AIR);
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

    // ------------------------------------------------------------ stakes: permissions, money, plain items

    @Override
    public boolean hasPermission(String name, String permission) {
        return isOnline(name) && DevPermissions.has(name, permission);
    }

    @Override
    public DevEconomy money() {
        return economy;
    }

    @Override
    public boolean isItem(String item) {
        return PlainItems.material(item) != null;
    }

    @Override
    public int countPlain(String name, String item) {
        Player p = player(name);
        Material m = PlainItems.material(item);
        return p == null || m == null ? 0 : PlainItems.count(p.getInventory(), m);
    }

    @Override
    public boolean takePlain(String name, String item, int count) {
        Player p = player(name);
        Material m = PlainItems.material(item);
        return p != null && m != null && PlainItems.take(p.getInventory(), m, count);
    }

    @Override
    public int givePlain(String name, String item, int count) {
        Player p = player(name);
        Material m = PlainItems.material(item);
        return p == null || m == null ? Math.max(count, 0) : PlainItems.give(p.getInventory(), m, count);
    }
}
