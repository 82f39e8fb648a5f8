"""Until the last (RULES.md §10): the round goes on until one player is left; the
first out wins it, the last loses.

A player who empties the hand leaves the round (`game.active`) while more than
two remain; its state (`OUT_ORDER`) keeps the order. A player who is out swaps nothing
(§16.11): a swap of its own lapses; a colour it had to choose falls to the next
player, as after a Flip.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..dealing import begin_turn
from ..events import ChooseColour, Event
from ..hooks import State
from ..options import HouseOption
from ..pending import Choice
from ..state import GameState, HouseRule

SCENARIOS = ("s10_house/until_the_last.yaml", "s10_house/until_the_last_ends.yaml",
             "s10_house/until_the_last_off.yaml", "s10_house/until_the_last_two_left_skip_again.yaml",
             "s10_house/until_the_last_out_on_a_double_seven_no_swap.yaml")

#: what the front ends are told of its verbs, events and penalty draws (rules/words.py)
EVENTS = {"out": "good"}

OPTION = HouseOption("until_the_last", False, "the round goes on until one player is left; the "
                     "first out wins it, the last loses")


@dataclass(slots=True)
class WentOut(Event):
    """`player` is out of cards, the `place`th this round."""
    player: str
    place: int

    @property
    def kind(self) -> str:
        return "out"

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "place": self.place}


#: the seats out of this round, first out first
OUT_ORDER: State[tuple[int, ...]] = State("out_order", lambda n: (), list, tuple)


class UntilTheLast(HouseRule):
    def install(self, game: GameState) -> None:
        game.out_hooks = game.out_hooks + (self,)
        game.score_hooks = game.score_hooks + (self,)

    def went_out(self, game: GameState, seat: int) -> bool:
        if game.active_count <= 2:
            return False
        out_order = OUT_ORDER.get(game) + (seat,)
        OUT_ORDER.set(game, out_order)
        game.active[seat] = False
        game.catchable.discard(seat)
        game.emit(WentOut(game.names[seat], len(out_order)))
        _choice_of_a_player_out(game, seat)
        return True

    def round_winner(self, game: GameState, seat: int) -> int:
        out_order = OUT_ORDER.get(game) + (seat,)
        OUT_ORDER.set(game, out_order)
        return out_order[0]

    def round_loser(self, game: GameState, loser: int) -> int:
        out_order = OUT_ORDER.get(game)
        left = [s for s in range(len(game.names)) if game.active[s] and s not in out_order]
        return left[0] if left else loser


def _choice_of_a_player_out(game: GameState, seat: int) -> None:
    """`seat` is out while a choice of its own is due (the first card of a double
    left one)."""
    p = game.pending
    if not isinstance(p, Choice) or p.who != seat:
        return
    nxt = game.next_seat(seat)
    if p.kind == "colour":
        game.pending = Choice(p.kind, nxt, p.then, p.to)
        game.turn = nxt
        game.emit(ChooseColour(game.names[nxt]))
    else:
        game.pending = None
        begin_turn(game, nxt)


RULE: HouseRule = UntilTheLast("until_the_last", SCENARIOS, state=OUT_ORDER)
