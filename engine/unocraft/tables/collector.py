"""Keeping the garbage collector's full passes short while tables come and go.

CPython's full collection walks every tracked object it has not been told to leave alone; with
200 tables that is every table's game, and a pass held the engine up for tens of milliseconds (a
click waited that long). The loop freezes what exists when the plugin connects (modules,
language files, faces), but tables open later. `Collector.settle`, called by the loop between
rounds, moves what has lived for a while into the permanent generation (`gc.freeze`) every
`FREEZE_EVERY` seconds, right after a collection of the young generations (so the garbage they
hold is not frozen with them): a full pass then walks only what was promoted since.

A frozen object freed by its reference count goes as usual; one that dies in a reference cycle
stays until it is unfrozen. A closed table's game no longer does (its rules keep no bound method of
their own: the verbs' checks are functions in a table built once, dispatch.verb_table; tests/test_speed_caches.py checks every edition): with the
games, the tables and their SQLite saves, a thaw every 45 s of a capacity run (100 tables, 632
matches in 11 minutes) found nothing after the start-up's own leftovers. What can still be caught
is garbage of libraries: the statistics thread builds an SQLAlchemy upsert (its `excluded` alias,
about 150 objects in cycles) while the loop freezes, now and then (in self-play on a simulated
clock, a freeze every 5 s of it, two such statements in 2800 s). Without a full pass that garbage
would stay for as long as the engine runs. So every `THAW_EVERY` seconds everything is unfrozen
and collected once, then frozen again: one full pass an hour over everything tracked (about 40 ms
of CPU with 200 tables on a quiet machine, 90-170 ms at a load of 10-17 on 2 cores) bounds it to
an hour's worth.

On GraalPy the JVM's collector does this work (generational, concurrent): there is no `gc.freeze`,
and `gc.collect` asks the JVM for a full collection, so the collector leaves it alone.
"""

from __future__ import annotations

import gc
import sys

FREEZE_EVERY = 5.0      # seconds between freezes of what lived through the young collections
THAW_EVERY = 3600.0     # seconds between full collections of everything (the cycles that died frozen)
#: CPython's collector is the one this tunes (GraalPy's is the JVM's)
TUNES = sys.implementation.name == "cpython"


class Collector:
    def __init__(self, now: float):
        self.frozen_at = now
        self.thawed_at = now

    def freeze_all(self, now: float) -> None:
        """Collects everything once, then leaves what lives out of later full passes (at the
        plugin's connection, and every `THAW_EVERY` seconds)."""
        if not TUNES:
            return
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.frozen_at = self.thawed_at = now

    def settle(self, now: float) -> None:
        """Between two rounds of the loop: freezes what lived through the young collections
        every `FREEZE_EVERY` seconds, and collects everything every `THAW_EVERY` seconds."""
        if not TUNES:
            return
        if now >= self.thawed_at + THAW_EVERY:
            self.freeze_all(now)
        elif now >= self.frozen_at + FREEZE_EVERY:
            gc.collect(1)
            gc.freeze()
            self.frozen_at = now
