"""Player statistics in SQLite, beside the tables (the same database file as `TableStore`).

One row per player (the name in lower case is the key; the UUID is kept when the plugin sends one):
matches played and won, rounds played and won, points won (at tables whose scoring awards points; penalty points of the other scorings are not counted), UNO calls,
times caught without UNO, cards played. Bots are never recorded. The tables layer adds up a round
in memory and hands the deltas over at the end of each round and match; they are written with the
tables' own batched save, after the op batch is on its way (never on the path of a click).

The schema is versioned in `unocraft_schema`: `CREATE TABLE IF NOT EXISTS`, then every column a
newer version added is added to an older table (`ALTER TABLE ADD COLUMN`), so opening an old
database keeps its rows.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

SCHEMA_PART = "player_stats"
SCHEMA_VERSION = 1

#: the counters, in display order; each is an INTEGER column defaulting to 0
COUNTERS = ("matches_played", "matches_won", "rounds_played", "rounds_won", "points",
            "uno_calls", "caught", "cards_played")

TOP_KINDS = ("wins", "points", "rate")
TOP_SIZE = 10
MIN_MATCHES_FOR_RATE = 5


def empty() -> dict[str, int]:
    return dict.fromkeys(COUNTERS, 0)


def player_key(name: str, uuid: str | None) -> str:
    """A player's row: by UUID when the plugin sent one (a renamed player keeps their statistics,
    the row takes the new name), else by the name in lower case."""
    return uuid.lower() if uuid else name.lower()


class StatsStore:
    """`db`: an open connection (the table store's) or a path to open."""

    def __init__(self, db: sqlite3.Connection | str | Path):
        if isinstance(db, sqlite3.Connection):
            self.db = db
            self.own = False
        else:
            path = str(db)
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(path, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.own = True
        self._migrate()

    def _migrate(self) -> None:
        with self.db:
            self.db.execute("CREATE TABLE IF NOT EXISTS unocraft_schema "
                            "(part TEXT PRIMARY KEY, version INTEGER NOT NULL)")
            self.db.execute("CREATE TABLE IF NOT EXISTS player_stats ("
                            "key TEXT PRIMARY KEY, name TEXT NOT NULL, uuid TEXT, "
                            + ", ".join(f"{c} INTEGER NOT NULL DEFAULT 0" for c in COUNTERS)
                            + ", updated_at REAL NOT NULL DEFAULT 0)")
            have = {row[1] for row in self.db.execute("PRAGMA table_info(player_stats)")}
            for column in ("uuid",) + COUNTERS + ("updated_at",):
                if column not in have:      # a table written by an older version
                    kind = "TEXT" if column == "uuid" else "REAL NOT NULL DEFAULT 0" \
                        if column == "updated_at" else "INTEGER NOT NULL DEFAULT 0"
                    self.db.execute(f"ALTER TABLE player_stats ADD COLUMN {column} {kind}")
            self.db.execute("INSERT INTO unocraft_schema (part, version) VALUES (?, ?) "
                            "ON CONFLICT(part) DO UPDATE SET version = MAX(version, excluded.version)",
                            (SCHEMA_PART, SCHEMA_VERSION))

    def version(self) -> int:
        row = self.db.execute("SELECT version FROM unocraft_schema WHERE part = ?", (SCHEMA_PART,)).fetchone()
        return int(row[0]) if row else 0

    # ------------------------------------------------------------ writing
    def add(self, deltas: dict[str, dict[str, int]], uuids: dict[str, str] | None = None,
            now: float | None = None) -> None:
        """Adds counters to players' rows (creating them) in one transaction. `deltas`: name ->
        {counter: amount}; unknown counters are refused (a programming error)."""
        if not deltas:
            return
        with self.db:
            self.add_in_transaction(deltas, uuids, now)

    def add_in_transaction(self, deltas: dict[str, dict[str, int]], uuids: dict[str, str] | None = None,
                           now: float | None = None) -> None:
        """`add` inside the caller's transaction (the table store writes the tables and the
        statistics of the same moment together: a crash keeps both or neither)."""
        now = time.time() if now is None else now
        uuids = uuids or {}
        cols = ", ".join(COUNTERS)
        marks = ", ".join("?" for _ in COUNTERS)
        update = ", ".join(f"{c} = {c} + excluded.{c}" for c in COUNTERS)
        for name, delta in deltas.items():
            bad = set(delta) - set(COUNTERS)
            if bad:
                raise ValueError(f"unknown counters {sorted(bad)}")
            values = [int(delta.get(c, 0)) for c in COUNTERS]
            key = player_key(name, uuids.get(name)) if uuids.get(name) else self._key_of(name)
            if key != name.lower():     # a row kept by name before the UUID was known becomes the UUID's
                self.db.execute("UPDATE player_stats SET key = ? WHERE key = ? AND COALESCE(uuid, ?) = ? "
                                "AND NOT EXISTS (SELECT 1 FROM player_stats WHERE key = ?)",
                                (key, name.lower(), key, key, key))
            self.db.execute(
                f"INSERT INTO player_stats (key, name, uuid, {cols}, updated_at) VALUES (?, ?, ?, {marks}, ?) "
                f"ON CONFLICT(key) DO UPDATE SET name = excluded.name, "
                f"uuid = COALESCE(excluded.uuid, uuid), {update}, updated_at = excluded.updated_at",
                [key, name, uuids.get(name), *values, now])

    def _key_of(self, name: str) -> str:
        """The row of a player the plugin sent no UUID for this time: the latest under that name."""
        row = self.db.execute("SELECT key FROM player_stats WHERE lower(name) = ? ORDER BY updated_at DESC LIMIT 1",
                              (name.lower(),)).fetchone()
        return row[0] if row else name.lower()

    # ------------------------------------------------------------ reading
    def get(self, name: str) -> dict | None:
        """One player's row (any case of the name), or None."""
        cur = self.db.execute(f"SELECT name, uuid, {', '.join(COUNTERS)} FROM player_stats "
                              "WHERE key = ? OR lower(name) = ? ORDER BY updated_at DESC LIMIT 1",
                              (name.lower(), name.lower()))
        row = cur.fetchone()
        if row is None:
            return None
        return {"name": row[0], "uuid": row[1], **dict(zip(COUNTERS, (int(v) for v in row[2:])))}

    def top(self, kind: str, limit: int = TOP_SIZE, min_matches: int = MIN_MATCHES_FOR_RATE) -> list[dict]:
        """The best `limit` players: by matches won (`wins`, players with a win), points scored
        (`points`, players with a round), or share of matches won (`rate`, only players with at
        least `min_matches` matches). Ties: more matches
        played first, then the name."""
        if kind == "wins":
            where, order = "matches_won > 0", "matches_won DESC, matches_played ASC, lower(name)"
        elif kind == "points":
            where, order = "rounds_played > 0", "points DESC, rounds_played ASC, lower(name)"
        elif kind == "rate":
            where = f"matches_played >= {int(min_matches)}"
            order = "CAST(matches_won AS REAL) / matches_played DESC, matches_played DESC, lower(name)"
        else:
            raise ValueError(f"unknown list {kind!r}")
        rows = self.db.execute(f"SELECT name, {', '.join(COUNTERS)} FROM player_stats WHERE {where} "
                               f"ORDER BY {order} LIMIT ?", (int(limit),)).fetchall()
        return [{"name": r[0], **dict(zip(COUNTERS, (int(v) for v in r[1:])))} for r in rows]

    def names(self, limit: int = 200) -> list[str]:
        """Names with statistics, the most recently updated first (for tab completion)."""
        return [r[0] for r in self.db.execute(
            "SELECT name FROM player_stats ORDER BY updated_at DESC, lower(name) LIMIT ?", (int(limit),))]

    def close(self) -> None:
        if self.own:
            self.db.close()


def rate(row: dict) -> float:
    """Share of matches won, 0..1 (0 without matches)."""
    played = row.get("matches_played", 0)
    return row.get("matches_won", 0) / played if played else 0.0
