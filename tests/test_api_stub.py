"""The compile-only Spigot API stub (plugin/spigot-api-stub) may declare only what the real
Spigot/Paper 1.21.11 API has. A Java class without a constructor gets a public no-argument one
the real API may lack (the event classes, Location and PluginCommand had one): every class of
the stub but the abstract Bungee chat bases declares its constructors, and none of the classes
below may have a no-argument one (their real constructors take the event's subjects)."""

import re
from pathlib import Path

STUB = Path(__file__).resolve().parents[1] / "plugin" / "spigot-api-stub" / "src" / "main" / "java"

#: real classes without a no-argument constructor (Spigot 1.21.11)
NO_NO_ARG = ["org/bukkit/event/player/" + n for n in (
    "PlayerEvent", "AsyncPlayerChatEvent", "PlayerDropItemEvent", "PlayerInteractEvent", "PlayerJoinEvent",
    "PlayerQuitEvent", "PlayerSwapHandItemsEvent")] + ["org/bukkit/event/inventory/" + n for n in (
    "InventoryEvent", "InventoryInteractEvent", "InventoryClickEvent", "InventoryDragEvent")] + [
    "org/bukkit/event/entity/EntityEvent", "org/bukkit/event/entity/EntityDeathEvent",
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
