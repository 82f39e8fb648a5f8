"""The game's saves and views stay what they were (issue 44: the rules become one game value and
functions over it; the saves, views and events must not change on the way).

The same seeded self-play as tests/test_events_as_before.py (every edition, each house rule and
choice option on its own, every preset, wrong moves out of turn), and after every action the save
(`Game.to_state()` as the table store writes it, keys sorted) and the view of each seat (with its
legal actions) and of a spectator, as JSON, hashed per edition. The digests were recorded on main
before the redesign began (2026-12-07, after issue 42); re-record them only for a deliberate change
of the rules (`python tests/test_game_as_before.py` prints them).
"""

from __future__ import annotations

import functools
import hashlib
import json
import random

import pytest

from test_events_as_before import ACTIONS, EDITIONS, SEEDS, WRONG, option_sets
from unocraft.rules.actions import Action
from unocraft.rules.errors import Refused
from unocraft.rules.options import Options
from unocraft.simulate import actor, new_game
from unocraft.transport import codec

pytestmark = pytest.mark.slow  # some 600 self-play games, a save and every view after each action

_SAVE = codec.encoder(sort_keys=True)     # as tables/table.py writes a game


def states(opts: Options, seed: int):
    """Each step's save and views, one line each."""
    players = 4 if opts.partners else 2 + seed % 3
    names = [f"p{i}" for i in range(players)]
    game = new_game(names, opts, seed)
    rng = random.Random(seed)
    long = opts.until_the_last or opts.seven_rounds

    def seen() -> str:
        views = [game.view(n).to_dict() for n in names] + [game.view(None, legal=False).to_dict()]
        return _SAVE(game.to_state()).decode() + "\n" + json.dumps(views, ensure_ascii=False, sort_keys=True)

    yield seen()
    for _ in range(ACTIONS * 4 if long else ACTIONS):
        if game.phase == "match_over":
            return
        if game.phase != "play":
            game.start_next_round()
        elif rng.random() < 0.08:
            try:
                game.play(Action.parse(rng.choice(names), rng.choice(WRONG)))
            except Refused as refused:
                yield f"refused {refused.code}"
        else:
            seat = actor(game)
            legal = game.legal_actions()
            mine = [a for a in legal if a.player == names[seat]]
            game.play(rng.choice(mine if mine and rng.random() < 0.7 else legal))
        yield seen()


@functools.cache
def digest(edition: str) -> tuple[str, int]:
    h = hashlib.sha256()
    steps = 0
    for label, opts in option_sets(edition):
        for seed in SEEDS:
            h.update(f"{label} {seed}\n".encode())
            for line in states(opts, seed):
                steps += 1
                h.update(line.encode() + b"\n")
    return h.hexdigest(), steps


#: recorded on main before the redesign (see above)
RECORDED: dict[str, tuple[str, int]] = {
    'classic': ('4b25e960a6265b33e9c6ce99fefa8c21c0800e4c7e5552b3d71f97df09a242d5', 44489),
    'minecraft': ('357cdf572c26fa6a6192c8a709c87ceeee2718c3c0563fadb0ce8813339cfde7', 43646),
    'flip': ('7f69bba44823ba6479a50da6d81b47f9bc41b55037d5c45fc8e166d3021388e5', 41599),
    'dos': ('4bb8d388d64e51451e86a8a4cc27bc9ebcda1c625ba620f3979fda07381fe192', 21169),
}


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_saves_and_views_are_what_they_were(edition):
    assert digest(edition) == RECORDED[edition]


if __name__ == "__main__":
    for name in EDITIONS:
        print(f"    {name!r}: {digest(name)!r},")
