"""The `/uno` subcommands: one handler each, declared with what it needs (uno.admin or not, the
console too or not) and what it completes, in the one list that `/uno help`, the usage lines, tab
completion, the "did you mean" suggestions and the plugin's plugin.yml (a test compares them)
derive from. The game actions (`play`, `draw`, ...) go to the input room (input.py), the console
and admin ones to admin.py. A handler returns what it decided for the players (notices.py).

A command's arguments and what it does are text in the language files (`help.<name>.args`,
`help.<name>.text`): placeholders such as `<card>` are translated, the words typed are not.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable
from typing import Any, Callable

from ..presentation import chat
from ..presentation.lang import text_cache
from ..rules.errors import ConfigError
from ..rules.options import CHOICES, PRESETS, Options
from ..rules.vocab import HOUSE_VERBS, VERBS
from ..stats.store import TOP_KINDS
from . import stakes
from .call import REGISTERED, Call, Command, Completing, Completion, Rooms, command
from .notices import Notice, Said
from .table import Stake, Table
from .text import config_error, option_list, preset_name, say

#: Every word Options.build reads as true or false; players are shown "true, false".
BOOL_WORDS = ("true", "false", "yes", "no", "on", "off", "1", "0")
ENGINE_WORDS = ["status", "restart"]


def shared(words: Callable[[Completing], dict[str, list[str]]]) -> Completion:
    """A completion of the shared tree only."""
    return lambda c: {} if c.at_table else words(c)


def at_table(words: Callable[[Completing], dict[str, list[str]]]) -> Completion:
    """A completion of a player's own tree at a table only."""
    return lambda c: words(c) if c.at_table else {}


# ================================================================ sitting down and getting up
@command("start", complete=shared(lambda c: {"start": list(PRESETS)}))
def start(c: Call) -> list[Notice]:
    """`/uno start [preset] [option=value ...]`: sit down at the open table nearby or open one; the
    owner of a lobby starts it now."""
    core, player = c.core, c.player
    t = core.table_of(player)
    if t is not None and t.seat_of(player) is not None:
        if t.state == "lobby" and t.owner == player:
            t.countdown_at = min(t.countdown_at, c.now)   # the owner starts now
            return []
        return c.error("error.already_seated", table=t.id)
    preset, assignments = _preset_and_assignments(c.rest, core.config.preset) if c.rest else (core.config.preset, [])
    found, told = _stake(c, assignments)
    if found is None:
        return told
    stake, assignments = found
    overrides, told = _rule_overrides(c, preset, assignments, {})
    if overrides is None:
        return told
    # checked: now a spectator gets up from watching to sit down
    out = Said(core.unwatch(player) if t is not None else [])
    near = core.open_table_near(c.pos, core.players.world(player)) if not c.rest else None
    if near is not None:
        return out.add(_staked_unnamed(c, near) if near.stake else core.sit(near, player, c.now)).items
    return out.add(core.open(player, c.pos, preset, overrides, c.now, stake=stake)).items


def _table_ids(key: str) -> Completion:
    # in the shared tree, sent again when a table opens or closes: a player's own tree, sent again
    # at every change of their hand, would carry every table's id with each play
    return shared(lambda c: {key: list(c.table_ids)})


@command("join", complete=_table_ids("join"))
def join(c: Call) -> list[Notice]:
    core, player = c.core, c.player
    t = core.table_of(player)
    if t is not None and t.seat_of(player) is not None:
        return c.error("error.already_seated", table=t.id)
    target, told = _chosen_table(c, lambda: core.open_table_near(c.pos, core.players.world(player)) or next(
        (x for x in core.tables.values() if x.state == "lobby" and len(x.seats) < core.config.seats
         and not core.stakes.opening(x)), None))
    if target is None:
        return told
    if target.state != "lobby":
        return c.error("error.game_running", table=target.id)
    if len(target.seats) >= core.config.seats:
        return c.error("error.table_full", table=target.id)
    if target.stake and not c.rest:
        return _staked_unnamed(c, target)
    out = Said(core.unwatch(c.player) if t is not None else [])
    return out.add(core.sit(target, player, c.now)).items


