"""What the engine spends on one player event, from the event to its op batch (no server, no bridge):
`Tables.handle` and `Tables.flush`, as `EngineLoop._serve` calls them when a batch of events comes in.

`--players` humans each open a table of their own (filled with bots), beside `--bot-tables` tables
of bots only, each watched by a spectator (the O(tables) costs show with many tables). The loop
runs on a simulated clock; whenever a human has a turn prompt, they click what the benchmark's
client (bridge_latency.js) clicks: a colour, else the first playable card (a wild with red), else
draw, else pass; a player whose match ended starts another. Each such event is timed alone
(handle + flush), and so is the profile of those events with `--profile FILE`. Prints the wall and
the CPU time per answered event (median, p90, p99; on a busy machine the wall time also counts
waiting for a core, the CPU time does not) of each repeat and the medians of the repeats, and
the size of the answered op batches as the bridge sends them (JSON bytes, by op kind). The same
script runs against an older checkout, for a before/after:

    .venv/bin/python benchmarks/answer_path.py --players 20 --bot-tables 200 --events 2000 --repeats 3
    git archive main engine | tar -x -C /tmp/before
    PYTHONPATH=/tmp/before/engine .venv/bin/python benchmarks/answer_path.py --players 20 --bot-tables 200 --events 2000 --repeats 3
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import math
import os
import re
import statistics
import tempfile
import time
from pathlib import Path

from unocraft.presentation import chat
from unocraft.tables import collector
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables
from unocraft.tables.store import TableStore

PLAY = re.compile(r"^/uno play \S+ #t")
COLOUR = re.compile(r"^/uno (play \S+ |colour )(red|yellow|green|blue)\b")


def next_time(tables: Tables, now: float) -> float:
    """When the loop looks again: the next wake-up in whole milliseconds, at least one."""
    return now + max(1, math.ceil(min(tables.next_wakeup(now), 0.5) * 1000)) / 1000


def prompts(ops: list[dict], latest: dict[str, list[str]]) -> None:
    """The click commands of the last turn prompt each player got (a line with commands)."""
    for op in ops:
        if op.get("op") == "msg":
            commands = chat.commands_in(op["c"])
            if any(" #t" in c for c in commands):
                latest[op["player"]] = commands


def choice(commands: list[str]) -> str | None:
    """What bridge_latency.js clicks in a prompt."""
    colour = next((c for c in commands if COLOUR.match(c)), None)
    if colour:
        return colour
    play = next((c for c in commands if PLAY.match(c)), None)
    if play:
        _, _, code, token = play.split(" ")
        return f"/uno play {code} red {token}" if code.startswith("W") else play
    return next((c for c in commands if c.startswith(("/uno draw ", "/uno pass "))), None)


def save_after_answer(tables: Tables) -> None:
    """The save `EngineLoop._send` makes right after an answer's ops are handed over."""
    if hasattr(tables, "save_flushed"):
        tables.save_flushed()
    else:       # an older checkout: every table changed since the last save
        tables.maybe_save(None)


def start(human: str) -> dict:
    """`/uno start` from the human `h<i>`, at a spot of their own: a table each (with a bot), as the
    latency benchmark's players, who start one after the other."""
    return {"type": "command", "player": human, "args": ["start"], "pos": [int(human[1:]) * 1000, 64, 50_000]}


def setup(players: int, bot_tables: int, store: TableStore | None = None) -> tuple[Tables, float]:
    tables = Tables(store=store, config=parse({"bots": {"fill_to": 2, "kind": "random"}, "game": {"single_round": False},
                           "table": {"join_radius": 0},
                           "timers": {"lobby": 0.2, "bot_think": 0.5, "next_round": 0.5, "catch_window": 1.0}}))
    owners = [f"b{i}" for i in range(bot_tables)]
    watchers = [f"w{i}" for i in range(bot_tables)]
    humans = [f"h{i}" for i in range(players)]
    tables.attach({"online": owners + watchers + humans, "vault": []}, 0)
    now = 0.0
    for i, name in enumerate(owners):   # bot tables: the opener leaves once dealt, a spectator stays
        tables.handle({"type": "command", "player": name, "args": ["start"], "pos": [i * 1000, 64, 0]}, now)
    for name in humans:   # apart, as the latency benchmark's players (one table each)
        tables.handle(start(name), now)
    left: set[str] = set()
    while len(left) < bot_tables:
        now = next_time(tables, now)
        tables.tick(now)
        for t in list(tables.tables.values()):
            if t.owner in owners and t.owner not in left and t.state == "playing":
                tables.handle({"type": "command", "player": "w" + t.owner[1:], "args": ["spectate", t.id]}, now)
                tables.handle({"type": "command", "player": t.owner, "args": ["leave"]}, now)
                left.add(t.owner)
        tables.flush(save=False)
    return tables, now


def batch_bytes(ops: list[dict], kinds: dict[str, int]) -> int:
    """The size of an op batch as Py4jTransport.apply sends it (UTF-8 JSON); adds each op's size to
    `kinds` by op kind."""
    for op in ops:
        kinds[op["op"]] = kinds.get(op["op"], 0) + len(json.dumps(op, ensure_ascii=False, separators=(",", ":")).encode())
    return len(json.dumps({"ops": ops}, ensure_ascii=False, separators=(",", ":")).encode()) if ops else 0


