"""The engine loop: one thread pulls player events from the plugin, lets the tables act, and
pushes one op batch back per round. It survives the plugin going away (reconnects) and the
tables survive the engine going away (SQLite)."""

from __future__ import annotations

import cProfile
import math
import os
import logging
import threading
import time
from collections import deque

try:
    import resource
    _THREAD_USAGE = resource.RUSAGE_THREAD    # Linux: this thread's context switches
except (ImportError, AttributeError):         # elsewhere the switches are counted as none
    resource = None

from ..presentation import faces, lang
from ..transport.base import Transport, TransportClosed
from .collector import Collector
from .config import EngineConfig
from .manager import Tables
from .store import TableStore
from .table import BOT_WAITS

log = logging.getLogger("unocraft.engine")

#: a file name: the engine thread runs under cProfile and writes its statistics there when it stops
#: (benchmarks/capacity.py --profile)
PROFILE_ENV = "UNOCRAFT_PROFILE"
#: seconds: the loop logs its figures so far (time per answered event batch, bot turn delays) this
#: often and once when it stops; 0: at the stop only. The benchmarks set it (a stopping engine's
#: last line may be lost with the server's log); unset, a stop prints no figures to the console
FIGURES_ENV = "UNOCRAFT_FIGURES_EVERY"
#: seconds of table clocks (bot moves, timers, deals) per round of the loop; the tables still due
#: after it run in the next round, right after the players' events that came meanwhile
TICK_BUDGET = 0.002
#: the rounds the loop keeps the time of (the latest; a capacity run makes ~100,000 a minute) ...
ROUNDS_KEPT = 50_000
#: ... and of those that took this long (ms) or more, their parts and CPU time too
LONG_ROUND_MS = 5.0
#: the parts of a round of the loop: the players' events with their answer; its save; the tables'
#: clocks; their answer; the interval's save (a part of it a round); the collector
ROUND_PHASES = ("events and answer", "its save", "clocks", "clocks' answer", "the interval's save", "collector")


