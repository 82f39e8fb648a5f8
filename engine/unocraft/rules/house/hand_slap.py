"""Hand slap, "UNO to the centre" (RULES.md §10): when a player calls UNO, every
other player must slap; the last to slap draws 2. Whoever has not slapped when
the next player acts is late and draws 2 as well. Its state (`SLAP`) is the slap due.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actions import Action
from ..dealing import take
from ..errors import Refused
from ..events import PlayerEvent
from ..hooks import Apply, State
from ..options import HouseOption
from ..state import GameState, HouseRule
from ..words import Verb

SCENARIOS = ("s10_house/hand_slap.yaml", "s10_house/hand_slap_call_after_play.yaml",
             "s10_house/hand_slap_nobody_slaps.yaml", "s10_house/hand_slap_off.yaml")

#: what the front ends are told of its verbs, events and penalty draws (rules/words.py)
VERBS = (Verb("slap", reaction=True),)
EVENTS = {"slap_now": "call", "slap_last": "penalty", "slap_late": "penalty"}
PENALTIES = ("hand_slap",)

OPTION = HouseOption("hand_slap", False, "when a player calls UNO, every other player must slap; the "
                     "last to slap (or a late one) draws 2")


@dataclass(slots=True)
class SlapNow(PlayerEvent):
    """`player` called UNO: every other player must slap."""
    @property
    def kind(self) -> str:
        return "slap_now"


@dataclass(slots=True)
class Slapped(PlayerEvent):
    """`player` slapped."""
    @property
    def kind(self) -> str:
        return "slap"


@dataclass(slots=True)
class SlapLast(PlayerEvent):
    """`player` slapped last (and draws 2)."""
    @property
    def kind(self) -> str:
        return "slap_last"


@dataclass(slots=True)
class SlapLate(PlayerEvent):
    """`player` did not slap in time (and draws 2)."""
    @property
    def kind(self) -> str:
        return "slap_late"


@dataclass(frozen=True, slots=True)
class Slap:
    """A slap due: who called UNO, and who has still to slap (in seat order)."""
    caller: int
    need: tuple[int, ...]


def _to_json(slap: Slap | None) -> dict[str, Any] | None:
    return None if slap is None else {"caller": slap.caller, "need": list(slap.need)}


def _from_json(data: Any) -> Slap | None:
    return None if data is None else Slap(data["caller"], tuple(data["need"]))


#: the slap due, or None (a round's end closes it)
SLAP: State[Slap | None] = State("slap", lambda n: None, _to_json, _from_json, cleared_at_round_end=True)


class HandSlap(HouseRule):
    def install(self, game: GameState) -> None:
        game.uno_hooks = game.uno_hooks + (self,)
        game.window_hooks = game.window_hooks + (self,)
        game.call_hooks = game.call_hooks + (self,)

    def after_uno(self, game: GameState, seat: int) -> None:
        need = tuple(game.others(seat))
        if need:
            SLAP.set(game, Slap(seat, need))
            game.emit(SlapNow(game.names[seat]))

    def close_windows(self, game: GameState, seat: int) -> None:
        slap = SLAP.get(game)
        if slap is not None and seat != slap.caller:
            SLAP.set(game, None)
            for q in slap.need:
                game.emit(SlapLate(game.names[q]))
                take(game, q, 2, reason="hand_slap")

    def call_candidates(self, game: GameState, seat: int, out: list[Action]) -> None:
        slap = SLAP.get(game)
        if slap is not None and seat in slap.need:
            out.append(Action(game.names[seat], "slap"))

    def open_to_all(self, game: GameState) -> bool:
        return SLAP.get(game) is not None

    def check(self, game: GameState, seat: int, action: Action) -> Apply | None:
        """`slap`, by a player who still has to."""
        if not game.opts.hand_slap:
            raise Refused("option_off", "this table plays without hand slap")
        slap = SLAP.get(game)
        if slap is None or seat not in slap.need:
            raise Refused("nothing_to_call", "there is nothing to slap")
        return lambda: _slap(game, seat)


def _slap(game: GameState, seat: int) -> None:
    slap = SLAP.get(game)
    assert slap is not None   # (the check found it)
    need = tuple(q for q in slap.need if q != seat)
    game.emit(Slapped(game.names[seat]))
    if need:
        SLAP.set(game, Slap(slap.caller, need))
    else:
        SLAP.set(game, None)
        game.emit(SlapLast(game.names[seat]))
        take(game, seat, 2, reason="hand_slap")


RULE: HouseRule = HandSlap("hand_slap", SCENARIOS, verbs=tuple(v.name for v in VERBS), state=SLAP)
