"""Five swap (RULES.md §10): a player who plays a 5 may swap one card with any
player; each chooses the card given.

The 5's player names the other player and the card given (`swap`), or passes;
the other player then gives a card back (`give`).
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
from ..pending import Choice, Pending
from ..state import GameState, HouseRule
from ..words import Verb

SCENARIOS = ("s10_house/five_swap.yaml", "s10_house/five_swap_declined.yaml",
             "s10_house/five_swap_off.yaml", "s10_house/five_swap_self.yaml")

#: (after seven_o: a 7's swap is decided first; five_swap refuses a swap nobody is due)
#: what the front ends are told of its verbs, events and penalty draws (rules/words.py)
VERBS = (Verb("swap", "player"), Verb("give", "card"))

OPTION = HouseOption("five_swap", False, "a player who plays a 5 may swap one card with any player; "
                     "each chooses the card given", after=("seven_o",))


@dataclass(slots=True)
class SwapCard(Event):
    """`player` took a card from `target` (= `to`), who alone sees which: `card` (secret)."""
    player: str
    target: str
    card: str

    @property
    def kind(self) -> str:
        return "swap_card"

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "target": self.target}

    def secret(self) -> dict[str, Any] | None:
        return {"card": self.card}


@dataclass(slots=True)
class GiveCard(Event):
    """`player` gave `target` (= `to`) a card back, which it alone sees: `card` (secret)."""
    player: str
    target: str
    card: str

    @property
    def kind(self) -> str:
        return "give_card"

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "target": self.target}

    def secret(self) -> dict[str, Any] | None:
        return {"card": self.card}


class FiveSwap(HouseRule):
    def install(self, game: GameState) -> None:
        game.effect_hooks = game.effect_hooks + (self,)
        game.pass_rules = game.pass_rules + (self,)
        game.candidate_hooks = game.candidate_hooks + (self,)

    def effect(self, game: GameState, seat: int, card: int, face: Card, gone: bool) -> bool:
        if face.rank == "5" and not gone and any(game.hands[q] for q in game.others(seat)):
            game.turn = seat
            game.pending = Choice("swap5", seat)
            game.emit(ChooseSwap(game.names[seat]))
            return True
        return False

    def check(self, game: GameState, seat: int, action: Action) -> Apply | None:
        return self._check_give(game, seat, action) if action.verb == "give" else \
            self._check_swap(game, seat, action)

    def _check_swap(self, game: GameState, seat: int, action: Action) -> Apply:
        p = game.pending
        if not isinstance(p, Choice) or p.kind != "swap5":
            # the last rule asked about a swap (seven_o comes first): nobody's is due
            if not (game.opts.seven_o or game.opts.five_swap):
                raise Refused("option_off", "swaps need seven_o or five_swap")
            raise Refused("nothing_to_swap")
        if seat != p.who:
            raise Refused("not_your_turn")
        target = game.seat_named(action.target or "")
        if target == seat or not game.active[target]:
            raise Refused("illegal_target", "swap with another player still in the round")
        if len(action.cards) != 1:
            raise Refused("bad_action", "name the player and the card you give")
        if not game.hands[target]:
            raise Refused("illegal_target", f"{action.target} has no card to give back")
        card = game.find_card(seat, action.cards[0])
        return lambda: _swap_card(game, seat, target, card)

    def _check_give(self, game: GameState, seat: int, action: Action) -> Apply:
        p = game.pending
        if not isinstance(p, Choice) or p.kind != "give5":
            raise Refused("nothing_to_swap")
        if seat != p.who:
            raise Refused("not_your_turn")
        card = game.find_card(seat, action.cards[0])
        to = p.to
        return lambda: _give_card(game, seat, to, card)

    def check_pass(self, game: GameState, seat: int, p: Pending) -> Apply | None:
        """The 5's player may pass instead of swapping."""
        if isinstance(p, Choice) and p.kind == "swap5" and seat == p.who:
            return lambda: begin_turn(game, game.next_seat(seat))
        return None

    def candidates(self, game: GameState, seat: int, kind: str | None, out: list[Action]) -> None:
        p = game.pending
        if not isinstance(p, Choice) or kind not in ("swap5", "give5") or p.who != seat:
            return
        name = game.names[seat]
        if kind == "swap5":
            for q in game.others(seat):
                out += [Action(name, "swap", (game.ref(c),), target=game.names[q])
                        for c in dict.fromkeys(game.hands[seat])]
        elif kind == "give5":
            out += [Action(name, "give", (game.ref(c),)) for c in game.hands[seat]]


def _swap_card(game: GameState, seat: int, target: int, card: int) -> None:
    game.hands[seat].remove(card)
    game.hands[target].append(card)
    game.pending = Choice("give5", target, to=seat)
    game.turn = seat
    game.emit(SwapCard(game.names[seat], game.names[target], str(game.face(card)), to=game.names[target]))


def _give_card(game: GameState, seat: int, to: int, card: int) -> None:
    game.hands[seat].remove(card)
    game.hands[to].append(card)
    game.emit(GiveCard(game.names[seat], game.names[to], str(game.face(card)), to=game.names[to]))
    game.hands_moved()
    begin_turn(game, game.next_seat(to))


RULE: HouseRule = FiveSwap("five_swap", SCENARIOS, verbs=tuple(v.name for v in VERBS))
