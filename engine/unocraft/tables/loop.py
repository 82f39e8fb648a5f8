"""The engine loop: one thread pulls player events from the plugin, lets the tables act, and
pushes one op batch back per round. It survives the plugin going away (reconnects) and the
tables survive the engine going away (SQLite)."""

from __future__ import annotations

import cProfile
import logging
import math
import os
import threading
import time
from typing import Callable, Iterable

from ..presentation import faces, lang
from ..transport.base import Transport, TransportClosed
from . import metrics
from .collector import Collector
from .config import EngineConfig
from .manager import Tables
from .store import TableStore
from .table import Table

log = logging.getLogger("unocraft.engine")

#: a file name: the engine thread runs under cProfile and writes its statistics there when it stops
#: (benchmarks/capacity.py --profile)
PROFILE_ENV = "UNOCRAFT_PROFILE"
#: seconds of table clocks (bot moves, timers, deals) per round of the loop; the tables still due
#: after it run in the next round, right after the players' events that came meanwhile
TICK_BUDGET = 0.002
class EngineLoop:
    def __init__(self, config: EngineConfig, transport: Transport, store: TableStore | None,
                 clock: Callable[[], float] = time.time, hints: bool = True, after_send: Callable[[dict[str, Table]], None] | None = None,
                 changed: Callable[[dict[str, Table], Iterable[str]], None] | None = None):
        """`hints`: the first-game and first-catch hints (they speak of hotbars and chat buttons);
        `after_send(tables)`: called after each op batch is handed over (the mcpi board paints);
        `changed(tables, ids)`: told which tables each op batch redrew, and every table at an
        attach (the web page's feed)."""
        self.config = config
        self.transport = transport
        self.tables = Tables(config, store)
        self.tables.core.hints.enabled = hints
        self.after_send = after_send
        self.changed = changed
        self.clock = clock
        self.stop = threading.Event()
        self.collector = Collector(time.monotonic())
        metrics.install_from_env()      # a benchmark asked for the loop's figures

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
                if self.changed is not None:
                    self.changed(self.tables.tables, list(self.tables.tables))    # every table, as resumed
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
        probe = metrics.probe
        try:
            while not self.stop.is_set():
                now = self.clock()
                # rounded up: a wake-up due in under a millisecond (a statistics answer on its way) must
                # still wait a little; poll(0) in a loop would spin holding the GIL and starve the
                # statistics thread it waits for (that made /uno top 20-50 ms instead of a few)
                wait_ms = max(0, math.ceil(min(self.tables.next_wakeup(now), 0.5) * 1000))
                events = self.transport.poll(wait_ms)
                probe.round_started()
                now = self.clock()
                for ev in events:
                    try:
                        self.tables.handle(ev, now)
                    except Exception:   # one bad event must not stop every table
                        log.exception("event %r failed", ev)
                if events:     # answer the players first (and keep what they did), then the clocks and bots
                    probe.events_handled()
                    self._send(save_now=True)
                    probe.answered(len(events), len(self.tables.flushed))
                else:
                    probe.no_answer()
                try:
                    # bounded: a player's event waits in the plugin's queue while the tables tick
                    self.tables.tick(now, TICK_BUDGET)
                except Exception:
                    log.exception("tick failed")
                probe.mark()
                self._send()
                self.collector.settle(time.monotonic())
                probe.round_ended()
            self.tables.save()      # stopping: nothing changed is left unwritten
        finally:    # a lost connection too
            probe.report()

    def _send(self, save_now: bool = False) -> None:
        """Hands the ops over, then saves: SQLite is not on the path of a click. An answer writes
        the tables it changed; the clocks' changes wait for the interval."""
        probe = metrics.probe
        try:
            ops = self.tables.flush(save=False)
        except Exception:
            log.exception("redraw failed")
            ops = self.tables.display.take()
        probe.rendered()
        if ops:
            self.transport.apply(ops)
        if self.after_send is not None:
            self.after_send(self.tables.tables)
        if self.changed is not None:
            self.changed(self.tables.tables, self.tables.flushed)
        probe.mark()
        if save_now:
            self.tables.save_flushed()
        else:
            self.tables.maybe_save(self.clock())
        probe.mark()
