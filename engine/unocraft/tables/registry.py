"""The registry of tables: each table by id and the number it got, what changed since it was shown
and saved, and each table's next wake-up (the next moment its clocks may need the engine: a
countdown, a bot's move, a turn timer, a rejoin deadline, the next round; wakeups.py) in a heap, so
a tick touches the tables that are due and `next_wakeup` reads the heap's top: the loop's cost
follows the tables that changed, not how many there are."""

from __future__ import annotations

import heapq

from .config import Timers
from .table import Table
from .wakeups import wake_up


class Registry:
    def __init__(self) -> None:
        self.tables: dict[str, Table] = {}
        self.next_id = 1
        self.ids: list[str] | None = None         # the table ids, sorted (None: to sort again)
        self.dirty: set[str] = set()             # tables to redraw
        self.unsaved: set[str] = set()           # tables to write to SQLite
        self.deleted: set[str] = set()           # tables closed, to forget in the store at the next save
        self.closed: set[str] = set()            # tables closed since the last flush (their props go)
        # wake-ups: (time, table id); an entry whose time is not `wake_at[id]` any more is stale
        self.wakes: list[tuple[float, str]] = []
        self.wake_at: dict[str, float] = {}
        self.unscheduled: set[str] = set()       # tables changed since their wake-up was computed

    # ================================================================ the tables
    def get(self, tid: str | None) -> Table | None:
        return self.tables.get(tid) if tid else None

    def table_ids(self) -> list[str]:
        """Every table's id, sorted; the same list until a table opens or closes."""
        if self.ids is None:
            self.ids = sorted(self.tables)
        return self.ids

    def take_number(self) -> int:
        """The number of a table about to open (t1, t2, ...): never one a table had before."""
        n = self.next_id
        self.next_id += 1
        return n

    def add(self, t: Table) -> None:
        """A table opened, or came back from the store (whose numbers are not given again)."""
        self.tables[t.id] = t
        self.next_id = max(self.next_id, number(t.id) + 1)
        self.ids = None

    def remove(self, tid: str) -> bool:
        """The table closed: forgotten here and in the store at the next save. Whether it was here."""
        was = self.tables.pop(tid, None) is not None
        if was:
            self.ids = None
        self.dirty.discard(tid)
        self.deleted.add(tid)
        self.closed.add(tid)
        self.touch(tid)
        return was

    # ================================================================ what changed
    def changed(self, t: Table) -> None:
        """The table changed: redraw it, save it, and compute its wake-up again."""
        self.dirty.add(t.id)
        self.unscheduled.add(t.id)

    def touch(self, tid: str | None) -> None:
        """Its clocks may have moved (an input changed it): compute its wake-up again."""
        if tid is not None:
            self.unscheduled.add(tid)

    def touch_all(self) -> None:
        """Every table's clocks may have moved (new timers, a start)."""
        self.unscheduled |= set(self.tables)

    # ================================================================ wake-ups
    def due(self, now: float, timers: Timers) -> dict[str, float]:
        """The tables whose wake-up has come, each with its time; they have none until computed again."""
        self.schedule(now, timers)
        due: dict[str, float] = {}
        while self.wakes and self.wakes[0][0] <= now:
            when, tid = heapq.heappop(self.wakes)
            if self.wake_at.get(tid) == when:
                del self.wake_at[tid]
                due[tid] = when
        return due

    def schedule(self, now: float, timers: Timers) -> None:
        """Computes the wake-up of every table changed since (a closed one has none)."""
        for tid in self.unscheduled:
            t = self.tables.get(tid)
            when = wake_up(t, now, timers) if t is not None else None
            if when is None:
                self.wake_at.pop(tid, None)
            elif self.wake_at.get(tid) != when:
                self.wake_at[tid] = when
                heapq.heappush(self.wakes, (when, tid))
        self.unscheduled.clear()
        if len(self.wakes) > 2 * len(self.wake_at) + 64:      # mostly stale entries: start afresh
            self.wakes = [(when, tid) for tid, when in self.wake_at.items()]
            heapq.heapify(self.wakes)

    def next_wakeup(self, now: float, timers: Timers) -> float | None:
        """The earliest wake-up of any table (None: no table waits for a clock)."""
        self.schedule(now, timers)
        while self.wakes and self.wake_at.get(self.wakes[0][1]) != self.wakes[0][0]:
            heapq.heappop(self.wakes)
        return self.wakes[0][0] if self.wakes else None


def number(tid: str) -> int:
    """The table's number: t12 -> 12 (the order tables opened in)."""
    return int(tid.lstrip("t") or 0)
