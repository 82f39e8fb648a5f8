"""What one engine loop iteration costs with many tables: `next_wakeup`, `tick` and `flush`, as
`EngineLoop._serve` calls them when no player event comes in, over bot games (no server, no bridge).

Opens `--tables` tables one by one over 5 s, each with a spectator (so it stays open) and bots in
every seat, and runs the loop on a simulated clock for `--seconds`: each iteration the clock moves
on by what the loop would wait (`next_wakeup`, rounded up to whole milliseconds as the loop does,
at least 1 ms), then the tables tick (within the loop's budget per round, as the loop does) and
the ops are taken. Prints the time per iteration (median, p90, p99; wall, and CPU: on a busy
machine the wall time also counts waiting for a core), that of an iteration with nothing due
(what the loop pays again after each player event), the iterations, how many bot moves were
made, the engine's share of one core (the iterations' time over the simulated time), and the garbage collector's full passes (how many, how long: the collector
freezes at the connection as the loop does, before the tables open, and settles between rounds
as the loop does). The same script runs against an older checkout, for a before/after:

    .venv/bin/python benchmarks/tables_tick.py --tables 200 --seconds 60 --repeats 3
    git archive main engine | tar -x -C /tmp/before
    PYTHONPATH=/tmp/before/engine .venv/bin/python benchmarks/tables_tick.py --tables 200 --seconds 60 --repeats 3

`--web` adds the web page's feed as the engine loop runs it (web.enabled): a listener of every
table's events, and a snapshot of each table a flush redrew.
"""

from __future__ import annotations

import argparse
import gc
import math
import statistics
import time

from unocraft.tables import metrics
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables

try:
    from unocraft.tables.collector import Collector
except ImportError:     # an older checkout: the loop froze once, at the connection
    Collector = None
try:
    from unocraft.tables.loop import TICK_BUDGET
except ImportError:     # an older checkout: every table due ticked at once
    TICK_BUDGET = None


def tick(tables: Tables, now: float) -> None:
    """The clocks, as the loop runs them (within its budget per round, when it has one)."""
    if TICK_BUDGET is None:
        tables.tick(now)
    else:
        tables.tick(now, TICK_BUDGET)


class FullPasses:
    """The garbage collector's full passes (generation 2) and how long each took (ms)."""

    def __init__(self):
        self.ms: list[float] = []
        self.began = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if info["generation"] == 2:
            if phase == "start":
                self.began = time.perf_counter()
            else:
                self.ms.append((time.perf_counter() - self.began) * 1000)


WEB = None      # the web page's feed, with --web


def flush(tables: Tables) -> None:
    tables.flush(save=False)
    if WEB is not None:
        WEB.publish(tables.tables, tables.flushed)


def opened(n: int, spread: float = 5.0) -> tuple[Tables, float]:
    """`n` tables opened one by one over `spread` seconds (so their bots do not all move at the
    same moment), dealt, each with bots in every seat and one spectator."""
    tables = Tables(parse({"bots": {"fill_to": 4, "kind": "basic"}, "game": {"single_round": False}}))
    if WEB is not None:
        tables.listeners.append(WEB.heard)
    owners = [f"p{i}" for i in range(n)]
    tables.attach({"online": owners + [f"w{i}" for i in range(n)], "vault": []}, 0)
    freeze(0.0)   # as the loop does at the plugin's connection: the tables open later
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
        flush(tables)
    assert len(tables.tables) == n and all(t.state == "playing" for t in tables.tables.values())
    return tables, now


def freeze(now: float) -> None:
    """What the loop does at the plugin's connection."""
    if Collector is None:
        gc.collect()
        gc.freeze()
    else:
        COLLECTOR.freeze_all(now)


COLLECTOR = Collector(0.0) if Collector is not None else None
RECORDER = metrics.install(metrics.Recorder())    # counts the bot moves


def next_time(tables: Tables, now: float) -> float:
    """When the loop looks again: the next wake-up in whole milliseconds, at least one."""
    return now + max(1, math.ceil(min(tables.next_wakeup(now), 0.5) * 1000)) / 1000