def run(players: int, bot_tables: int, events: int, profiler: cProfile.Profile | None,
        sizes: list[int], kinds: dict[str, int], saves: list[tuple[float, float]] | None = None,
        pause: float = 0.0) -> tuple[list[float], list[float]]:
    """The wall time and the CPU time of every answered event (ms); the bytes of each answered
    batch go to `sizes`, and by op kind to `kinds`. With `pause` (seconds), the thread sleeps that
    long before each timed event, as the engine loop waits in its poll between players' events. With `saves`, the tables live in SQLite: the
    clocks' changes are saved every `SAVE_INTERVAL` and the answers' right after them, as the loop
    does (the wall and CPU time of those saves go to `saves`, ms; not part of the answer's time)."""
    tmp = tempfile.TemporaryDirectory() if saves is not None else None
    store = TableStore(Path(tmp.name) / "tables.sqlite") if tmp is not None else None
    tables, now = setup(players, bot_tables, store)
    humans = [f"h{i}" for i in range(players)]
    latest: dict[str, list[str]] = {}
    answered: set[tuple[str, str]] = set()
    times: list[float] = []
    cpu: list[float] = []
    gc.collect()
    if collector.TUNES:     # as the loop does: CPython's collector (GraalPy's is the JVM's)
        gc.freeze()
    while len(times) < events:
        now = next_time(tables, now)
        for name in humans:      # a match over: the player starts the next (not timed)
            if name not in tables.where:
                tables.handle(start(name), now)
        tables.tick(now)
        prompts(tables.flush(save=False), latest)
        if store is not None:
            tables.maybe_save(now)
        for name, commands in sorted(latest.items()):
            click = choice(commands)
            if click is None or (name, click) in answered:
                continue
            answered.add((name, click))
            ev = {"type": "command", "player": name, "args": click.split(" ")[1:]}
            if pause:
                time.sleep(pause)
            if profiler is not None:
                profiler.enable()
            began, began_cpu = time.perf_counter(), time.thread_time()
            tables.handle(ev, now)
            ops = tables.flush(save=False)
            times.append((time.perf_counter() - began) * 1000)
            cpu.append((time.thread_time() - began_cpu) * 1000)
            if profiler is not None:
                profiler.disable()
            sizes.append(batch_bytes(ops, kinds))
            prompts(ops, latest)
            if saves is not None:
                began, began_cpu = time.perf_counter(), time.thread_time()
                save_after_answer(tables)
                saves.append(((time.perf_counter() - began) * 1000, (time.thread_time() - began_cpu) * 1000))
    if collector.TUNES:
        gc.unfreeze()
    if tmp is not None:
        tables.close()
        store.close()
        tmp.cleanup()
    return times, cpu


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, default=20, help="human players, each at a table with a bot")
    p.add_argument("--bot-tables", type=int, default=200, help="tables of bots, each with a spectator")
    p.add_argument("--events", type=int, default=2000, help="answered events per repeat")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--profile", metavar="FILE", help="a cProfile of the answered events only")
    p.add_argument("--save", action="store_true", help="tables in SQLite, saved as the loop saves them; "
                   "prints the time of the save after each answer")
    p.add_argument("--pause", type=float, default=0.0, metavar="MS",
                   help="sleep this long before each timed event, as the engine waits in its poll between "
                        "players' events (what a thread pays for running on a core that idled or ran others)")
    args = p.parse_args()
    if args.pause < 0:
        p.error(f"--pause: {args.pause:g} ms is not a time to sleep")
    profiler = cProfile.Profile() if args.profile else None
    figures: dict[str, list[tuple[float, float, float]]] = {"wall": [], "CPU": []}
    sizes: list[int] = []
    kinds: dict[str, int] = {}
    saves: list[tuple[float, float]] | None = [] if args.save else None
    for r in range(args.repeats):
        wall, cpu = run(args.players, args.bot_tables, args.events, profiler, sizes, kinds, saves, args.pause / 1000)
        for kind, values in (("wall", wall), ("CPU", cpu)):
            ms = sorted(values)
            figures[kind].append((statistics.median(ms), ms[int(len(ms) * 0.9)], ms[int(len(ms) * 0.99)]))
        print(f"repeat {r + 1}: {len(wall)} events; per answered event " + "; ".join(
            f"{kind} median {f[-1][0]:.3f} ms, p90 {f[-1][1]:.3f} ms, p99 {f[-1][2]:.3f} ms" for kind, f in figures.items()))
    if profiler is not None:
        profiler.dump_stats(args.profile)
    paused = f", {args.pause:g} ms asleep before each" if args.pause else ""
    print(f"{args.players} players + {args.bot_tables} bot tables{paused}, median of {args.repeats} repeats, per answered event: "
          + "; ".join(f"{kind} median {statistics.median(m for m, _, _ in f):.3f} ms, p90 "
                      f"{statistics.median(p for _, p, _ in f):.3f} ms, p99 {statistics.median(q for _, _, q in f):.3f} ms"
                      for kind, f in figures.items())
          + f" (load {os.getloadavg()[0]:.2f})")
    ordered = sorted(sizes)
    print(f"bytes per answered batch (JSON as sent): median {statistics.median(ordered):.0f}, "
          f"p99 {ordered[int(len(ordered) * 0.99)]}, mean {statistics.mean(ordered):.0f}; by op kind, bytes per batch: "
          + ", ".join(f"{k} {v / len(sizes):.0f}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])))
    if saves:
        print("the save after each answer (SQLite, as the loop does): " + "; ".join(
            f"{kind} median {statistics.median(ms):.3f} ms, p99 {ms[int(len(ms) * 0.99)]:.3f} ms, max {ms[-1]:.3f} ms"
            for kind, ms in (("wall", sorted(w for w, _ in saves)), ("CPU", sorted(c for _, c in saves)))))

if __name__ == "__main__":
    main()
