"""The table at a glance: the sidebar scoreboard of every seated player and spectator.

A pure function of a rules view (the viewer's, or a spectator's), the viewer's language, the
table's preset and whether the table keeps a match score: no clock, no I/O, no hidden state.
display.py sends the result as a `sidebar` op; the plugin only displays the lines it is given.
"""

from __future__ import annotations

from .text import say

MAX_LINES = 15          # what a Minecraft sidebar shows
TURN_MARK = "▶ "
NO_MARK = "  "


def keeps_score(view: dict, match: bool) -> bool:
    """A match score is worth showing: the table plays more than one round and its scoring adds
    up points (lazy scoring plays one round; it keeps none)."""
    return match and (view.get("options") or {}).get("scoring", "standard") != "lazy"


def play_order(view: dict) -> list[dict]:
    """The seats in the order they play, starting with the viewer (a spectator: the first seat),
    so the player after you is the line below yours."""
    players = list(view.get("players") or [])
    if not players:
        return []
    names = [p["name"] for p in players]
    start = names.index(view["you"]) if view.get("you") in names else 0
    step = -1 if view.get("direction") == "ccw" else 1
    return [players[(start + step * i) % len(players)] for i in range(len(players))]


def title(preset: str, lang: str) -> dict:
    return {"text": say(lang, "sidebar.title", preset=preset), "colour": "gold", "bold": True}


def seat_line(p: dict, view: dict, lang: str, score: bool) -> list[dict]:
    """`▶ ann  7 cards  UNO!  120 pts`: the marker of the turn, the name (yours in green, a player
    who is out struck through), the card count or "out", an UNO call, the match score."""
    name = p["name"]
    turn = view.get("phase") == "play" and view.get("turn") == name
    active = p.get("active", True)
    line = [{"text": TURN_MARK if turn else NO_MARK, "colour": "gold", "bold": True}]
    part = {"text": name, "colour": "green" if name == view.get("you") else "white" if active else "gray"}
    if turn:
        part["bold"] = True
    if not active:
        part["strikethrough"] = True
    line.append(part)
    if active:
        n = int(p.get("cards", 0))
        line.append({"text": "  " + say(lang, "sidebar.cards", count=n), "colour": "red" if n == 1 else "gray"})
        if p.get("called_uno") and n <= 1:
            line.append({"text": "  " + say(lang, "sidebar.uno"), "colour": "gold", "bold": True})
    else:
        line.append({"text": "  " + say(lang, "sidebar.out"), "colour": "dark_gray", "italic": True})
    if score:
        line.append({"text": "  " + say(lang, "sidebar.points", count=int(p.get("score", 0))), "colour": "aqua"})
    return line


def sidebar_lines(view: dict, lang: str, match: bool = False) -> list[list[dict]]:
    """One line per seat in play order, and the round number when a match score is kept; at most
    `MAX_LINES`, top line first."""
    score = keeps_score(view, match)
    lines = [seat_line(p, view, lang, score) for p in play_order(view)]
    if score:
        lines.append([{"text": say(lang, "sidebar.round", count=view.get("round", 1)), "colour": "dark_aqua"}])
    return lines[:MAX_LINES]


def sidebar_op(player: str, view: dict, lang: str, preset: str, match: bool = False) -> dict:
    return {"op": "sidebar", "player": player, "title": title(preset, lang),
            "lines": sidebar_lines(view, lang, match)}
