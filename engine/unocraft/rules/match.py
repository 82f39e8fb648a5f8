"""Starting and loading a match: `new_game` and `load_game`, the edition (classic by
default) read from the options or the save; one `Game` plays every edition.
"""

from __future__ import annotations

import json
from typing import Any

from .game import Game
from .options import Options


def new_game(names: list[str], options: Options | None = None, seed: int = 0, events: bool = True) -> Game:
    """A new match of `options`' edition (classic by default), the first round dealt.
    `events=False`: the game records no events (self-play and bots read none)."""
    return Game.new(names, options or Options(), seed, events)


def load_game(saved: str | dict[str, Any]) -> Game:
    """The match `to_json` (text) or `to_state` (plain data) saved.
    Plain data is copied first: `to_state` shares its lists with the game it came from."""
    state: dict[str, Any] = json.loads(saved if isinstance(saved, str) else json.dumps(saved))
    return Game.from_state(state)


__all__ = ["new_game", "load_game"]
