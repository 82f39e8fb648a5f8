"""The table in the world: what a player walking past a table sees, decided here and drawn by the plugin.

A table is shown by display entities only (nothing in the world is placed or changed) around
the place where it opened: a felt top, the top card face up on it, the draw pile as a card back,
and for each seat, around the top, the player's name, card count, UNO mark and points, with the
seat whose turn it is marked; the direction of play above the pile. Cards in hands are only ever
shown as backs. `layout` is a pure function of a table's public view and the table's language;
`Stage` remembers what it sent per table and sends only what changed (`stage` ops, one per table
and batch), so the plugin spawns, moves and removes entities by id, as it sets slots.
"""

from __future__ import annotations

from typing import Any

import math
from dataclasses import dataclass, field
from functools import lru_cache

from ..presentation.chat import CHAT_COLOUR
from ..presentation.faces import BACK, face_key
from ..presentation.lang import card_name, colour_name, text_cache
from ..rules.cards import COLOUR_BY_NAME
from ..rules.views import DosView, View
from ..transport.protocol import Op, Prop
from . import render
from .config import EngineConfig
from .sidebar import keeps_score, seat_words
from .table import Table
from .text import say

FELT = "minecraft:green_wool"
#: under the top card, the colour in play as a card-shaped slab of concrete: seen from afar (a map
#: item on a display shows the map icon, not its picture; the line above the pile names the card)
CONCRETE = {"R": "red", "Y": "yellow", "G": "lime", "B": "blue", "P": "pink", "T": "cyan", "O": "orange", "V": "purple"}
RIM = "minecraft:dark_oak_planks"
TURN = "▶ "


@dataclass(frozen=True)
class Look:
    """How big and how high an operator wants tables (`world.size`, `world.height`)."""
    size: float = 1.0
    height: float = 0.9

    @classmethod
    def of(cls, config: EngineConfig) -> "Look":
        return cls(config.world_size, config.world_height)


def _r(x: float) -> float:
    return round(x, 3)


def _seat_spot(i: int, n: int, radius: float) -> tuple[float, float]:
    """Seat `i` of `n` on a circle, the first one south, in seat order clockwise seen from above."""
    angle = 2 * math.pi * i / max(n, 1)
    return _r(math.sin(angle) * radius), _r(math.cos(angle) * radius)


def _yaw_to_centre(x: float, z: float) -> float:
    """The yaw (Minecraft degrees: 0 faces south, 90 west) of something at (x, z) facing the centre."""
    return _r(math.degrees(math.atan2(x, -z)))


@lru_cache(maxsize=256)
def _frame(look: Look) -> dict[str, Prop]:
    """What every table of this size and height shows alike (one shared dict: never change it)."""
    s, h = look.size, look.height
    return {"felt": {"kind": "block", "block": FELT, "at": [0.0, _r(h - 0.06), 0.0], "scale": [_r(2.4 * s), 0.06, _r(2.4 * s)]},
            "rim": {"kind": "block", "block": RIM, "at": [0.0, _r(h - 0.1), 0.0], "scale": [_r(2.6 * s), 0.04, _r(2.6 * s)]}}


@lru_cache(maxsize=256)
def _seats(n: int, look: Look) -> tuple[tuple[list[float], list[float], float], ...]:
    """Where each of `n` seats' label and hand stand, and the hand's yaw (shared lists: never change them)."""
    s, h = look.size, look.height
    out = []
    for i in range(n):
        x, z = _seat_spot(i, n, 1.5 * s)
        out.append(([x, _r(h + 0.7), z], [_r(x * 0.8), _r(h + 0.01), _r(z * 0.8)], _yaw_to_centre(x, z)))
    return tuple(out)