def _staked_unnamed(c: Call, t: Table) -> list[Notice]:
    """A staked table is sat at only by name: a bare /uno join or start would take a stake unread."""
    return Said().tell(c.player, "stake.confirm", "yellow", table=t.id,
                       stake=c.core.stakes.shown(t.stake, c.player)).items


@command("leave")
def leave(c: Call) -> list[Notice]:
    t = c.core.table_of(c.player)
    if t is None:
        return c.error("error.not_at_table")
    if c.player in t.spectators:
        return Said(c.core.unwatch(c.player)).tell(c.player, "table.you_left", "green").items
    return c.core.leave(c.player, t)


@command("spectate", complete=_table_ids("spectate"))
def spectate(c: Call) -> list[Notice]:
    core = c.core
    t = core.table_of(c.player)
    if t is not None:
        return c.error("error.already_seated", table=t.id)
    target, told = _chosen_table(c, lambda: _nearest(core.tables.values(), c.pos, core.players.world(c.player)))
    return core.watch(target, c.player) if target is not None else told


def _chosen_table(c: Call, otherwise: Callable[[], Table | None]) -> tuple[Table | None, list[Notice]]:
    """The table the player named, else `otherwise()`; None, with what tells the player there is none."""
    if c.rest:
        return _named_table(c, c.rest[0])
    t = otherwise()
    return t, c.error("error.no_table") if t is None else []


def _nearest(tables: Iterable[Table], pos: list[float] | None, world: str = "") -> Table | None:
    """The table nearest to `pos` (without a position: the first) among those in `world`
    (Table.in_world)."""
    return min((x for x in tables if x.in_world(world)), default=None,
               key=lambda x: math.dist(pos, x.pos) if pos is not None else 0)


def _named_table(c: Call, name: str) -> tuple[Table | None, list[Notice]]:
    """The table `name`, or None with what tells the player there is none and how the command goes."""
    t = c.core.tables.get(name)
    return t, c.error("error.no_such_table", table=name) + c.usage() if t is None else []


# ================================================================ the rules of a table
def _option_words(c: Completing) -> list[str]:
    return [f"{k}=" for k in option_names()]


@command("rules", complete=shared(lambda c: {"rules": list(PRESETS) + _option_words(c), "rules *": _option_words(c)}))
def rules(c: Call) -> list[Notice]:
    """`/uno rules`: the rules of your table (or of a new one); with words, changes them (the
    owner in the lobby, or uno.admin)."""
    core, player = c.core, c.player
    t = core.table_of(player)
    lang = core.lang(player)
    if not c.rest:
        if t is None:      # not at a table: what a new table would play
            opts = core.config.options_for()
            return Said().send(player, [{"text": say(lang, "table.rules_default", preset=preset_name(lang, core.config.preset),
                                                     options=option_list(opts.changed(), lang)), "colour": "aqua"}]).items
        return Said().send(player, [{"text": _rules_line(c, t, player, lang), "colour": "aqua"}]).items
    preset, assignments = _preset_and_assignments(c.rest, t.preset if t is not None else core.config.preset)
    found, told = _stake(c, assignments, t.stake if t is not None else None)
    if found is None:
        return told
    stake, assignments = found
    # the table's own choices stay while its preset does; the server's options are chosen again
    own = ({k: v for k, v in t.overrides.items() if core.config.options.get(k, _NOT_SET) != v}
           if t is not None and preset == t.preset else {})
    overrides, told = _rule_overrides(c, preset, assignments, own)
    if overrides is None:
        return told
    if t is None or t.seat_of(player) is None and not c.admin:
        return c.error("error.not_at_table")
    if t.owner != player and not c.admin:      # uno.admin may change any table's rules
        return c.error("error.not_owner", player=t.owner)
    if t.state != "lobby":
        return c.error("error.rules_locked")
    refused = core.stakes.refusal(t, stake)
    if refused is not None:
        return c.error(refused)
    out = Said(core.stakes.set(t, stake, player, c.now))
    t.preset, t.overrides = preset, overrides
    for name, lang2, _ in t.members():
        out.send(name, [{"text": _rules_line(c, t, name, lang2), "colour": "aqua"}])
    core.changed(t)
    return out.items


