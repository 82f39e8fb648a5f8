"""Measurements of the engine loop, kept out of the code they measure.

The loop and the tables tell `probe` when things happen (a round begins, its phases end, an answer
is handed over, a bot moves); the probe installed by default does nothing with it. A benchmark
installs a `Recorder` (`install`, or `UNOCRAFT_FIGURES_EVERY` for an engine it starts), which
keeps the times and logs them (benchmarks/capacity.py and bridge_latency.py read the lines).
"""

from __future__ import annotations

import logging
import os
import time
from collections import deque
from typing import Sequence

try:
    import resource
    _THREAD_USAGE = resource.RUSAGE_THREAD    # Linux: this thread's context switches
except (ImportError, AttributeError):         # elsewhere the switches are counted as none
    resource = None     # type: ignore[assignment]  # no such module here: checked before each use

log = logging.getLogger("unocraft.engine")

#: seconds: an engine started with it records its figures and logs them this often, besides once
#: when its loop stops (a stopping engine's last line may be lost with the server's log)
FIGURES_ENV = "UNOCRAFT_FIGURES_EVERY"
#: the rounds kept (the latest; a capacity run makes ~100,000 a minute) ...
ROUNDS_KEPT = 50_000
#: ... and of those that took this long (ms) or more, their parts and CPU time too
LONG_ROUND_MS = 5.0
#: the parts of a round of the loop: the players' events with their answer; its save; the tables'
#: clocks; their answer; the interval's save (a part of it a round); the collector
ROUND_PHASES = ("events and answer", "its save", "clocks", "clocks' answer", "the interval's save", "collector")
#: answers and bot moves kept at most
KEPT = 100_000


class Probe:
    """Measures nothing: the default."""

    def round_started(self) -> None:
        """A round of the loop begins: the events of a poll are in."""

    def events_handled(self) -> None:
        """The round's events went through the tables."""

    def no_answer(self) -> None:
        """The round had no event to answer."""

    def rendered(self) -> None:
        """The op batch is made (redrawn), not yet handed over."""

    def mark(self) -> None:
        """A phase of the round ended (ROUND_PHASES: the ops handed over, then the save after them)."""

    def answered(self, events: int, tables: int) -> None:
        """The round's answer was handed over and saved: `events` answered, `tables` redrawn."""

    def round_ended(self) -> None:
        """The round is over (after the collector)."""

    def bot_moved(self, wait: float) -> None:
        """A bot moved `wait` seconds after its table last changed."""

    def report(self) -> None:
        """The figures so far, to the log."""


class Recorder(Probe):
    """Keeps the loop's times and logs them every `every` seconds (0: only at `report`)."""

    def __init__(self, every: float = 0.0):
        self.every = every
        self.report_at = time.monotonic() + every
        self.answer_ms: list[float] = []     # event batch in -> its op batch handed to the plugin
        self.python_ms: list[float] = []     # ... of which handling the events and redrawing (no bridge call)
        self.save_ms: list[float] = []       # the save right after an answer (not on the click's path)
        self.python_cpu_ms: list[float] = []   # the CPU time of the Python part (a busy machine adds waits)
        self.events_cpu_ms: list[float] = []   # ... of which handling the events (the rest redraws)
        self.answer_events: list[int] = []
        self.answer_tables: list[int] = []
        # the latest rounds, from a poll's answer to the next poll (a player's event waits up to this);
        # of the long ones: (round number, wall ms, CPU ms, (wall ms, CPU ms, waits, preemptions) of each
        # of ROUND_PHASES)
        self.round_ms: deque[float] = deque(maxlen=ROUNDS_KEPT)
        self.long_rounds: deque[tuple[int, float, float, tuple[tuple[float, float, int, int], ...]]] = deque(
            maxlen=ROUNDS_KEPT)
        self.rounds_done = 0
        self.bot_waits: deque[float] = deque(maxlen=KEPT)
        self.marks: list[tuple[float, float, int, int]] = []
        self.handled_cpu = 0.0
        self.rendered_at = (0.0, 0.0)

    def round_started(self) -> None:
        if self.every and time.monotonic() >= self.report_at:
            self.report()
            self.report_at = time.monotonic() + self.every
        self.marks = [clocks()]

    def events_handled(self) -> None:
        self.handled_cpu = time.thread_time()

    def no_answer(self) -> None:
        self.marks += [self.marks[0], clocks()]

    def rendered(self) -> None:
        self.rendered_at = (time.perf_counter(), time.thread_time())

    def mark(self) -> None:
        self.marks.append(clocks())

    def answered(self, events: int, tables: int) -> None:
        started, handed, saved = self.marks[0], self.marks[-2], self.marks[-1]
        if len(self.answer_ms) < KEPT:
            self.answer_ms.append((handed[0] - started[0]) * 1000)
            self.python_ms.append((self.rendered_at[0] - started[0]) * 1000)
            self.python_cpu_ms.append((self.rendered_at[1] - started[1]) * 1000)
            self.save_ms.append((saved[0] - handed[0]) * 1000)
            self.events_cpu_ms.append((self.handled_cpu - started[1]) * 1000)
            self.answer_events.append(events)
            self.answer_tables.append(tables)

    def round_ended(self) -> None:
        self.mark()
        marks = self.marks
        wall = (marks[-1][0] - marks[0][0]) * 1000
        self.round_ms.append(wall)
        self.rounds_done += 1
        if wall >= LONG_ROUND_MS and len(marks) == len(ROUND_PHASES) + 1:
            self.long_rounds.append((self.rounds_done, wall, (marks[-1][1] - marks[0][1]) * 1000, tuple(
                (1000 * (b[0] - a[0]), 1000 * (b[1] - a[1]), b[2] - a[2], b[3] - a[3])
                for a, b in zip(marks, marks[1:]))))

    def bot_moved(self, wait: float) -> None:
        self.bot_waits.append(wait)

    def report(self) -> None:
        """The time per answered event batch, the rounds, and the bot turn delays so far."""
        if self.answer_ms:
            log.info("engine time per answered event batch: median %.2f ms, p99 %.2f ms (%d batches); "
                     "of it Python alone (events, redraw): median %.2f ms, p99 %.2f ms; then the save: median %.2f ms, "
                     "p99 %.2f ms; the Python part's CPU time: median %.2f ms, p99 %.2f ms",
                     *median_p99(self.answer_ms), len(self.answer_ms), *median_p99(self.python_ms),
                     *median_p99(self.save_ms), *median_p99(self.python_cpu_ms))
            log.info("of the Python part's CPU time, handling the events: median %.2f ms, p99 %.2f ms (the rest redraws); "
                     "events per answered batch: median %d, p99 %d, max %d; tables redrawn per answer: median %d, "
                     "p99 %d, max %d", *median_p99(self.events_cpu_ms), *median_p99(self.answer_events),
                     max(self.answer_events), *median_p99(self.answer_tables), max(self.answer_tables))
        if self.round_ms:
            rounds = list(self.round_ms)
            log.info("engine loop rounds between two polls (events, answer, save, clocks): median %.2f ms, p99 %.2f ms, "
                     "max %.2f ms (%d rounds)", *median_p99(rounds), max(rounds), len(rounds))
            first = self.rounds_done - len(rounds)      # the long ones among the rounds kept
            log.info("engine loop rounds of %g ms or more: %s", LONG_ROUND_MS, long_rounds(
                len(rounds), [r[1:] for r in self.long_rounds if r[0] > first]))
        if self.bot_waits:
            waits = list(self.bot_waits)
            log.info("bot moves: %d, time from the table's last change to the move: median %.0f ms, p99 %.0f ms, "
                     "max %.0f ms", len(waits), *(1000 * v for v in median_p99(waits)), 1000 * max(waits))


