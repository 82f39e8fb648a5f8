"""Random-move 4-player games: unocraft (official preset, full rules) vs RLCard's UnoGame.

It also times the same loop around an engine that costs nothing (recorded legal
actions replayed): the ceiling of any engine in this benchmark, and so the time per
action the 1.5x target (and the 3x stretch) leaves the engine.

Our games record no events (`events=False`, as self-play and the bots play): nobody
reads them here, and RLCard records none either.

Both loops choose uniformly among the legal actions of the player who must act
(ours among the legal plays when there is one: RLCard offers a draw only then),
for the same time budget, in one process. Times are CPU time of the process (on a
shared machine wall-clock ratios swing by 30%; --wall for wall clock). Prints games
per second of each, the ratio, steps per game, the time an action with each loop, our
actions a game by verb (RLCard's game has fewer: no UNO call, no challenge, a matching
drawn card played within the draw), and the memory of one game state.

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python benchmarks/engine_vs_rlcard.py [--seconds 10] [--repeats 3]

The same on the rules compiled with mypyc (scripts/build-compiled):

    UNOCRAFT_EXTRAS=test,bench scripts/build-compiled
    .venv-compiled/bin/python benchmarks/engine_vs_rlcard.py

Measured (2-core machine shared with four builds, --seconds 5 --repeats 3, runs of
main and of the change interleaved; medians of the ratio to RLCard in the same run)
when the house rules moved to rules/house/ (issue 10): compiled 1.69x, 1.59x before,
1.70x, 1.69x after (~3,200-3,500 games/s); plain 0.60x, 0.63x before, 0.64x, 0.64x
after (~1,250-1,320 games/s). The same games (seed 0) alternated 8 times: compiled
after/before 1.006, plain 0.996 (pairs spread 0.96-1.06): no change beyond noise.
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import sys
import time
import tracemalloc

from unocraft.engine_build import engine_build
from unocraft.rules import game as game_module
from unocraft.rules.game import Game
from unocraft.rules.options import Options
from unocraft.simulate import actor

#: The clock of every measurement: CPU time of this process by default, so that the
#: other processes of a busy machine count less (--wall: wall-clock time).
clock = time.process_time


def unocraft_games(seconds: float, seed: int = 0) -> tuple[float, float]:
    options = Options.build("official")
    names = ["a", "b", "c", "d"]
    rng = random.Random(seed)
    games = steps = 0
    t0 = clock()
    while clock() - t0 < seconds:
        game = Game.new(names, options, seed + games, events=False)
        while game.phase == "play":
            legal = game.legal_actions(names[actor(game)])
            # like RLCard's legal actions, which offer a draw only when nothing can be played
            plays = [a for a in legal if a.verb == "play"]
            game.play(rng.choice(plays or legal))
            steps += 1
        games += 1
    dt = clock() - t0
    return games / dt, steps / games


class _Replay:
    """An engine that costs nothing: it replays the legal-action lists of recorded
    games, so the loop of `unocraft_games` around it measures the loop alone."""

    def __init__(self, record: list) -> None:
        self.record, self.i, self.phase, self.pending, self.turn = record, 0, "play", None, 0

    def legal_actions(self, name: str) -> list:
        return self.record[self.i]

    def play(self, action) -> list:
        self.i += 1
        if self.i == len(self.record):
            self.phase = "over"
        return []


def setup_cost(seconds: float, seed: int = 0) -> float:
    """Seconds of CPU to set up one game (`Game.new`: seeding, the dealer's draw, shuffle, deal),
    which every game of `unocraft_games` pays before its first action."""
    options = Options.build("official")
    names = ["a", "b", "c", "d"]
    games = 0
    t0 = clock()
    while clock() - t0 < seconds:
        Game.new(names, options, seed + games, events=False)
        games += 1
    return (clock() - t0) / games


def loop_ceiling(seconds: float, seed: int = 0) -> float:
    """Games per second of `unocraft_games`'s loop with an engine that costs
    nothing: the most any engine could score in this benchmark."""
    options = Options.build("official")
    names = ["a", "b", "c", "d"]
    rng = random.Random(seed)
    records = []
    for g in range(200):
        game, record = Game.new(names, options, seed + g, events=False), []
        while game.phase == "play":
            legal = game.legal_actions(names[actor(game)])
            plays = [a for a in legal if a.verb == "play"]
            record.append(legal)
            game.play(rng.choice(plays or legal))
        records.append(record)
    games = 0
    t0 = clock()
    while clock() - t0 < seconds:
        game = _Replay(records[games % len(records)])
        while game.phase == "play":      # the same statements as unocraft_games
            legal = game.legal_actions(names[actor(game)])
            plays = [a for a in legal if a.verb == "play"]
            game.play(rng.choice(plays or legal))
        games += 1
    return games / (clock() - t0)


def action_mix(games: int = 300, seed: int = 0) -> dict[str, float]:
    """Our actions per game by verb, over the games `unocraft_games` plays: why a game
    with full rules takes more actions than RLCard's (a draw, then the drawn card
    played or a pass; challenges), counted apart so the timed loop stays as it is."""
    options = Options.build("official")
    names = ["a", "b", "c", "d"]
    rng = random.Random(seed)
    counts: dict[str, int] = {}
    for g in range(games):
        game = Game.new(names, options, seed + g, events=False)
        while game.phase == "play":
            legal = game.legal_actions(names[actor(game)])
            plays = [a for a in legal if a.verb == "play"]
            action = rng.choice(plays or legal)
            counts[action.verb] = counts.get(action.verb, 0) + 1
            game.play(action)
    return {verb: n / games for verb, n in sorted(counts.items(), key=lambda kv: -kv[1])}


def rlcard_games(seconds: float, seed: int = 0) -> tuple[float, float]:
    from rlcard.games.uno.game import UnoGame
    game = UnoGame(num_players=4)
    game.np_random.seed(seed)
    rng = random.Random(seed)
    games = steps = 0
    t0 = clock()
    while clock() - t0 < seconds:
        state, _ = game.init_game()
        while not game.is_over():
            state, _ = game.step(rng.choice(state["legal_actions"]))
            steps += 1
        games += 1
    dt = clock() - t0
    return games / dt, steps / games


def state_memory() -> tuple[int, int]:
    """Bytes allocated to build one game (tracemalloc) and its pickled size."""
    options = Options.build("official")
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    game = Game.new(["a", "b", "c", "d"], options, 1)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    allocated = sum(s.size_diff for s in after.compare_to(before, "filename"))
    return allocated, len(pickle.dumps(game.to_json()))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per engine and repeat")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--wall", action="store_true", help="time by the wall clock, not CPU time")
    args = parser.parse_args(argv)
    global clock
    if args.wall:
        clock = time.perf_counter
    try:
        import rlcard  # noqa: F401
    except ImportError:
        print("RLCard is not installed: .venv/bin/pip install -e '.[bench]'", file=sys.stderr)
        return 2
    ours, theirs, our_steps, their_steps, ceilings, setups = [], [], [], [], [], []
    for r in range(args.repeats):   # interleaved, so both see the same machine noise
        gps, steps = unocraft_games(args.seconds, seed=r * 1000)
        ours.append(gps)
        our_steps.append(steps)
        gps, steps = rlcard_games(args.seconds, seed=r)
        theirs.append(gps)
        their_steps.append(steps)
        ceilings.append(loop_ceiling(args.seconds / 2, seed=r * 1000))
        setups.append(setup_cost(args.seconds / 4, seed=r * 1000))
    ratios = [a / b for a, b in zip(ours, theirs)]
    ceiling_ratios = [c / b for c, b in zip(ceilings, theirs)]
    print(f"unocraft build: {engine_build()} ({game_module.__file__})")
    print(f"unocraft (official, full rules): median {statistics.median(ours):8.1f} games/s  "
          f"runs {', '.join(f'{x:.0f}' for x in ours)}  ({statistics.mean(our_steps):.0f} actions/game)")
    print(f"RLCard UnoGame:                  median {statistics.median(theirs):8.1f} games/s  "
          f"runs {', '.join(f'{x:.0f}' for x in theirs)}  ({statistics.mean(their_steps):.0f} actions/game)")
    print(f"ratio unocraft/RLCard: median {statistics.median(ratios):.2f}x "
          f"(runs {', '.join(f'{x:.2f}' for x in ratios)}; targets: compiled 3x, plain 1x)")
    steps = statistics.mean(our_steps)
    ours_per_action = 1 / (statistics.median(ours) * steps)
    theirs_per_action = 1 / (statistics.median(theirs) * statistics.mean(their_steps))
    print(f"per action, loop included: unocraft {ours_per_action * 1e6:.2f} us, RLCard "
          f"{theirs_per_action * 1e6:.2f} us ({theirs_per_action / ours_per_action:.2f}x); our actions a game: "
          + ", ".join(f"{verb} {n:.1f}" for verb, n in action_mix().items()))
    loop = 1 / statistics.median(ceilings)
    engine = 1 / statistics.median(ours) - loop
    print(f"the loop alone (an engine that costs nothing): median {statistics.median(ceilings):8.1f} games/s "
          f"= {statistics.median(ceiling_ratios):.2f}x RLCard, {loop * 1e6:.0f} us a game")
    print(f"our engine takes {engine * 1e6:.0f} us a game ({engine * 1e6 / steps:.2f} us an action)")
    setup = statistics.median(setups)
    print(f"  of which setting a game up (Game.new) {setup * 1e6:.0f} us; each action then "
          f"{(engine - setup) * 1e6 / steps:.2f} us")
    for bar in (1.0, 1.5, 3.0):
        budget = 1 / (bar * statistics.median(theirs)) - loop
        print(f"  {bar}x RLCard leaves the engine "
              + (f"{budget * 1e6:.0f} us a game ({budget * 1e6 / steps:.2f} us an action)"
                 if budget > 0 else "no time at all"))
    allocated, json_size = state_memory()
    print(f"one game state: {allocated / 1024:.1f} KiB allocated to build it, {json_size / 1024:.1f} KiB as JSON")
    return 0


if __name__ == "__main__":
    sys.exit(main())
