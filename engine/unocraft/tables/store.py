"""Table state in SQLite, so tables resume after an engine restart, and the statistics journal.

A table lives on one server, so its state stays in this local file whatever `statistics.storage`
says. The statistics counters of a save, and the results of the matches that ended (what the
ratings are updated from), go into `stats_outbox` in the same transaction as the tables (a crash
keeps both or neither); `StatsService` writes them to the statistics database,
shared or not, and the rows it has written are dropped at a later save. `engine_meta` keeps this
engine's writer id, the name its numbered batches carry in the statistics database.

A save runs on the engine loop's thread, between a player's answer and the next poll, so it must
never wait for the disk. SQLite's own checkpoints (the write-ahead log copied into the database
file, with an fsync of each) ran in the commit that filled the log, a few times a minute, and held
it up to ~6 ms; and with synchronous=NORMAL the first commit after the log starts over syncs the
log (its new header): 3-9 ms on the engine loop's thread, seen with strace. So the store's own
connection syncs nothing (synchronous=OFF) and never checkpoints; a thread of its own
(`Checkpointer`) copies the log every `CHECKPOINT_EVERY` seconds when something was written, on a
connection that syncs as NORMAL does: the log before the copy, the database file after it.

What that keeps: a commit survives an engine or server crash (it is in the operating system's
hands, as with NORMAL); a power cut or an OS crash loses what was committed since the last
checkpoint (at most `CHECKPOINT_EVERY` of play) and nothing older,
and leaves the file consistent: the database file is only written by checkpoints, after the log
they copy is synced, and the log's frames are checksummed, so a frame the disk did not get ends
the log there. Closing syncs (the last checkpoint runs as NORMAL).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import uuid
import weakref
from typing import Any
from pathlib import Path


from ..sqlite_files import make_private, write_lock
from ..transport import codec


log = logging.getLogger("unocraft.engine")

#: seconds between two checkpoints of the write-ahead log, when something was written meanwhile: a
#: power cut loses at most this much play (the module's docstring)
CHECKPOINT_EVERY = 0.2

#: a table's saved row (its game inside as text: Game.to_json), by msgspec: a save writes every
#: table that changed, on the engine loop's thread
_TABLE_JSON = codec.encoder()


def describe(path: str | Path) -> tuple[str, int]:
    """The writer id of the tables file at `path` (made if the file predates it) and how many
    tables it holds: what `unocraft stats migrate` names a source by."""
    store = TableStore(path)
    try:
        return store.writer_id, len(store.load_all())
    finally:
        store.close()


def _rows(db: sqlite3.Connection, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
    """One statement's rows, its cursor closed at once: GraalPy frees a dropped cursor only at a
    garbage collection, and a statement left open there makes the next commit fail."""
    cursor = db.execute(sql, params)
    try:
        return cursor.fetchall()
    finally:
        cursor.close()


class Checkpointer:
    """Copies the store's write-ahead log into its database file on a thread of its own, every
    `every` seconds when the store wrote something meanwhile (`written`). The thread ends when
    the store closes or is dropped."""

    def __init__(self, path: str, every: float):
        self.written = threading.Event()
        self.stopping = threading.Event()
        self.done = 0                   # checkpoints made
        self.last: tuple[int, int, int] | None = None   # the last one's (busy, frames in the log, frames copied)
        self._thread = threading.Thread(target=self._run, args=(path, every), name="unocraft-checkpoints", daemon=True)
        self._thread.start()

    def _run(self, path: str, every: float) -> None:
        try:
            db = sqlite3.connect(path, check_same_thread=False)
            _rows(db, "PRAGMA synchronous=NORMAL")     # a checkpoint syncs the log, then the database file
        except sqlite3.Error as e:      # the log then grows until the engine closes the store
            log.warning("no checkpoints of %s: %s", path, e)
            return
        try:
            while not self.stopping.wait(every):
                if not self.written.is_set():
                    continue
                self.written.clear()
                try:
                    self.last = _rows(db, "PRAGMA wal_checkpoint(PASSIVE)")[0]
                    self.done += 1
                except sqlite3.Error as e:      # the next one copies it; a stopping engine checkpoints at close
                    log.warning("checkpoint of %s failed: %s", path, e)
        finally:
            db.close()

    def stop(self) -> None:
        self.stopping.set()
        self._thread.join()


class TableStore:
    def __init__(self, path: str | Path, checkpoint_every: float = CHECKPOINT_EVERY):
        self.path = str(path)
        if self.path != ":memory:":
            make_private(self.path)
        self.db = sqlite3.connect(self.path, check_same_thread=False)   # used by the one engine thread
        _rows(self.db, "PRAGMA journal_mode=WAL")
        # a commit survives an engine or server crash without an fsync, which would sit on the path
        # of a click: the checkpointer's connection syncs (the module's docstring); in memory NORMAL
        _rows(self.db, "PRAGMA synchronous=NORMAL")
        self.checkpoints: Checkpointer | None = None
        self.lock = threading.RLock()      # a file's is shared with the process's other writers of it
        if self.path != ":memory:":
            self.lock = write_lock(self.path)
            # no checkpoint and no fsync: those are the checkpointer thread's
            _rows(self.db, "PRAGMA wal_autocheckpoint=0")
            _rows(self.db, "PRAGMA synchronous=OFF")
            self.checkpoints = Checkpointer(self.path, checkpoint_every)
            weakref.finalize(self, self.checkpoints.stopping.set)
        with self.lock, self.db:
            _rows(self.db, "CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, data TEXT NOT NULL)")
            # AUTOINCREMENT: a number is never used twice, even after its row is gone (the
            # statistics database remembers the last number it applied)
            _rows(self.db, "CREATE TABLE IF NOT EXISTS stats_outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, "
                            "deltas TEXT NOT NULL, uuids TEXT NOT NULL, matches TEXT NOT NULL DEFAULT '[]')")
            # a file of an engine before the rating: its journal gains the match results
            if "matches" not in {r[1] for r in _rows(self.db, "PRAGMA table_info(stats_outbox)")}:
                _rows(self.db, "ALTER TABLE stats_outbox ADD COLUMN matches TEXT NOT NULL DEFAULT '[]'")
            _rows(self.db, "CREATE TABLE IF NOT EXISTS engine_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            _rows(self.db, "INSERT OR IGNORE INTO engine_meta (key, value) VALUES ('writer', ?)",
                            (f"engine-{uuid.uuid4()}",))
        self.writer_id = _rows(self.db, "SELECT value FROM engine_meta WHERE key = 'writer'")[0][0]
        self.forgotten_upto = 0

    def load_all(self) -> list[dict[str, Any]]:
        return [json.loads(row[0]) for row in _rows(self.db, "SELECT data FROM tables ORDER BY id")]

    def outbox(self) -> list[tuple[int, dict[str, Any], dict[str, Any], list[Any]]]:
        """Statistics batches not known to be written: `(number, player -> counters, uuids,
        match results)`."""
        return [(n, json.loads(d), json.loads(u), json.loads(m)) for n, d, u, m in
                _rows(self.db, "SELECT id, deltas, uuids, matches FROM stats_outbox ORDER BY id")]

    def events_seen(self) -> tuple[str, int] | None:
        """The last player event the saved tables hold: (the plugin run's session, its number)."""
        rows = _rows(self.db, "SELECT value FROM engine_meta WHERE key = 'events'")
        if not rows:
            return None
        session, _, seq = rows[0][0].rpartition(" ")
        return (session, int(seq)) if session and seq.isdigit() else None

    def save(self, tables: dict[str, dict[str, Any] | None], stats: dict[str, dict[str, int]] | None = None,
             uuids: dict[str, str] | None = None, written_upto: int = 0, matches: list[Any] | None = None,
             events_seen: tuple[str, int] | None = None) -> int | None:
        """Writes changed tables (None: deleted) and a batch of statistics counters to add (player
        -> counters) with the match results for the ratings, in one transaction, and drops journal
        rows up to `written_upto` (the statistics database has them); `events_seen`: the last
        player event handled, kept in the same transaction (`events_seen()`). Returns the batch's
        number (None without counters)."""
        number = None
        with self.lock, self.db:
            if events_seen is not None:
                _rows(self.db, "INSERT OR REPLACE INTO engine_meta (key, value) VALUES ('events', ?)",
                                (f"{events_seen[0]} {events_seen[1]}",))
            if stats:
                cursor = self.db.execute("INSERT INTO stats_outbox (deltas, uuids, matches) VALUES (?, ?, ?)",
                                         (json.dumps(stats, ensure_ascii=False),
                                          json.dumps(uuids or {}, ensure_ascii=False),
                                          json.dumps(matches or [], ensure_ascii=False)))
                number = cursor.lastrowid
                cursor.close()
            if written_upto > self.forgotten_upto:
                _rows(self.db, "DELETE FROM stats_outbox WHERE id <= ?", (written_upto,))
                self.forgotten_upto = written_upto
            for table_id, data in tables.items():
                if data is None:
                    _rows(self.db, "DELETE FROM tables WHERE id = ?", (table_id,))
                else:
                    _rows(self.db, "INSERT OR REPLACE INTO tables (id, data) VALUES (?, ?)",
                                    (table_id, _TABLE_JSON(data).decode()))
        if self.checkpoints is not None:
            self.checkpoints.written.set()
        return number

    def close(self) -> None:
        """Stops the checkpointer, copies what is left in the log and empties it, and closes."""
        if self.checkpoints is not None:
            self.checkpoints.stop()
            try:
                _rows(self.db, "PRAGMA synchronous=NORMAL")    # the last checkpoint syncs, as the checkpointer's do
                _rows(self.db, "PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error as e:      # the next start's first connection reads the log as it is
                log.warning("last checkpoint of %s failed: %s", self.path, e)
        self.db.close()
