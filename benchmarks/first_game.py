"""First game after a cold start (issue 9, item 2): what the server thread pays for the very first
`/uno start` on a fresh server (no card face shown yet, nothing loaded), against later games.

Starts the dev server with an empty data folder, lets one mineflayer player play `--rounds` rounds
against bots, stops the server and prints the plugin's stats lines: op batches, time per batch on
the server thread (median, p99; the slowest batch and the per-tick figures where the plugin
prints them), and how long the deal took to reach the client.

    python benchmarks/first_game.py [--rounds 1] [--repeat 3] [--slow-op-micros 1000]
                                    [--against PLUGIN_DIR]

`--slow-op-micros N` lists the server-thread ops over N µs (wall or CPU; the plugin logs the first
20). `--against PLUGIN_DIR` compares two builds, interleaved: each repeat is one cold start of this
checkout's dev server jar, then one of the jar in PLUGIN_DIR/devserver/target (e.g. main's: a folder
holding its pom.xml and devserver/target/unocraft-devserver.jar), and the summary is per build.

Needs what the end-to-end tests need (scripts/test prepares it).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from harness import DevServer, run_node  # noqa: E402


def one_cold_start(rounds: int, plugin_dir: str | None = None, slow_op_micros: int | None = None) -> dict:
    env = {"UNOCRAFT_FIGURES_EVERY": "0"}     # the server's figures (time per op batch) in the log at the stop
    if plugin_dir:
        env["UNOCRAFT_PLUGIN_DIR"] = plugin_dir
    if slow_op_micros is not None:
        env["JAVA_TOOL_OPTIONS"] = f"-Dunocraft.slowOpMicros={slow_op_micros}"
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        server = DevServer(Path(tmp), {
            "game": {"single_round": rounds == 1},
            "bots": {"fill_to": 4, "kind": "random"},
            "timers": {"lobby": 0.5, "bot_think": 0.3, "next_round": 0.5, "catch_window": 0.5}}, env=env)
        server.start(timeout=180)
        try:
            r = run_node("../../benchmarks/first_game.js", server.port, rounds, timeout=600)
        finally:
            server.stop(timeout=90)
        log = server.log()
    out = {"dealt_ms": r["dealtMs"], "slow": re.findall(r"an op took (.{0,100})", log),
           "load": round((load + os.getloadavg()[0]) / 2, 1)}
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


def summary(name: str, runs: list[dict]) -> None:
    for key in ("max", "cpu_max", "median", "cpu_median", "p99", "cpu_p99", "tick_max", "dealt_ms", "load"):
        values = [r[key] for r in runs if key in r]
        if values:
            print(f"{name}over {len(values)} cold starts: {key} median {statistics.median(values)}, max {max(values)}"
                  f" ({', '.join(str(v) for v in values)})")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="cold starts, each on a fresh server")
    ap.add_argument("--slow-op-micros", type=int, help="list the server-thread ops slower than this (µs)")
    ap.add_argument("--against", metavar="PLUGIN_DIR", help="a second build to compare with, cold starts interleaved")
    args = ap.parse_args(argv)
    builds = {"this checkout": None}
    if args.against:
        if not (Path(args.against) / "devserver" / "target" / "unocraft-devserver.jar").exists():
            ap.error(f"no devserver/target/unocraft-devserver.jar in {args.against}")
        builds[args.against] = args.against
    runs: dict[str, list[dict]] = {name: [] for name in builds}
    for i in range(args.repeat):
        for name, plugin_dir in builds.items():
            r = one_cold_start(args.rounds, plugin_dir, args.slow_op_micros)
            runs[name].append(r)
            label = f" ({name})" if args.against else ""
            print(f"cold start {i + 1}{label}: {r.get('batches')} op batches, server time per batch median {r.get('median')} ms, "
                  f"p99 {r.get('p99')} ms, slowest {r.get('max', 'n/a')} ms (most in one tick {r.get('tick_max', 'n/a')} ms), "
                  f"ticks that carried ops over {r.get('carried', 'n/a')}; "
                  f"deal reached the client {r['dealt_ms']} ms after /uno start; CPU time per batch median "
                  f"{r.get('cpu_median', 'n/a')} ms, p99 {r.get('cpu_p99', 'n/a')} ms, max {r.get('cpu_max', 'n/a')} ms; "
                  f"load {r['load']}", flush=True)
            for line in r["slow"]:
                print(f"  slow op: {line}")
    for name, rs in runs.items():
        summary(f"{name}: " if args.against else "", rs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
