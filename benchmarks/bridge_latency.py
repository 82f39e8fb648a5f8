"""Bridge latency benchmark (issue 3, "Performance").

With 20 tables in play (20 mineflayer players, each at a table with an engine bot), measures
from the client sending a play to the client receiving its updated hand, over at least 500 plays,
and beside it, in the same run and on the same server, the round trip of a plain Java command
that does not touch Python (`/benchping`, which changes one inventory slot). Prints p50 and p99
of both and the difference, and the server time spent per applied op batch (median, p99).

    python benchmarks/bridge_latency.py [--players 20] [--plays 500]

Needs what the end-to-end tests need (scripts/test prepares it): the built plugin, Java 25 and
`npm ci` in tests/e2e.
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


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(q * len(s) + 0.5)) - 1))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=20)
    ap.add_argument("--plays", type=int, default=500)
    ap.add_argument("--warmup", type=int, default=40, help="plays measured first and not counted (JIT, py4j warm-up)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        server = DevServer(Path(tmp), {
            "game": {"single_round": False},
            "bots": {"fill_to": 2, "kind": "random"},
            "timers": {"lobby": 0.2, "bot_think": 0.5, "next_round": 0.5, "catch_window": 1.0}})
        server.start()
        try:
            r = run_node("../../benchmarks/bridge_latency.js", server.port, args.players, args.plays, args.warmup,
                         timeout=1200)
        finally:
            server.stop()
        log = server.log()
    java, bridge = r["java"], r["bridge"]
    print(f"{r['players']} tables in play; {len(bridge)} plays measured, {len(java)} plain Java commands "
          f"(after {r['warmup']} warm-up rounds)")
    print(f"{'round trip (ms)':<34}{'p50':>8}{'p99':>8}{'mean':>8}")
    for name, v in (("bridge: play -> updated hand", bridge), ("plain Java command -> slot", java)):
        print(f"{name:<34}{pct(v, .5):8.2f}{pct(v, .99):8.2f}{statistics.fmean(v):8.2f}")
    paired = [b - j for b, j in zip(bridge, java)]
    print(f"{'paired difference, play by play':<34}{pct(paired, .5):8.2f}{pct(paired, .99):8.2f}{statistics.fmean(paired):8.2f}")
    print(f"{'difference (bridge - Java)':<34}{pct(bridge, .5) - pct(java, .5):8.2f}{pct(bridge, .99) - pct(java, .99):8.2f}"
          f"{statistics.fmean(bridge) - statistics.fmean(java):8.2f}")
    m = re.findall(r"unocraft: op batches applied: (\d+), time per batch on the server thread: median ([\d.]+) ms, p99 ([\d.]+) ms", log)
    if m:
        n, med, p99 = m[-1]
        print(f"op batches applied: {n}; server time per batch: median {med} ms, p99 {p99} ms")
    m = re.findall(r"its CPU time: median ([\d.]+) ms, p99 ([\d.]+) ms, max ([\d.]+) ms", log)
    if m:     # the same batches' CPU time: the wall time also counts waits for a core or a GC pause
        print(f"CPU time per batch on the server thread: median {m[-1][0]} ms, p99 {m[-1][1]} ms, max {m[-1][2]} ms")
    slow = re.findall(r"an op took (.{0,110})", log)
    for line in slow[:8]:
        print(f"  op over 5 ms: {line}")
    m = re.findall(r"engine time per answered event batch: median ([\d.]+) ms, p99 ([\d.]+) ms \((\d+)", log)
    if m:
        med, p99, n = m[-1]
        print(f"engine (Python) time per answered event batch: median {float(med):.2f} ms, p99 {float(p99):.2f} ms ({n})")
    worst = sorted(range(len(bridge)), key=lambda i: -bridge[i])[:6]
    print("slowest plays (ms @ sample #):", ", ".join(f"{bridge[i]:.0f} @ {i}" for i in worst))
    bar = pct(bridge, .99) - pct(java, .99)
    print(f"bar: the bridge adds at most 5 ms at p99 -> {'met' if bar <= 5 else 'NOT met'} ({bar:.2f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
