package dev.unocraft.spigot;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.unocraft.core.ItemTemplates;
import dev.unocraft.core.Platform;
import dev.unocraft.core.UnoCore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.logging.Logger;
import net.md_5.bungee.api.ChatColor;
import net.md_5.bungee.api.ChatMessageType;
import net.md_5.bungee.api.chat.BaseComponent;
import net.md_5.bungee.api.chat.ClickEvent;
import net.md_5.bungee.api.chat.HoverEvent;
import net.md_5.bungee.api.chat.TextComponent;
import net.md_5.bungee.api.chat.hover.content.Text;
import org.bukkit.Bukkit;
import org.bukkit.Location;
import org.bukkit.Material;
import org.bukkit.NamespacedKey;
import org.bukkit.configuration.InvalidConfigurationException;
import org.bukkit.configuration.file.YamlConfiguration;
import org.bukkit.entity.Player;
import org.bukkit.event.player.AsyncPlayerChatEvent;
import org.bukkit.event.player.PlayerEvent;
import org.bukkit.inventory.ItemStack;
import org.bukkit.inventory.meta.ItemMeta;
import org.bukkit.inventory.meta.MapMeta;
import org.bukkit.map.MapCanvas;
import org.bukkit.map.MapRenderer;
import org.bukkit.map.MapView;
import org.bukkit.persistence.PersistentDataType;
import org.bukkit.scoreboard.Criteria;
import org.bukkit.scoreboard.DisplaySlot;
import org.bukkit.scoreboard.Objective;
import org.bukkit.scoreboard.Scoreboard;
import org.bukkit.scoreboard.ScoreboardManager;
import org.bukkit.scoreboard.Team;

/**
 * The core's {@link Platform} on Bukkit/Spigot: one adapter, no game logic. Text goes out through
 * BungeeCord chat and legacy (§) strings, which Spigot has; the Paper adapter (plugin/paper) extends
 * this one and replaces every text method and hook below with Adventure, which Paper has instead.
 * Compiled against Paper's API this class gets deprecation warnings for exactly those String and
 * BungeeCord members (AsyncPlayerChatEvent, getLocale, sendMessage/sendTitle, ItemMeta and scoreboard
 * display names, TextComponent.fromLegacyText): Spigot has nothing else, and on Paper none of them runs.
 */
public class SpigotPlatform implements Platform {
    private final UnocraftPlugin plugin;
    private final NamespacedKey tagKey;

    protected SpigotPlatform(UnocraftPlugin plugin) {
        this.plugin = plugin;
        this.tagKey = new NamespacedKey(plugin, UnoCore.TAG_KEY);
    }

    /** The platform's name in the bridge's hello (the engine logs it). */
    protected String name() {
        return "spigot";
    }

    /** The event that says a player chatted (the core only needs to know that they did): Bukkit's chat event. */
    protected Class<? extends PlayerEvent> chatEvent() {
        return AsyncPlayerChatEvent.class;
    }

    Collection<? extends Player> players() {
        return Bukkit.getOnlinePlayers();
    }

    String tagOf(ItemStack item) {
        if (item == null || item.getType() == Material.AIR) {
            return null;
        }
        ItemMeta meta = item.getItemMeta();
        return meta == null ? null : meta.getPersistentDataContainer().get(tagKey, PersistentDataType.STRING);
    }

    @Override
    public void runOnMain(Runnable task) {
        if (plugin.isEnabled()) {
            Bukkit.getScheduler().runTask(plugin, task);
        } else if (Bukkit.isPrimaryThread()) {
            task.run();     // onDisable itself (a vault hand-back while the inventories go back): no scheduler any more
        } else {
            // during or after onDisable Bukkit refuses new tasks (IllegalPluginAccessException); what the
            // vault or a py4j batch hands back now is dropped: a vault file left on disk is read at the next start
            plugin.getLogger().info("disabled: a task from " + Thread.currentThread().getName() + " was not run");
        }
    }

    @Override
    public Logger logger() {
        return plugin.getLogger();
    }

    @Override
    public Path dataFolder() {
        return plugin.getDataFolder().toPath();
    }

    @Override
    public Collection<String> onlinePlayers() {
        List<String> names = new ArrayList<>();
        for (Player p : Bukkit.getOnlinePlayers()) {
            names.add(p.getName());
        }
        return names;
    }

