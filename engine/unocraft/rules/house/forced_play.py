"""Forced play (a peer rule set's option, RULES.md §10, §15): a player holding a
playable card must play, not draw; a drawn card that can be played must be.

Both refusals are `must_play`; the legal actions (`game.forced_play`) then offer
no draw and no pass. The DOS edition applies the option in its own checks (a
match, not a playable card, is what it forces).
"""

from __future__ import annotations

from ..errors import Refused
from ..hooks import Apply
from ..options import HouseOption
from ..pending import Drawn, Pending
from ..state import GameState, HouseRule

SCENARIOS = ("s10_house/forced_play.yaml", "s10_house/forced_play_no_playable.yaml",
             "s10_house/forced_play_pass_when_drawn_card_no_longer_legal.yaml",
             "s12_dos/end_after_draw_forced_play.yaml")

OPTION = HouseOption("forced_play", False, "a player holding a playable card must play it, not "
                     "draw; a drawn card that can be played must be", dos=True)


class ForcedPlay(HouseRule):
    def install(self, game: GameState) -> None:
        game.forced_play = True
        game.draw_rules = game.draw_rules + (self,)
        game.pass_rules = game.pass_rules + (self,)

    def check_draw(self, game: GameState, seat: int) -> None:
        if game.must_play(seat):
            raise Refused("must_play", "forced play: play a playable card")

    def check_pass(self, game: GameState, seat: int, p: Pending) -> Apply | None:
        # (the drawn card may have stopped being playable: a penalty drawn meanwhile
        # can bring the colour a restricted wild may not be played with)
        if isinstance(p, Drawn) and seat == game.turn and game.must_play(seat):
            raise Refused("must_play", "forced play: the drawn card must be played")
        return None


RULE: HouseRule = ForcedPlay("forced_play", SCENARIOS)