@text_cache(maxsize=8192)
def _label(name: str, turn: bool, active: bool, cards: int, uno: bool, score: int | None, lang: str,
           edition: str) -> list[str | dict[str, Any]]:
    """A seat's words: its name (the turn's marked), its count, an UNO call, its points (None: no
    match score). One shared list per distinct label: never change it."""
    label: list[str | dict[str, Any]] = [{"text": (TURN if turn else "") + name, "colour": "gold" if turn else "white" if active else "gray",
                    "bold": turn}]
    count, called, points = seat_words(active, cards, uno, score, lang, edition)
    label += ["\n", count]                   # the count under the name, the call beside it, the points below
    if called is not None:
        label += ["  ", called]
    if points is not None:
        label += ["\n", points]
    return label


def layout(t: Table, lang: str, look: Look = Look(), match: bool = True, view: View | None = None) -> dict[str, Prop]:
    """Every display entity of table `t` as its public view (`view`: a spectator's, when the caller
    has it) shows it, by id: no hand is read."""
    s, h = look.size, look.height
    props: dict[str, Prop] = dict(_frame(look))
    if t.game is None or t.state != "playing":       # the lobby: the seats taken so far, and how to join
        names = [seat.name for seat in t.seats]
        for i, (name, (at, _, _)) in enumerate(zip(names, _seats(len(names), look))):
            props[f"seat.{i}"] = {"kind": "text", "at": at, "billboard": "center", "text": {"text": name, "colour": "white"}}
        props["centre"] = {"kind": "text", "at": [0.0, _r(h + 0.5), 0.0], "billboard": "center",
                           "text": [{"text": say(lang, "world.title"), "colour": "gold", "bold": True}, "\n",
                                    {"text": say(lang, "world.join", table=t.id), "colour": "yellow"}]}
        return props
    view = view if view is not None else t.view(None)
    back = face_key(BACK, edition=view.edition)     # the edition's own back (the Minecraft edition has one)
    score = keeps_score(view, match)
    turn = view.turn if view.phase == "play" else None
    for i, (p, (at, hand, yaw)) in enumerate(zip(view.players, _seats(len(view.players), look))):
        props[f"seat.{i}"] = {"kind": "text", "at": at, "billboard": "center", "glow": p.name == turn,
                              "text": _label(p.name, p.name == turn, p.active, p.cards, p.called_uno,
                                             p.score if score else None, lang, view.edition)}
        if p.active and p.cards:
            props[f"hand.{i}"] = {"kind": "item", "face": back, "at": hand, "yaw": yaw, "pitch": -90.0,
                                  "scale": [_r(0.5 * s)] * 3}
    top = render.top_item(view, lang)
    if top is not None and "face" in top:
        props["pile"] = {"kind": "item", "face": top["face"], "at": [0.0, _r(h + 0.02), 0.0], "pitch": -90.0,
                         "scale": [_r(0.8 * s)] * 3}
    letter = COLOUR_BY_NAME.get(view.colour) if view.colour else None
    props["colour"] = {"kind": "block", "block": f"minecraft:{CONCRETE[letter]}_concrete" if letter else "minecraft:black_concrete",
                       "at": [0.0, _r(h + 0.005), 0.0], "scale": [_r(0.62 * s), 0.01, _r(0.86 * s)]}
    if view.draw_count:
        props["draw"] = {"kind": "item", "face": back, "at": [_r(0.75 * s), _r(h + 0.02), 0.0], "pitch": -90.0,
                         "scale": [_r(0.6 * s)] * 3}
    centre = tuple(view.centre) if isinstance(view, DosView) else None
    props["centre"] = {"kind": "text", "at": [0.0, _r(h + 0.45), 0.0], "billboard": "center",
                       "text": _centre_text(view.top, centre, view.side, view.colour, view.direction, lang)}
    return props


