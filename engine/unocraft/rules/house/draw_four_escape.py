"""Draw Four escape (RULES.md §9, ru-classic): a Wild Draw Four is escaped with a
Draw Two of the colour it named, and goes on as a Draw Two chain (the option needs
draw_two_chain: pass_on; Options refuses it alone).
"""

from __future__ import annotations

from ..cards import Card, ColourInPlay
from ..options import HouseOption
from ..pending import Penalty
from ..state import GameState, HouseRule
from .draw_two_chain import pass_on

SCENARIOS = ("s09_ru_classic/draw_four_escape.yaml", "s09_ru_classic/draw_four_escape_chain.yaml",
             "s09_ru_classic/draw_four_escape_wrong_colour.yaml")

#: (after draw_two_chain: the first answer that fits a draw card is taken, §16.4)
OPTION = HouseOption("draw_four_escape", "none", "a Wild Draw Four is escaped with a Draw Two of the colour "
                     "it named, which goes on as a Draw Two chain (§9; needs draw_two_chain: pass_on)",
                     values=("none", "draw_two_of_colour"), presets={"ru-classic": "draw_two_of_colour"},
                     after=("draw_two_chain",))


class DrawFourEscape(HouseRule):
    def install(self, game: GameState) -> None:
        game.answer_rules = game.answer_rules + (self,)

    def answerable(self, game: GameState, rank: str) -> bool:
        return rank == "W+4"

    def answer_kind(self, game: GameState, face: Card) -> str | None:
        if game.penalty().rank == "W+4" and face.rank == "+2" and face.colour == game.colour:
            return "escape"
        return None

    def apply_answer(self, game: GameState, seat: int, card: int, face: Card, p: Penalty,
                     prev_colour: ColourInPlay, hand_then: list[int]) -> Penalty:
        return pass_on(game, seat, card, p)


RULE: HouseRule = DrawFourEscape("draw_four_escape", SCENARIOS)
