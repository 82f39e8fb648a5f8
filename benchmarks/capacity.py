"""Capacity benchmark (issue 9, item 4): many tables on one engine and one dev server.

`--tables` light protocol clients each open a table of their own and sit idle (the engine's bots
play, and the turn timer plays the idle seat with a stand-in bot), and `--players` mineflayer
players each play a table of their own through chat clicks; after every table has started, the
run lasts `--seconds`. Prints the engine's CPU %, the engine's and the server's RSS, memory per
table, the server-thread time per op batch and per tick (median, p99, max; from the plugin's stats
line), how often a tick's time budget carried ops to the next tick, the bots' turn delay against
the configured `bot_think`, the errors (must be 0) and whether every table made progress.

    python benchmarks/capacity.py [--tables 200] [--players 5] [--seconds 60] [--bot-think 0.5]
    python benchmarks/capacity.py --profile engine.prof     # cProfile of the engine during the run

Loopback only. Needs what the end-to-end tests need (scripts/test prepares it): the built plugin,
Java 25 and `npm ci` in tests/e2e.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from harness import DevServer, finish_node, start_node  # noqa: E402

from bridge_latency import pct  # noqa: E402  (this folder is the script's, first on sys.path)

CLOCK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (its threads included)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def loadavg() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=200, help="tables of bots, each opened by an idle light client")
    ap.add_argument("--players", type=int, default=5, help="mineflayer players, each playing at a table of its own")
    ap.add_argument("--seconds", type=float, default=60, help="how long the measured window lasts")
    ap.add_argument("--bot-think", type=float, default=0.5, help="timers.bot_think: how long a bot waits before its move")
    ap.add_argument("--profile", metavar="FILE", help="write a cProfile of the engine process to FILE")
    args = ap.parse_args(argv)
    turn = 2.0     # the idle seat's turn: played by a stand-in bot after this long
    env = {"UNOCRAFT_PROFILE": str(Path(args.profile).resolve())} if args.profile else None
    with tempfile.TemporaryDirectory() as tmp:
        server = DevServer(Path(tmp), {
            "game": {"single_round": False},
            "table": {"seats": 4, "join_radius": 0},
            "bots": {"fill_to": 4, "kind": "random"},
            "timers": {"lobby": 0.5, "bot_think": args.bot_think, "turn": turn, "turn_warning": 1,
                       "next_round": 0.5, "catch_window": min(1.0, args.bot_think)}}, env=env)
        started = time.monotonic()
        server.start(timeout=180)
        # the engine is the child process the plugin supervises (not `unocraft serve`, which waits)
        engine_pid = server.engine_pids()[-1]
        java_pid = server._java_pids()[0]
        idle_engine_mb, idle_java_mb = rss_mb(engine_pid), rss_mb(java_pid)
        clients = start_node("../../benchmarks/capacity.js", server.port, args.tables, args.players, args.seconds,
                             args.bot_think)
        # the window opens when every table has started: sample CPU across the whole client run and
        # the RSS at its end (tables still open)
        cpu0, wall0 = cpu_seconds(engine_pid), time.monotonic()
        java_cpu0 = cpu_seconds(java_pid)
        peak_engine = peak_java = 0.0
        while clients.poll() is None:
            peak_engine, peak_java = max(peak_engine, rss_mb(engine_pid)), max(peak_java, rss_mb(java_pid))
            time.sleep(0.5)
        cpu1, wall1, java_cpu1 = cpu_seconds(engine_pid), time.monotonic(), cpu_seconds(java_pid)
        load = loadavg()
        try:
            r = finish_node(clients, "capacity.js", timeout=10)
        finally:
            server.stop(timeout=90)
        log = server.log()
    tables, players = r["tables"], r["players"]
    n = len(tables) + len(players)
    errors = [f"{t['name']}: {e}" for t in tables for e in t["errors"]]
    errors += [line for line in log.splitlines()
               if re.search(r"\bSEVERE\b|\bERROR\b|Traceback|bad op|applying ops failed|Exception", line)]
    stalled = [t["name"] for t in tables if t["moves"] == 0] + [p["name"] for p in players
                                                               if p["chatPlays"] + p["draws"] + p["rightClickPlays"] == 0]
    delay = [g / 1000 for t in tables for g in t["gaps"]]
    moves = sum(t["moves"] for t in tables)
    window = r["windowMs"] / 1000
    print(f"capacity: {len(tables)} tables of bots + {len(players)} mineflayer players at tables of their own, "
          f"{window:.0f} s measured (joining took {r['joinedMs'] / 1000:.0f} s, whole run {time.monotonic() - started:.0f} s); "
          f"load average at the end {load} on {os.cpu_count()} cores")
    print(f"engine CPU: {100 * (cpu1 - cpu0) / (wall1 - wall0):.0f} % of one core (joining included); "
          f"server CPU: {100 * (java_cpu1 - java_cpu0) / (wall1 - wall0):.0f} %")
    print(f"RSS: engine {idle_engine_mb:.0f} MB idle -> {peak_engine:.0f} MB peak, server {idle_java_mb:.0f} MB -> {peak_java:.0f} MB; "
          f"per table: engine {(peak_engine - idle_engine_mb) / n * 1024:.0f} KB, server {(peak_java - idle_java_mb) / n * 1024:.0f} KB")
    for pattern in (r"unocraft: (op batches applied: .*)", r"unocraft: (slowest op batch .*)"):
        m = re.findall(pattern, log)
        if m:
            print(f"server thread: {m[-1]}")
    slow = re.findall(r"an op took .*", log)
    if slow:
        print(f"ops over 5 ms on the server thread (the plugin logs the first 20): {len(slow)}"
              + "".join(f"\n  {line[:160]}" for line in slow[:8]))
    m = re.findall(r"engine time per answered event batch: median ([\d.]+) ms, p99 ([\d.]+) ms \((\d+)", log)
    if m:
        med, p99, k = m[-1]
        print(f"engine time per answered event batch (to the ops handed over): median {float(med):.2f} ms, p99 {float(p99):.2f} ms ({k})")
    m = re.findall(r"of it Python alone \(events, redraw\): median ([\d.]+) ms, p99 ([\d.]+) ms; then the save: median ([\d.]+) ms, p99 ([\d.]+) ms", log)
    if m:
        print(f"  of it Python alone: median {m[-1][0]} ms, p99 {m[-1][1]} ms (the rest is the bridge call); "
              f"the SQLite save after it: median {m[-1][2]} ms, p99 {m[-1][3]} ms")
    print(f"moves at the bot tables: {moves} ({moves / window / max(1, len(tables)):.2f} per table per second)")
    m = re.findall(r"bot moves: (\d+), time from the table's last change to the move: median (\d+) ms, p99 (\d+) ms, max (\d+) ms", log)
    if m:
        k, med, p99, mx = (int(v) for v in m[-1])
        think = 1000 * args.bot_think
        print(f"bot turn delay beyond bot_think {args.bot_think} s, in the engine ({k} bot moves): "
              f"median {med - think:.0f} ms, p99 {p99 - think:.0f} ms, max {mx - think:.0f} ms")
    if delay:
        print(f"  as the idle clients saw it (announcement to announcement, {len(delay)} moves; includes the clients' own lag): "
              f"median {1000 * statistics.median(delay):.0f} ms, p90 {1000 * pct(delay, .9):.0f} ms, p99 {1000 * pct(delay, .99):.0f} ms, "
              f"max {1000 * max(delay):.0f} ms")
    print(f"errors: {len(errors)}" + ("".join(f"\n  {e}" for e in errors[:10])))
    print(f"tables that made no progress: {len(stalled)}" + (f" ({', '.join(stalled[:10])})" if stalled else ""))
    if args.profile:
        print(f"engine profile: {args.profile} (python -m pstats {args.profile})")
    return 0 if not errors and not stalled else 1


if __name__ == "__main__":
    sys.exit(main())