class EngineLoop:
    def __init__(self, config: EngineConfig, transport: Transport, store: TableStore | None,
                 clock=time.time):
        self.answer_ms: list[float] = []   # event batch in -> its op batch handed to the plugin
        self.python_ms: list[float] = []   # ... of which handling the events and redrawing (no bridge call)
        self.save_ms: list[float] = []     # the save right after an answer (not on the click's path)
        self.python_cpu_ms: list[float] = []   # the CPU time of the Python part (a busy machine adds waits to the wall time)
        # ... of which handling the events (the rest redraws); the events an answer answers, and the
        # tables it redrew
        self.events_cpu_ms: list[float] = []
        self.answer_events: list[int] = []
        self.answer_tables: list[int] = []
        # the latest rounds of the loop, from a poll's answer to the next poll (a player's event waits
        # up to this); of the long ones: (round number, wall ms, CPU ms, (wall ms, CPU ms, waits,
        # preemptions) of each of ROUND_PHASES), what they spent their time on (the rest of the CPU
        # time waited: for a core, the disk, a lock) and how often the thread gave up its core to wait
        # (for the GIL, a lock, the disk, a socket) or had it taken (by another thread or process)
        self.round_ms: deque[float] = deque(maxlen=ROUNDS_KEPT)
        self.long_rounds: deque[tuple[int, float, float, tuple[tuple[float, float, int, int], ...]]] = deque(maxlen=ROUNDS_KEPT)
        self.rounds_done = 0
        self.config = config
        self.transport = transport
        self.tables = Tables(config, store)
        self.clock = clock
        self.stop = threading.Event()
        self.collector = Collector(time.monotonic())

    def run(self, reconnect: bool = True) -> None:
        profile = os.environ.get(PROFILE_ENV)
        if not profile:
            return self._run(reconnect)
        profiler = cProfile.Profile()     # this thread only: the engine's own work
        profiler.enable()
        try:
            self._run(reconnect)
        finally:
            profiler.disable()
            profiler.dump_stats(profile)
            log.info("engine profile written to %s", profile)

    def _run(self, reconnect: bool) -> None:
        try:
            edition = self.config.options_for().edition
        except Exception:   # noqa: BLE001 - a bad preset is reported where a table opens
            edition = "classic"
        faces.warm_up(edition, self.stop)    # the first game's faces rendered before anyone asks them
        lang.load_all()                      # and every language's lines read
        while not self.stop.is_set():
            try:
                hello = self.transport.connect(self.stop)
            except TransportClosed as e:
                if not reconnect:
                    raise
                log.debug("%s; retrying", e)     # the transport logged the cause (once) already
                self.stop.wait(1.0)
                continue
            try:
                self.tables.attach(hello, self.clock())
                self.transport.apply(self.tables.flush())
                # what exists now (modules, language files, rendered faces) lives for good: keep it
                # out of the collector's full passes, which would otherwise pause a click now and then
                # (and what lives on later too: collector.py)
                self.collector.freeze_all(time.monotonic())
                self._serve()
            except TransportClosed as e:
                log.warning("plugin connection lost (%s)", e)
                if not reconnect:
                    raise
                self.stop.wait(0.5)
        self.tables.close()     # the statistics' last write; what fails waits in the journal
        self.transport.close()

    def _serve(self) -> None:
        every = float(os.environ.get(FIGURES_ENV) or 0)
        figures_at = time.monotonic() + every
        try:
            while not self.stop.is_set():
                if every and time.monotonic() >= figures_at:
                    self.log_figures()
                    figures_at = time.monotonic() + every
                now = self.clock()
                # rounded up: a wake-up due in under a millisecond (a statistics answer on its way) must
                # still wait a little; poll(0) in a loop would spin holding the GIL and starve the
                # statistics thread it waits for (that made /uno top 20-50 ms instead of a few)
                wait_ms = max(0, math.ceil(min(self.tables.next_wakeup(now), 0.5) * 1000))
                events = self.transport.poll(wait_ms)
                started = _clocks()
                now = self.clock()
                for ev in events:
                    try:
                        self.tables.handle(ev, now)
                    except Exception:   # one bad event must not stop every table
                        log.exception("event %r failed", ev)
                handed = started
                if events:
                    handled_cpu = time.thread_time()
                    handed = self._send(save_now=True, started=started)
                    if len(self.answer_events) < 100_000:
                        self.events_cpu_ms.append((handled_cpu - started[1]) * 1000)
                        self.answer_events.append(len(events))
                        self.answer_tables.append(len(self.tables.flushed))   # answer the players first (and keep what they did), then the clocks and bots
                answered = _clocks()
                try:
                    # bounded: a player's event waits in the plugin's queue while the tables tick
                    self.tables.tick(now, TICK_BUDGET)
                except Exception:
                    log.exception("tick failed")
                ticked = _clocks()
                redrawn = self._send()
                sent = _clocks()
                self.collector.settle(time.monotonic())
                ended = _clocks()
                wall = (ended[0] - started[0]) * 1000
                self.round_ms.append(wall)
                self.rounds_done += 1
                if wall >= LONG_ROUND_MS:
                    marks = (started, handed, answered, ticked, redrawn, sent, ended)
                    self.long_rounds.append((self.rounds_done, wall, (ended[1] - started[1]) * 1000, tuple(
                        (1000 * (b[0] - a[0]), 1000 * (b[1] - a[1]), b[2] - a[2], b[3] - a[3])
                        for a, b in zip(marks, marks[1:]))))
            self.tables.save()      # stopping: nothing changed is left unwritten
        finally:    # a lost connection too
            if os.environ.get(FIGURES_ENV) is not None:
                self.log_figures()

    def log_figures(self) -> None:
        """The time per answered event batch and the bot turn delays so far (benchmarks read them)."""
        if self.answer_ms:
            log.info("engine time per answered event batch: median %.2f ms, p99 %.2f ms (%d batches); "
                     "of it Python alone (events, redraw): median %.2f ms, p99 %.2f ms; then the save: median %.2f ms, p99 %.2f ms; "
                     "the Python part's CPU time: median %.2f ms, p99 %.2f ms",
                     *_median_p99(self.answer_ms), len(self.answer_ms), *_median_p99(self.python_ms), *_median_p99(self.save_ms),
                     *_median_p99(self.python_cpu_ms))
            log.info("of the Python part's CPU time, handling the events: median %.2f ms, p99 %.2f ms (the rest redraws); "
                     "events per answered batch: median %d, p99 %d, max %d; tables redrawn per answer: median %d, p99 %d, max %d",
                     *_median_p99(self.events_cpu_ms), *_median_p99(self.answer_events), max(self.answer_events),
                     *_median_p99(self.answer_tables), max(self.answer_tables))
        if self.round_ms:
            rounds = list(self.round_ms)
            log.info("engine loop rounds between two polls (events, answer, save, clocks): median %.2f ms, p99 %.2f ms, "
                     "max %.2f ms (%d rounds)", *_median_p99(rounds), max(rounds), len(rounds))
            first = self.rounds_done - len(rounds)      # the long ones among the rounds kept
            log.info("engine loop rounds of %g ms or more: %s", LONG_ROUND_MS, _long_rounds(
                len(rounds), [r[1:] for r in self.long_rounds if r[0] > first]))
        if BOT_WAITS:
            log.info("bot moves: %d, time from the table's last change to the move: median %.0f ms, p99 %.0f ms, max %.0f ms",
                     len(BOT_WAITS), *(1000 * v for v in _median_p99(list(BOT_WAITS))), 1000 * max(BOT_WAITS))

    def _send(self, save_now: bool = False, started: tuple[float, ...] | None = None) -> tuple[float, ...]:
        """Hands the ops over, then saves; returns when the ops were handed over (`_clocks`).
        With `started` (an answer to player events: its wall and CPU clock), records the time until
        the ops were handed over, the Python part of it (and its CPU time), and the save that follows."""
        try:
            ops = self.tables.flush(save=False)
        except Exception:
            log.exception("redraw failed")
            ops = self.tables.display.take()
        rendered, rendered_cpu = time.perf_counter(), time.thread_time()
        if ops:
            self.transport.apply(ops)
        handed = _clocks()
        # saved after the ops are on their way: SQLite is not on the path of a click; an answer
        # writes the tables it changed, the clocks' changes wait for the interval
        if save_now:
            self.tables.save_flushed()
        else:
            self.tables.maybe_save(self.clock())
        if started is not None and len(self.answer_ms) < 100_000:
            self.answer_ms.append((handed[0] - started[0]) * 1000)
            self.python_ms.append((rendered - started[0]) * 1000)
            self.python_cpu_ms.append((rendered_cpu - started[1]) * 1000)
            self.save_ms.append((time.perf_counter() - handed[0]) * 1000)
        return handed


def _clocks() -> tuple[float, float, int, int]:
    """Now, on the wall clock and on this thread's CPU clock, and how many times so far this thread
    gave up its core to wait (voluntary context switches: the GIL, a lock, the disk, a socket) and
    had it taken away (involuntary: preempted by another thread or process)."""
    if resource is None:
        return time.perf_counter(), time.thread_time(), 0, 0
    usage = resource.getrusage(_THREAD_USAGE)
    return time.perf_counter(), time.thread_time(), usage.ru_nvcsw, usage.ru_nivcsw


def _long_rounds(rounds: int, long: list[tuple[float, float, tuple[tuple[float, float, int, int], ...]]]) -> str:
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


def _median_p99(values: list[float]) -> tuple[float, float]:
    ms = sorted(values)
    return ms[len(ms) // 2], ms[min(len(ms) - 1, int(len(ms) * 0.99))]