def _rules_line(c: Call, t: Table, reader: str, lang: str) -> str:
    """The rules of the table, and its stake when it has one."""
    line = say(lang, "table.rules", table=t.id, preset=preset_name(lang, t.preset), options=option_list(t.options().changed(), lang))
    return line + (say(lang, "stake.rule", stake=c.core.stakes.shown(t.stake, reader)) if t.stake else "")


def _preset_and_assignments(rest: list[str], current: str) -> tuple[str, list[str]]:
    """`official a=b ...` names a preset; `a=b ...` keeps `current`."""
    return (rest[0], rest[1:]) if "=" not in rest[0] else (current, rest)


def _stake(c: Call, assignments: list[str],
           current: Stake | None = None) -> tuple[tuple[Stake | None, list[str]] | None, list[Notice]]:
    """The `stake=...` among the words (`stake=3 diamond` may be two words) and the other words;
    None with what tells the player what is wrong with it."""
    rest: list[str] = []
    stake, words = current, list(assignments)
    while words:
        word = words.pop(0)
        if not word.lower().startswith("stake="):
            rest.append(word)
            continue
        text = word.split("=", 1)[1]
        if words and "=" not in words[0] and text.isdigit():
            text += " " + words.pop(0)
        try:
            stake = stakes.parse(text, c.core.config)
        except stakes.StakeError as e:
            return None, c.error(f"stake.error.{e.key}", **e.fields) + c.usage()
    return (stake, rest), []


_NOT_SET = object()


def _rule_overrides(c: Call, preset: str, assignments: list[str], own: dict[str, Any]) -> tuple[dict[str, Any] | None, list[Notice]]:
    """The overrides of a table of `preset` (`/uno start` and `/uno rules`): `own` (the table's
    own choices) with the `option=value` words applied, checked against `preset`, and the server's
    options that fit them (EngineConfig.table_overrides); None with what tells the player what is
    wrong (with the nearest names) and how the command goes."""
    player = c.player
    if preset not in PRESETS:
        out = Said(c.error("error.unknown_preset", preset=preset, presets=", ".join(PRESETS)))
        return None, out.did_you_mean(player, preset_suggestions(preset)).add(c.usage()).items
    overrides = dict(own)
    for word in assignments:
        name, eq, value = word.partition("=")
        name, value = name.strip(), value.strip()
        if not eq:
            out = Said(c.error("error.not_an_assignment", word=word))
            return None, out.did_you_mean(player, option_suggestions(name)).add(c.usage()).items
        if name not in Options.__dataclass_fields__:
            out = Said(c.error("error.unknown_option", option=name))
            return None, out.did_you_mean(player, option_suggestions(name)).add(c.usage()).items
        shown, accepted = _option_values(name)
        if accepted and value.lower() not in accepted:
            out = Said(c.error("error.bad_value", option=name, value=value, values=", ".join(shown)))
            out.did_you_mean(player, [f"{name}={v}" for v in nearest(value.lower(), shown)])
            return None, out.add(c.usage()).items
        overrides[name] = value
    try:
        return c.core.config.table_overrides(preset, overrides), []
    except ConfigError as e:        # a whole number out of range, options that contradict
        return None, Said().send(player, [{"text": config_error(c.core.lang(player), e), "colour": "red"}]).add(c.usage()).items


