"""The `/uno` subcommands: one list that `/uno help`, the usage lines, the completions and the
"did you mean" suggestions all derive from (tests check plugin.yml and the docs against it).

A command's arguments and what it does are text in the language files (`help.<name>.args`,
`help.<name>.text`): placeholders such as `<card>` are translated, the words typed are not.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from ..rules.options import CHOICES, PRESETS, Options
from .text import say


@dataclass(frozen=True)
class Command:
    name: str
    admin: bool = False        # needs uno.admin: shown in help to admins only
    action: bool = False       # a game action (the rules' verb of the same name)


#: Every /uno subcommand, in the order /uno help lists them.
COMMANDS: tuple[Command, ...] = (
    Command("start"), Command("join"), Command("leave"), Command("spectate"), Command("rules"),
    Command("play", action=True), Command("draw", action=True), Command("pass", action=True),
    Command("uno", action=True), Command("catch", action=True), Command("challenge", action=True),
    Command("accept", action=True), Command("colour", action=True), Command("swap", action=True),
    Command("give", action=True), Command("jump", action=True), Command("dos", action=True),
    Command("slap", action=True), Command("add", action=True), Command("end", action=True),
    Command("stats"), Command("top"), Command("close", admin=True), Command("tables", admin=True),
    Command("reload", admin=True), Command("engine", admin=True), Command("version", admin=True),
    Command("help"),
)
NAMES: tuple[str, ...] = tuple(c.name for c in COMMANDS)
ADMIN_ONLY = frozenset(c.name for c in COMMANDS if c.admin)
#: Typed words that stand for a command, and the rules verb an action command sends.
ALIASES = {"color": "colour"}
VERB_OF = {"accept": "draw"}
ACTIONS = frozenset(c.name for c in COMMANDS if c.action) | set(ALIASES)


def names(admin: bool) -> list[str]:
    """The subcommands a player may use (admin-only ones for admins)."""
    return [c.name for c in COMMANDS if admin or not c.admin]


def syntax(lang: str, name: str) -> str:
    """`play <card> [colour]`: a command with its arguments, in the player's language."""
    name = ALIASES.get(name, name)
    return f"{name} {say(lang, f'help.{name}.args')}".strip()


def help_lines(lang: str, admin: bool) -> list[tuple[str, str]]:
    """(the line, the command to suggest on a click) for every command the player may use."""
    out = []
    for name in names(admin):
        line = say(lang, "help.line", command=syntax(lang, name), text=say(lang, f"help.{name}.text"))
        out.append((line, f"/uno {name} "))
    return out


def usage_all(lang: str, admin: bool) -> str:
    return say(lang, "usage.commands", commands="|".join(names(admin)))


def usage(lang: str, name: str) -> str:
    return say(lang, "usage.action", command=syntax(lang, name))


def nearest(word: str, choices, n: int = 3) -> list[str]:
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
