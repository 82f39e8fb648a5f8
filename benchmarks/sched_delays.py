"""How long the threads on a play's path wait for a core, from the kernel's scheduler events.

A play crosses several threads in two processes (the server reads it, the py4j connection thread
answers the engine's poll, the engine's loop thread handles it, the connection thread reads and
prepares the op batch, the server thread applies it, a writer sends it). Each time one of them
becomes runnable (woken, or preempted while it ran) it may wait on a run queue before it runs;
`perf sched` records those waits. This prints, per process and thread name, how many times its
threads became runnable, the wait's median, p99 and max, the share of waits of 2 ms or more, and
how many of those long waits happened while another core stayed idle for a millisecond or more
(the kernel left the thread queued behind another one instead of moving it).

    sudo benchmarks/sched_delays.py --seconds 10          # the whole machine, now
    .venv/bin/python benchmarks/bridge_latency.py --sched 12   # during a latency run

Needs `perf` and the right to trace the scheduler (root, or kernel.perf_event_paranoid <= -1).
"""

from __future__ import annotations

import argparse
import bisect
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

#: a wait this long (ms) or longer counts as long
LONG_MS = 2.0
#: ... and another core idle this long (ms) meanwhile counts as a core left idle
IDLE_MS = 1.0

# `perf sched timehist` rows: time, [cpu], task name (may hold spaces) with [tid/pid] or [tid],
# wait time, scheduling delay, run time (ms)
_ROW = re.compile(r"^\s*(\d+\.\d+)\s+\[(\d+)\]\s+(.+?)\s+(\d+\.\d+)\s+(\d+\.\d+)\s+(\d+\.\d+)\s*$")
_TASK = re.compile(r"^(.*?)\[(\d+)(?:/(\d+))?\]$")


@dataclass
class Group:
    """The threads of one process with one name: their waits for a core (ms) and where."""
    waits: list[float] = field(default_factory=list)
    long_waits: list[tuple[float, float, int]] = field(default_factory=list)   # (start, end, cpu)


def parse_timehist(text: str) -> tuple[dict[tuple[int, str], Group], dict[int, list[tuple[float, float]]]]:
    """The waits of every (pid, thread name), and each CPU's idle intervals (start, end; seconds),
    from `perf sched timehist` output."""
    groups: dict[tuple[int, str], Group] = defaultdict(Group)
    idle: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for line in text.splitlines():
        m = _ROW.match(line)
        if not m:
            continue
        end, cpu, task = float(m[1]), int(m[2]), m[3]
        delay, run = float(m[5]), float(m[6])
        if task == "<idle>":
            idle[cpu].append((end - run / 1000, end))
            continue
        t = _TASK.match(task)
        if not t:
            continue
        name, pid = t[1].strip(), int(t[3] or t[2])
        g = groups[(pid, name)]
        g.waits.append(delay)
        if delay >= LONG_MS:     # the wait ended when the thread started its run
            started = end - run / 1000
            g.long_waits.append((started - delay / 1000, started, cpu))
    for spans in idle.values():
        spans.sort()
    return groups, idle


def idle_elsewhere(idle: dict[int, list[tuple[float, float]]], start: float, end: float, cpu: int) -> float:
    """The longest time (ms) any other CPU was idle within [start, end]."""
    best = 0.0
    for other, spans in idle.items():
        if other == cpu:
            continue
        total = 0.0
        i = max(0, bisect.bisect_left(spans, (start,)) - 1)
        while i < len(spans) and spans[i][0] < end:
            total += max(0.0, min(end, spans[i][1]) - max(start, spans[i][0]))
            i += 1
        best = max(best, total * 1000)
    return best


def report(text: str, labels: dict[int, str] | None = None, top: int = 14, min_runs: int = 20) -> list[str]:
    """Lines to print: the groups (of `min_runs` runs or more) with the most long waits first, then
    the most runs."""
    groups, idle = parse_timehist(text)
    labels = labels or {}
    rows = []
    for (pid, name), g in groups.items():
        if len(g.waits) < min_runs:
            continue
        ws = sorted(g.waits)
        left_idle = sum(1 for s, e, cpu in g.long_waits if idle_elsewhere(idle, s, e, cpu) >= IDLE_MS)
        rows.append((len(g.long_waits), len(ws), f"{labels.get(pid, str(pid))}: {name}", ws, left_idle))
    rows.sort(key=lambda r: (-r[0], -r[1]))
    out = [f"{'threads (process: name)':<40}{'runs':>7}{'median':>8}{'p99':>7}{'max':>7}"
           f"{f'>= {LONG_MS:g} ms':>10}{'of them, a core idle':>22}"]
    for n_long, n, what, ws, left_idle in rows[:top]:
        out.append(f"{what[:39]:<40}{n:7d}{statistics.median(ws):8.3f}{ws[min(n - 1, int(n * 0.99))]:7.2f}"
                   f"{ws[-1]:7.2f}{f'{n_long} ({100 * n_long / n:.2f} %)':>16}{left_idle:>16}")
    out.append(f"(waits for a core in ms, from becoming runnable to running; 'a core idle': another core "
               f"was idle {IDLE_MS:g} ms or more during the wait)")
    return out


def available() -> str | None:
    """Why the scheduler cannot be recorded here, or None when it can."""
    if shutil.which("perf") is None:
        return "perf is not installed"
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run(["perf", "sched", "record", "-a", "-o", str(Path(tmp) / "probe.data"), "--", "true"],
                           capture_output=True, text=True)
    if r.returncode != 0:
        return f"perf cannot trace the scheduler here: {(r.stderr.strip().splitlines() or ['?'])[-1]}"
    return None


def record(seconds: float, data: Path) -> None:
    subprocess.run(["perf", "sched", "record", "-a", "-o", str(data), "--", "sleep", str(seconds)],
                   check=True, capture_output=True)


def timehist(data: Path) -> str:
    return subprocess.run(["perf", "sched", "timehist", "-i", str(data)], check=True,
                          capture_output=True, text=True).stdout


def process_labels() -> dict[int, str]:
    """The processes running now, named by what they are in a benchmark run."""
    labels = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmd = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if "serve --attach" in cmd:
            labels[int(proc.name)] = "engine"
        elif "java" in cmd and "unocraft" in cmd:
            labels[int(proc.name)] = "server"
        elif cmd.startswith("node "):
            labels[int(proc.name)] = "clients"
    return labels


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=10)
    args = ap.parse_args(argv)
    if not args.seconds > 0:
        ap.error(f"--seconds: {args.seconds:g} is not a time to record for")
    why = available()
    if why:
        print(f"sched_delays: {why}", file=sys.stderr)
        return 2
    labels = process_labels()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "sched.data"
        record(args.seconds, data)
        print("\n".join(report(timehist(data), labels)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
