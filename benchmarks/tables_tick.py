"""What one engine loop iteration costs with many tables: `next_wakeup`, `tick` and `flush`, as
`EngineLoop._serve` calls them when no player event comes in, over bot games (no server, no bridge).

Opens `--tables` tables one by one over 5 s, each with a spectator (so it stays open) and bots in every seat, and runs
the loop on a simulated clock for `--seconds`: each iteration the clock moves on by what the loop
would wait (`next_wakeup`, rounded up to whole milliseconds as the loop does, at least 1 ms), then
the tables tick and the ops are taken. Prints the time per iteration (median, p90, p99), that of
an iteration with nothing due (what the loop pays again after each player event), the iterations,
how many bot moves were made, and the engine's share of one core (the iterations' time over the
simulated time). The same script runs against an older checkout, for a before/after:

    .venv/bin/python benchmarks/tables_tick.py --tables 200 --seconds 60 --repeats 3
    git archive main engine | tar -x -C /tmp/before
    PYTHONPATH=/tmp/before/engine .venv/bin/python benchmarks/tables_tick.py --tables 200 --seconds 60 --repeats 3
"""

from __future__ import annotations

import argparse
import gc
import math
import statistics
import time

from unocraft.tables import table as table_mod
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables


def opened(n: int, spread: float = 5.0) -> tuple[Tables, float]:
    """`n` tables opened one by one over `spread` seconds (so their bots do not all move at the
    same moment), dealt, each with bots in every seat and one spectator."""
    tables = Tables(parse({"bots": {"fill_to": 4, "kind": "basic"}, "game": {"single_round": False}}))
    owners = [f"p{i}" for i in range(n)]
    tables.attach({"online": owners + [f"w{i}" for i in range(n)], "vault": []}, 0)
    now, opening, settled = 0.0, 0, 0
    while settled < n:
        later = next_time(tables, now)
        if opening < n and opening * spread / n <= later:
            now = opening * spread / n
            tables.handle({"type": "command", "player": owners[opening], "args": ["start"],
                           "pos": [opening * 1000, 64, 0]}, now)
            opening += 1
        else:
            now = later
        tables.tick(now)
        for t in tables.tables.values():
            if t.state == "playing" and t.seat(t.owner).human:     # dealt: a spectator comes, a bot takes the seat
                tables.handle({"type": "command", "player": "w" + t.owner[1:], "args": ["spectate", t.id]}, now)
                tables.handle({"type": "command", "player": t.owner, "args": ["leave"]}, now)
                settled += 1
        tables.flush(save=False)
    assert len(tables.tables) == n and all(t.state == "playing" for t in tables.tables.values())
    return tables, now


def next_time(tables: Tables, now: float) -> float:
    """When the loop looks again: the next wake-up in whole milliseconds, at least one."""
    return now + max(1, math.ceil(min(tables.next_wakeup(now), 0.5) * 1000)) / 1000


def run(n: int, seconds: float) -> tuple[list[float], list[float], int, float]:
    """The time of every loop iteration (ms), of an iteration right after it with nothing due (as
    after a player's event: the loop ticks every time round), the bot moves made, the simulated
    seconds."""
    tables, now = opened(n)
    start, moves = now, len(table_mod.BOT_WAITS)
    times: list[float] = []
    idle: list[float] = []
    gc.collect()
    gc.freeze()
    while now < start + seconds:
        began = time.perf_counter()
        now = next_time(tables, now)
        tables.tick(now)
        tables.flush(save=False)
        times.append((time.perf_counter() - began) * 1000)
        began = time.perf_counter()
        tables.next_wakeup(now)
        tables.tick(now)
        tables.flush(save=False)
        idle.append((time.perf_counter() - began) * 1000)
    gc.unfreeze()
    return times, idle, len(table_mod.BOT_WAITS) - moves, now - start


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=60.0, help="simulated seconds per repeat")
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args()
    medians, p90s, p99s, idles, shares = [], [], [], [], []
    for r in range(args.repeats):
        table_mod.BOT_WAITS.clear()
        times, idle, moves, simulated = run(args.tables, args.seconds)
        ms = sorted(times)
        medians.append(statistics.median(ms))
        p90s.append(ms[int(len(ms) * 0.9)])
        p99s.append(ms[int(len(ms) * 0.99)])
        idles.append(statistics.median(idle))
        shares.append(sum(ms) / 1000 / simulated)
        print(f"repeat {r + 1}: {len(ms)} iterations, {moves} bot moves in {simulated:.0f} s simulated; per "
              f"iteration median {medians[-1]:.3f} ms, p90 {p90s[-1]:.3f} ms, p99 {p99s[-1]:.3f} ms; with "
              f"nothing due median {idles[-1]:.3f} ms; engine busy {shares[-1]:.1%} of the time")
    print(f"{args.tables} tables of bots, median of {args.repeats} repeats: per loop iteration median "
          f"{statistics.median(medians):.3f} ms, p90 {statistics.median(p90s):.3f} ms, p99 "
          f"{statistics.median(p99s):.3f} ms; an iteration with nothing due {statistics.median(idles):.3f} ms; "
          f"engine busy {statistics.median(shares):.1%} of one core")


if __name__ == "__main__":
    main()
