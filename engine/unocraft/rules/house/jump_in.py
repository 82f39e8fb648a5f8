"""Jump-in (RULES.md §10): out of turn, play a card identical to the top card.

Identical: the same colour and the same number or symbol; Wild on Wild counts,
a wild draw card never does, and nobody jumps in on the start card or while a
choice or an answer is due. Play goes on from the player who jumped in (the
core's `apply_play`), so everyone between loses the turn. The out-of-turn plays
are named `jump` by the legal actions; `play` out of turn is the same move.
"""

from __future__ import annotations

from ..cards import Card
from ..errors import Refused
from ..options import HouseOption
from ..state import GameState, HouseRule

SCENARIOS = ("s10_house/jump_in_by_play.yaml", "s10_house/jump_in_draw_two.yaml",
             "s10_house/jump_in_identical.yaml", "s10_house/jump_in_never_wild_draw_four.yaml",
             "s10_house/jump_in_not_identical.yaml", "s10_house/jump_in_not_on_start_card.yaml",
             "s10_house/jump_in_off.yaml", "s10_house/jump_in_off_play_out_of_turn.yaml",
             "s10_house/jump_in_wild_on_wild.yaml", "s09_ru_classic/skip_escape_jump_in.yaml",
             "s09_ru_classic/reverse_pairs.yaml")

OPTION = HouseOption("jump_in", False, "out of turn, play a card identical to the top card",
                     presets={"ru-classic": True})


def check_identical(game: GameState, face: Card, cards: list[int]) -> None:
    """Refuse a jump-in with anything but one card identical to the top card
    (play_doubles: sequential jumps in on one's own card by the same test)."""
    if game.pending is not None:
        raise Refused("not_your_turn", "no jump-in while a choice or answer is due")
    if game.start_top:
        raise Refused("illegal_card", "no jump-in on the start card")
    top = game.top_face
    if face != top or face.rank == "W+4" or len(cards) != 1:
        raise Refused("illegal_card", f"a jump-in needs a card identical to {top}")
    if face.is_wild and face.rank != "W" and face.rank != "C":
        raise Refused("illegal_card", "no jump-in with a wild draw card")


class JumpIn(HouseRule):
    def install(self, game: GameState) -> None:
        game.jump_rules = game.jump_rules + (self,)

    def allows_jump(self, game: GameState, seat: int, face: Card, cards: list[int]) -> bool:
        check_identical(game, face, cards)
        return True


RULE: HouseRule = JumpIn("jump_in", SCENARIOS)
