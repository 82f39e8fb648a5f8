"""The table at a glance: the sidebar scoreboard of every seated player and spectator.

A pure function of a rules view (the viewer's, or a spectator's), the viewer's language, the
table's preset and whether the table keeps a match score: no clock, no I/O, no hidden state.
display.py sends the result as a `sidebar` op; the plugin only displays the lines it is given.
"""

from __future__ import annotations

from typing import Any, TypeVar

from ..presentation.lang import text_cache
from ..rules.views import DosView, PlayerView, View
from ..transport.protocol import Sidebar
from .text import for_edition, say

MAX_LINES = 15          # what a Minecraft sidebar shows
TURN_MARK = "▶ "
NO_MARK = "  "
#: a seat as its line shows it: name, active, cards, UNO called, score (None: no match score)
SeatShown = tuple[str, bool, int, bool, int | None]
S = TypeVar("S")


def keeps_score(view: View, match: bool) -> bool:
    """A match score is worth showing: the table plays more than one round and its scoring adds
    up points (lazy scoring plays one round; it keeps none)."""
    return match and view.options.get("scoring", "standard") != "lazy"


def play_order(view: View) -> list[PlayerView]:
    """The seats in the order they play, starting with the viewer (a spectator: the first seat),
    so the player after you is the line below yours."""
    players = list(view.players)
    return _in_play_order(players, [p.name for p in players], view.you, view.direction)


def _in_play_order(seats: list[S], names: list[str], you: str | None, direction: str | None) -> list[S]:
    if not seats:
        return []
    start = names.index(you) if you in names else 0
    step = -1 if direction == "ccw" else 1
    return [seats[(start + step * i) % len(seats)] for i in range(len(seats))]


@text_cache(maxsize=1024)
def title(preset: str, lang: str) -> dict[str, Any]:
    """The sidebar's title (one shared dict per preset and language: never change it)."""
    return {"text": say(lang, "sidebar.title", preset=say(lang, f"preset.{preset}")), "colour": "gold", "bold": True}


def seat_words(active: bool, n: int, called_uno: bool, score: int | None, lang: str,
               edition: str | None) -> tuple[dict[str, Any], dict[str, Any] | None, dict[str, Any] | None]:
    """What is said of a seat after its name, the one place for it (the sidebar's lines, the table's
    labels in the world, stage.py): its card count or "out", its UNO call (None: none), its match
    points (None: no match score kept)."""
    count: dict[str, Any] = ({"text": say(lang, "sidebar.cards", count=n), "colour": "red" if n == 1 else "gray"}
                             if active else {"text": say(lang, "sidebar.out"), "colour": "dark_gray", "italic": True})
    uno = None
    if active and called_uno and n <= (2 if edition == "dos" else 1):     # DOS is called with two cards
        uno = {"text": say(lang, for_edition("sidebar.uno", edition)), "colour": "gold", "bold": True}
    points = None if score is None else {"text": say(lang, "sidebar.points", count=score), "colour": "aqua"}
    return count, uno, points


@text_cache(maxsize=8192)
def _seat_line(name: str, yours: bool, turn: bool, active: bool, n: int, called_uno: bool, score: int | None,
               lang: str, edition: str | None = None) -> list[dict[str, Any]]:
    """`▶ ann  7 cards  UNO!  120 pts`: the marker of the turn, the name (yours in green, a player
    who is out struck through), the card count or "out", an UNO call, the match score (None: none
    kept). One shared list per distinct line: never change it."""
    line: list[dict[str, Any]] = [{"text": TURN_MARK if turn else NO_MARK, "colour": "gold", "bold": True}]
    part: dict[str, Any] = {"text": name, "colour": "green" if yours else "white" if active else "gray"}
    if turn:
        part["bold"] = True
    if not active:
        part["strikethrough"] = True
    line.append(part)
    for words in seat_words(active, n, called_uno, score, lang, edition):
        if words is not None:
            line.append({**words, "text": "  " + words["text"]})
    return line


@text_cache(maxsize=1024)
def _round_line(round_no: int, lang: str) -> list[dict[str, Any]]:
    return [{"text": say(lang, "sidebar.round", count=round_no), "colour": "dark_aqua"}]


def sidebar_lines(view: View, lang: str, match: bool = False) -> list[list[dict[str, Any]]]:
    """One line per seat in play order, and the round number when a match score is kept; at most
    `MAX_LINES`, top line first."""
    score = keeps_score(view, match)
    seats = tuple([(p.name, p.active, p.cards, p.called_uno, p.score if score else None) for p in view.players])
    return _lines(seats, view.you, view.turn if view.phase == "play" else None,
                  view.direction, view.round if score else None, lang, "dos" if isinstance(view, DosView) else None)


@text_cache(maxsize=4096)
def _lines(seats: tuple[SeatShown, ...], you: str | None, turn: str | None, direction: str | None, round_no: int | None,
           lang: str, edition: str | None = None) -> list[list[dict[str, Any]]]:
    """The sidebar's lines from what they show (`seats`: name, active, cards, UNO called, score or
    None, in seat order; `turn` None: nobody's; `round_no` None: no match score), one shared list
    per distinct sidebar (a redraw of a viewer whose sidebar did not change finds the list sent
    last time; never change it)."""
    lines = [_seat_line(name, name == you, name == turn, active, n, uno, points, lang, edition)
             for name, active, n, uno, points in _in_play_order(list(seats), [s[0] for s in seats], you, direction)]
    if round_no is not None:
        lines.append(_round_line(round_no, lang))
    return lines[:MAX_LINES]


def sidebar_op(player: str, view: View, lang: str, preset: str, match: bool = False, pot: str | None = None) -> Sidebar:
    """`pot`: what a staked table plays for, in the reader's words (a line of its own, last)."""
    lines = sidebar_lines(view, lang, match)
    if pot:
        lines = lines[:MAX_LINES - 1] + [[{"text": say(lang, "sidebar.pot", pot=pot), "colour": "gold"}]]
    return {"op": "sidebar", "player": player, "title": title(preset, lang), "lines": lines}
