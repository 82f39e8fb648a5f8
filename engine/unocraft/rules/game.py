"""`Game`: the core's common rules with this game's house rules installed, its
legal actions (legal.py), views (views.py) and scoring (scoring.py).

The rules package, bottom up (each module imports only those below it):
cards, actions, events, errors, options, editions -> hooks (`HouseRule`) -> state
-> dealing -> round_end -> answers -> plays -> verbs -> dispatch -> core (`GameCore`:
the common rules, one concern per module, see core.py) -> house/* (one module per
house rule), legal, views, scoring -> game -> dos_match, dos -> match (`new_game`,
`load_game`: the edition's class), scenario.
"""

from __future__ import annotations

from typing import Any, ClassVar

from . import legal, scoring, views
from .actions import Action
from .cards import Card
from .core import HAND_SIZE, MISTAKES, GameCore, HouseRule, State
from .editions import Deck
from .errors import ConfigError
from .house import STATES as HOUSE_STATES, VERBS, active_rules
from .options import Options

__all__ = ["Game", "HAND_SIZE", "MISTAKES", "HouseRule"]


class Game(GameCore):
    """One match of classic, minecraft or flip (DOS: dos.DosGame)."""

    HOUSE_VERBS: ClassVar[dict[str, tuple[HouseRule, ...]]] = VERBS
    STATES: ClassVar[tuple[State[Any], ...]] = HOUSE_STATES

    def __init__(self, names: list[str], options: Options | None = None, seed: int = 0,
                 deck: Deck | None = None):
        options = options or Options()
        if options.edition == "dos" and type(self) is Game:
            raise ConfigError("the dos edition is played with unocraft.rules.dos.DosGame")
        super().__init__(names, options, seed, deck)
        self.house = active_rules(options)
        for rule in self.house:
            rule.install(self)
        self.action_cache = legal.action_caches(self.names, self.colour_rule is not None)

    def legal_actions(self, player: str | None = None) -> list[Action]:
        return legal.legal_actions(self, player)

    def candidates(self, seat: int) -> list[Action]:
        return legal.candidates(self, seat)

    def view(self, player: str | None, legal: bool = True) -> views.View:
        return views.view(self, player, legal)

    def _score_round(self, winner: int, last: Card | None) -> None:
        scoring.score_round(self, winner, last)
