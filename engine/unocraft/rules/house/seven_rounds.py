"""Seven rounds (RULES.md §10): a player who empties the hand draws 6 and plays
on, then 5, and so on, until the one card drawn last is gone; only then is the
player out. Its state (`LEVEL`) counts how often each hand was emptied. The refill is a
draw from the draw pile: a Creeper among it goes off (§6; only the initial deal is
exempt, 000).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..dealing import take
from ..events import Event
from ..hooks import HAND_SIZE, State
from ..options import HouseOption
from ..state import GameState, HouseRule

SCENARIOS = ("s10_house/seven_rounds.yaml", "s10_house/seven_rounds_creeper_in_refill.yaml")

OPTION = HouseOption("seven_rounds", False, "a player who empties the hand draws 6 and plays on, "
                     "then 5, and so on, until the one card drawn last is gone")


#: per seat, how often the hand was emptied this round
LEVEL: State[tuple[int, ...]] = State("level", lambda n: (0,) * n, list, tuple)


@dataclass(slots=True)
class Refilled(Event):
    """`player` emptied the hand for the `level`th time and draws the next hand."""
    player: str
    level: int

    @property
    def kind(self) -> str:
        return "seven_rounds"

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "level": self.level}


class SevenRounds(HouseRule):
    def install(self, game: GameState) -> None:
        game.out_hooks = game.out_hooks + (self,)

    def went_out(self, game: GameState, seat: int) -> bool:
        level = LEVEL.get(game)
        if level[seat] >= 6:
            return False
        now = level[seat] + 1
        LEVEL.set(game, level[:seat] + (now,) + level[seat + 1:])
        game.emit(Refilled(game.names[seat], now))
        take(game, seat, HAND_SIZE - now, reason="seven_rounds")
        return bool(game.hands[seat])


RULE: HouseRule = SevenRounds("seven_rounds", SCENARIOS, state=LEVEL)
