"""The compile-only Spigot API stub (plugin/spigot-api-stub) may declare only what the real
Spigot/Paper 1.21.11 API has. A Java class without a constructor gets a public no-argument one
the real API may lack (the event classes, Location and PluginCommand had one): every class of
the stub but the abstract Bungee chat bases declares its constructors, and none of the classes
below may have a no-argument one (their real constructors take the event's subjects).
The Paper API stub (plugin/paper-api-stub: the Spigot stub with Paper's Adventure members in place of
the ones Paper deprecates) is held to the same: every member it adds is listed with its Paper 1.21.11
source, and none of the deprecated ones is there. Both are checked against the real APIs outside CI
(mvn -Preal-spigot / -Preal-paper, docs/minecraft.md)."""

import re
from pathlib import Path

STUB = Path(__file__).resolve().parents[1] / "plugin" / "spigot-api-stub" / "src" / "main" / "java"

#: real classes without a no-argument constructor (Spigot 1.21.11)
NO_NO_ARG = ["org/bukkit/event/player/" + n for n in (
    "PlayerEvent", "AsyncPlayerChatEvent", "PlayerDropItemEvent", "PlayerInteractEvent", "PlayerJoinEvent",
    "PlayerQuitEvent", "PlayerSwapHandItemsEvent", "PlayerPickupItemEvent", "PlayerPickupArrowEvent")] + [
    "org/bukkit/event/inventory/" + n for n in (
    "InventoryEvent", "InventoryInteractEvent", "InventoryClickEvent", "InventoryDragEvent", "InventoryCreativeEvent")] + [
    "org/bukkit/event/entity/EntityEvent", "org/bukkit/event/entity/EntityDeathEvent", "org/bukkit/event/entity/EntityPickupItemEvent",
    "org/bukkit/event/entity/PlayerDeathEvent", "org/bukkit/Location", "org/bukkit/command/PluginCommand"]


def constructors(path: Path) -> list[str]:
    name = path.stem
    return re.findall(rf"^\s*((?:public|protected|private)?\s*{name}\s*\([^)]*\))", path.read_text(), re.M)


def test_every_concrete_stub_class_declares_its_constructors():
    missing = []
    for path in STUB.rglob("*.java"):
        text = path.read_text()
        if re.search(rf"^public (final )?class {path.stem}\b", text, re.M) and not constructors(path):
            missing.append(str(path.relative_to(STUB)))
    assert missing == [], f"implicit public no-argument constructors: {missing}"


def test_the_event_classes_location_and_plugincommand_have_only_their_real_constructors():
    for name in NO_NO_ARG:
        ctors = constructors(STUB / f"{name}.java")
        assert ctors, f"{name}: no constructor declared (Java adds a public no-argument one)"
        assert all(not re.search(r"\(\s*\)", c) for c in ctors), f"{name}: {ctors}"
    assert constructors(STUB / "org/bukkit/command/PluginCommand.java") == [
        "protected PluginCommand(String name, org.bukkit.plugin.Plugin owner)"]
    assert constructors(STUB / "org/bukkit/Location.java") == ["public Location(World world, double x, double y, double z)"]


SPIGOT_JD = "https://hub.spigotmc.org/javadocs/spigot/"

#: Members of the Spigot stub that registering one chat listener for Spigot's and Paper's chat events
#: needs (SpigotListener.listenToChat), as Spigot 1.21.11 declares them (annotations left out), and where
#: they were looked up. Paper 1.21.11 declares them the same (its EventExecutor adds a static `create`);
#: the Paper stub takes them from this one.
SPIGOT_API = {
    "plugin/PluginManager.java": {
        "void registerEvent(Class<? extends org.bukkit.event.Event> event, org.bukkit.event.Listener listener,"
        " org.bukkit.event.EventPriority priority, EventExecutor executor, Plugin plugin, boolean ignoreCancelled);":
            SPIGOT_JD + "org/bukkit/plugin/PluginManager.html#registerEvent(java.lang.Class,org.bukkit.event.Listener,"
            "org.bukkit.event.EventPriority,org.bukkit.plugin.EventExecutor,org.bukkit.plugin.Plugin,boolean)"},
    "plugin/EventExecutor.java": {
        "public interface EventExecutor": SPIGOT_JD + "org/bukkit/plugin/EventExecutor.html",
        "void execute(org.bukkit.event.Listener listener, org.bukkit.event.Event event) throws org.bukkit.event.EventException;":
            SPIGOT_JD + "org/bukkit/plugin/EventExecutor.html#execute(org.bukkit.event.Listener,org.bukkit.event.Event)"},
    "OfflinePlayer.java": {
        "public interface OfflinePlayer": SPIGOT_JD + "org/bukkit/OfflinePlayer.html (Player extends it)",
        "String getName();": SPIGOT_JD + "org/bukkit/OfflinePlayer.html#getName()",
        "boolean isOnline();": SPIGOT_JD + "org/bukkit/OfflinePlayer.html#isOnline()"},
    "event/EventException.java": {
        "public class EventException extends Exception": SPIGOT_JD + "org/bukkit/event/EventException.html",
        "public EventException(Throwable throwable)":
            SPIGOT_JD + "org/bukkit/event/EventException.html#%3Cinit%3E(java.lang.Throwable)"},
}


