"""What handing an op batch to the plugin costs the engine (issue 9 item 5): the batch sent one way
(protocol 2) against the `applyOps` call it replaced, in the same process.

Records the op batches the engine answers real player events with (`answer_path.py`'s game: players
at tables with bots, clicking what the latency benchmark's client clicks), then sends each,
`--repeats` times in turn, to the real plugin core in the dev server jar over a real py4j gateway
(loopback + token), both ways, interleaved: through the engine's transport (`Py4jTransport.apply`:
the JSON and the one-way write), then the same text through the `applyOps` call (py4j's escaping, the
socket both ways, the answer); after each, the round trip of the next call (`pollEvents(0)`, nothing
queued), which the plugin serves once it has read the batch. Times on the engine's clock; from the
plugin's stats, its own time per batch (reading and preparing it, on the py4j thread). Prints bytes per batch and µs per part (median, p90, p99).

    .venv/bin/python benchmarks/bridge_transit.py [--events 300] [--repeats 5]

Needs the built plugin and Java 25 (scripts/test prepares them).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
import harness  # noqa: E402
from harness import plugin_without_engine  # noqa: E402

from answer_path import choice, next_time, prompts, setup  # noqa: E402  (this folder is first on sys.path)
from unocraft.transport import Py4jTransport  # noqa: E402
from unocraft.transport.py4j_bridge import _BATCH_JSON  # noqa: E402


def recorded_batches(players: int, events: int) -> list[list[dict]]:
    """The op batches `players` humans' clicks are answered with (each the ops of one answered event)."""
    tables, now = setup(players, 0)
    humans = [f"h{i}" for i in range(players)]
    latest: dict[str, list[str]] = {}
    clicked: set[tuple[str, str]] = set()
    batches: list[list[dict]] = []
    while len(batches) < events:
        now = next_time(tables, now)
        for name in (h for h in humans if h not in tables.where):
            tables.handle({"type": "command", "player": name, "args": ["start"]}, now)
        tables.tick(now)
        prompts(tables.flush(save=False), latest)
        for name, commands in sorted(latest.items()):
            click = choice(commands)
            if click is not None and (name, click) not in clicked:
                clicked.add((name, click))
                tables.handle({"type": "command", "player": name, "args": click.split(" ")[1:]}, now)
                ops = tables.flush(save=False)
                if ops:
                    batches.append(ops)
                prompts(ops, latest)
    return batches


class _Folder:
    """What `plugin_without_engine` asks of pytest's tmp_path_factory: a new folder."""

    def __init__(self, root: Path):
        self.root = root

    def mktemp(self, name: str) -> Path:
        path = self.root / name
        path.mkdir()
        return path


def micros(ns: int) -> float:
    return ns / 1000


def summary(values: list[float]) -> str:
    s = sorted(values)
    return f"{statistics.median(s):8.1f} {s[int(len(s) * 0.9)]:8.1f} {s[min(len(s) - 1, int(len(s) * 0.99))]:8.1f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=20)
    ap.add_argument("--events", type=int, default=300, help="answered events recorded (one op batch each)")
    ap.add_argument("--repeats", type=int, default=5, help="times each batch is sent")
    ap.add_argument("--jar", type=Path, help="another build of the dev server jar (a before/after comparison)")
    args = ap.parse_args(argv)
    if args.jar:
        harness.JAR = args.jar.resolve()
    batches = recorded_batches(args.players, args.events)
    with tempfile.TemporaryDirectory() as tmp:
        fixture = plugin_without_engine(_Folder(Path(tmp)), "transit")
        plugin = next(fixture)
        t = Py4jTransport("127.0.0.1", plugin["port"], plugin["token"], connect_timeout=30)
        t.connect()
        try:
            bridge = t._bridge
            for ops in batches[:50]:          # warm-up: JIT on both sides, py4j's connection
                t.apply(ops)
            parts: dict[str, list[float]] = {k: [] for k in ("json", "one_way", "after_one_way", "apply_ops", "after_apply_ops")}
            sizes: list[int] = []
            for _ in range(args.repeats):
                for ops in batches:
                    a = time.perf_counter_ns()
                    text = _BATCH_JSON.encode({"ops": ops})
                    b = time.perf_counter_ns()
                    t.apply(ops)
                    c = time.perf_counter_ns()
                    bridge.pollEvents(0)
                    d = time.perf_counter_ns()
                    bridge.applyOps(text.decode("utf-8"))
                    e = time.perf_counter_ns()
                    bridge.pollEvents(0)
                    f = time.perf_counter_ns()
                    for k, v in (("json", b - a), ("one_way", c - b), ("after_one_way", d - c),
                                 ("apply_ops", e - d), ("after_apply_ops", f - e)):
                        parts[k].append(micros(v))
                    sizes.append(len(text))
            time.sleep(1.0)          # the last batches prepared
            java = t.stats().get("batch_in", {})
        finally:
            t.close()
            fixture.close()
    print(f"{args.jar or 'this worktree jar'}: {len(batches)} recorded op batches ({args.players} players' answered events) x {args.repeats}; "
          f"load {os.getloadavg()[0]:.2f}")
    s = sorted(sizes)
    ops_n = sorted(len(o) for o in batches)
    print(f"bytes per batch (JSON, UTF-8): median {statistics.median(s):.0f}, p90 {s[int(len(s) * .9)]}, max {s[-1]}; "
          f"ops per batch: median {statistics.median(ops_n):.0f}, max {ops_n[-1]}")
    print(f"{'engine clock, µs per batch':<66}{'median':>8} {'p90':>8} {'p99':>8}")
    for name, key in (("the JSON text (the transport's encoder)", "json"),
                      ("sent one way (Py4jTransport.apply: JSON + write)", "one_way"),
                      ("  the next call's round trip (pollEvents(0))", "after_one_way"),
                      ("the applyOps call, the same text (protocol 1's way)", "apply_ops"),
                      ("  the next call's round trip (pollEvents(0))", "after_apply_ops")):
        print(f"  {name:<64}{summary(parts[key])}")
    ratio = statistics.median(parts["apply_ops"]) / statistics.median(parts["one_way"])
    print(f"  the engine waits {ratio:.1f}x less per batch sent one way than for the applyOps call (medians)")
    for name, leg in java.items():
        print(f"  plugin clock: {name:<50}{leg['median_us']:8.1f} {'':>8} {leg['p99_us']:8.1f}  ({leg['n']} batches)")
    halves = sorted(range(len(sizes)), key=lambda i: sizes[i])
    for label, idx in (("smaller half", halves[:len(halves) // 2]), ("larger half", halves[len(halves) // 2:])):
        print(f"  {label}: bytes median {statistics.median(sizes[i] for i in idx):.0f}, sent one way median "
              f"{statistics.median(parts['one_way'][i] for i in idx):.1f} µs, applyOps median "
              f"{statistics.median(parts['apply_ops'][i] for i in idx):.1f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