#: what the loop and the tables tell (`install` replaces it)
probe: Probe = Probe()


def install(new: Probe) -> Probe:
    """Makes `new` the probe; returns it."""
    global probe
    probe = new
    return new


def install_from_env() -> None:
    """An engine started with FIGURES_ENV records (a benchmark asked for its figures)."""
    every = os.environ.get(FIGURES_ENV)
    if every and not isinstance(probe, Recorder):
        install(Recorder(float(every)))


def clocks() -> tuple[float, float, int, int]:
    """Now, on the wall clock and on this thread's CPU clock, and how many times so far this thread
    gave up its core to wait (voluntary context switches: the GIL, a lock, the disk, a socket) and
    had it taken away (involuntary: preempted by another thread or process)."""
    if resource is None:
        return time.perf_counter(), time.thread_time(), 0, 0
    usage = resource.getrusage(_THREAD_USAGE)
    return time.perf_counter(), time.thread_time(), usage.ru_nvcsw, usage.ru_nivcsw


def long_rounds(rounds: int, long: list[tuple[float, float, tuple[tuple[float, float, int, int], ...]]]) -> str:
    """How many of `rounds` rounds were long (`long`: wall ms, CPU ms, and (wall ms, CPU ms, waits,
    preemptions) per part of ROUND_PHASES), their CPU time (the rest waited: for a core, the disk, a
    lock), and what they spent it on: each part's share of their time, how many of them it took most
    of, and how much of the part was CPU time; then how often a long round's thread waited (gave its
    core up: the GIL, a lock, the disk, a socket) and was preempted, and in which parts."""
    if not long:
        return f"none of {rounds}"
    total = sum(wall for wall, _, _ in long)
    busy = sum(cpu for _, cpu, _ in long)
    parts = []
    for i, name in enumerate(ROUND_PHASES):
        spent = sum(phases[i][0] for _, _, phases in long)
        spent_cpu = sum(phases[i][1] for _, _, phases in long)
        mostly = sum(1 for wall, _, phases in long if phases[i][0] * 2 >= wall)
        parts.append(f"{name} {100 * spent / total:.0f} % (most of {mostly}; CPU {100 * spent_cpu / spent if spent else 0:.0f} %)")
    switches = []
    for what, k in (("waited", 2), ("was preempted", 3)):
        by_part = [sum(phases[i][k] for _, _, phases in long) for i in range(len(ROUND_PHASES))]
        where = ", ".join(f"{n} in {name}" for name, n in zip(ROUND_PHASES, by_part) if n)
        switches.append(f"{what} {sum(by_part) / len(long):.1f} times a round" + (f" ({where})" if where else ""))
    return (f"{len(long)} of {rounds}, {total / len(long):.1f} ms on average, of it CPU {busy / len(long):.1f} ms; "
            + ", ".join(parts) + "; the loop's thread " + " and ".join(switches))


def median_p99(values: Sequence[float]) -> tuple[float, float]:
    ms = sorted(values)
    return ms[len(ms) // 2], ms[min(len(ms) - 1, int(len(ms) * 0.99))]