def test_the_event_registration_members_are_spigots_real_ones():
    for rel, members in SPIGOT_API.items():
        declared = declarations(STUB / "org/bukkit" / rel)
        assert set(members) <= set(declared), (rel, set(members) - set(declared))
    assert "boolean isPluginEnabled(String name);" in declarations(STUB / "org/bukkit/plugin/PluginManager.java"), \
        SPIGOT_JD + "org/bukkit/plugin/PluginManager.html#isPluginEnabled(java.lang.String)"
    assert set(declarations(STUB / "org/bukkit/OfflinePlayer.java")) == set(SPIGOT_API["OfflinePlayer.java"])
    # EventExecutor and EventException declare nothing else (PluginManager's other members predate the table)
    for rel in ("plugin/EventExecutor.java", "event/EventException.java"):
        assert set(declarations(STUB / "org/bukkit" / rel)) == set(SPIGOT_API[rel]), rel


# ---------------------------------------------------------------- the Paper API stub

PAPER_OVERLAY = Path(__file__).resolve().parents[1] / "plugin" / "paper-api-stub" / "src" / "main" / "java"
PAPER_POM = PAPER_OVERLAY.parents[2] / "pom.xml"
JD = "https://jd.papermc.io/paper/1.21.11/"

#: Every declaration the Paper stub adds to what it takes from the Spigot stub, as Paper 1.21.11 declares
#: it (annotations left out), and where it was looked up. The stub's own files may declare nothing else
#: but the Spigot stub's lines of the same type.
PAPER_API = {
    "public interface CommandSender extends net.kyori.adventure.audience.Audience":
        JD + "org/bukkit/command/CommandSender.html (extends Audience, Permissible)",
    "java.util.Locale locale();": JD + "org/bukkit/entity/Player.html#locale()",
    "void customName(net.kyori.adventure.text.Component customName);":
        JD + "org/bukkit/inventory/meta/ItemMeta.html#customName(net.kyori.adventure.text.Component)",
    "void lore(java.util.List<? extends net.kyori.adventure.text.Component> lore);":
        JD + "org/bukkit/inventory/meta/ItemMeta.html#lore(java.util.List)",
    "default Objective registerNewObjective(String name, Criteria criteria, net.kyori.adventure.text.Component displayName)"
    " throws IllegalArgumentException":
        JD + "org/bukkit/scoreboard/Scoreboard.html (a default method: it calls the RenderType overload)",
    "net.kyori.adventure.text.Component displayName() throws IllegalStateException;":
        JD + "org/bukkit/scoreboard/Objective.html#displayName()",
    "void displayName(net.kyori.adventure.text.Component displayName) throws IllegalStateException, IllegalArgumentException;":
        JD + "org/bukkit/scoreboard/Objective.html#displayName(net.kyori.adventure.text.Component)",
    "net.kyori.adventure.text.Component prefix() throws IllegalStateException;": JD + "org/bukkit/scoreboard/Team.html#prefix()",
    "void prefix(net.kyori.adventure.text.Component prefix) throws IllegalStateException, IllegalArgumentException;":
        JD + "org/bukkit/scoreboard/Team.html#prefix(net.kyori.adventure.text.Component)",
    "public interface ChatRenderer": JD + "io/papermc/paper/chat/ChatRenderer.html",
    "public abstract class AbstractChatEvent extends org.bukkit.event.player.PlayerEvent implements org.bukkit.event.Cancellable":
        JD + "io/papermc/paper/event/player/AbstractChatEvent.html",
    "AbstractChatEvent(boolean async, org.bukkit.entity.Player player, java.util.Set<net.kyori.adventure.audience.Audience> viewers,"
    " io.papermc.paper.chat.ChatRenderer renderer, net.kyori.adventure.text.Component message,"
    " net.kyori.adventure.text.Component originalMessage, net.kyori.adventure.chat.SignedMessage signedMessage)":
        "PaperMC/Paper paper-api AbstractChatEvent.java (package-private: not in the javadoc)",
    "public boolean isCancelled()": JD + "io/papermc/paper/event/player/AbstractChatEvent.html#isCancelled()",
    "public void setCancelled(boolean cancel)": JD + "io/papermc/paper/event/player/AbstractChatEvent.html#setCancelled(boolean)",
    "public final class AsyncChatEvent extends AbstractChatEvent": JD + "io/papermc/paper/event/player/AsyncChatEvent.html",
    # Folia's schedulers (Paper has them too; on Paper they run on the main thread)
    "io.papermc.paper.threadedregions.scheduler.EntityScheduler getScheduler();": JD + "org/bukkit/entity/Entity.html#getScheduler()",
    "io.papermc.paper.threadedregions.scheduler.GlobalRegionScheduler getGlobalRegionScheduler();":
        JD + "org/bukkit/Server.html#getGlobalRegionScheduler()",
    "public interface EntityScheduler": JD + "io/papermc/paper/threadedregions/scheduler/EntityScheduler.html",
    "ScheduledTask run(org.bukkit.plugin.Plugin plugin, java.util.function.Consumer<ScheduledTask> task, Runnable retired);":
        JD + "io/papermc/paper/threadedregions/scheduler/EntityScheduler.html#run(org.bukkit.plugin.Plugin,java.util.function.Consumer,java.lang.Runnable)",
    "public interface GlobalRegionScheduler": JD + "io/papermc/paper/threadedregions/scheduler/GlobalRegionScheduler.html",
    "void execute(org.bukkit.plugin.Plugin plugin, Runnable run);":
        JD + "io/papermc/paper/threadedregions/scheduler/GlobalRegionScheduler.html#execute(org.bukkit.plugin.Plugin,java.lang.Runnable)",
    "public interface ScheduledTask": JD + "io/papermc/paper/threadedregions/scheduler/ScheduledTask.html",
    # the tables in the world (issue 42): each table's entities on the region that owns it (Folia), moved with
    # teleportAsync (Folia has no teleport), texts as Adventure components (Paper deprecates getText/setText(String))
    "io.papermc.paper.threadedregions.scheduler.RegionScheduler getRegionScheduler();": JD + "org/bukkit/Server.html#getRegionScheduler()",
    "boolean isOwnedByCurrentRegion(World world, int chunkX, int chunkZ);":
        JD + "org/bukkit/Server.html#isOwnedByCurrentRegion(org.bukkit.World,int,int)",
    "public interface RegionScheduler": JD + "io/papermc/paper/threadedregions/scheduler/RegionScheduler.html",
    "void execute(org.bukkit.plugin.Plugin plugin, org.bukkit.World world, int chunkX, int chunkZ, Runnable run);":
        JD + "io/papermc/paper/threadedregions/scheduler/RegionScheduler.html#execute(org.bukkit.plugin.Plugin,org.bukkit.World,int,int,java.lang.Runnable)",
    "default java.util.concurrent.CompletableFuture<Boolean> teleportAsync(final org.bukkit.Location loc)":
        JD + "org/bukkit/entity/Entity.html#teleportAsync(org.bukkit.Location) (a default method)",
    "net.kyori.adventure.text.Component text();": JD + "org/bukkit/entity/TextDisplay.html#text()",
    "void text(net.kyori.adventure.text.Component text);": JD + "org/bukkit/entity/TextDisplay.html#text(net.kyori.adventure.text.Component)",
    "public AsyncChatEvent(boolean async, org.bukkit.entity.Player player, java.util.Set<net.kyori.adventure.audience.Audience> viewers,"
    " io.papermc.paper.chat.ChatRenderer renderer, net.kyori.adventure.text.Component message,"
    " net.kyori.adventure.text.Component originalMessage, net.kyori.adventure.chat.SignedMessage signedMessage)":
        JD + "io/papermc/paper/event/player/AsyncChatEvent.html (@ApiStatus.Internal)",
}

