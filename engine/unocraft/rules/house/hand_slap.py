"""Hand slap, "UNO to the centre" (RULES.md §10): when a player calls UNO, every
other player must slap; the last to slap draws 2. Whoever has not slapped when
the next player acts is late and draws 2 as well. `game.slap` holds the slap due.
"""

from __future__ import annotations

from ..actions import Action
from ..core import Apply, GameCore, HouseRule
from ..errors import Refused
from ..options import HouseOption
from ..words import Verb

SCENARIOS = ("s10_house/hand_slap.yaml", "s10_house/hand_slap_call_after_play.yaml",
             "s10_house/hand_slap_nobody_slaps.yaml", "s10_house/hand_slap_off.yaml")

#: what the front ends are told of its verbs, events and penalty draws (rules/words.py)
VERBS = (Verb("slap", reaction=True),)
EVENTS = {"slap_now": "call", "slap_last": "penalty", "slap_late": "penalty"}
PENALTIES = ("hand_slap",)

OPTION = HouseOption("hand_slap", False, "when a player calls UNO, every other player must slap; the "
                     "last to slap (or a late one) draws 2")


class HandSlap(HouseRule):
    def install(self, game: GameCore) -> None:
        game.uno_hooks = game.uno_hooks + (self,)
        game.window_hooks = game.window_hooks + (self,)
        game.call_hooks = game.call_hooks + (self,)

    def after_uno(self, game: GameCore, seat: int) -> None:
        need = [q for q in game.others(seat)]
        if need:
            game.slap = {"caller": seat, "need": need}
            game.emit("slap_now", player=game.names[seat])

    def close_windows(self, game: GameCore, seat: int) -> None:
        if game.slap and seat != game.slap["caller"]:
            late = [q for q in game.slap["need"]]
            game.slap = None
            for q in late:
                game.emit("slap_late", player=game.names[q])
                game.take(q, 2, reason="hand_slap")

    def call_candidates(self, game: GameCore, seat: int, out: list[Action]) -> None:
        if game.slap and seat in game.slap["need"]:
            out.append(Action(game.names[seat], "slap"))

    def open_to_all(self, game: GameCore) -> bool:
        return game.slap is not None

    def check(self, game: GameCore, seat: int, action: Action) -> Apply | None:
        """`slap`, by a player who still has to."""
        if not game.opts.hand_slap:
            raise Refused("option_off", "this table plays without hand slap")
        if not game.slap or seat not in game.slap["need"]:
            raise Refused("nothing_to_call", "there is nothing to slap")
        return lambda: _slap(game, seat)


def _slap(game: GameCore, seat: int) -> None:
    game.slap["need"].remove(seat)
    game.emit("slap", player=game.names[seat])
    if not game.slap["need"]:
        game.slap = None
        game.emit("slap_last", player=game.names[seat])
        game.take(seat, 2, reason="hand_slap")


RULE: HouseRule = HandSlap("hand_slap", SCENARIOS, verbs=tuple(v.name for v in VERBS))
