"""The engine's YAML config (server-config/engine.yaml): read once at start, checked whole.

A malformed file is refused with a message naming the key (``timers.turn: expected a number,
got 'soon'``), never half-used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]  # no stubs installed (types-PyYAML)

from ..bots import BOTS
from ..presentation.lang import LANGUAGES
from ..presentation.overrides import FOLDER
from ..rules.errors import ConfigError
from ..rules.options import Options
from ..stats.store import STORAGES, database_url


#: Who reads that a table opened (`table.announce`): everyone online, the opener's world, the
#: players within `table.announce_radius` blocks of the opener, nobody else.
ANNOUNCE = ("server", "world", "nearby", "none")


#: items never staked by default: containers (a stake takes plain stacks only, so a filled one is
#: refused anyway; an empty one is refused too, so no one is surprised by which is which)
FORBIDDEN_ITEMS = ("minecraft:shulker_box", *(f"minecraft:{c}_shulker_box" for c in (
    "white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray", "light_gray", "cyan",
    "purple", "blue", "brown", "green", "red", "black")), "minecraft:bundle", *(f"minecraft:{c}_bundle" for c in (
    "white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray", "light_gray", "cyan",
    "purple", "blue", "brown", "green", "red", "black")), "minecraft:chest", "minecraft:barrel", "minecraft:ender_chest")
STAKE_LEAVE = ("forfeit", "refund")
STAKE_BOT_WIN = ("refund", "house")


@dataclass(frozen=True)
class Timers:
    lobby: float = 10
    turn: float = 60
    turn_warning: float = 15
    rejoin: float = 120
    bot_think: float = 0.8
    catch_window: float = 5.0     # long enough to read "X has 1 card left" and click [Catch X] (docs/rules-decisions.md)
    next_round: float = 8


@dataclass(frozen=True)
class EngineConfig:
    bridge_host: str = "127.0.0.1"
    bridge_port: int = 25333
    token_file: str = "plugins/unocraft/bridge.token"
    server_host: str = "127.0.0.1"
    server_port: int = 25565
    data_dir: str = "devserver-data"
    admins: tuple[str, ...] = ()          # dev server: players with the uno.admin rights
    database: str = "unocraft-tables.sqlite"
    stats_storage: str = "sqlite"   # statistics: sqlite (in `database`), postgresql or mysql (shared)
    stats_url: str = ""
    stats_pool_size: int = 2
    language: str = "en"
    preset: str = "official"
    options: dict[str, Any] = field(default_factory=dict)
    single_round: bool = False
    seats: int = 4
    join_radius: float = 8
    announce: str = "nearby"   # who reads that a table opened: server, world, nearby, none
    announce_radius: float = 64
    world_table: bool = True   # tables shown in the world by display entities (tables/stage.py)
    world_size: float = 1.0
    world_height: float = 0.9
    bots_fill_to: int = 4
    bot_kind: str = "basic"
    stand_in: str = "basic"
    sounds: bool = True        # turn, penalty and UNO sounds (the `sound` op)
    sound_volume: float = 1.0
    timers: Timers = Timers()
    web_enabled: bool = True   # the web page of the tables and leaderboards (unocraft.web)
    web_host: str = "127.0.0.1"
    web_port: int = 8250
    web_public_url: str = ""   # where players reach it (behind a reverse proxy): /uno web links there
    stakes_enabled: bool = True      # tables may play for money or items (tables/stakes.py)
    stakes_max_money: int = 10000
    stakes_max_items: int = 64
    stakes_forbidden: tuple[str, ...] = FORBIDDEN_ITEMS
    stakes_house_cut: int = 0        # percent of each pot that goes to no one
    stakes_on_leave: str = "forfeit"     # a stake of a player who leaves a game: forfeit (to the pot) or refund
    stakes_on_bot_win: str = "refund"    # a pot a bot wins: refund (every payer) or house (to no one)
    base_dir: str = "."        # relative paths in the file are relative to the file

    def path(self, value: str) -> Path:
        p = Path(value)
        return p if p.is_absolute() else Path(self.base_dir) / p

    def lang_folders(self) -> list[Path]:
        """Where the operator's language files are (presentation/overrides.py): `lang/` in the dev
        server's data folder (`server.data_dir`), then beside this file (plugins/unocraft/lang),
        whose lines win."""
        return list(dict.fromkeys([self.path(self.data_dir) / FOLDER, self.path(FOLDER)]))

    def options_for(self, preset: str | None = None, overrides: dict[str, Any] | None = None) -> Options:
        """The options of a new table of `preset` (default: `game.preset`) with `overrides`
        (`table_overrides`)."""
        preset = preset or self.preset
        return Options.build(preset, **{k: str(v) if isinstance(v, bool) else v
                                        for k, v in self.table_overrides(preset, overrides).items()})

    def table_overrides(self, preset: str, chosen: dict[str, Any] | None = None) -> dict[str, Any]:
        """The overrides of a table of `preset`: the server's options (`game.options`) that fit it,
        under `chosen` (what the player typed, and the table's own). The one rule of `/uno start`
        and `/uno rules`: a server option the preset or the player's choice rules out (jump_in at a
        DOS table, plus_ten at a Flip one) is left out of that table, since the player did not type
        it; a chosen option that does not fit raises ConfigError (the player reads why)."""
        chosen = dict(chosen or {})
        server = {k: v for k, v in self.options.items() if k not in chosen}
        while True:
            try:
                Options.build(preset, **server, **chosen)
            except ConfigError as e:
                named = [name for name in _options_named(e) if name in server]
                if not named:
                    raise
                del server[named[0]]      # one at a time: what is left may fit
            else:
                return {**server, **chosen}


@dataclass
class Settings:
    """The settings in use, one holder the rooms share (the players, the stakes, the statistics, the
    lifecycle): `/uno reload` puts new ones in it once (`Lifecycle.reconfigure`) and every room reads them."""
    config: EngineConfig


# key → (attribute, type, check)
_SCHEMA: dict[str, tuple[str, type | tuple[type, ...], Any]] = {
    "bridge.host": ("bridge_host", str, None),
    "bridge.port": ("bridge_port", int, lambda v: 0 < v < 65536),
    "bridge.token_file": ("token_file", str, None),
    "server.host": ("server_host", str, None),
    "server.port": ("server_port", int, lambda v: 0 < v < 65536),
    "server.data_dir": ("data_dir", str, None),
    "server.admins": ("admins", list, lambda v: all(isinstance(x, str) for x in v)),
    "database": ("database", str, None),
    "statistics.storage": ("stats_storage", str, lambda v: v in STORAGES),
    "statistics.url": ("stats_url", str, None),
    "statistics.pool_size": ("stats_pool_size", int, lambda v: 1 <= v <= 50),
    "language": ("language", str, None),      # checked in parse: the operator's files may add one
    "game.preset": ("preset", str, None),
    "game.options": ("options", dict, None),
    "game.single_round": ("single_round", bool, None),
    "table.seats": ("seats", int, lambda v: 2 <= v <= 10),
    "table.join_radius": ("join_radius", (int, float), lambda v: v >= 0),
    "table.announce": ("announce", str, lambda v: v in ANNOUNCE),
    "table.announce_radius": ("announce_radius", (int, float), lambda v: v >= 0),
    "world.table": ("world_table", bool, None),
    "world.size": ("world_size", (int, float), lambda v: 0.5 <= v <= 3),
    "world.height": ("world_height", (int, float), lambda v: -1 <= v <= 3),
    "bots.fill_to": ("bots_fill_to", int, lambda v: 0 <= v <= 10),
    "bots.kind": ("bot_kind", str, lambda v: v in BOTS),
    "bots.stand_in": ("stand_in", str, lambda v: v in BOTS),
    "sounds.enabled": ("sounds", bool, None),
    "sounds.volume": ("sound_volume", (int, float), lambda v: 0 <= v <= 1),
    "web.enabled": ("web_enabled", bool, None),
    "web.host": ("web_host", str, None),
    "web.port": ("web_port", int, lambda v: 0 < v < 65536),
    "web.public_url": ("web_public_url", str, lambda v: v == "" or v.startswith(("http://", "https://"))),
    "stakes.enabled": ("stakes_enabled", bool, None),
    "stakes.max_money": ("stakes_max_money", int, lambda v: v >= 1),
    "stakes.max_items": ("stakes_max_items", int, lambda v: 1 <= v <= 2304),
    "stakes.forbidden": ("stakes_forbidden", list, lambda v: all(isinstance(x, str) for x in v)),
    "stakes.house_cut": ("stakes_house_cut", int, lambda v: 0 <= v <= 100),
    "stakes.on_leave": ("stakes_on_leave", str, lambda v: v in STAKE_LEAVE),
    "stakes.on_bot_win": ("stakes_on_bot_win", str, lambda v: v in STAKE_BOT_WIN),
}
_TIMERS = {f"timers.{name}" for name in Timers.__dataclass_fields__}
_LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _options_named(e: ConfigError) -> list[str]:
    """The options a refusal of Options.build names (`challenge=ru` is challenge, the scoring
    `elimination` is scoring)."""
    named = [str(e.values[k]).split("=", 1)[0] for k in ("option", "a", "b") if k in e.values]
    return ["scoring" if name == "elimination" else name for name in named]


def _flatten(tree: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in tree.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and path not in ("game.options",):
            if not value and path in ("game.options",):
                out[path] = value
            out.update(_flatten(value, path + "."))
        else:
            out[path] = value
    return out


def _type_name(t: type | tuple[type, ...]) -> str:
    if isinstance(t, tuple):
        return "a number"
    return {str: "a string", int: "an integer", bool: "true or false", dict: "a mapping", list: "a list"}[t]


def parse(data: Any, base_dir: str = ".") -> EngineConfig:
    """Checks a parsed YAML document; raises ConfigError naming the first bad key."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError("the config must be a mapping of sections (bridge, server, game, ...)")
    values: dict[str, Any] = {"base_dir": base_dir}
    timers: dict[str, float] = {}
    for key, value in _flatten(data).items():
        if key in _TIMERS:
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise ConfigError(f"{key}: expected a number of seconds (0 or more), got {value!r}")
            timers[key.split(".", 1)[1]] = float(value)
            continue
        if key not in _SCHEMA:
            raise ConfigError(f"{key}: unknown key")
        attr, typ, check = _SCHEMA[key]
        ok = isinstance(value, typ) and not (typ in (int, (int, float)) and isinstance(value, bool))
        if not ok:
            raise ConfigError(f"{key}: expected {_type_name(typ)}, got {value!r}")
        if check is not None and not check(value):
            raise ConfigError(f"{key}: value {value!r} is out of range")
        values[attr] = tuple(value) if isinstance(value, list) else value
    if values.get("bridge_host", "127.0.0.1") not in _LOOPBACK:
        raise ConfigError(f"bridge.host: the bridge is loopback only, got {values['bridge_host']!r}")
    config = EngineConfig(timers=Timers(**timers), **values)
    language = config.language
    if language not in LANGUAGES and not any((f / f"{language}.yaml").is_file() for f in config.lang_folders()):
        raise ConfigError(f"language: {language!r} is none of {', '.join(LANGUAGES)}, and no "
                          f"{config.path(FOLDER) / (language + '.yaml')} adds it")
    try:
        Options.build(config.preset)
    except ConfigError as e:
        raise ConfigError(f"game.preset: {e}") from None
    not_text = [key for key in config.options if not isinstance(key, str)]
    if not_text:        # `on: true` is {True: True} to YAML
        raise ConfigError(f"game.options: the option name {not_text[0]!r} is not text (YAML reads on, off, yes, "
                          f"no, true and false as true or false, and numbers as numbers): put it in quotes")
    try:        # they must fit the default preset; other presets take those that fit (table_overrides)
        Options.build(config.preset, **{k: str(v) if isinstance(v, bool) else v for k, v in config.options.items()})
    except ConfigError as e:
        raise ConfigError(f"game.options: {e}") from None
    try:
        database_url(config.stats_storage, config.stats_url, config.database)
    except ValueError as e:
        raise ConfigError(str(e)) from None
    if config.bots_fill_to > config.seats:
        raise ConfigError(f"bots.fill_to: {config.bots_fill_to} bots would not fit at a table of "
                          f"table.seats {config.seats}")
    if config.timers.turn_warning > config.timers.turn:
        raise ConfigError("timers.turn_warning: must not exceed timers.turn")
    return config


def load(path: str | Path) -> EngineConfig:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ConfigError(f"cannot read config {path}: {e.strerror}") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise ConfigError(f"{path}: not valid YAML: {e}") from None
    return parse(data, base_dir=str(path.parent))
