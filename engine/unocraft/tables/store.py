"""Table state in SQLite, so tables resume after an engine restart; player statistics live in
the same file (`stats.StatsStore`)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from .stats import StatsStore


class TableStore:
    def __init__(self, path: str | Path):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, check_same_thread=False)   # used by the one engine thread
        self.db.execute("PRAGMA journal_mode=WAL")
        # WAL with synchronous=NORMAL: a commit survives an engine or server crash (not a power cut)
        # without an fsync per batch, which would sit on the path of every click
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, data TEXT NOT NULL)")
        self.db.commit()
        self.stats = StatsStore(self.db)    # player statistics: same file, same connection

    def load_all(self) -> list[dict]:
        return [json.loads(row[0]) for row in self.db.execute("SELECT data FROM tables ORDER BY id")]

    def save(self, tables: dict[str, dict | None], stats: dict[str, dict[str, int]] | None = None,
             uuids: dict[str, str] | None = None) -> None:
        """Writes changed tables (None: deleted) and statistics counters to add (player ->
        counters) in one transaction."""
        with self.db:
            if stats:
                self.stats.add_in_transaction(stats, uuids)
            for table_id, data in tables.items():
                if data is None:
                    self.db.execute("DELETE FROM tables WHERE id = ?", (table_id,))
                else:
                    self.db.execute("INSERT OR REPLACE INTO tables (id, data) VALUES (?, ?)",
                                    (table_id, json.dumps(data, ensure_ascii=False)))

    def close(self) -> None:
        self.db.close()
