"""The engine YAML config: the example file loads, a malformed one is refused naming the key."""

from pathlib import Path

import pytest

from unocraft.rules.errors import ConfigError
from unocraft.tables.config import load, parse

ROOT = Path(__file__).resolve().parents[1]


def test_the_example_config_loads():
    cfg = load(ROOT / "server-config" / "engine.yaml")
    assert cfg.bridge_host == "127.0.0.1" and cfg.preset == "official"
    assert cfg.options_for().edition == "classic"
    assert cfg.sounds is True and cfg.sound_volume == 1.0          # sounds on by default


@pytest.mark.parametrize("data, key", [
    ({"timers": {"turn": "soon"}}, "timers.turn"),
    ({"timers": {"lobby": -1}}, "timers.lobby"),
    ({"bots": {"kind": "genius"}}, "bots.kind"),
    ({"bots": {"fill_to": "four"}}, "bots.fill_to"),
    ({"bridge": {"port": 70000}}, "bridge.port"),
    ({"bridge": {"host": "0.0.0.0"}}, "bridge.host"),
    ({"table": {"seats": 1}}, "table.seats"),
    ({"language": "fr"}, "language"),
    ({"game": {"preset": "nope"}}, "game.preset"),
    ({"game": {"options": {"jump_in": "maybe"}}}, "game.options"),
    ({"game": {"single_round": "yes"}}, "game.single_round"),
    ({"colour": "red"}, "colour"),
    ({"timers": {"turn": 5, "turn_warning": 10}}, "timers.turn_warning"),
    ({"sounds": {"enabled": "off"}}, "sounds.enabled"),
    ({"sounds": {"volume": 3}}, "sounds.volume"),
])
def test_a_malformed_config_is_refused_naming_the_key(data, key):
    with pytest.raises(ConfigError) as e:
        parse(data)
    assert str(e.value).startswith(key + ":"), str(e.value)


def test_bad_yaml_and_a_missing_file_are_refused(tmp_path):
    bad = tmp_path / "engine.yaml"
    bad.write_text("bridge: [unclosed\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load(bad)
    with pytest.raises(ConfigError, match="cannot read"):
        load(tmp_path / "missing.yaml")


def test_relative_paths_are_relative_to_the_file(tmp_path):
    f = tmp_path / "engine.yaml"
    f.write_text("database: db/tables.sqlite\n")
    assert load(f).path(load(f).database) == tmp_path / "db" / "tables.sqlite"


def test_unocraft_serve_refuses_a_malformed_config_naming_the_key(tmp_path, capsys):
    from unocraft.serve import main
    bad = tmp_path / "engine.yaml"
    bad.write_text("bots:\n  kind: genius\n")
    assert main(["--config", str(bad)]) == 2
    assert "bots.kind" in capsys.readouterr().err


def test_more_bots_than_seats_is_refused_naming_both_keys():
    with pytest.raises(ConfigError, match="bots.fill_to: 6 bots would not fit at a table of table.seats 4"):
        parse({"bots": {"fill_to": 6}, "table": {"seats": 4}})
    assert parse({"bots": {"fill_to": 6}, "table": {"seats": 6}}).bots_fill_to == 6


@pytest.mark.parametrize("text", ["game:\n  options:\n    on: true\n", "game:\n  options: {yes: true}\n",
                                  "game:\n  options: {5: true}\n"])
def test_an_option_name_yaml_does_not_read_as_text_is_a_config_error_naming_the_key(tmp_path, text):
    f = tmp_path / "engine.yaml"
    f.write_text(text)
    with pytest.raises(ConfigError, match=r"^game\.options: the option name .* is not text .*: put it in quotes$"):
        load(f)


def test_the_server_options_must_fit_the_default_preset_only():
    with pytest.raises(ConfigError, match="^game.options: option jump_in does not apply to the dos edition"):
        parse({"game": {"preset": "dos", "options": {"jump_in": True}}})
    assert parse({"game": {"options": {"jump_in": True}}}).table_overrides("dos") == {}
