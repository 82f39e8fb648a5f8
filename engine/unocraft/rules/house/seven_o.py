"""Seven-O (RULES.md §10): a 0 passes every hand to the next player in the
direction of play; a 7 swaps hands with a player of its player's choice.

A player who went out on the card (until_the_last) swaps and rotates nothing
(§16.11). The 7's choice is the `swap` verb, naming the other player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actions import Action
from ..cards import Card
from ..dealing import begin_turn
from ..errors import Refused
from ..events import ChooseSwap, Event
from ..hooks import Apply
from ..options import HouseOption
from ..pending import Choice
from ..state import GameState, HouseRule
from ..words import Verb

SCENARIOS = ("s10_house/seven_o_seven.yaml", "s10_house/seven_o_zero.yaml",
             "s10_house/seven_o_zero_ccw.yaml", "s10_house/seven_o_last_card_seven.yaml",
             "s10_house/seven_o_last_card_zero.yaml", "s10_house/seven_o_off.yaml",
             "s10_house/nothing_to_swap.yaml", "s10_house/until_the_last_out_on_a_double_seven_no_swap.yaml")

#: what the front ends are told of its verbs, events and penalty draws (rules/words.py)
VERBS = (Verb("swap", "player"),)
EVENTS = {"swap_hands": "news", "rotate_hands": "news"}

OPTION = HouseOption("seven_o", False, "a 0 passes every hand on; a 7 swaps hands with a player of "
                     "its player's choice")


@dataclass(slots=True)
class SwapHands(Event):
    """`player` swapped hands with `target` (a 7)."""
    player: str
    target: str

    @property
    def kind(self) -> str:
        return "swap_hands"

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "target": self.target}


@dataclass(slots=True)
class RotateHands(Event):
    """Every hand passed on in the `direction` of play (a 0)."""
    direction: str

    @property
    def kind(self) -> str:
        return "rotate_hands"

    def public(self) -> dict[str, Any]:
        return {"direction": self.direction}


class SevenO(HouseRule):
    def install(self, game: GameState) -> None:
        game.effect_hooks = game.effect_hooks + (self,)
        game.candidate_hooks = game.candidate_hooks + (self,)

    def effect(self, game: GameState, seat: int, card: int, face: Card, gone: bool) -> bool:
        if gone:
            return False
        if face.rank == "7" and game.others(seat):
            game.turn = seat
            game.pending = Choice("swap7", seat)
            game.emit(ChooseSwap(game.names[seat]))
            return True
        if face.rank == "0":
            rotate_hands(game)
            begin_turn(game, game.next_seat(seat))
            return True
        return False

    def check(self, game: GameState, seat: int, action: Action) -> Apply | None:
        """`swap` with the player named, when a 7 left the choice due (five_swap, after
        this rule, refuses a swap nobody is due)."""
        p = game.pending
        if not isinstance(p, Choice) or p.kind != "swap7":
            return None
        if seat != p.who:
            raise Refused("not_your_turn")
        target = game.seat_named(action.target or "")
        if target == seat or not game.active[target]:
            raise Refused("illegal_target", "swap with another player still in the round")
        if action.cards:
            raise Refused("bad_action", "a seven swaps whole hands: name only the player")
        return lambda: swap_hands(game, seat, target)

    def candidates(self, game: GameState, seat: int, kind: str | None, out: list[Action]) -> None:
        p = game.pending
        if isinstance(p, Choice) and kind == "swap7" and p.who == seat:
            name = game.names[seat]
            out += [Action(name, "swap", target=game.names[q]) for q in game.others(seat)]


def swap_hands(game: GameState, seat: int, target: int) -> None:
    game.hands[seat], game.hands[target] = game.hands[target], game.hands[seat]
    game.emit(SwapHands(game.names[seat], game.names[target]))
    game.hands_moved()
    begin_turn(game, game.next_seat(seat))


def rotate_hands(game: GameState) -> None:
    seats = [q for q in range(len(game.names)) if game.active[q]]
    old = {q: game.hands[q] for q in seats}
    for q in seats:
        game.hands[game.next_seat(q)] = old[q]
    game.emit(RotateHands(game.direction_name))
    game.hands_moved()


RULE: HouseRule = SevenO("seven_o", SCENARIOS, verbs=tuple(v.name for v in VERBS))
