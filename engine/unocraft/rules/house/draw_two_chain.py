"""Draw-card chains (draw_two_chain): stacking (RULES.md §10, 000, 003
"incremental draw") and pass_on (§9, ru-classic).

stacking: a Draw Two is answered with a Draw Two, a Wild Draw Four with a Wild
Draw Four; the amounts add up, and the player who cannot answer draws the total.
The last +4 chooses the colour; a +4 stacked against the rule is judged when
played, so a caught bluff in a stack costs its player the whole stack (§5).
pass_on: a Draw Two passes on with a Draw Two, for the same 2 cards, no adding.
"""

from __future__ import annotations

from ..cards import Card, ColourInPlay, RESTRICTED_WILDS
from ..options import HouseOption
from ..pending import Penalty
from ..state import GameState, HouseRule

SCENARIOS = ("s10_house/stacking_draw_two.yaml", "s10_house/stacking_wild_draw_four.yaml",
             "s10_house/stacking_four_draw_twos_draw_eight.yaml", "s10_house/stacking_one_card_per_turn.yaml",
             "s10_house/stacking_same_rank_only.yaml", "s10_house/stacking_challenge_guilty.yaml",
             "s10_house/stacking_off.yaml", "s16_decisions/d02_out_on_draw_no_stacking.yaml",
             "s09_ru_classic/pass_on_chain.yaml", "s09_ru_classic/pass_on_chain_round.yaml",
             "s09_ru_classic/pass_on_only_draw_two.yaml")

OPTION = HouseOption("draw_two_chain", "none", "a draw card is answered with the same draw card, the "
                     "amounts adding up (stacking), or a Draw Two passed on for 2 (pass_on, §9)",
                     values=("none", "stacking", "pass_on"), presets={"ru-classic": "pass_on"})


class DrawTwoChain(HouseRule):
    def install(self, game: GameState) -> None:
        game.answer_rules = game.answer_rules + (self,)

    def answerable(self, game: GameState, rank: str) -> bool:
        return game.opts.draw_two_chain == "stacking" or rank == "+2"

    def answer_kind(self, game: GameState, face: Card) -> str | None:
        rank = game.penalty().rank
        if game.opts.draw_two_chain == "stacking":
            return "stack" if face.rank == rank else None
        return "pass_on" if rank == "+2" and face.rank == "+2" else None

    def apply_answer(self, game: GameState, seat: int, card: int, face: Card, p: Penalty,
                     prev_colour: ColourInPlay, hand_then: list[int]) -> Penalty:
        if game.opts.draw_two_chain == "stacking":
            # judged as played (§5): did its player hold the colour in play before it?
            guilty = face.rank in RESTRICTED_WILDS and \
                any(game.face(c).colour == prev_colour for c in hand_then if c != card)
            amount = None if p.amount is None or face.draw_amount is None else p.amount + face.draw_amount
            return Penalty(game.next_seat(seat), seat, p.rank, amount, card, guilty, prev_colour,
                           p.challengeable, tuple(hand_then))
        return pass_on(game, seat, card, p)


def pass_on(game: GameState, seat: int, card: int, p: Penalty) -> Penalty:
    """The draw goes on to the next player as a plain Draw Two (pass_on, draw_four_escape)."""
    return Penalty(game.next_seat(seat), seat, "+2", 2, card, False, p.prev_colour, False, p.hand_then)


RULE: HouseRule = DrawTwoChain("draw_two_chain", SCENARIOS)
