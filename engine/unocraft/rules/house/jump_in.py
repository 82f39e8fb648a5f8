"""Jump-in (RULES.md §10): out of turn, play a card identical to the top card.

Identical: the same colour and the same number or symbol; Wild on Wild counts,
a wild draw card never does, and nobody jumps in on the start card, while a
choice is due or while a drawn card waits. Play goes on from the player who jumped in
(the core's `apply_play`), so everyone between loses the turn. On a draw card that waits
for its victim's answer (draw_two_chain) the sources set no exception (000-ru, 001: "if he
has exactly the same card"): the identical card answers it in the victim's place, and the
chain goes on from the jumper (`answers.check_answer`). The out-of-turn plays
are named `jump` by the legal actions; `play` out of turn is the same move.
"""

from __future__ import annotations

from ..cards import Card
from ..errors import Refused
from ..options import HouseOption
from ..pending import Penalty
from ..state import GameState, HouseRule

SCENARIOS = ("s10_house/jump_in_by_play.yaml", "s10_house/jump_in_draw_two.yaml",
             "s10_house/jump_in_identical.yaml", "s10_house/jump_in_never_wild_draw_four.yaml",
             "s10_house/jump_in_not_identical.yaml", "s10_house/jump_in_not_on_start_card.yaml",
             "s10_house/jump_in_off.yaml", "s10_house/jump_in_off_play_out_of_turn.yaml",
             "s10_house/jump_in_wild_on_wild.yaml", "s09_ru_classic/skip_escape_jump_in.yaml",
             "s09_ru_classic/reverse_pairs.yaml", "s09_ru_classic/jump_in_on_a_waiting_draw_two.yaml",
             "s10_house/jump_in_on_a_waiting_stack.yaml")

OPTION = HouseOption("jump_in", False, "out of turn, play a card identical to the top card",
                     presets={"ru-classic": True})


def check_identical(game: GameState, face: Card, cards: list[int], over_draw_card: bool = False) -> None:
    """Refuse a jump-in with anything but one card identical to the top card
    (play_doubles: sequential jumps in on one's own card by the same test). `over_draw_card`:
    a draw card waiting for its victim does not stop it (the jump-in answers it instead)."""
    pending = game.pending
    if pending is not None and not (over_draw_card and isinstance(pending, Penalty)):
        raise Refused("not_your_turn", "no jump-in while a choice is due or a drawn card waits")
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
        check_identical(game, face, cards, over_draw_card=True)
        return True


RULE: HouseRule = JumpIn("jump_in", SCENARIOS)
