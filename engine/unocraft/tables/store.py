"""Table state in SQLite, so tables resume after an engine restart, and the statistics journal.

A table lives on one server, so its state stays in this local file whatever `statistics.storage`
says. The statistics counters of a save go into `stats_outbox` in the same transaction as the
tables (a crash keeps both or neither); `StatsService` writes them to the statistics database,
shared or not, and the rows it has written are dropped at a later save. `engine_meta` keeps this
engine's writer id, the name its numbered batches carry in the statistics database.
"""

from __future__ import annotations

import json
import os
import sqlite3
import uuid
from pathlib import Path

import msgspec


#: a table's saved row (its game inside as text: Game.to_json), by msgspec: a save writes every
#: table that changed, on the engine loop's thread
_TABLE_JSON = msgspec.json.Encoder()


def make_private(path: str | Path) -> None:
    """Creates the database file owner-only (0600) before SQLite opens it, or closes up one an older
    version left readable: it holds players' names, UUIDs, hands and statistics. SQLite gives its
    -wal and -shm files the database file's permissions. Folders it has to create are 0700; an
    existing folder is left as it is (it may be the server's own)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(p, os.O_CREAT | os.O_RDWR, 0o600)
    os.close(fd)
    os.chmod(p, 0o600)


class TableStore:
    def __init__(self, path: str | Path):
        self.path = str(path)
        if self.path != ":memory:":
            make_private(self.path)
        self.db = sqlite3.connect(self.path, check_same_thread=False)   # used by the one engine thread
        self.db.execute("PRAGMA journal_mode=WAL")
        # WAL with synchronous=NORMAL: a commit survives an engine or server crash (not a power cut)
        # without an fsync per batch, which would sit on the path of every click
        self.db.execute("PRAGMA synchronous=NORMAL")
        with self.db:
            self.db.execute("CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, data TEXT NOT NULL)")
            # AUTOINCREMENT: a number is never used twice, even after its row is gone (the
            # statistics database remembers the last number it applied)
            self.db.execute("CREATE TABLE IF NOT EXISTS stats_outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, "
                            "deltas TEXT NOT NULL, uuids TEXT NOT NULL)")
            self.db.execute("CREATE TABLE IF NOT EXISTS engine_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            self.db.execute("INSERT OR IGNORE INTO engine_meta (key, value) VALUES ('writer', ?)",
                            (f"engine-{uuid.uuid4()}",))
        self.writer_id = self.db.execute("SELECT value FROM engine_meta WHERE key = 'writer'").fetchone()[0]
        self.forgotten_upto = 0

    def load_all(self) -> list[dict]:
        return [json.loads(row[0]) for row in self.db.execute("SELECT data FROM tables ORDER BY id")]

    def outbox(self) -> list[tuple[int, dict, dict]]:
        """Statistics batches not known to be written: `(number, player -> counters, uuids)`."""
        return [(n, json.loads(d), json.loads(u))
                for n, d, u in self.db.execute("SELECT id, deltas, uuids FROM stats_outbox ORDER BY id")]

    def save(self, tables: dict[str, dict | None], stats: dict[str, dict[str, int]] | None = None,
             uuids: dict[str, str] | None = None, written_upto: int = 0) -> int | None:
        """Writes changed tables (None: deleted) and a batch of statistics counters to add (player
        -> counters) in one transaction, and drops journal rows up to `written_upto` (the
        statistics database has them). Returns the batch's number (None without counters)."""
        number = None
        with self.db:
            if stats:
                number = self.db.execute("INSERT INTO stats_outbox (deltas, uuids) VALUES (?, ?)",
                                         (json.dumps(stats, ensure_ascii=False),
                                          json.dumps(uuids or {}, ensure_ascii=False))).lastrowid
            if written_upto > self.forgotten_upto:
                self.db.execute("DELETE FROM stats_outbox WHERE id <= ?", (written_upto,))
                self.forgotten_upto = written_upto
            for table_id, data in tables.items():
                if data is None:
                    self.db.execute("DELETE FROM tables WHERE id = ?", (table_id,))
                else:
                    self.db.execute("INSERT OR REPLACE INTO tables (id, data) VALUES (?, ?)",
                                    (table_id, _TABLE_JSON.encode(data).decode()))
        return number

    def close(self) -> None:
        self.db.close()