#: Members of the Spigot API that Paper deprecates for the Adventure ones above: the Paper stub must not
#: declare them (so the Paper adapter cannot compile a call to one).
DEPRECATED_ON_PAPER = ["getLocale(", "sendTitle(", "spigot(", "setDisplayName(", "getDisplayName(", "setLore(",
                       "getPrefix(", "setPrefix(", "Criteria criteria, String displayName", "AsyncPlayerChatEvent",
                       "net.md_5"]


def declarations(path: Path) -> list[str]:
    """The declarations of a stub file, one a line, without comments, bodies and the closing braces."""
    out = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("//", "package ", "import ", "}")):
            continue
        out.append(re.sub(r"\s*\{.*$", "", line))    # a body ({ throw ... } / { super(...); }) or a type's opening brace
    return out


def paper_files() -> list[Path]:
    return sorted(PAPER_OVERLAY.rglob("*.java"))


def test_the_paper_stub_declares_only_papers_real_members():
    assert paper_files(), "no Paper stub sources"
    unknown = []
    for path in paper_files():
        rel = path.relative_to(PAPER_OVERLAY)
        spigot = STUB / rel
        kept = set(declarations(spigot)) if spigot.exists() else set()
        unknown += [f"{rel}: {d}" for d in declarations(path) if d not in kept and d not in PAPER_API]
    assert unknown == [], "declarations not checked against Paper 1.21.11 (add them to PAPER_API with their source):\n" \
        + "\n".join(unknown)
    declared = {d for path in paper_files() for d in declarations(path)}
    assert set(PAPER_API) <= declared, set(PAPER_API) - declared      # the table speaks of the stub as it is


