"""Reverse deflect (RULES.md §10): a Reverse of the colour in play sends a Draw
Two or a Wild Draw Four back to the player who played it (or, if that player is
out, on to the next); a deflected draw can no longer be challenged (§16.4).
"""

from __future__ import annotations

from ..cards import Card, ColourInPlay
from ..events import Direction
from ..options import HouseOption
from ..pending import Penalty
from ..state import GameState, HouseRule

SCENARIOS = ("s10_house/reverse_deflect_draw_two.yaml", "s10_house/reverse_deflect_wild_draw_four.yaml",
             "s10_house/reverse_deflect_twice.yaml", "s10_house/reverse_deflect_off.yaml",
             "s16_decisions/d04_deflected_no_challenge.yaml")

#: (after draw_two_chain: the first answer that fits a draw card is taken, §16.4)
OPTION = HouseOption("reverse_deflect", False, "a Reverse of the colour in play sends a Draw Two or a "
                     "Wild Draw Four back", after=("draw_two_chain",))


class ReverseDeflect(HouseRule):
    def install(self, game: GameState) -> None:
        game.answer_rules = game.answer_rules + (self,)

    def answerable(self, game: GameState, rank: str) -> bool:
        return True

    def answer_kind(self, game: GameState, face: Card) -> str | None:
        return "deflect" if face.rank == "R" and face.colour == game.colour else None

    def apply_answer(self, game: GameState, seat: int, card: int, face: Card, p: Penalty,
                     prev_colour: ColourInPlay, hand_then: list[int]) -> Penalty:
        game.direction = -game.direction
        game.emit(Direction(game.direction_name))
        back = p.source if game.active[p.source] else game.next_seat(seat)
        return Penalty(back, seat, p.rank, p.amount, p.card, p.guilty, p.prev_colour, False, p.hand_then)


RULE: HouseRule = ReverseDeflect("reverse_deflect", SCENARIOS)
