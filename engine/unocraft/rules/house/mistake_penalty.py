"""Mistake penalty (RULES.md §10, §16.10): a wrong play or a false call costs
`mistake_penalty` cards.

A refusal is a mistake when its code is one of the edition's mistake codes (`Variant.mistake_codes`)
(an illegal card, out of turn, not the drawn card, nothing to call) for one of
its mistake verbs, by a player still in the round while the round is played.
The refused action changes nothing else; the cards drawn come with the refusal
(`Refused.events`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actions import Action
from ..dealing import take
from ..errors import Refused
from ..events import Event
from ..options import HouseOption
from ..state import GameState, HouseRule

SCENARIOS = ("s10_house/mistake_penalty_play.yaml", "s10_house/mistake_penalty_false_call.yaml",
             "s10_house/mistake_penalty_false_catch_with_option.yaml", "s10_house/mistake_penalty_off.yaml",
             "s16_decisions/d10_mistake_penalty_out_of_turn.yaml")

#: what the front ends are told of its verbs, events and penalty draws (rules/words.py)
EVENTS = {"mistake": "penalty"}
PENALTIES = ("mistake",)

OPTION = HouseOption("mistake_penalty", 0, "a wrong play or a false call costs this many cards "
                     "(0: none)", stress=(2,), dos=True)


@dataclass(slots=True)
class Mistake(Event):
    """`player`'s action was refused (`code`), which costs cards."""
    player: str
    code: str

    @property
    def kind(self) -> str:
        return "mistake"

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "code": self.code}


class MistakePenalty(HouseRule):
    def install(self, game: GameState) -> None:
        game.refusal_hooks = game.refusal_hooks + (self,)

    def refused(self, game: GameState, action: Action, refused: Refused) -> None:
        seat = game.seat_of.get(action.player)
        if (seat is None or refused.code not in game.variant.mistake_codes or game.phase != "play"
                or not game.active[seat] or action.verb not in game.variant.mistake_verbs):
            return
        game.commit()
        game.seq += 1
        game.emit(Mistake(action.player, refused.code))
        take(game, seat, game.opts.mistake_penalty, reason="mistake")
        refused.events = game.drain_events()


RULE: HouseRule = MistakePenalty("mistake_penalty", SCENARIOS)
