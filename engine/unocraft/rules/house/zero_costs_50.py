"""Zero costs 50 (RULES.md §10): a single 0 left in the hand at scoring counts 50."""

from __future__ import annotations

from ..options import HouseOption
from ..state import GameState, HouseRule

SCENARIOS = ("s10_house/zero_costs_50.yaml", "s10_house/zero_costs_50_off.yaml")

OPTION = HouseOption("zero_costs_50", False, "a single 0 left in the hand at scoring counts 50")


class ZeroCosts50(HouseRule):
    def install(self, game: GameState) -> None:
        game.points_rules = game.points_rules + (self,)

    def hand_points(self, game: GameState, seat: int) -> int:
        hand = game.hands[seat]
        return 50 if len(hand) == 1 and game.face(hand[0]).rank == "0" else -1


RULE: HouseRule = ZeroCosts50("zero_costs_50", SCENARIOS)