def test_the_paper_stub_leaves_out_what_paper_deprecates():
    for path in paper_files():
        text = "\n".join(declarations(path))
        assert not [d for d in DEPRECATED_ON_PAPER if d in text], path
    pom = PAPER_POM.read_text()
    # taken from the Spigot stub but for these: Bukkit's chat event and the BungeeCord chat API
    assert "<exclude>net/md_5/**</exclude>" in pom
    assert "<exclude>org/bukkit/event/player/AsyncPlayerChatEvent.java</exclude>" in pom
    assert "<directory>${project.basedir}/../spigot-api-stub/src/main/java</directory>" in pom


def test_the_paper_stubs_classes_have_only_their_real_constructors():
    for path in paper_files():
        text = path.read_text()
        if re.search(rf"^public (final )?class {path.stem}\b", text, re.M):
            assert constructors(path), f"{path}: no constructor declared (Java adds a public no-argument one)"
    event = PAPER_OVERLAY / "io/papermc/paper/event/player/AsyncChatEvent.java"
    assert [c.split("(")[0] for c in constructors(event)] == ["public AsyncChatEvent"]
    assert all(not re.search(r"\(\s*\)", c) for p in paper_files() for c in constructors(p))


def test_spigots_stub_has_nothing_of_papers():
    """Spigot has no Adventure and no io.papermc API: the Spigot adapter must not compile against them."""
    for path in STUB.rglob("*.java"):
        assert "net.kyori" not in path.read_text() and "io.papermc" not in path.read_text(), path
    assert not (STUB / "io").exists()


# ---------------------------------------------------------------- the PlaceholderAPI stub

PAPI_STUB = Path(__file__).resolve().parents[1] / "plugin" / "placeholderapi-api-stub" / "src" / "main" / "java"
PAPI_SRC = "PlaceholderAPI/PlaceholderAPI src/main/java/me/clip/placeholderapi/"

