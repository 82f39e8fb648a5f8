"""Starting and loading a match: `new_game` and `load_game` pick the game class of
the edition (`Game` for classic, minecraft and flip; `DosGame` for DOS), so that no
caller chooses it by hand.
"""

from __future__ import annotations

import json
from typing import Any

from .dos import DosGame
from .game import Game
from .options import Options


def game_class(edition: str) -> type[Game]:
    """The class that plays `edition` (an edition's name, as in `Options.edition`)."""
    return DosGame if edition == "dos" else Game


def new_game(names: list[str], options: Options | None = None, seed: int = 0, events: bool = True) -> Game:
    """A new match of `options`' edition (classic by default), the first round dealt.
    `events=False`: the game records no events (self-play and bots read none)."""
    options = options or Options()
    return game_class(options.edition).new(names, options, seed, events)


def load_game(saved: str | dict[str, Any]) -> Game:
    """The match `to_json` (text) or `to_state` (plain data) saved, of its edition's class.
    Plain data is copied first: `to_state` shares its lists with the game it came from."""
    state: dict[str, Any] = json.loads(saved if isinstance(saved, str) else json.dumps(saved))
    return game_class(state.get("options", {}).get("edition", "classic")).from_state(state)


__all__ = ["game_class", "new_game", "load_game"]