def run(n: int, seconds: float, passes: FullPasses, cpu: list[float]) -> tuple[list[float], list[float], int, float]:
    """The time of every loop iteration (ms; its CPU time goes to `cpu`), of an iteration right after it with nothing due (as
    after a player's event: the loop ticks every time round), the bot moves made, the simulated
    seconds. The loop's collector settles between rounds as in the loop (on the simulated clock);
    the full passes of the garbage collector meanwhile go to `passes`."""
    tables, now = opened(n)
    start, moves = now, len(RECORDER.bot_waits)
    times: list[float] = []
    idle: list[float] = []
    gc.callbacks.append(passes)
    while now < start + seconds:
        began, began_cpu = time.perf_counter(), time.thread_time()
        now = next_time(tables, now)
        tick(tables, now)
        flush(tables)
        if COLLECTOR is not None:
            COLLECTOR.settle(now)
        times.append((time.perf_counter() - began) * 1000)
        cpu.append((time.thread_time() - began_cpu) * 1000)
        began = time.perf_counter()
        tables.next_wakeup(now)
        tick(tables, now)
        flush(tables)
        idle.append((time.perf_counter() - began) * 1000)
    gc.callbacks.remove(passes)
    gc.unfreeze()
    return times, idle, len(RECORDER.bot_waits) - moves, now - start


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=60.0, help="simulated seconds per repeat")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--web", action="store_true", help="with the web page's feed (web.enabled)")
    args = p.parse_args()
    if args.web:
        global WEB
        from unocraft.web.feed import WebFeed
        WEB = WebFeed()
    medians, p90s, p99s, idles, shares = [], [], [], [], []
    passes = FullPasses()
    cpu_medians, cpu_p99s = [], []
    for r in range(args.repeats):
        RECORDER.bot_waits.clear()
        cpu: list[float] = []
        times, idle, moves, simulated = run(args.tables, args.seconds, passes, cpu)
        cpu.sort()
        cpu_medians.append(statistics.median(cpu))
        cpu_p99s.append(cpu[int(len(cpu) * 0.99)])
        ms = sorted(times)
        medians.append(statistics.median(ms))
        p90s.append(ms[int(len(ms) * 0.9)])
        p99s.append(ms[int(len(ms) * 0.99)])
        idles.append(statistics.median(idle))
        shares.append(sum(ms) / 1000 / simulated)
        print(f"repeat {r + 1}: {len(ms)} iterations, {moves} bot moves in {simulated:.0f} s simulated; per "
              f"iteration median {medians[-1]:.3f} ms, p90 {p90s[-1]:.3f} ms, p99 {p99s[-1]:.3f} ms; with "
              f"nothing due median {idles[-1]:.3f} ms; engine busy {shares[-1]:.1%} of the time; CPU per "
              f"iteration median {cpu_medians[-1]:.3f} ms, p99 {cpu_p99s[-1]:.3f} ms, max {cpu[-1]:.3f} ms")
    print(f"{args.tables} tables of bots, median of {args.repeats} repeats: per loop iteration median "
          f"{statistics.median(medians):.3f} ms, p90 {statistics.median(p90s):.3f} ms, p99 "
          f"{statistics.median(p99s):.3f} ms; an iteration with nothing due {statistics.median(idles):.3f} ms; "
          f"engine busy {statistics.median(shares):.1%} of one core; CPU per iteration median "
          f"{statistics.median(cpu_medians):.3f} ms, p99 {statistics.median(cpu_p99s):.3f} ms")
    ms = sorted(passes.ms) or [0.0]
    print(f"full garbage collections: {len(passes.ms)} in {args.repeats} x {args.seconds:.0f} s simulated, "
          f"median {statistics.median(ms):.2f} ms, max {ms[-1]:.2f} ms, total {sum(passes.ms):.0f} ms")


if __name__ == "__main__":
    main()
