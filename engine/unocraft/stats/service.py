"""The engine's side of the statistics: a thread of its own writes them and answers `/uno stats` and
`/uno top`, so the engine's loop never waits on the database.

- The loop hands over numbered batches of counters and match results (the finishing orders that
  update the ratings, stats/rating.py) (`record`), taken from the tables' save, which
  has already put the same batch in the local journal (`TableStore`'s `stats_outbox`, in the
  transaction that saves the tables). The thread writes every waiting batch in one transaction
  (`StatsStore.apply`: exactly once, by number). The loop later drops journal rows up to
  `applied_upto`; rows still there at start are handed over again (`replay`): a crash, a stop while
  the database was away, or a power cut after the journal's commit loses nothing.
- Reads (`ask`) run on the same thread after the writes that were waiting, so `/uno stats` shows
  the round that just ended; the answer comes back through `answers()`, which the loop drains.
- A database that is down or slow: the batches wait (in memory, merged per player once more than
  `MERGE_OVER` wait, so the counters' memory stays bounded by the number of players; the match
  results stay a list, in order, since a rating depends on it), one WARNING line says so,
  the thread retries with a growing pause (at most `RETRY_MAX` s), and one INFO line says when the
  database is back. Reads meanwhile answer with an error the loop turns into a message.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Sequence
from typing import Any, Callable, Protocol

from . import rating
from .store import Batch, Deltas, StatsStore, database_url, merge

log = logging.getLogger("unocraft.stats")

#: a read `ask` hands the statistics thread: (its tag, the read, whether a player waits for it)
_Read = tuple[Any, Callable[[StatsStore], Any], bool]

MERGE_OVER = 1000      # waiting batches before those of this run are merged into one
RETRY_FIRST = 0.5      # seconds before the first retry; doubles up to RETRY_MAX
RETRY_MAX = 30.0


class StatsUnavailable(Exception):
    """The statistics database could not answer (down, unreachable, too slow)."""


class StatsService:
    def __init__(self, store: StatsStore, writer: str | None = None):
        self.store = store
        self.writer = writer or f"engine-{uuid.uuid4()}"
        self.applied_upto = 0                          # the last batch number the database holds
        self._cond = threading.Condition()
        self._batches: list[Batch] = []                # waiting to be written, oldest first
        self._replayed_upto = 0                        # batches up to this came from the journal
        self._writing_upto = 0                         # batches up to this are being written now
        self._reads: list[_Read] = []
        self._answers: list[tuple[Any, Any, Exception | None, bool]] = []
        self._unanswered = 0                           # urgent reads asked, not yet taken by `answers()`
        self._working = False
        self._retry_at = 0.0
        self._retry_pause = RETRY_FIRST
        self._down_since: float | None = None
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="unocraft-stats", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------ the engine loop's side (never waits)
    def replay(self, batches: Sequence[Batch]) -> None:
        """Batches found in the local journal at start: maybe written already (the database's
        number for this writer says), so each keeps its own number and is never merged."""
        with self._cond:
            self._batches[:0] = batches
            if batches:
                self._replayed_upto = max(self._replayed_upto, batches[-1][0])
            self._cond.notify()

    def record(self, number: int, deltas: Deltas, uuids: dict[str, str],
               matches: list[rating.Result] | None = None) -> None:
        """Batch `number`: counters (player -> counter -> amount), the players' UUIDs, and the
        results of the matches that ended (rating.py), in the order they ended."""
        with self._cond:
            self._batches.append((number, deltas, dict(uuids), list(matches or ())))
            if len(self._batches) > MERGE_OVER:
                self._merge_waiting()
            self._cond.notify()

    def ask(self, tag: Any, read: Callable[[StatsStore], Any], urgent: bool = True) -> None:
        """Runs `read(store)` on the statistics thread; `(tag, result, None)` or `(tag, None,
        error)` comes back from `answers()`. `urgent`: a player waits for it (see `asking`)."""
        with self._cond:
            self._reads.append((tag, read, urgent))
            self._unanswered += urgent
            self._cond.notify()

    def answers(self) -> list[tuple[Any, Any, Exception | None]]:
        with self._cond:
            done, self._answers = self._answers, []
            self._unanswered -= sum(urgent for *_, urgent in done)
        return [answer[:3] for answer in done]

    def asking(self) -> bool:
        """Urgent reads not answered yet (the loop then polls often, to pass the answer on quickly)."""
        with self._cond:
            return self._unanswered > 0

    def waiting(self) -> int:
        """Batches not written yet."""
        with self._cond:
            return len(self._batches)

    # ------------------------------------------------------------ tests and shutdown
    def idle(self, timeout: float = 10.0) -> bool:
        """Waits until every read is answered and every batch written (or the database failed
        once): for tests and shutdown, never in the loop."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._reads or self._working or (self._batches and self._down_since is None):
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def close(self, timeout: float = 5.0) -> None:
        """One last try to write what waits (whatever fails stays in the local journal), then stop."""
        with self._cond:
            self._stopping = True
            self._retry_at = 0.0
            self._cond.notify()
        self._thread.join(timeout)
        self.store.close()

    # ------------------------------------------------------------ the statistics thread
    def _merge_waiting(self) -> None:
        """Many batches wait (the database has been away a while): those of this run become one,
        keeping the newest number (all of them are newer than anything written before). Not those
        being written right now: the database may take them, and a merged batch is all or nothing."""
        floor = max(self._replayed_upto, self._writing_upto)
        keep = [b for b in self._batches if b[0] <= floor]
        mine = [b for b in self._batches if b[0] > floor]
        if len(mine) < 2:
            return
        deltas: Deltas = {}
        uuids: dict[str, str] = {}
        matches: list[rating.Result] = []
        for b in mine:
            merge(deltas, b[1])
            uuids.update(b[2])
            matches += b[3] if len(b) > 3 else ()
        self._batches = keep + [(mine[-1][0], deltas, uuids, matches)]

    def _run(self) -> None:
        while True:
            with self._cond:
                while not (self._reads or self._stopping or
                           (self._batches and time.monotonic() >= self._retry_at)):
                    self._cond.wait(max(0.01, self._retry_at - time.monotonic()) if self._batches else None)
                stopping = self._stopping
                reads, self._reads = self._reads, []
                batches = list(self._batches) if time.monotonic() >= self._retry_at else []
                self._writing_upto = batches[-1][0] if batches else 0
                self._working = True
            try:
                self._work(batches, reads)
            finally:
                with self._cond:
                    self._working = False
                    self._writing_upto = 0
                    self._cond.notify_all()
            if stopping:
                return

    def _work(self, batches: list[Batch], reads: list[_Read]) -> None:
        ok = True
        try:
            self.store.migrate()
            if batches:
                upto = self.store.apply(self.writer, batches)
                with self._cond:
                    self._batches = [b for b in self._batches if b[0] > upto]
                    self.applied_upto = max(self.applied_upto, upto)
        except Exception as e:      # the database: down, unreachable, refused; the batches wait
            ok = False
            self._failed(e)
        for tag, read, urgent in reads:
            try:
                if not ok:
                    raise StatsUnavailable("the statistics database is unavailable")
                result, error = read(self.store), None
            except Exception as e:
                result, error = None, e
                if not isinstance(e, (StatsUnavailable, ValueError)):
                    self._failed(e)
            with self._cond:
                self._answers.append((tag, result, error, urgent))
        if ok and batches and self._down_since is not None:
            log.info("statistics database is back after %.0f s: the waiting counters are written",
                     time.monotonic() - self._down_since)
        if ok and batches:
            self._down_since = None
            self._retry_pause = RETRY_FIRST

    def _failed(self, e: Exception) -> None:
        now = time.monotonic()
        with self._cond:
            if self._down_since is None:
                self._down_since = now
                log.warning("statistics database unavailable (%s); the games go on, their counters wait "
                            "(in memory and in the local journal) and are written when it is back",
                            _short(e))
            else:
                log.debug("statistics database still unavailable (%s)", _short(e))
            self._retry_at = now + self._retry_pause
            self._retry_pause = min(RETRY_MAX, self._retry_pause * 2)
            self._cond.notify_all()


def _short(e: Exception) -> str:
    text = str(getattr(e, "orig", None) or e).strip().splitlines()
    return f"{type(e).__name__}: {text[0] if text else ''}"[:300]


class StatsConfig(Protocol):
    """What `open_stats` reads of an engine config (tables/config.py's `EngineConfig`)."""
    @property
    def stats_storage(self) -> str: ...
    @property
    def stats_url(self) -> str: ...
    @property
    def stats_pool_size(self) -> int: ...


class Journal(Protocol):
    """What `open_stats` reads of the tables' store (tables/store.py's `TableStore`): its file and writer id."""
    @property
    def path(self) -> str: ...
    @property
    def writer_id(self) -> str: ...


def open_stats(config: StatsConfig, store: Journal | None = None) -> StatsService:
    """The statistics of an engine config (`statistics:`): by default in the tables' SQLite file
    (in memory without one). Nothing connects yet: the service's thread does, when it first writes or reads."""
    url = database_url(config.stats_storage, config.stats_url, store.path if store is not None else ":memory:")
    return StatsService(StatsStore(url, config.stats_pool_size, migrate=False),
                        writer=store.writer_id if store is not None else None)