def _option_values(name: str) -> tuple[list[str], tuple[str, ...]]:
    """The values of an option to show a player, and every word it accepts (none for a whole
    number, which Options.build checks)."""
    if name in CHOICES:
        return list(CHOICES[name]), CHOICES[name]
    if isinstance(getattr(Options(), name), bool):
        return ["true", "false"], BOOL_WORDS
    return [], ()


# ================================================================ game actions (input.py)
def typed_action(c: Call) -> list[Notice]:
    return c.rooms.act(c)


#: a verb's completions by what its word names (the common rules' own words: play, catch, colour)
_BY_NAMES: dict[str, Callable[[str], Completion]] = {
    "player": lambda verb: at_table(lambda c: {verb: c.others}),
    "card": lambda verb: at_table(lambda c: {verb: c.hand}),
}
_ACTION_COMPLETIONS: dict[str, Completion] = {
    "play": at_table(lambda c: {"play": c.hand, "play *": c.colours}),
    "catch": at_table(lambda c: {"catch": c.others}),
    "colour": lambda c: {"colour": c.colours} if c.at_table else {"colour": ["red", "yellow", "green", "blue"]},
}
for _verb, _info in VERBS.items():      # a jump, a house rule's verb
    if _verb not in _ACTION_COMPLETIONS and (_info.lays or _verb in HOUSE_VERBS) and _info.names in _BY_NAMES:
        _ACTION_COMPLETIONS[_verb] = _BY_NAMES[_info.names](_verb)
#: the game actions a player types, in the order /uno help lists them (`accept` is the answer `draw`)
_TYPED = [v.name for v in VERBS.values() if not v.chat]
_TYPED.insert(_TYPED.index("challenge") + 1, "accept")
for _verb in _TYPED:
    command(_verb, action=True, complete=_ACTION_COMPLETIONS.get(_verb))(typed_action)
#: Typed words that stand for a command, and the rules verb an action command sends.
ALIASES = {"color": "colour"}
VERB_OF = {"accept": "draw"}


# ================================================================ statistics (stats_tally.py)
@command("stats", complete=shared(lambda c: {"stats": list(c.stats_names)}))
def stats(c: Call) -> list[Notice]:
    """`/uno stats [player]`: one player's statistics, your own by default."""
    if len(c.rest) > 1:
        return c.usage()
    saved = c.rooms.save()               # what just ended counts too: written before the read
    who = c.rest[0] if c.rest else c.player
    c.rooms.tally.ask_stats(c.player, who, bool(c.rest))
    return saved


@command("top", complete=shared(lambda c: {"top": list(TOP_KINDS)}))
def top(c: Call) -> list[Notice]:
    """`/uno top [wins|points|rate|rating|winnings]`: the best ten (rate: among players with enough
    matches; rating: among rated players, stats/rating.py; winnings: by net money won at stakes,
    among players who ever staked money)."""
    kind = c.rest[0].lower() if c.rest else "wins"
    if kind not in TOP_KINDS or len(c.rest) > 1:
        return c.error("top.unknown", what=" ".join(c.rest)) + c.usage()
    saved = c.rooms.save()
    c.rooms.tally.ask_top(c.player, kind)
    return saved


@command("web")
def web(c: Call) -> list[Notice]:
    """`/uno web`: a link to the web page of the tables and leaderboards, where the operator has
    published it (`web.public_url`)."""
    if c.rest:
        return c.usage()
    config = c.core.config
    if not config.web_enabled or not config.web_public_url:
        return Said().tell(c.player, "web.no_link", "gray").items
    lang = c.core.lang(c.player)
    link = {"text": config.web_public_url, "colour": "aqua", "underlined": True,
            "click": {"url": config.web_public_url}, "hover": say(lang, "web.link_hover")}
    return Said().send(c.player, chat.fill(say(lang, "web.link"), {"link": link}, "green")).items


