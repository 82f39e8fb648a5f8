"""First game after a cold start (issue 9, item 2): what the server thread pays for the very first
`/uno start` on a fresh server (no card face shown yet, nothing loaded), against later games.

Starts the dev server with an empty data folder, lets one mineflayer player play `--rounds` rounds
against bots, stops the server and prints the plugin's stats lines: op batches, time per batch on
the server thread (median, p99; the slowest batch and the per-tick figures where the plugin
prints them), and how long the deal took to reach the client.

    python benchmarks/first_game.py [--rounds 1] [--repeat 3]

Needs what the end-to-end tests need (scripts/test prepares it).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from harness import DevServer, run_node  # noqa: E402


def one_cold_start(rounds: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        server = DevServer(Path(tmp), {
            "game": {"single_round": rounds == 1},
            "bots": {"fill_to": 4, "kind": "random"},
            "timers": {"lobby": 0.5, "bot_think": 0.3, "next_round": 0.5, "catch_window": 0.5}})
        server.start(timeout=180)
        try:
            r = run_node("../../benchmarks/first_game.js", server.port, rounds, timeout=600)
        finally:
            server.stop(timeout=90)
        log = server.log()
    out = {"dealt_ms": r["dealtMs"], "slow": re.findall(r"an op took (.{0,100})", log)}
    m = re.findall(r"op batches applied: (\d+), time per batch on the server thread: median ([\d.]+) ms, p99 ([\d.]+) ms", log)
    if m:
        out["batches"], out["median"], out["p99"] = int(m[-1][0]), float(m[-1][1]), float(m[-1][2])
    m = re.findall(r"its CPU time: median ([\d.]+) ms, p99 ([\d.]+) ms, max ([\d.]+) ms", log)
    if m:     # what the ops cost, without the waits for a core or a GC pause in the wall time
        out["cpu_median"], out["cpu_p99"], out["cpu_max"] = (float(v) for v in m[-1])
    m = re.findall(r"slowest op batch ([\d.]+) ms; time per tick on ops: median ([\d.]+) ms, p99 ([\d.]+) ms, max ([\d.]+) ms.*"
                   r"next: (\d+)", log)
    if m:
        out["max"], out["tick_max"], out["carried"] = float(m[-1][0]), float(m[-1][3]), int(m[-1][4])
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="cold starts, each on a fresh server")
    args = ap.parse_args(argv)
    runs = []
    for i in range(args.repeat):
        r = one_cold_start(args.rounds)
        runs.append(r)
        print(f"cold start {i + 1}: {r.get('batches')} op batches, server time per batch median {r.get('median')} ms, "
              f"p99 {r.get('p99')} ms, slowest {r.get('max', 'n/a')} ms (most in one tick {r.get('tick_max', 'n/a')} ms), "
              f"ticks that carried ops over {r.get('carried', 'n/a')}; "
              f"deal reached the client {r['dealt_ms']} ms after /uno start; CPU time per batch median "
              f"{r.get('cpu_median', 'n/a')} ms, p99 {r.get('cpu_p99', 'n/a')} ms, max {r.get('cpu_max', 'n/a')} ms")
        for line in r["slow"][:5]:
            print(f"  op over 5 ms: {line}")
    for key in ("median", "p99", "max", "tick_max", "cpu_median", "cpu_p99", "cpu_max", "dealt_ms"):
        values = [r[key] for r in runs if key in r]
        if values:
            print(f"median over {len(values)} cold starts: {key} {statistics.median(values)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
