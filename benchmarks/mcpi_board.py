"""How many blocks `unocraft mcpi` sends per redraw: the whole board vs the diffs, over bot games.

Drives tables (no server) with bots in every seat but one human who always plays the first legal
action, and after every action asks the board painter for its changes, as the engine does after
each op batch. Prints the median and p90 of blocks per redraw, the first (whole) board, and the
median time to compute a redraw that changed something (drawing + diff).

    .venv/bin/python benchmarks/mcpi_board.py --games 20 --seats 4
"""

from __future__ import annotations

import argparse
import statistics
import time

from unocraft.mcpi.board import Painter
from unocraft.simulate import actor
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables


def one_game(seed: int, seats: int, sizes: list[int], firsts: list[int], times: list[float]) -> None:
    cfg = parse({"timers": {"lobby": 1, "bot_think": 0, "catch_window": 0}, "bots": {"fill_to": seats},
                 "table": {"seats": seats}, "game": {"single_round": True}})
    tables = Tables(cfg)
    tables.attach({"online": ["ann"], "vault": []}, 0)
    tables.handle({"type": "command", "player": "ann", "args": ["start"], "pos": [seed * 100, 5, 0]}, 0)
    tables.tick(2)
    painter = Painter("minecraft", seats)
    firsts.append(len(painter.changes(tables.tables)))
    now = 2.0
    for _ in range(2000):
        t = next(iter(tables.tables.values()), None)
        if t is None or t.game is None or t.game.phase != "play":
            break
        who = t.game.names[actor(t.game)]
        if who == "ann":
            # as a player types it: through the tables, which then know the table changed
            tables.handle({"type": "command", "player": "ann", "args": str(t.legal("ann")[0]).split()}, now)
        else:
            now += 1
            tables.tick(now)
        tables.flush()
        started = time.perf_counter()
        changed = painter.changes(tables.tables)
        if changed:
            times.append((time.perf_counter() - started) * 1000)
            sizes.append(len(changed))


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seats", type=int, default=4)
    args = p.parse_args()
    sizes: list[int] = []
    firsts: list[int] = []
    times: list[float] = []
    for seed in range(args.games):
        one_game(seed, args.seats, sizes, firsts, times)
    sizes.sort()
    print(f"{args.games} games, {args.seats} seats, {len(sizes)} redraws")
    print(f"  whole board: median {statistics.median(firsts):.0f} blocks")
    print(f"  per redraw:  median {statistics.median(sizes):.0f} blocks, p90 {sizes[int(len(sizes) * 0.9)]}"
          f" ({statistics.median(sizes) / statistics.median(firsts):.0%} of the whole board)")
    print(f"  time per redraw (draw + diff): median {statistics.median(times):.2f} ms")


if __name__ == "__main__":
    main()