#: Every declaration of the PlaceholderAPI stub, as PlaceholderAPI 2.12 declares it (annotations left
#: out), and where: the stub declares nothing else (checked against the real one: mvn -Preal-papi).
PAPI_API = {
    "PlaceholderHook.java": {
        "public abstract class PlaceholderHook": PAPI_SRC + "PlaceholderHook.java",
        "public String onRequest(final org.bukkit.OfflinePlayer player, final String params)":
            PAPI_SRC + "PlaceholderHook.java (@Nullable, params @NotNull)",
        "public String onPlaceholderRequest(final org.bukkit.entity.Player player, final String params)":
            PAPI_SRC + "PlaceholderHook.java (@Nullable, params @NotNull)"},
    "expansion/PlaceholderExpansion.java": {
        "public abstract class PlaceholderExpansion extends me.clip.placeholderapi.PlaceholderHook":
            PAPI_SRC + "expansion/PlaceholderExpansion.java",
        "public abstract String getIdentifier();": PAPI_SRC + "expansion/PlaceholderExpansion.java (@NotNull)",
        "public abstract String getAuthor();": PAPI_SRC + "expansion/PlaceholderExpansion.java (@NotNull)",
        "public abstract String getVersion();": PAPI_SRC + "expansion/PlaceholderExpansion.java (@NotNull)",
        "public boolean persist()": PAPI_SRC + "expansion/PlaceholderExpansion.java",
        "public boolean register()": PAPI_SRC + "expansion/PlaceholderExpansion.java"},
}


def test_the_placeholderapi_stub_declares_only_its_real_members():
    files = sorted(p.relative_to(PAPI_STUB / "me/clip/placeholderapi").as_posix() for p in PAPI_STUB.rglob("*.java"))
    assert files == sorted(PAPI_API), files
    for rel, members in PAPI_API.items():
        assert set(declarations(PAPI_STUB / "me/clip/placeholderapi" / rel)) == set(members), rel
    # abstract classes both: Java gives them the public no-argument constructor the real ones have too
    for rel in PAPI_API:
        assert not constructors(PAPI_STUB / "me/clip/placeholderapi" / rel), rel


VAULT_STUB = Path(__file__).resolve().parents[1] / "plugin" / "vault-api-stub" / "src" / "main" / "java"
VAULT_SRC = "MilkBowl/VaultAPI (tag 1.7) src/main/java/net/milkbowl/vault/economy/"

#: Every declaration of the VaultAPI stub, as VaultAPI 1.7 declares it, and where: the stub declares nothing else
#: (the bukkit-tests run the adapter on the real VaultAPI).
VAULT_API = {
    "Economy.java": {
        "public interface Economy": VAULT_SRC + "Economy.java",
        "public boolean isEnabled();": VAULT_SRC + "Economy.java",
        "public double getBalance(org.bukkit.OfflinePlayer player);": VAULT_SRC + "Economy.java",
        "public boolean has(org.bukkit.OfflinePlayer player, double amount);": VAULT_SRC + "Economy.java",
        "public EconomyResponse withdrawPlayer(org.bukkit.OfflinePlayer player, double amount);": VAULT_SRC + "Economy.java",
        "public EconomyResponse depositPlayer(org.bukkit.OfflinePlayer player, double amount);": VAULT_SRC + "Economy.java"},
    "EconomyResponse.java": {
        "public class EconomyResponse": VAULT_SRC + "EconomyResponse.java",
        "public static enum ResponseType": VAULT_SRC + "EconomyResponse.java",
        "SUCCESS, FAILURE, NOT_IMPLEMENTED;": VAULT_SRC + "EconomyResponse.java (SUCCESS(1), FAILURE(2), NOT_IMPLEMENTED(3))",
        "public final double amount;": VAULT_SRC + "EconomyResponse.java",
        "public final double balance;": VAULT_SRC + "EconomyResponse.java",
        "public final ResponseType type;": VAULT_SRC + "EconomyResponse.java",
        "public final String errorMessage;": VAULT_SRC + "EconomyResponse.java",
        "public EconomyResponse(double amount, double balance, ResponseType type, String errorMessage)": VAULT_SRC + "EconomyResponse.java",
        "public boolean transactionSuccess()": VAULT_SRC + "EconomyResponse.java"},
}


def test_the_vault_stub_declares_only_its_real_members():
    base = VAULT_STUB / "net/milkbowl/vault/economy"
    assert sorted(p.name for p in base.rglob("*.java")) == sorted(VAULT_API)
    for rel, members in VAULT_API.items():
        assert set(declarations(base / rel)) == set(members), rel
