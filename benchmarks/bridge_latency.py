"""Bridge latency benchmark (issue 3, "Performance").

With 20 tables in play (20 mineflayer players, each at a table with an engine bot), measures
from the client sending a play to the client receiving its updated hand, and beside it, sent
with it so that the server reads both in the same tick, the round trip of a plain Java command
that does not touch Python (`/benchping`, which changes one inventory slot). Prints p50 and p99
of both, what the bridge adds to each play (the difference, play by play), where that time goes
(the plugin's per-leg timings: queue, engine, prepare, wait for the server thread, apply; the
engine's Python time), and the server time spent per applied op batch (median, p99).

    python benchmarks/bridge_latency.py [--players 20] [--plays 500] [--sched 12] [--world-table off]

`--world-table off` runs the same with the tables in the world off (`world.table: false`): the
server time per batch beside a run with them on is what drawing the tables costs.

With `--sched` (perf, as root) it also prints how long each thread waited for a core meanwhile
(`sched_delays.py`): what the plays' slowest hand-offs waited on.

Needs what the end-to-end tests need (scripts/test prepares it): the built plugin, Java 25 and
`npm ci` in tests/e2e.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from harness import DevServer, run_node  # noqa: E402

import sched_delays  # noqa: E402  (beside this file)


#: A play during which the client's event loop ran later than this was measured by a busy client.
CALM_MS = 10


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(q * len(s) + 0.5)) - 1))]


def legs_report(log: str) -> list[str]:
    """Where a player's input spent its time through the bridge, from the plugin's "bridge legs"
    line (the server's clock) and the engine's own figures (its clock): lines to print."""
    m = re.findall(r"bridge legs \(median / p99 ms, (\d+) answered batches\): (.*)", log)
    if not m:
        return ["bridge legs: not in the server's log"]
    n, legs = m[-1]
    out = [f"where a player's input goes through the bridge ({n} answered event batches, server clock){'median':>9} {'p99':>8}"]
    figures = {}
    for leg in legs.split("; "):
        name, med, p99 = re.fullmatch(r"(.+) ([\d.]+) / ([\d.]+)", leg).groups()
        figures[name.split(" ")[0]] = float(med), float(p99)
        out.append(f"  {name:<68} {float(med):8.2f} {float(p99):8.2f}")
    e = re.findall(r"engine time per answered event batch: median ([\d.]+) ms, p99 ([\d.]+) ms.*"
                   r"of it Python alone \(events, redraw\): median ([\d.]+) ms, p99 ([\d.]+) ms", log)
    if e and "engine" in figures:
        answer_med, answer_p99, py_med, py_p99 = (float(v) for v in e[-1])
        med, p99 = figures["engine"]
        out.append(f"    of the engine leg, Python (events, redraw; the engine's clock){'':<11} {py_med:8.2f} {py_p99:8.2f}")
        out.append(f"    the rest: py4j both ways, JSON, waits for the GIL or a core (difference of medians) {med - py_med:6.2f}")
    else:
        out.append("    (the engine's own Python time is not in the log: the engine logs it with UNOCRAFT_FIGURES_EVERY)")
    r = re.findall(r"engine loop rounds between two polls .*: median ([\d.]+) ms, p99 ([\d.]+) ms", log)
    if r and "queue" in figures:     # an action offered while the loop is in a round waits for its end
        out.append(f"    of the queue leg: the engine loop's rounds between two polls (the engine's clock){'':<3} "
                   f"{float(r[-1][0]):8.2f} {float(r[-1][1]):8.2f}")
    long = re.findall(r"engine loop rounds of 5 ms or more: (.*)", log)
    if long:
        out.append(f"    rounds of 5 ms or more: {long[-1]}")
    return out


#: Minestom's flag: a packet goes out when it is sent, not when the connection's writer next wakes
#: from its half-tick (25 ms) sleep. Without it a play's answer, applied mid-tick on the applier
#: thread a few ms after the Java command's slot change, missed that flush now and then and waited a
#: whole period: the difference measured the writer's phase, not the bridge. With it, each packet
#: wakes its writer thread, which costs the applier (the server-thread figures of a run with it are
#: higher than the dev server's default: compare with --writer minestom).
WRITE_AT_ONCE = "-Dminestom.new-socket-write-lock=true"


def record_scheduler(seconds: float, data: Path) -> list[str]:
    """The waits for a core of every thread over `seconds` from now: lines to print."""
    labels = sched_delays.process_labels()      # now, while the processes run
    sched_delays.record(seconds, data)
    return sched_delays.report(sched_delays.timehist(data), labels)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=20)
    ap.add_argument("--plays", type=int, default=500)
    ap.add_argument("--warmup", type=int, default=40, help="plays measured first and not counted (JIT, py4j warm-up)")
    ap.add_argument("--writer", choices=("at-once", "minestom"), default="at-once",
                    help="at-once (default): the dev server sends each packet when it is sent "
                         "(-Dminestom.new-socket-write-lock=true), so the client sees what the bridge adds; "
                         "minestom: Minestom's default writer, which sends every half tick (25 ms), as the dev server "
                         "runs by default: the server-thread figures without waking a writer per packet")
    ap.add_argument("--world-table", choices=("on", "off"), default="on",
                    help="the tables in the world (display entities): on (the default) or off")
    ap.add_argument("--sched", type=float, metavar="SECONDS",
                    help="also record the kernel's scheduler for SECONDS (with perf, as root) once the plays "
                         "are under way, and print how long each thread waited for a core (sched_delays.py)")
    ap.add_argument("--sched-after", type=float, default=45, metavar="SECONDS",
                    help="when to start that recording, after the clients start (default 45: joined and warm)")
    args = ap.parse_args(argv)
    if args.sched is not None and not (args.sched > 0 and args.sched_after >= 0):
        ap.error(f"--sched {args.sched:g} --sched-after {args.sched_after:g}: record for more than 0 s, from 0 s on")
    if args.sched:
        why = sched_delays.available()
        if why:
            ap.error(f"--sched: {why}")
    sched_lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        server = DevServer(Path(tmp), {
            "game": {"single_round": False},
            "bots": {"fill_to": 2, "kind": "random"},
            "world": {"table": args.world_table == "on"},
            "timers": {"lobby": 0.2, "bot_think": 0.5, "next_round": 0.5, "catch_window": 1.0}},
            env={"UNOCRAFT_FIGURES_EVERY": "5",   # the engine's own figures in the log every 5 s
                 **({"JAVA_TOOL_OPTIONS": WRITE_AT_ONCE} if args.writer == "at-once" else {})})
        server.start()
        recorder = None
        if args.sched:
            recorder = threading.Timer(args.sched_after, lambda: sched_lines.extend(
                record_scheduler(args.sched, Path(tmp) / "sched.data")))
            recorder.start()
        try:
            r = run_node("../../benchmarks/bridge_latency.js", server.port, args.players, args.plays, args.warmup,
                         timeout=1200)
        finally:
            if recorder is not None:
                recorder.join()
            server.stop()
        log = server.log()
    java, bridge = r["java"], r["bridge"]
    print(f"tables in the world: {args.world_table}")
    print(f"{r['players']} tables in play; {len(bridge)} plays measured, {len(java)} plain Java commands "
          f"(after {r['warmup']} warm-up rounds)")
    print(f"{'round trip (ms)':<34}{'p50':>8}{'p99':>8}{'mean':>8}")
    for name, v in (("bridge: play -> updated hand", bridge), ("plain Java command -> slot", java)):
        print(f"{name:<34}{pct(v, .5):8.2f}{pct(v, .99):8.2f}{statistics.fmean(v):8.2f}")
    print(f"{'difference of the percentiles':<34}{pct(bridge, .5) - pct(java, .5):8.2f}{pct(bridge, .99) - pct(java, .99):8.2f}"
          f"{statistics.fmean(bridge) - statistics.fmean(java):8.2f}")
    # both commands of a play were read in the same server tick: their difference is the bridge's
    # share of that play, without the wait for the tick (0-50 ms) that both pay
    paired = [b - j for b, j in zip(bridge, java)]
    print(f"{'bridge adds, play by play':<34}{pct(paired, .5):8.2f}{pct(paired, .99):8.2f}{statistics.fmean(paired):8.2f}")
    m = re.findall(r"unocraft: op batches applied: (\d+), time per batch on the server thread: median ([\d.]+) ms, p99 ([\d.]+) ms", log)
    if m:
        n, med, p99 = m[-1]
        print(f"op batches applied: {n}; server time per batch: median {med} ms, p99 {p99} ms")
    m = re.findall(r"its CPU time: median ([\d.]+) ms, p99 ([\d.]+) ms, max ([\d.]+) ms", log)
    if m:     # the same batches' CPU time: the wall time also counts waits for a core or a GC pause
        print(f"CPU time per batch on the server thread: median {m[-1][0]} ms, p99 {m[-1][1]} ms, max {m[-1][2]} ms")
    m = re.findall(r"server time per op kind \(mean per op, ops\): (.*)", log)
    if m:     # what the batches are made of
        print(f"server time per op kind (mean per op, ops): {m[-1]}")
    slow = re.findall(r"an op took (.{0,110})", log)
    for line in slow[:8]:
        print(f"  op over 5 ms: {line}")
    m = re.findall(r"engine time per answered event batch: median ([\d.]+) ms, p99 ([\d.]+) ms \((\d+)", log)
    if m:
        med, p99, n = m[-1]
        print(f"engine (Python) time per answered event batch: median {float(med):.2f} ms, p99 {float(p99):.2f} ms ({n})")
    m = re.findall(r"of it Python alone \(events, redraw\): median ([\d.]+) ms, p99 ([\d.]+) ms;.*"
                   r"the Python part's CPU time: median ([\d.]+) ms, p99 ([\d.]+) ms", log)
    if m:
        print(f"  of it Python alone: median {m[-1][0]} ms, p99 {m[-1][1]} ms (the rest is the bridge call); "
              f"its CPU time: median {m[-1][2]} ms, p99 {m[-1][3]} ms")
    m = re.findall(r"of the Python part's CPU time, (handling the events: .*)", log)
    if m:     # what the Python part is made of: its events, what it redrew
        print(f"  of its CPU time, {m[-1]}")
    for line in legs_report(log):
        print(line)
    lags = r.get("lags") or [0.0] * len(paired)
    worst = sorted(range(len(paired)), key=lambda i: -paired[i])[:6]
    print("plays the bridge added most to (ms @ sample #, the client's event loop late by at most ms meanwhile):",
          ", ".join(f"{paired[i]:.1f} @ {i} ({lags[i]:.0f})" for i in worst))
    # a client whose event loop was busy elsewhere (a collection, another bot's packets) read the
    # updates late: the same figure over the plays where it kept up, to tell the two apart
    calm = [d for d, lag in zip(paired, lags) if lag <= CALM_MS]
    if calm:
        print(f"{'bridge adds, plays where the client kept up':<34}{pct(calm, .5):8.2f}{pct(calm, .99):8.2f}"
              f"{statistics.fmean(calm):8.2f}  ({len(calm)} of {len(paired)} plays: its event loop never "
              f"more than {CALM_MS} ms late)")
    if sched_lines:
        print(f"waits for a core during {args.sched:g} s of the plays (perf sched):")
        for line in sched_lines:
            print("  " + line)
    bar = pct(paired, .99)
    print(f"target: the bridge adds at most 2 ms to a play at p99 -> {'met' if bar <= 2 else 'NOT met'} ({bar:.2f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