@text_cache(maxsize=4096)
def _centre_text(top: str | None, centre: tuple[str, ...] | None, side: str, colour: str | None, direction: str,
                 lang: str) -> list[str | dict[str, Any]]:
    """Above the pile: the top card (DOS: the centre row), the colour asked for, the direction (one
    shared list per distinct line: never change it)."""
    if centre is not None:
        cards = ", ".join(card_name(lang, render.face_of(c, side)[0]) for c in centre)
    else:
        cards = card_name(lang, render.face_of(top, side)[0]) if top else ""
    letter = COLOUR_BY_NAME.get(colour) if colour else None
    out: list[str | dict[str, Any]] = [{"text": cards, "colour": CHAT_COLOUR.get(letter, "white") if letter else "white", "bold": True}]
    if letter:
        out += ["\n", {"text": say(lang, "world.colour", colour=colour_name(lang, letter)), "colour": "yellow"}]
    out += ["\n", {"text": say(lang, f"direction.{direction}"), "colour": "aqua", "bold": True}]
    return out


@dataclass
class Stage:
    """What the plugin shows of each table in the world, as last sent, and the ops that change it
    (in the server's language: everyone around a table reads the same words)."""
    sent: dict[str, dict[str, Prop]] = field(default_factory=dict)       # table -> id -> prop
    counts: dict[str, dict[str, int]] = field(default_factory=dict)      # table -> seat's cards, as last drawn

    def attach(self, tables: list[Table], config: EngineConfig) -> list[Op]:
        """A (re)connected plugin: the plugin drops the entities of any table but these (one that
        closed while the engine was away, or every one when tables are off), and each is sent whole
        again at its next `draw` (the plugin may still show it: `reset` replaces, never duplicates)."""
        self.sent.clear()
        self.counts.clear()
        return [{"op": "stage_tables", "tables": sorted(t.id for t in tables if config.world_table and t.world)}]

    def draw(self, t: Table, config: EngineConfig) -> list[Op]:
        """The op that brings the plugin's entities of `t` to what `layout` says now (none when
        nothing changed or the table has no place in a world; its removal when tables are off)."""
        if not config.world_table or not t.world:
            return self.remove(t.id)
        view = t.view(None) if t.game is not None and t.state == "playing" else None
        props = layout(t, config.language, Look.of(config), not config.single_round, view)
        before = self.sent.get(t.id)
        reset = before is None
        old = before or {}
        put = {k: v for k, v in props.items() if old.get(k) != v}
        self._came(t, view, props, old, put)
        drop = sorted(set(old) - set(props))
        self.sent[t.id] = props
        if not put and not drop and not reset:
            return []
        op: dict[str, Any] = {"op": "stage", "table": t.id, "world": t.world, "at": [_r(c) for c in t.pos],
                    "put": put, "drop": drop}
        if reset:
            op["reset"] = True
        return [op]  # type: ignore[list-item]  # built as a dict: mypy cannot follow the optional key

    def _came(self, t: Table, view: View | None, props: dict[str, Prop], old: dict[str, Prop],
              put: dict[str, Prop]) -> None:
        """A new top card moves in from the seat whose hand shrank by one (who just played it)."""
        if view is None:
            self.counts.pop(t.id, None)
            return
        now = {p.name: p.cards for p in view.players}
        before = self.counts.get(t.id, {})
        self.counts[t.id] = now
        pile = put.get("pile")
        if pile is None or "pile" not in old:
            return
        shrank = [name for name, n in now.items() if before.get(name, n) - n >= 1]
        if len(shrank) != 1:
            return
        seat = f"seat.{list(now).index(shrank[0])}"
        spot = props.get(seat)
        if spot is not None:
            pile = dict(pile)      # type: ignore[assignment]
            pile["came"] = [spot["at"][0], pile["at"][1], spot["at"][2]]
            put["pile"] = pile

    def remove(self, table_id: str) -> list[Op]:
        """The table is gone: its entities go."""
        self.counts.pop(table_id, None)
        if self.sent.pop(table_id, None) is None:
            return []
        return [{"op": "stage_remove", "table": table_id}]

    def shown(self) -> list[str]:
        return sorted(self.sent)
