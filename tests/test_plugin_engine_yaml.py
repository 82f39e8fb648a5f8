"""The engine settings the plugin jar ships (server-config/plugin/engine.yaml, written to
plugins/unocraft/engine.yaml on first start): a valid config without the dev-server sections the
plugin ignores (`server:`, and `bridge:`, which the plugin sets itself), and the same settings as
server-config/engine.yaml, so the two files cannot drift apart."""

from pathlib import Path

import yaml

from unocraft.tables.config import parse

ROOT = Path(__file__).resolve().parents[1]
PLUGIN = ROOT / "server-config" / "plugin" / "engine.yaml"
EXAMPLE = ROOT / "server-config" / "engine.yaml"


def _flat(tree: dict, prefix: str = "") -> dict:
    """`a.b.c` → value; `game.options` is one value (a mapping of option overrides)."""
    out = {}
    for key, value in tree.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and path != "game.options":
            out.update(_flat(value, path + "."))
        else:
            out[path] = value
    return out


def test_the_plugins_engine_yaml_parses_and_has_no_dev_server_sections():
    data = yaml.safe_load(PLUGIN.read_text(encoding="utf-8"))
    parse(data)
    assert "server" not in data and "bridge" not in data


def test_the_example_engine_yaml_parses():
    parse(yaml.safe_load(EXAMPLE.read_text(encoding="utf-8")))


def test_every_setting_of_the_plugins_file_is_in_the_example_with_the_same_value():
    plugin = _flat(yaml.safe_load(PLUGIN.read_text(encoding="utf-8")))
    example = _flat(yaml.safe_load(EXAMPLE.read_text(encoding="utf-8")))
    assert plugin, "the plugin's engine.yaml is empty"
    missing = sorted(set(plugin) - set(example))
    assert not missing, f"in server-config/plugin/engine.yaml but not in server-config/engine.yaml: {missing}"
    differ = {k: (plugin[k], example[k]) for k in plugin if plugin[k] != example[k]}
    assert not differ, f"different values (plugin, example): {differ}"
    # and the other way round: the example has nothing but the dev-server sections besides
    extra = sorted(k for k in set(example) - set(plugin) if not k.startswith(("server.", "bridge.")))
    assert not extra, f"in server-config/engine.yaml but not in the plugin's file: {extra}"


def test_the_new_table_and_timer_defaults_are_in_both_files():
    for path in (PLUGIN, EXAMPLE):
        flat = _flat(yaml.safe_load(path.read_text(encoding="utf-8")))
        assert flat["table.announce"] == "nearby" and flat["table.announce_radius"] == 64, path
        assert flat["timers.catch_window"] == 5.0, path