# ================================================================ administration (admin.py)
@command("close", admin=True, console=True)
def close(c: Call) -> list[Notice]:
    """`/uno close [table]`: ends a table; everyone at it gets their items back."""
    core = c.core
    t, told = _chosen_table(c, lambda: core.table_of(c.player) or _nearest(core.tables.values(), c.pos,
                                                                            core.players.world(c.player)))
    return core.close(t, by=c.player) if t is not None else told


def admin_command(c: Call) -> list[Notice]:
    return c.rooms.admin.command(c.player, [c.name, *c.rest], c.now)


command("tables", admin=True, console=True)(admin_command)
command("reload", admin=True, console=True)(admin_command)
command("lang", admin=True, console=True)(admin_command)
command("engine", admin=True, console=True, complete=shared(lambda c: {"engine": ENGINE_WORDS}))(admin_command)
command("version", admin=True, console=True)(admin_command)


@command("help")
def help_(c: Call) -> list[Notice]:
    """Every command the player may use, grouped; of the game actions only those the rules of
    their table (or of a new table) use; admin-only ones for admins."""
    lang = c.core.lang(c.player)
    t = c.core.table_of(c.player)
    verbs = (t.options() if t is not None else c.core.config.options_for()).verbs()
    out = Said().send(c.player, [{"text": say(lang, "help.header"), "colour": "gold", "bold": True}])
    for group, lines in help_groups(lang, c.admin, verbs):
        out.send(c.player, [{"text": say(lang, f"help.group.{group}"), "colour": "yellow"}])
        for line, suggest in lines:
            out.send(c.player, [{"text": "  " + line, "colour": "gray", "click": {"suggest": suggest}}])
    return out.items


def quick_start(c: Call) -> list[Notice]:
    """`/uno` alone: four lines, how to start, play, call UNO and leave, the commands clickable."""
    lang = c.core.lang(c.player)

    def run(command: str) -> dict[str, Any]:
        return {"text": f"[/uno {command}]", "colour": "aqua", "bold": True, "click": {"command": f"/uno {command}"},
                "hover": say(lang, f"help.{command}.text")}

    parts = {"start": run("start"), "leave": run("leave"), "help": run("help"),
             "draw": chat.label(say(lang, "button.draw"), "aqua"), "uno": chat.label(say(lang, "uno.button"), "gold")}
    out = Said()
    for key in ("start", "turn", "uno", "leave"):
        out.send(c.player, chat.fill(say(lang, f"quick.{key}"), parts, "white"))
    return out.items


#: Every /uno subcommand, in the order /uno help lists them.
COMMANDS: tuple[Command, ...] = tuple(REGISTERED)
BY_NAME = {c.name: c for c in COMMANDS}
NAMES: tuple[str, ...] = tuple(c.name for c in COMMANDS)
ADMIN_ONLY = frozenset(c.name for c in COMMANDS if c.admin)
ACTIONS = frozenset(c.name for c in COMMANDS if c.action) | set(ALIASES)


# ================================================================ running one
def run(rooms: Rooms, player: str, args: list[str], pos: list[float] | None, now: float, admin: bool = False) -> list[Notice]:
    """A `/uno` command from a player: its handler, or help, or what they may have meant."""
    args, token = chat.split_token(args)
    if not args:
        return quick_start(Call(rooms, player, "", [], pos, now, admin, token))
    sub = args[0].lower()
    found = BY_NAME.get(ALIASES.get(sub, sub))
    if found is None:       # the line says to type /uno help: no list of every command
        unknown = Said().error(player, "error.unknown_command", command=args[0])
        return unknown.did_you_mean(player, nearest(sub, names(admin))).items
    if found.admin and not admin:
        return Said().error(player, "error.no_permission").items
    return found.run(Call(rooms, player, found.name, args[1:], pos, now, admin, token))


# ================================================================ what the list gives
def names(admin: bool) -> list[str]:
    """The subcommands a player may use (admin-only ones for admins)."""
    return [c.name for c in COMMANDS if admin or not c.admin]


