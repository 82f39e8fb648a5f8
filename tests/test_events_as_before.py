"""The typed events (issue 35) say exactly what the old `Event(type, data, to, secret)` said.

Seeded self-play games of every edition, each house rule and choice option on its own and every
preset; every event's `to_dict()` and `for_player()` for each seat and a spectator, as JSON with the
keys in their order, hashed per edition. The digests were recorded from the old untyped events
(commit 43d22fc, before the typed classes): a difference means the scenario files, the web feed,
the chat lines or saved logs would read something else. A deliberate change of the rules' games
changes them too: re-record them then (`python tests/test_events_as_before.py` prints them).
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
from typing import Any, Iterator

import pytest

from unocraft.rules.actions import Action
from unocraft.rules.errors import ConfigError, Refused
from unocraft.rules.options import CHOICES, PRESETS, Options
from unocraft.simulate import actor, new_game

pytestmark = pytest.mark.slow  # some 600 self-play games with events, each told to every seat

EDITIONS = ("classic", "minecraft", "flip", "dos")
SWITCHES = ("jump_in", "seven_o", "reverse_deflect", "five_swap", "hand_slap", "colour_rotation", "plus_ten",
            "until_the_last", "seven_rounds", "zero_costs_50", "h2o_scoring", "forced_play", "partners")
SEEDS = (1, 2, 3)
ACTIONS = 300
#: wrong moves out of turn, so that a mistake penalty and refusals with events come up
WRONG = ("draw", "uno", "pass", "catch p0", "catch p1")


def option_sets(edition: str) -> Iterator[tuple[str, Options]]:
    """The edition alone, each switch and each choice's other values on their own, penalties, presets."""
    wanted: list[dict[str, Any]] = [{}]
    wanted += [{name: True} for name in SWITCHES] + [{"bluffing": False}]
    wanted += [{name: value} for name, values in CHOICES.items() if name != "edition" for value in values[1:]]
    wanted += [{"mistake_penalty": 2}, {"false_catch_penalty": 2}, {"mistake_penalty": 2, "hand_slap": True},
               {"turn_limit": 100}, {"scoring": "elimination", "target": 50}]
    for values in wanted:
        try:
            yield json.dumps(values, sort_keys=True), Options.build(None, edition=edition, **values)
        except ConfigError:
            continue
    for preset in sorted(PRESETS):
        opts = Options.build(preset)
        if opts.edition == edition:
            yield f"preset {preset}", opts


def told(events: list[Any], names: list[str]) -> Iterator[str]:
    for ev in events:
        yield json.dumps([ev.to_dict(), [ev.for_player(n) for n in [*names, None]]], ensure_ascii=False)


def game_lines(opts: Options, seed: int) -> Iterator[str]:
    players = 4 if opts.partners else 2 + seed % 3
    names = [f"p{i}" for i in range(players)]
    game = new_game(names, opts, seed)
    rng = random.Random(seed)
    yield from told(list(game.setup_events), names)
    long = opts.until_the_last or opts.seven_rounds     # someone must go out for their events
    for _ in range(ACTIONS * 4 if long else ACTIONS):
        if game.phase == "match_over":
            return
        if game.phase != "play":
            yield from told(game.start_next_round(), names)
            continue
        if rng.random() < 0.08:
            try:
                events = game.play(Action.parse(rng.choice(names), rng.choice(WRONG)))
            except Refused as refused:
                yield f"refused {refused.code}"
                yield from told(refused.events, names)
            else:
                yield from told(events, names)
            continue
        seat = actor(game)
        legal = game.legal_actions()
        mine = [a for a in legal if a.player == names[seat]]
        yield from told(game.play(rng.choice(mine if mine and rng.random() < 0.7 else legal)), names)


@functools.cache
def played(edition: str) -> tuple[str, int, frozenset[str]]:
    """The hash of every line of the edition's games, how many events they told, their kinds."""
    h = hashlib.sha256()
    count = 0
    kinds = set()
    for label, opts in option_sets(edition):
        for seed in SEEDS:
            h.update(f"{label} {seed}\n".encode())
            for line in game_lines(opts, seed):
                if not line.startswith("refused "):
                    count += 1
                    kinds.add(json.loads(line)[0]["type"])
                h.update(line.encode() + b"\n")
    return h.hexdigest(), count, frozenset(kinds)


def digest(edition: str) -> tuple[str, int]:
    return played(edition)[:2]


#: recorded from the old untyped events (see above); re-recorded for the option uno_call (2026-12-07: its
#: option set, ru-classic's before_play and its key in saved options; without them the old digests hold)
RECORDED = {
    'classic': ('9872f9cacb4a9ad0a1ea98a3dd32925491e8c222e816451fe5d1c37ed62cd3cf', 80983),
    'minecraft': ('3c8283e3a960f791db0332759aba25245eccf0499d34de87dfc10b711b4ad4c7', 81271),
    'flip': ('fc2969851d36b19a13318328660743ed48eb9d325b203851d9e1ae2572153dfd', 88743),
    'dos': ('d4ef60ce64cd601539612068703c9ba13f8d65222620eb49a64ca0084a6925c2', 33642),
}


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_events_say_what_the_untyped_ones_said(edition):
    assert digest(edition) == RECORDED[edition]


def test_the_games_tell_every_kind():
    """The digests cover every event class (tests/test_event_kinds.py has one of each)."""
    from test_event_kinds import SAMPLES
    assert {s.kind for s in SAMPLES} == set().union(*(played(e)[2] for e in EDITIONS))


if __name__ == "__main__":
    for name in EDITIONS:
        print(f"    {name!r}: {digest(name)!r},")
