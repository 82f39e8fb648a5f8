"""Seven rounds (RULES.md §10): a player who empties the hand draws 6 and plays
on, then 5, and so on, until the one card drawn last is gone; only then is the
player out. `game.level` counts how often each hand was emptied. The refill is a
draw from the draw pile: a Creeper among it goes off (§6; only the initial deal is
exempt, 000).
"""

from __future__ import annotations

from ..core import HAND_SIZE, GameCore, HouseRule
from ..options import HouseOption

SCENARIOS = ("s10_house/seven_rounds.yaml", "s10_house/seven_rounds_creeper_in_refill.yaml")

OPTION = HouseOption("seven_rounds", False, "a player who empties the hand draws 6 and plays on, "
                     "then 5, and so on, until the one card drawn last is gone")


class SevenRounds(HouseRule):
    def install(self, game: GameCore) -> None:
        game.out_hooks = game.out_hooks + (self,)

    def went_out(self, game: GameCore, seat: int) -> bool:
        if game.level[seat] >= 6:
            return False
        game.level[seat] += 1
        game.emit("seven_rounds", player=game.names[seat], level=game.level[seat])
        game.take(seat, HAND_SIZE - game.level[seat], reason="seven_rounds")
        return bool(game.hands[seat])


RULE: HouseRule = SevenRounds("seven_rounds", SCENARIOS)
