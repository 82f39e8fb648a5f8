"""Play doubles (RULES.md §10): two identical cards, one after the other as the
player's own jump-in (sequential, 000), or both at once (together, 003).

sequential: right after laying a card, its player may lay an identical one out
of turn, by the jump-in test. together: a `play` names two identical cards; the
second is the player's own jump-in on the first. A double is "dve karty rovnakej
farby a čísla" (003): no wild is one (a Wild Draw Four is never a jump-in either,
000-ru); and with stacking, one draw card a turn (000-ru).
"""

from __future__ import annotations

from ..actions import Action, CardRef
from ..answers import after_lay_bookkeeping
from ..cards import COLOUR_NAMES, Card, Colour
from ..errors import Refused
from ..events import JumpIn, Play
from ..options import HouseOption
from ..pending import Penalty
from ..plays import lay_card
from ..round_end import out_of_cards
from ..state import GameState, HouseRule
from .jump_in import check_identical

SCENARIOS = ("s10_house/play_doubles_off.yaml", "s10_house/play_doubles_sequential.yaml",
             "s10_house/play_doubles_sequential_too_late.yaml", "s10_house/play_doubles_together.yaml",
             "s10_house/play_doubles_together_not_identical.yaml",
             "s10_house/play_doubles_together_no_wild_draw_four.yaml", "s10_house/play_doubles_together_no_wilds.yaml",
             "s10_house/play_doubles_together_no_creepers.yaml", "s10_house/stacking_play_doubles_one_draw_two.yaml",
             "s10_house/until_the_last_out_on_a_double_seven_no_swap.yaml")

#: what the front ends are told of its verbs, events and penalty draws (rules/words.py)
EVENTS = {"jump_in": "played"}

OPTION = HouseOption("play_doubles", "off", "two identical cards: one after the other as your own "
                     "jump-in (sequential, 000), or both at once (together, 003)",
                     values=("off", "sequential", "together"))


class PlayDoubles(HouseRule):
    def install(self, game: GameState) -> None:
        if game.opts.play_doubles == "sequential":
            game.jump_rules = game.jump_rules + (self,)
        else:   # together: two-card plays, which the fast path of legal.turn_actions does not offer
            game.pair_rule = self
            game.checked_legal = True

    # -- sequential
    def allows_jump(self, game: GameState, seat: int, face: Card, cards: list[int]) -> bool:
        if seat != game.last_player:
            return False
        check_identical(game, face, cards)
        return True

    # -- together
    def second_card(self, game: GameState, seat: int, ref: CardRef, first: int) -> int:
        second = game.find_card(seat, ref, exclude=(first,))
        if game.face(second) != game.face(first):
            raise Refused("illegal_card", "two cards played together must be identical")
        why = not_a_double(game, game.face(first))
        if why is not None:
            raise Refused("illegal_card", why)
        return second

    def lay_second(self, game: GameState, seat: int, card: int, colour: Colour | None) -> None:
        # The second card is the player's own jump-in. When the first card left an
        # answer or a choice due, the second only joins it on the pile.
        if game.pending is None:
            game.emit(JumpIn(game.names[seat]))
            game.turn = seat
            lay_card(game, seat, card, colour, False)
            return
        face = game.face(card)
        game.hands[seat].remove(card)
        game.discard.append(card)
        game.emit(Play(game.names[seat], str(face), COLOUR_NAMES.get(game.colour, "")))
        after_lay_bookkeeping(game, seat, face, game.colour)
        if not game.hands[seat]:
            p = game.pending
            out_of_cards(game, seat, face, pending_amount=p if isinstance(p, Penalty) else None)

    def pair_candidates(self, game: GameState, seat: int, out: list[Action]) -> None:
        """The two-card plays of `seat` in turn: each face held twice."""
        name = game.names[seat]
        by_face: dict[Card, list[int]] = {}
        for card in game.hands[seat]:
            by_face.setdefault(game.face(card), []).append(card)
        for face, cards in by_face.items():
            if len(cards) >= 2 and not_a_double(game, face) is None:     # no wild: no colour to name
                out.append(Action(name, "play", (game.ref(cards[0]), game.ref(cards[1]))))


def not_a_double(game: GameState, face: Card) -> str | None:
    """Why two of `face` are no double, or None: a double is two cards "rovnakej farby a čísla"
    (003), which no wild is; with stacking a player lays "только одну карту «+2 карты» или «Смена
    цвета и +4 карты»" a turn (000-ru)."""
    if face.is_wild:
        return "a double is two cards of the same colour and number: no wild"
    if face.is_draw and game.opts.draw_two_chain == "stacking":
        return "with stacking, one draw card a turn"
    return None


RULE: HouseRule = PlayDoubles("play_doubles", SCENARIOS)