def completion_tree(c: Completing) -> dict[str, list[str]]:
    """The shared completion tree (`c.at_table` False: every subcommand and its fixed words), or a
    player's own at a table; the plugin completes from the player's own first."""
    tree: dict[str, list[str]] = {} if c.at_table else {"": list(NAMES)}
    for cmd in COMMANDS:
        if cmd.complete is not None:
            tree.update(cmd.complete(c))
    return tree


@text_cache(maxsize=4096)
def table_tree(c: Completing) -> dict[str, list[str]]:
    """A player's own tree at a table, one shared dict per distinct `Completing` (a redraw mostly
    finds it unchanged; never change it)."""
    return completion_tree(c)


def console_tree(table_ids: list[str]) -> dict[str, list[str]]:
    """The console's completion tree: the subcommands it may run, the tables to close."""
    return {"": [c.name for c in COMMANDS if c.console], "close": list(table_ids), "engine": ENGINE_WORDS}


def syntax(lang: str, name: str) -> str:
    """`play <card> [colour]`: a command with its arguments, in the player's language."""
    name = ALIASES.get(name, name)
    return f"{name} {say(lang, f'help.{name}.args')}".strip()


HELP_GROUPS = ("table", "play", "stats", "admin")
#: The group of each command in /uno help (the game actions are "play", admin-only ones "admin").
GROUP_OF = {"start": "table", "join": "table", "leave": "table", "spectate": "table", "rules": "table",
            "help": "table", "stats": "stats", "top": "stats", "web": "stats"}
#: The rules verb whose presence at a table lists an action command that is not one itself.
LISTED_WITH = {"accept": "challenge"}


def help_groups(lang: str, admin: bool, verbs: frozenset[str]) -> list[tuple[str, list[tuple[str, str]]]]:
    """The groups of /uno help, each with (the line, the command a click suggests) of every
    command the player may use; a game action only when `verbs` (the rules in play) has it."""
    grouped: dict[str, list[tuple[str, str]]] = {g: [] for g in HELP_GROUPS}
    for cmd in COMMANDS:
        if cmd.admin and not admin:
            continue
        if cmd.action and LISTED_WITH.get(cmd.name, cmd.name) not in verbs:
            continue
        group = "admin" if cmd.admin else "play" if cmd.action else GROUP_OF[cmd.name]
        line = say(lang, "help.line", command=syntax(lang, cmd.name), text=say(lang, f"help.{cmd.name}.text"))
        grouped[group].append((line, f"/uno {cmd.name} "))
    return [(g, lines) for g, lines in grouped.items() if lines]


def usage(lang: str, name: str) -> str:
    return say(lang, "usage.action", command=syntax(lang, name))


def nearest(word: str, choices: Iterable[str], n: int = 3) -> list[str]:
    """The names in `choices` closest to a mistyped `word`: difflib's ratio at least 0.6 and
    within 0.1 of the best one, best first (ties in alphabetical order)."""
    scored = []
    for choice in choices:
        matcher = difflib.SequenceMatcher(None, word, choice)
        if matcher.real_quick_ratio() >= 0.6 and matcher.quick_ratio() >= 0.6 and matcher.ratio() >= 0.6:
            scored.append((-matcher.ratio(), choice))
    scored.sort()
    return [choice for score, choice in scored[:n] if score <= scored[0][0] + 0.1]


def option_names() -> list[str]:
    return [k for k in Options.__dataclass_fields__ if k != "edition"]


def option_suggestions(word: str) -> list[str]:
    """What a player who typed the unknown option `word` may have meant: an option of a close
    name, or `option=value` when the word is a value (`stacking` -> `draw_two_chain=stacking`)."""
    word = word.lower()
    as_value = [f"{name}={word}" for name, values in CHOICES.items() if word in values and name != "edition"]
    return as_value or nearest(word, option_names())


def preset_suggestions(word: str) -> list[str]:
    return nearest(word.lower(), PRESETS)
