"""Self-play does not leak: matches with each house-rule switch and each option choice
on leave the process's memory where it was (scripts/test runs this on both builds).

The compiled build once leaked the attributes of every `Refused` raised and caught
inside compiled code (a mypyc bug before mypy 2.4: a compiled exception class with
attributes never freed its `__dict__`), 3.8 MB a match with jump-in. Python's count of
allocated blocks after a full collection is exact and cheap, so each option set is
checked on its own (a leak of a few hundred bytes a match shows); the resident memory
over the whole run is checked as the operator sees it.
"""

from __future__ import annotations

import gc
import sys

import pytest

from unocraft.bots import make_bot
from unocraft.rules import legal
from unocraft.rules.options import CHOICES, Options
from unocraft.simulate import new_game, play_match
from unocraft.stress import SWITCHES, process_memory

pytestmark = pytest.mark.slow  # matches under every option set, about 35 s

#: what an option value needs beside it to be a valid option set
NEEDS = {
    "h2o_scoring": {"scoring": "alternative"},
    "dos_add_after_draw": {"edition": "dos"},
    "dos_call": {"edition": "dos"},
    "flip_start_card": {"edition": "flip"},
    ("draw_four_escape", "draw_two_of_colour"): {"draw_two_chain": "pass_on"},
}
MATCHES = 10       # measured matches per option set, after WARM_UP ones (caches fill once)
WARM_UP = 3
TARGET = 100       # short matches, but several rounds each: the next round's deal is played too
BLOCKS_PER_MATCH = 10    # the Refused leak was thousands a match; a steady run is 0


def option_sets() -> list[dict]:
    sets = [{name: name != "bluffing"} for name in SWITCHES]
    sets += [{name: value} for name, values in CHOICES.items() for value in values]
    sets += [{"mistake_penalty": 2}, {"false_catch_penalty": 2}]
    for values in sets:
        (name, value), = values.items()
        values.update(NEEDS.get(name, {}), **NEEDS.get((name, value), {}))
    return sets


def _play(options: Options, seed: int) -> None:
    names = ["p1", "p2", "p3", "p4"]
    game = new_game(names, options, seed)
    play_match(game, [make_bot("strong", seed * 4 + i) for i in range(4)])


def _blocks() -> int:
    """Python's allocated blocks, without the interned legal actions (a bounded cache that
    fills over many matches, one face at a time)."""
    legal._CACHES.clear()
    gc.collect()
    return sys.getallocatedblocks()


def test_every_option_set_is_a_valid_table():
    for values in option_sets():
        Options.build("official", **values)     # raises ConfigError with the reason


def test_no_option_set_leaks_memory_over_its_matches():
    sets = [(values, Options.build("official", **values, target=TARGET)) for values in option_sets()]
    for values, options in sets:                 # first matches fill the caches of each edition/rule
        for seed in range(WARM_UP):
            _play(options, 10_000 + seed)
    start = process_memory()
    leaks = {}
    for values, options in sets:
        before = _blocks()
        for seed in range(MATCHES):
            _play(options, seed)
        grown = (_blocks() - before) / MATCHES
        if grown > BLOCKS_PER_MATCH:
            leaks[str(values)] = grown
    end = process_memory()
    assert not leaks, f"allocated blocks kept per match, by option set: {leaks}"
    if start is None or end is None:
        pytest.skip("no /proc/self/status here: the resident memory is not read (the blocks were)")
    assert end - start < 4.0, f"resident memory grew {end - start:.1f} MB over {len(sets) * MATCHES} matches"