    @Override
    public boolean isOnline(String player) {
        return Bukkit.getPlayerExact(player) != null;
    }

    @Override
    public double[] position(String player) {
        Player p = Bukkit.getPlayerExact(player);
        if (p == null) {
            return null;
        }
        Location l = p.getLocation();
        return new double[] {l.getX(), l.getY(), l.getZ()};
    }

    @Override
    public double distance(String player, String other) {
        Player p = Bukkit.getPlayerExact(player);
        Player q = Bukkit.getPlayerExact(other);
        if (p == null || q == null) {
            return Double.POSITIVE_INFINITY;
        }
        Location a = p.getLocation();
        Location b = q.getLocation();
        if (a.getWorld() == null || !a.getWorld().equals(b.getWorld())) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.sqrt(Math.pow(a.getX() - b.getX(), 2) + Math.pow(a.getY() - b.getY(), 2) + Math.pow(a.getZ() - b.getZ(), 2));
    }

    @Override
    public String locale(String player) {
        Player p = Bukkit.getPlayerExact(player);
        return p == null ? null : p.getLocale();
    }

    @Override
    public String uuid(String player) {
        Player p = Bukkit.getPlayerExact(player);
        return p == null ? null : p.getUniqueId().toString();
    }

    /**
     * A text in both forms Spigot takes: BungeeCord components (chat, action bar) and legacy (§) text
     * (titles, sidebar). Built on the engine's thread: BungeeCord's components are plain Java objects
     * that touch no server state, and nothing changes them once built.
     */
    record SpigotText(BaseComponent[] components, String legacy) {}

    @Override
    public Object text(JsonElement component) {
        BaseComponent[] c = components(component);
        return new SpigotText(c, c[0].toLegacyText());
    }

    @Override
    public void sendMessage(String player, Object message) {
        Player p = Bukkit.getPlayerExact(player);
        if (p != null) {
            p.spigot().sendMessage(((SpigotText) message).components());
        }
    }

    @Override
    public void sendActionBar(String player, Object message) {
        Player p = Bukkit.getPlayerExact(player);
        if (p != null) {
            p.spigot().sendMessage(ChatMessageType.ACTION_BAR, ((SpigotText) message).components());
        }
    }

    @Override
    public void showTitle(String player, Object title, Object subtitle) {
        Player p = Bukkit.getPlayerExact(player);
        if (p != null) {
            p.sendTitle(((SpigotText) title).legacy(), ((SpigotText) subtitle).legacy(), 5, 40, 10);
        }
    }

