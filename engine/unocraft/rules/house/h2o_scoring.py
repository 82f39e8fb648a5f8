"""H2O scoring (RULES.md §10, 000-ru): going out on a "+1" takes 20 off the
winner's own score, on a "Wild +2" 40. Options allows it only with a scoring
where points count against you (alternative, ru_loser, elimination).
"""

from __future__ import annotations

from ..cards import Card
from ..options import HouseOption
from ..state import GameState, HouseRule

SCENARIOS = ("s10_house/h2o_scoring_draw_one.yaml", "s10_house/h2o_scoring_own_tally.yaml",
             "s10_house/h2o_scoring_wild_draw_two.yaml", "s10_house/h2o_scoring_off.yaml")

OPTION = HouseOption("h2o_scoring", False, "going out on a +1 takes 20 off the winner's own score, "
                     "on a Wild +2 40 (needs a scoring where points count against you)")

#: the last card of the round -> points off the winner's own tally
H2O_BONUS = {"+1": 20, "W+2": 40}


class H2OScoring(HouseRule):
    def install(self, game: GameState) -> None:
        game.score_hooks = game.score_hooks + (self,)

    def score(self, game: GameState, points: list[int], winner: int, last: Card | None) -> None:
        if last is not None and last.rank in H2O_BONUS:
            points[winner] -= H2O_BONUS[last.rank]


RULE: HouseRule = H2OScoring("h2o_scoring", SCENARIOS)
