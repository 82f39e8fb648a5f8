"""What happened, for the players: the notices a transition of the tables layer decides.

The rooms that change state (lifecycle, input, commands, admin, stakes, the statistics' answers,
the sounds) return what players must be told or shown, in order, as a list of typed values (one
small class per kind below); they make no op, hold no display and keep no notice: a call builds
its list in a local `Said` and returns it, and a caller adds what its inner calls returned. The
façade's shell (`Tables._show`) hands them to the display, which turns each kind into ops in one
`match` (`Display.show`): it is the only place that makes ops.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..transport.protocol import Op

if TYPE_CHECKING:
    from ..rules.events import Event
    from .table import Table


# ---------------------------------------------------------------- chat
@dataclass(slots=True)
class Send:
    """A chat line already made (its text in the player's language)."""
    player: str
    line: Any


@dataclass(slots=True)
class Tell:
    """A language line, in the reader's language."""
    to: str
    key: str
    colour: str
    args: dict[str, Any]


@dataclass(slots=True)
class TellTable:
    """A language line for every member of `table` (`but` one), in each one's language: `about` a
    player reads their own line (lang.about), `translated` arguments are language keys."""
    table: Table
    key: str
    colour: str
    about: str | None
    but: str | None
    bold: bool
    translated: dict[str, str]
    args: dict[str, Any]


@dataclass(slots=True)
class Announce:
    """A line about `of` for the players `table.announce` names."""
    of: str
    key: str
    args: dict[str, Any]


@dataclass(slots=True)
class Usage:
    """How one command goes."""
    player: str
    command: str


@dataclass(slots=True)
class DidYouMean:
    player: str
    names: list[str]


@dataclass(slots=True)
class TableEvents:
    """What the rules said happened at a table: every member reads it (and the listeners hear it)."""
    table: Table
    events: list[Event]


@dataclass(slots=True)
class ConsoleLines:
    """Lines for the server console (the plugin writes them to the server log)."""
    lines: list[str]


@dataclass(slots=True)
class PlaySound:
    player: str
    sound: tuple[str, float]


# ---------------------------------------------------------------- what a player is shown
@dataclass(slots=True)
class Joined:
    """On the server again: nothing of ours is on their screen."""
    player: str


@dataclass(slots=True)
class Quit:
    player: str


@dataclass(slots=True)
class GiveBack:
    """Done with a table: their own items back, the table off their screen."""
    player: str


@dataclass(slots=True)
class Unwatched:
    player: str


@dataclass(slots=True)
class ForgetSidebar:
    """Gone for good: the plugin took the sidebar down at the quit."""
    player: str


@dataclass(slots=True)
class FirstGameHint:
    """How to play, at the first deal a player sits at (`dos`: the table plays DOS)."""
    player: str
    dos: bool


@dataclass(slots=True)
class TablesChanged:
    """A table opened or closed: the completions that name tables."""


@dataclass(slots=True)
class StatsNames:
    """Players the statistics know (`known`: every one, the database's answer; else new ones)."""
    names: list[str]
    known: bool


# ---------------------------------------------------------------- the placeholders' cache, the stakes
@dataclass(slots=True)
class PlaceholderValues:
    """A player's statistics for the plugin's placeholders (the statistics thread's answer)."""
    player: str
    values: dict[str, str]


@dataclass(slots=True)
class PlaceholdersTop:
    """The top lists for the placeholders: kind -> [[name, value], ...], best first."""
    top: dict[str, list[list[str]]]


@dataclass(slots=True)
class StakeMove:
    """A move of a stake for the plugin (stakes.py decides it; the op goes as it is)."""
    op: Op


Notice = (Send | Tell | TellTable | Announce | Usage | DidYouMean | TableEvents | ConsoleLines | PlaySound | Joined
          | Quit | GiveBack | Unwatched | ForgetSidebar | FirstGameHint | TablesChanged | StatsNames | PlaceholderValues
          | PlaceholdersTop | StakeMove)


class Said:
    """The notices one call decides, oldest first: a builder local to that call, which returns
    `items` (nothing keeps it longer; the rooms hold no notices). Each method returns the builder,
    so a call that decides one notice returns `Said().tell(...).items`."""
    __slots__ = ("items",)

    def __init__(self, *told: list[Notice]) -> None:
        self.items: list[Notice] = [n for notices in told for n in notices]

    def add(self, notices: list[Notice]) -> Said:
        """What an inner call returned, after what this one decided so far."""
        self.items.extend(notices)
        return self

    def note(self, *notices: Notice) -> Said:
        """Notices this call made itself (the common kinds have a shorthand below)."""
        self.items.extend(notices)
        return self

    def send(self, player: str, line: Any) -> Said:
        self.items.append(Send(player, line))
        return self

    def tell(self, to: str, key: str, colour: str = "white", **args: Any) -> Said:
        self.items.append(Tell(to, key, colour, args))
        return self

    def error(self, to: str, key: str, **args: Any) -> Said:
        self.items.append(Tell(to, key, "red", args))
        return self

    def to_table(self, t: Table, key: str, colour: str = "white", about: str | None = None, but: str | None = None,
                 bold: bool = False, translated: dict[str, str] | None = None, **args: Any) -> Said:
        self.items.append(TellTable(t, key, colour, about, but, bold, translated or {}, args))
        return self

    def usage(self, player: str, command: str) -> Said:
        self.items.append(Usage(player, command))
        return self

    def did_you_mean(self, player: str, names: list[str]) -> Said:
        self.items.append(DidYouMean(player, names))
        return self