    @Override
    public void playSound(String player, String sound, float volume, float pitch) {
        Player p = Bukkit.getPlayerExact(player);
        if (p != null) {
            // Player.playSound(Location, String, float, float): heard by this player only
            p.playSound(p.getLocation(), sound, volume, pitch);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public void setSlot(String player, int slot, Object item) {
        Player p = Bukkit.getPlayerExact(player);
        if (p == null) {
            return;
        }
        if (item == null && isEmpty(p.getInventory().getItem(slot))) {
            return;     // empty already (slot 40 is the off-hand here too)
        }
        ItemStack stack = item == null ? null : ((ItemTemplates<ItemStack>.Template) item).stack();
        if (slot == 40) {
            p.getInventory().setItemInOffHand(stack);
        } else {
            p.getInventory().setItem(slot, stack);
        }
    }

    private static boolean isEmpty(ItemStack stack) {
        return stack == null || stack.getType() == Material.AIR;
    }

    // One stack per distinct item (face, name, lore, tag), built once on the main thread (Bukkit's
    // item API is not made for other threads) and cloned for each slot: a clone copies the meta,
    // it does not build it again from components. The template is found off the main thread.
    // (javac's this-escape warning: build runs only later, on the main thread, after construction)
    private final ItemTemplates<ItemStack> templates = new ItemTemplates<>(this::build, ItemStack::clone);

    /** Off the main thread: the item's template, found (not built: that waits for the main thread). */
    @Override
    public Object prepare(CardItem item) {
        return templates.of(item);
    }

    private ItemStack build(CardItem item) {
        Material material = item.mapId() >= 0 ? Material.FILLED_MAP
                : item.material() != null ? Material.matchMaterial(item.material()) : Material.PAPER;
        ItemStack stack = new ItemStack(material == null ? Material.PAPER : material);
        ItemMeta meta = stack.getItemMeta();
        if (item.mapId() >= 0 && meta instanceof MapMeta map) {
            map.setMapView(Bukkit.getMap(item.mapId()));
        }
        describe(meta, item);
        if (item.glow()) {
            meta.setEnchantmentGlintOverride(true);
        }
        meta.getPersistentDataContainer().set(tagKey, PersistentDataType.STRING, item.tag());
        stack.setItemMeta(meta);
        return stack;
    }

    /** The item's name and lore: legacy (§) strings on Spigot. */
    protected void describe(ItemMeta meta, CardItem item) {
        meta.setDisplayName(ChatColor.of("white").toString() + legacy(item.name()));
        List<String> lore = new ArrayList<>();
        item.lore().forEach(l -> lore.add(legacy(l)));
        meta.setLore(lore);
    }

    @Override
    public void setHeldSlot(String player, int slot) {
        Player p = Bukkit.getPlayerExact(player);
        if (p != null) {
            p.getInventory().setHeldItemSlot(slot);
        }
    }

    /**
     * A card face's map as far as it can be made off the main thread: the renderer with its copy of
     * the pixels. The map itself is not: Bukkit's map API ({@code getMap}, {@code createMap}, a view's
     * renderers) is main-thread API, and Bukkit allocates the ids, so the id is known only once shown.
     */
    record FaceMap(int wantedId, FaceRenderer renderer) implements PreparedMap {
        @Override
        public int id() {
            return -1;
        }
    }

    @Override
    public PreparedMap prepareMap(int wantedId, byte[] pixels) {
        return new FaceMap(wantedId, new FaceRenderer(pixels));
    }

    @Override
    public int showMap(PreparedMap map) {
        FaceMap face = (FaceMap) map;
        MapView view = face.wantedId() >= 0 ? Bukkit.getMap(face.wantedId()) : null;
        if (view == null) {
            view = Bukkit.createMap(Bukkit.getWorlds().get(0));
        }
        for (MapRenderer r : new ArrayList<>(view.getRenderers())) {
            view.removeRenderer(r);
        }
        view.setTrackingPosition(false);
        view.addRenderer(face.renderer());
        return view.getId();
    }

    /** Draws a card face once; the server then keeps sending the same canvas. Made on any thread: it touches no server state until drawn. */
    static final class FaceRenderer extends MapRenderer {
        private final byte[] pixels;
        private boolean drawn;

        FaceRenderer(byte[] pixels) {
            super(false);
            this.pixels = pixels.clone();
        }

        // setPixel(x, y, byte) is deprecated (Spigot and Paper) for setPixelColor(x, y, Color), which matches each
        // pixel's colour to the palette again on the server thread, 16,384 matches a face; the engine already sends
        // palette indices, which this writes as they are.
        @Override
        @SuppressWarnings("deprecation")
        public void render(MapView map, MapCanvas canvas, Player player) {
            if (drawn) {
                return;
            }
            for (int y = 0; y < 128; y++) {
                for (int x = 0; x < 128; x++) {
                    canvas.setPixel(x, y, pixels[y * 128 + x]);
                }
            }
            drawn = true;
        }
    }

    // ------------------------------------------------------------ sidebar

    /** A sidebar shown: our own scoreboard, and the one the player had before (given back on clear). */
    private record Shown(Scoreboard own, Scoreboard board, Objective objective) {}

    protected static final String SIDEBAR_OBJECTIVE = "unocraft";
    private static final int MAX_LINES = 15;
    private static final String CODES = "0123456789abcdef";
    private final java.util.Map<String, Shown> sidebars = new java.util.HashMap<>();   // main thread only

    /** Line i's entry: an invisible, unique colour code (the text is the team prefix), so lines may repeat. */
    private static String entry(int i) {
        return "\u00a7" + CODES.charAt(i) + "\u00a7r";
    }

    @Override
    public void showSidebar(String player, Object title, List<Object> lines) {
        Player p = Bukkit.getPlayerExact(player);
        if (p == null) {
            return;
        }
        String key = player.toLowerCase(java.util.Locale.ROOT);
        Shown shown = sidebars.get(key);
        if (shown == null) {
            ScoreboardManager manager = Bukkit.getScoreboardManager();
            if (manager == null) {
                return;    // no world loaded yet
            }
            Scoreboard board = manager.getNewScoreboard();
            Objective objective = newSidebar(board, title);
            objective.setDisplaySlot(DisplaySlot.SIDEBAR);
            shown = new Shown(null, board, objective);      // the player's own is kept below
        } else {
            retitle(shown.objective(), title);
        }
        int n = Math.min(lines.size(), MAX_LINES);
        for (int i = 0; i < n; i++) {
            Team team = shown.board().getTeam("unocraft" + i);
            if (team == null) {
                team = shown.board().registerNewTeam("unocraft" + i);
                team.addEntry(entry(i));
            }
            setLine(team, lines.get(i));
            shown.objective().getScore(entry(i)).setScore(MAX_LINES - i);    // top line first
        }
        for (int i = n; i < MAX_LINES; i++) {
            shown.board().resetScores(entry(i));
        }
        Scoreboard current = p.getScoreboard();
        if (current != shown.board()) {
            // the player's own scoreboard (the server's main one, or another plugin's — also one another
            // plugin set while ours was shown) is kept, to be given back by clearSidebar
            shown = new Shown(current, shown.board(), shown.objective());
            p.setScoreboard(shown.board());
        }
        sidebars.put(key, shown);
    }

    /**
     * The sidebar's objective, titled; the text of a line is its team's prefix (see {@link #setLine}).
     * Titles and lines are what {@link #text} made.
     */
    protected Objective newSidebar(Scoreboard board, Object title) {
        return board.registerNewObjective(SIDEBAR_OBJECTIVE, Criteria.DUMMY, ((SpigotText) title).legacy());
    }

    /** A new title for a sidebar shown, sent only when it changed. */
    protected void retitle(Objective objective, Object title) {
        String text = ((SpigotText) title).legacy();
        if (!text.equals(objective.getDisplayName())) {
            objective.setDisplayName(text);
        }
    }

    /** A line's text (its team's prefix), sent only when it changed. */
    protected void setLine(Team team, Object line) {
        String text = ((SpigotText) line).legacy();
        if (!text.equals(team.getPrefix())) {
            team.setPrefix(text);
        }
    }

    @Override
    public void clearSidebar(String player) {
        Shown shown = sidebars.remove(player.toLowerCase(java.util.Locale.ROOT));
        if (shown == null) {
            return;
        }
        Player p = Bukkit.getPlayerExact(player);
        // the player's own scoreboard back, unless another plugin has set a newer one meanwhile
        if (p != null && p.getScoreboard() == shown.board() && shown.own() != null) {
            p.setScoreboard(shown.own());
        }
        shown.objective().unregister();
    }

    /**
     * An inventory's stacks, cloned on the main thread ({@code getContents()} gives live mirrors);
     * turned into YAML on the vault's thread, from these clones only.
     */
    private record Copy(ItemStack[] items) implements InventoryCopy {
        /**
         * On the vault's thread. Safe there: it touches only these clones, which nothing else holds, and
         * ItemStack's serialization (through Bukkit.getUnsafe()) reads the stack's own data and the registries,
         * frozen once the server has started, as the server's own off-thread player-data saves do.
         */
        @Override
        public String text() {
            YamlConfiguration yaml = new YamlConfiguration();
            yaml.set("contents", Arrays.asList(items));
            return yaml.saveToString();
        }

        @Override
        public int stacks() {
            return (int) Arrays.stream(items).filter(SpigotPlatform::present).count();
        }

        @Override
        public InventoryCopy plus(InventoryCopy other) {
            ItemStack[] more = ((Copy) other).items();
            ItemStack[] all = Arrays.copyOf(items, items.length + more.length);
            System.arraycopy(more, 0, all, items.length, more.length);
            return new Copy(all);
        }
    }

    private static boolean present(ItemStack item) {
        return item != null && item.getType() != Material.AIR;
    }

    @Override
    public InventoryCopy copyNonCards(String player) {
        Player p = Bukkit.getPlayerExact(player);
        List<ItemStack> out = new ArrayList<>();
        if (p != null) {
            for (ItemStack item : p.getInventory().getContents()) {
                if (present(item) && !UnoCore.isEngineTag(tagOf(item))) {
                    out.add(item.clone());
                }
            }
        }
        return new Copy(out.toArray(new ItemStack[0]));
    }

    @Override
    public boolean holdsCards(String player) {
        Player p = Bukkit.getPlayerExact(player);
        return p != null && Arrays.stream(p.getInventory().getContents()).anyMatch(i -> present(i) && UnoCore.isEngineTag(tagOf(i)));
    }

    @Override
    public SlotHolds slotHolds(String player, int slot) {
        Player p = Bukkit.getPlayerExact(player);
        ItemStack item = p == null ? null : p.getInventory().getItem(slot);
        return !present(item) ? SlotHolds.NOTHING : UnoCore.isEngineTag(tagOf(item)) ? SlotHolds.ENGINE : SlotHolds.OTHER;
    }

    @Override
    public void moveSlot(String player, int from, int to) {
        Player p = Bukkit.getPlayerExact(player);
        if (p != null) {
            ItemStack item = p.getInventory().getItem(from);
            p.getInventory().setItem(to, item);
            p.getInventory().setItem(from, null);
        }
    }

    @Override
    public InventoryCopy takeSlot(String player, int slot) {
        Player p = Bukkit.getPlayerExact(player);
        ItemStack item = p == null ? null : p.getInventory().getItem(slot);
        if (!present(item)) {
            return new Copy(new ItemStack[0]);
        }
        ItemStack copy = item.clone();
        p.getInventory().setItem(slot, null);
        return new Copy(new ItemStack[] {copy});
    }

    @Override
    public InventoryCopy addItems(String player, InventoryCopy items) {
        Player p = Bukkit.getPlayerExact(player);
        if (p == null) {
            return items;
        }
        List<ItemStack> left = new ArrayList<>();
        boolean added = false;
        for (ItemStack item : ((Copy) items).items()) {
            if (!present(item)) {
                continue;
            }
            // addItem stacks onto similar items first, then takes empty storage slots; it returns, never drops, the rest
            java.util.Map<Integer, ItemStack> rest = p.getInventory().addItem(item.clone());
            if (rest.isEmpty()) {
                added = true;
            } else {
                ItemStack r = rest.values().iterator().next();
                added |= r.getAmount() < item.getAmount();
                left.add(r);
            }
        }
        if (left.isEmpty()) {
            return null;
        }
        return added ? new Copy(left.toArray(new ItemStack[0])) : items;
    }

    @Override
    public InventoryCopy copyInventory(String player) {
        Player p = Bukkit.getPlayerExact(player);
        ItemStack[] contents = p == null ? new ItemStack[0] : p.getInventory().getContents();
        ItemStack[] copy = new ItemStack[contents.length];
        for (int i = 0; i < contents.length; i++) {
            copy[i] = contents[i] == null ? null : contents[i].clone();
        }
        return new Copy(copy);
    }

    /**
     * On the vault's thread. Safe there for the same reasons as {@link Copy#text}: new stacks nothing else holds,
     * built from the text through the frozen registries and the data fixer (which the server runs off its main
     * thread to load chunks and player data).
     */
    @Override
    public InventoryCopy readInventory(String text) {
        YamlConfiguration yaml = new YamlConfiguration();
        try {
            yaml.loadFromString(text);
        } catch (InvalidConfigurationException e) {
            throw new IllegalArgumentException("unreadable saved inventory: " + e.getMessage(), e);
        }
        List<?> list = yaml.getList("contents");
        ItemStack[] items = new ItemStack[list == null ? 0 : list.size()];
        for (int i = 0; i < items.length; i++) {
            items[i] = list.get(i) instanceof ItemStack s ? s : null;
        }
        return new Copy(items);
    }

    @Override
    public boolean inventoryIs(String player, InventoryCopy copy) {
        Player p = Bukkit.getPlayerExact(player);
        return p != null && Arrays.equals(((Copy) copy).items(), p.getInventory().getContents());
    }

    @Override
    public boolean restoreInventory(String player, InventoryCopy copy) {
        Player p = Bukkit.getPlayerExact(player);
        if (p == null) {
            return false;
        }
        ItemStack[] items = ((Copy) copy).items();
        ItemStack[] contents = new ItemStack[p.getInventory().getContents().length];
        System.arraycopy(items, 0, contents, 0, Math.min(items.length, contents.length));
        p.getInventory().setContents(contents);     // copies each stack in
        return true;
    }

    @Override
    public void clearInventory(String player) {
        Player p = Bukkit.getPlayerExact(player);
        if (p != null) {
            p.getInventory().clear();
        }
    }

    // ------------------------------------------------------------ stakes: permissions, money (VaultMoney), plain items (PlainItems)

    @Override
    public boolean hasPermission(String player, String permission) {
        Player p = Bukkit.getPlayerExact(player);
        return p != null && p.hasPermission(permission);
    }

    @Override
    public dev.unocraft.core.Money money() {
        return VaultMoney.find(plugin.getLogger());
    }

    @Override
    public boolean isItem(String item) {
        return PlainItems.material(item) != null;
    }

    @Override
    public int countPlain(String player, String item) {
        Player p = Bukkit.getPlayerExact(player);
        return p == null ? 0 : PlainItems.count(p, item);
    }

    @Override
    public boolean takePlain(String player, String item, int count) {
        Player p = Bukkit.getPlayerExact(player);
        return p != null && PlainItems.take(p, item, count);
    }

    @Override
    public int givePlain(String player, String item, int count) {
        Player p = Bukkit.getPlayerExact(player);
        return p == null ? count : PlainItems.give(p, item, count);
    }

    // ------------------------------------------------------------ components

    /** Version-neutral description → BungeeCord chat components (Spigot writes the wire form). */
    static BaseComponent[] components(JsonElement el) {
        return new BaseComponent[] {component(el)};
    }

    static BaseComponent component(JsonElement el) {
        if (el == null || el.isJsonNull()) {
            return new TextComponent("");
        }
        if (el.isJsonPrimitive()) {
            TextComponent root = new TextComponent("");
            for (BaseComponent c : TextComponent.fromLegacyText(el.getAsString())) {
                root.addExtra(c);
            }
            return root;
        }
        if (el.isJsonArray()) {
            TextComponent root = new TextComponent("");
            el.getAsJsonArray().forEach(child -> root.addExtra(component(child)));
            return root;
        }
        JsonObject o = el.getAsJsonObject();
        TextComponent c = new TextComponent(o.has("text") ? o.get("text").getAsString() : "");
        String colour = o.has("colour") ? o.get("colour").getAsString() : o.has("color") ? o.get("color").getAsString() : null;
        if (colour != null) {
            c.setColor(ChatColor.of(colour));
        }
        if (o.has("bold")) c.setBold(o.get("bold").getAsBoolean());
        if (o.has("italic")) c.setItalic(o.get("italic").getAsBoolean());
        if (o.has("underlined")) c.setUnderlined(o.get("underlined").getAsBoolean());
        if (o.has("strikethrough")) c.setStrikethrough(o.get("strikethrough").getAsBoolean());
        if (o.has("click")) {
            JsonObject click = o.getAsJsonObject("click");
            if (click.has("command")) c.setClickEvent(new ClickEvent(ClickEvent.Action.RUN_COMMAND, click.get("command").getAsString()));
            if (click.has("run")) c.setClickEvent(new ClickEvent(ClickEvent.Action.RUN_COMMAND, click.get("run").getAsString()));
            if (click.has("suggest")) c.setClickEvent(new ClickEvent(ClickEvent.Action.SUGGEST_COMMAND, click.get("suggest").getAsString()));
            if (click.has("url")) c.setClickEvent(new ClickEvent(ClickEvent.Action.OPEN_URL, click.get("url").getAsString()));
        }
        if (o.has("hover")) {
            c.setHoverEvent(new HoverEvent(HoverEvent.Action.SHOW_TEXT, new Text(components(o.get("hover")))));
        }
        if (o.has("extra")) {
            JsonArray extra = o.getAsJsonArray("extra");
            extra.forEach(child -> c.addExtra(component(child)));
        }
        return c;
    }

    /** Item names, lore and titles take legacy (§) text on Spigot. */
    static String legacy(JsonElement el) {
        return component(el).toLegacyText();
    }
}
