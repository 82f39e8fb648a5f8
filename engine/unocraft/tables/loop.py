"""The engine loop: one thread pulls player events from the plugin, lets the tables act, and
pushes one op batch back per round. It survives the plugin going away (reconnects) and the
tables survive the engine going away (SQLite)."""

from __future__ import annotations

import gc
import logging
import threading
import time

from ..transport.base import Transport, TransportClosed
from .config import EngineConfig
from .manager import Tables
from .store import TableStore

log = logging.getLogger("unocraft.engine")


class EngineLoop:
    def __init__(self, config: EngineConfig, transport: Transport, store: TableStore | None,
                 clock=time.time):
        self.answer_ms: list[float] = []   # event batch in -> its op batch handed to the plugin
        self.config = config
        self.transport = transport
        self.tables = Tables(config, store)
        self.clock = clock
        self.stop = threading.Event()

    def run(self, reconnect: bool = True) -> None:
        while not self.stop.is_set():
            try:
                hello = self.transport.connect()
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
                gc.collect()
                gc.freeze()
                self._serve()
            except TransportClosed as e:
                log.warning("plugin connection lost (%s)", e)
                if not reconnect:
                    raise
                self.stop.wait(0.5)
        self.tables.close()     # the statistics' last write; what fails waits in the journal
        self.transport.close()

    def _serve(self) -> None:
        while not self.stop.is_set():
            now = self.clock()
            wait_ms = int(min(self.tables.next_wakeup(now), 0.5) * 1000)
            events = self.transport.poll(wait_ms)
            started = time.perf_counter()
            now = self.clock()
            for ev in events:
                try:
                    self.tables.handle(ev, now)
                except Exception:   # one bad event must not stop every table
                    log.exception("event %r failed", ev)
            if events:
                self._send(save_now=True)   # answer the players first (and keep what they did), then the clocks and bots
                if len(self.answer_ms) < 100_000:
                    self.answer_ms.append((time.perf_counter() - started) * 1000)
            try:
                self.tables.tick(now)
            except Exception:
                log.exception("tick failed")
            self._send()
        self.tables.save()      # stopping: nothing changed is left unwritten
        if self.answer_ms:
            ms = sorted(self.answer_ms)
            log.info("engine time per answered event batch: median %.2f ms, p99 %.2f ms (%d batches)",
                     ms[len(ms) // 2], ms[min(len(ms) - 1, int(len(ms) * 0.99))], len(ms))

    def _send(self, save_now: bool = False) -> None:
        try:
            ops = self.tables.flush(save=False)
        except Exception:
            log.exception("redraw failed")
            ops, self.tables.ops = self.tables.ops, []
        if ops:
            self.transport.apply(ops)
        # saved after the ops are on their way: SQLite is not on the path of a click
        self.tables.maybe_save(None if save_now else self.clock())
