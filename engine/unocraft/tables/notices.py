"""What happened, for the players: the notices a step of the tables layer leaves behind.

The rooms that change state (lifecycle, input, commands, admin, the statistics' answers, the
sounds) record here what players must be told or shown, in order; they make no op and hold no
display. The display reads them (`Display.show`) and makes the ops: it is the only place that
does. One notice is a name and its arguments, e.g. `("tell", ("ann", "table.you_left", "green"), {})`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..rules.events import Event
    from .table import Table

Notice = tuple[str, tuple[Any, ...], dict[str, Any]]


class Notices:
    def __init__(self) -> None:
        self.items: list[Notice] = []

    def take(self) -> list[Notice]:
        """The notices so far, oldest first; the list starts empty again."""
        items, self.items = self.items, []
        return items

    def _add(self, name: str, *args: Any, **kwargs: Any) -> None:
        self.items.append((name, args, kwargs))

    # ---------------------------------------------------------------- chat
    def send(self, player: str, line: list[dict]) -> None:
        """A chat line already made (its text in the player's language)."""
        self._add("send", player, line)

    def tell(self, to: str, key: str, colour: str = "white", **args: Any) -> None:
        """A language line, in the reader's language."""
        self._add("tell", to, key, colour, **args)

    def error(self, to: str, key: str, **args: Any) -> None:
        self._add("tell", to, key, "red", **args)

    def to_table(self, t: Table, key: str, colour: str = "white", about: str | None = None, but: str | None = None,
                 bold: bool = False, translated: dict[str, str] | None = None, **args: Any) -> None:
        """A language line for every member of the table `t` (`but` one), in each one's language:
        `about` a player reads their own line (lang.about), `translated` arguments are language keys."""
        self._add("tell_table", t, key, colour, about, but, bold, translated or {}, **args)

    def announce(self, of: str, key: str, **args: Any) -> None:
        """A line about `of` for the players `table.announce` names."""
        self._add("announce", of, key, **args)

    def usage(self, player: str, command: str) -> None:
        self._add("usage", player, command)

    def did_you_mean(self, player: str, names: list[str]) -> None:
        self._add("did_you_mean", player, names)

    def events(self, t: Table, events: list[Event]) -> None:
        """What the rules said happened at a table: every member reads it."""
        self._add("tell_events", t, events)

    def console(self, lines: list[str]) -> None:
        """Lines for the server console (the plugin writes them to the server log)."""
        self._add("console", lines)

    def sound(self, player: str, sound: tuple[str, float]) -> None:
        self._add("sound", player, sound)

    # ---------------------------------------------------------------- what a player is shown
    def joined(self, player: str) -> None:
        """On the server again: nothing of ours is on their screen."""
        self._add("joined", player)

    def quit(self, player: str) -> None:
        self._add("quit", player)

    def give_back(self, player: str) -> None:
        """Done with a table: their own items back, the table off their screen."""
        self._add("give_back", player)

    def unwatched(self, player: str) -> None:
        self._add("unwatched", player)

    def forget_sidebar(self, player: str) -> None:
        """Gone for good: the plugin took the sidebar down at the quit."""
        self._add("forget_sidebar", player)

    def first_game_hint(self, t: Table) -> None:
        """A table dealt: how to play, for who has not been told yet."""
        self._add("first_game_hint", t)

    def tables_changed(self) -> None:
        """A table opened or closed: the completions that name tables."""
        self._add("shared_completions")

    def stats_names(self, names: list[str], known: bool) -> None:
        """Players the statistics know (`known`: every one, the database's answer; else new ones)."""
        self._add("known_stats_names" if known else "new_stats_names", names)

    # ---------------------------------------------------------------- the placeholders' cache
    def placeholders(self, player: str, values: dict[str, str]) -> None:
        """A player's statistics for the plugin's placeholders (the statistics thread's answer)."""
        self._add("placeholders", player, values)

    def placeholders_top(self, top: dict[str, list[list[str]]]) -> None:
        """The top lists for the placeholders: kind -> [[name, value], ...], best first."""
        self._add("placeholders_top", top)

    def stake(self, op: dict) -> None:
        """A move of a stake for the plugin (stakes.py decides it; the op goes as it is)."""
        self._add("stake", op)
