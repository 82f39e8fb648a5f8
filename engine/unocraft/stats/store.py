"""Player statistics in SQL: SQLite (the default, in the tables' file), PostgreSQL or MariaDB/MySQL
(one database shared by every server of a network), through SQLAlchemy Core.

One row per player, keyed by the player's UUID (the plugin sends it; a renamed player keeps the row,
which takes the new name), or by the name in lower case for a write without one; a row kept by name
is taken over by that player's first write with a UUID. `name_key` (the current name in lower case)
finds a player by name. The counters:
matches played and won, rounds played and won, points won (at tables whose scoring awards points;
penalty points of the other scorings are not counted), UNO calls, times caught without UNO, cards
played; at tables played for a stake, money and items won and lost (migration 0006). Bots are never
recorded. And the skill rating (rating.py): `rating_mu`, `rating_sigma`
(NULL until the first rated match), `rating` (the conservative value mu - 3*sigma, indexed) and
`rated` (matches that changed it), migration 0005.

Every write adds in the database (`x = x + :n`, one upsert per player): several engines may add to
the same player at once and nothing is lost. A writer (one engine) hands over numbered batches; the
database keeps the last number it applied per writer (`stats_writers`) in the same transaction, so
a batch retried after a lost connection or an engine restart is applied exactly once.

A batch may also carry match results (the finishing order of a match's humans, rating.py). A
rating is not added but recomputed from the one stored, so it is read and written back in the
batch's transaction, under the lock of the players' rows (the counters' upsert takes it first, in
one key order; then SELECT ... FOR UPDATE; SQLite has one writer at a time): two servers rating
the same player at once take turns, and the second starts from the first's result.

The schema is versioned with Alembic (`migrations/`), upgraded on start.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import URL, Connection, Engine, make_url

from ..sqlite_files import make_private, write_lock
from . import rating as skill

log = logging.getLogger("unocraft.stats")
logging.getLogger("alembic.runtime.plugins").setLevel(logging.WARNING)   # one line per plugin at INFO
# Alembic's own INFO lines (its context, then every step with its revision's whole docstring, several
# lines each) filled a first start; `migrate` says what it did in one line of its own
logging.getLogger("alembic.runtime.migration").setLevel(logging.WARNING)

#: the counters, in display order (the stakes' last, migration 0006), then the hints shown (0004,
#: never displayed: `startswith("hint_")` leaves them out); each is an integer column defaulting to 0
COUNTERS = ("matches_played", "matches_won", "rounds_played", "rounds_won", "points",
            "uno_calls", "caught", "cards_played", "money_won", "money_lost", "items_won", "items_lost",
            "hint_game", "hint_catch")

TOP_KINDS = ("wins", "points", "rate", "rating", "winnings")
TOP_SIZE = 10
MIN_MATCHES_FOR_RATE = 5
STORAGES = ("sqlite", "postgresql", "mysql")
VERSION_TABLE = "unocraft_alembic_version"   # not `alembic_version`: the database may be shared
# the share of matches won, written the same way here and in the index of migration 0002 (an
# expression index is used only for the identical expression; MariaDB/MySQL keep it in the
# generated column `win_rate`); 0 for a player without matches
RATE_SQL = "CASE WHEN matches_played > 0 THEN matches_won * 1.0 / matches_played ELSE 0 END"
# net money won, and who is on its list (who ever staked money): the expression and the condition of
# the partial index of migration 0006 (MariaDB/MySQL: the generated column `net_winnings`, NULL off it)
NET_SQL = "money_won - money_lost"
STAKED_SQL = "money_won + money_lost > 0"
_CHUNK = 500     # players per upsert statement
DEADLOCK_RETRIES = 5
_ALEMBIC = threading.RLock()   # Alembic's `op` is one per process: two runs at once mixed up their databases
Deltas = dict[str, dict[str, int]]   # player -> counter -> amount
Batch = tuple[int, Deltas, dict[str, str]] | tuple[int, Deltas, dict[str, str], list[skill.Result]]   # `apply`'s

meta = sa.MetaData()
player_stats = sa.Table(
    "player_stats", meta,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("uuid", sa.String(36)),
    *[sa.Column(c, sa.BigInteger, nullable=False, server_default="0") for c in COUNTERS],
    sa.Column("updated_at", sa.Double, nullable=False, server_default="0"),
    sa.Column("name_key", sa.String(64)),      # indexed (migration 0003)
    sa.Column("rating_mu", sa.Double),         # the skill rating (migration 0005): NULL until rated
    sa.Column("rating_sigma", sa.Double),
    sa.Column("rating", sa.Double),            # rating_mu - 3 * rating_sigma, indexed
    sa.Column("rated", sa.BigInteger, nullable=False, server_default="0"))
stats_writers = sa.Table(
    "stats_writers", meta,
    sa.Column("writer", sa.String(64), primary_key=True),
    sa.Column("applied_upto", sa.BigInteger, nullable=False),
    sa.Column("updated_at", sa.Double, nullable=False))
stats_imports = sa.Table(
    "stats_imports", meta,
    sa.Column("source", sa.String(64), primary_key=True),
    sa.Column("key", sa.String(64), primary_key=True),
    *[sa.Column(c, sa.BigInteger, nullable=False, server_default="0") for c in COUNTERS])


def empty() -> dict[str, int]:
    return dict.fromkeys(COUNTERS, 0)


def rate(row: dict[str, Any]) -> float:
    """Share of matches won, 0..1 (0 without matches)."""
    played = row.get("matches_played", 0)
    return row.get("matches_won", 0) / played if played else 0.0


def database_url(storage: str, url: str, sqlite_default: str | Path) -> URL:
    """The SQLAlchemy URL of a `statistics:` config: `sqlite` with no url is the tables' file;
    `postgresql://...` and `mysql://...` (or `mariadb://`) get the driver this package pins."""
    if storage == "sqlite":
        if url and not url.startswith("sqlite:"):
            raise ValueError("statistics.url: with storage sqlite, give a file path as sqlite:///PATH or nothing")
        return make_url(url) if url else make_url(f"sqlite:///{Path(sqlite_default)}")
    if not url:
        raise ValueError(f"statistics.url: storage {storage} needs a URL, e.g. {storage}://user:password@host/database")
    try:
        u = make_url(url)
    except sa.exc.ArgumentError:
        raise ValueError(f"statistics.url: not a database URL: {url!r}") from None
    scheme = u.drivername.split("+")[0]
    if storage == "postgresql" and scheme in ("postgresql", "postgres"):
        return u.set(drivername="postgresql+psycopg")
    if storage == "mysql" and scheme in ("mysql", "mariadb"):
        return u.set(drivername="mysql+pymysql", query={"charset": "utf8mb4", **u.query})
    raise ValueError(f"statistics.url: a {storage} URL must start with {storage}://, got {u.drivername}://")


def make_engine(url: str | URL, pool_size: int = 2, connect_timeout: float = 5.0) -> Engine:
    """A pooled SQLAlchemy engine; every connection gives up after `connect_timeout` seconds, so a
    database that went away is noticed, never waited for."""
    u = make_url(url) if isinstance(url, str) else url
    name = u.get_backend_name()
    if name == "sqlite":
        db = u.database or ":memory:"
        if db == ":memory:":
            engine = sa.create_engine(u, poolclass=sa.pool.StaticPool, connect_args={"check_same_thread": False})
        else:
            with contextlib.suppress(OSError):  # opening it fails alike, where a database away is handled
                make_private(db)
            engine = sa.create_engine(u, connect_args={"timeout": connect_timeout})

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi: sqlite3.Connection, _record: sa.pool.ConnectionPoolEntry) -> None:
            dbapi.execute("PRAGMA journal_mode=WAL").close()   # closed now: GraalPy frees a cursor late,
            dbapi.execute("PRAGMA synchronous=NORMAL").close()  # and an open one fails the next commit
        return engine
    try:
        if name == "postgresql":
            import psycopg  # noqa: F401  (a clear message instead of SQLAlchemy's)
            args = {"connect_timeout": max(1, round(connect_timeout)),
                    "options": "-c statement_timeout=30000"}
        elif name == "mysql":
            import pymysql  # type: ignore[import-untyped]  # noqa: F401
            args = {"connect_timeout": connect_timeout, "read_timeout": 30, "write_timeout": 30}
        else:
            raise ValueError(f"unsupported database {name!r}")
    except ImportError as e:
        extra = "postgresql" if name == "postgresql" else "mysql"
        raise ValueError(f"statistics.storage: {name} needs its driver ({e.name}): "
                         f"pip install 'unocraft[{extra}]'") from None
    return sa.create_engine(u, pool_size=pool_size, max_overflow=0, pool_pre_ping=True,
                            pool_recycle=1800, pool_timeout=connect_timeout, connect_args=args)


class StatsStore:
    """Statistics in one database. `db`: a SQLAlchemy URL, a path to a SQLite file, or an Engine.
    `migrate` (on by default) upgrades the schema now; a caller that must not wait on the database
    (the engine's `StatsService`) passes False, and the first read or write does it (on its thread)."""

    def __init__(self, db: str | Path | URL | Engine, pool_size: int = 2, migrate: bool = True):
        if isinstance(db, Engine):
            self.engine = db
        else:
            if isinstance(db, Path) or (isinstance(db, str) and "://" not in db):
                db = f"sqlite:///{db}"
            self.engine = make_engine(db, pool_size)
        self.dialect = self.engine.dialect.name
        # a read is one SELECT: in autocommit it is one round trip, without BEGIN and ROLLBACK
        self._reader = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        self._migrated = False
        self._migrate_lock = threading.Lock()
        # a SQLite file: this process's other writers of it (the engine loop's saves) take turns
        # with this store's write transactions without SQLite's busy sleeps (store.write_lock)
        database = self.engine.url.database if self.dialect == "sqlite" else None
        self._file_lock = (write_lock(database) if database and database != ":memory:"
                           else contextlib.nullcontext())
        if migrate:
            self.migrate()

    # ------------------------------------------------------------ schema
    def migrate(self) -> None:
        """Upgrades the schema to the newest version (Alembic, `migrations/`). Engines that
        start together take turns (a lock in the database); a database already current is left as is."""
        with self._migrate_lock:
            if self._migrated:
                return
            with _ALEMBIC, self._file_lock, self.engine.begin() as conn:
                if self.dialect == "postgresql":
                    conn.execute(sa.text("SELECT pg_advisory_xact_lock(7148013)"))   # released at commit
                elif self.dialect == "mysql":
                    conn.execute(sa.text("SELECT GET_LOCK('unocraft_stats_migrate', 60)"))
                try:
                    before = _revision(conn)
                    upgrade(conn, "head")
                    after = _revision(conn)
                    if after != before:
                        log.info("statistics database (%s): schema revision %s (was %s)", self.dialect, after,
                                 before or "none")
                finally:
                    if self.dialect == "mysql":
                        conn.execute(sa.text("SELECT RELEASE_LOCK('unocraft_stats_migrate')"))
            self._migrated = True

    def version(self) -> str | None:
        """The schema revision the database is at (None before the first migration)."""
        with self.engine.connect() as conn:
            return _revision(conn)

    # ------------------------------------------------------------ writing
    def add(self, deltas: Deltas, uuids: dict[str, str] | None = None, now: float | None = None) -> None:
        """Adds counters to players' rows (creating them) in one transaction. `deltas`: name ->
        {counter: amount}; unknown counters are refused (a programming error)."""
        if deltas:
            self.migrate()
            with self._file_lock, self.engine.begin() as conn:
                self._add(conn, deltas, uuids or {}, time.time() if now is None else now)

    def apply(self, writer: str, batches: list[Batch], now: float | None = None) -> int:
        """Adds numbered batches `(number, deltas, uuids[, matches])` of one writer, in order,
        exactly once (`matches`: match results that update the ratings, rating.py):
        those numbered at or below the writer's last applied number are skipped (they were written
        before a lost connection or a restart). Returns the writer's last applied number.

        Two engines adding to the same new players at once may deadlock in InnoDB (its gap locks,
        even in one key order): the database rolls one back, which is tried again at once."""
        now = time.time() if now is None else now
        self.migrate()
        for attempt in range(1, DEADLOCK_RETRIES + 1):
            try:
                return self._apply(writer, batches, now)
            except sa.exc.DBAPIError as e:
                if attempt == DEADLOCK_RETRIES or not _deadlock(e):
                    raise
                time.sleep(0.01 * attempt)
        raise AssertionError("unreachable")

    def _apply(self, writer: str, batches: list[Batch], now: float) -> int:
        with self._file_lock, self.engine.begin() as conn:
            done: int | None = conn.execute(sa.select(stats_writers.c.applied_upto)
                                            .where(stats_writers.c.writer == writer).with_for_update()).scalar()
            fresh = [b for b in batches if done is None or b[0] > done]
            if not fresh:
                return done or 0
            deltas: Deltas = {}
            uuids: dict[str, str] = {}
            matches: list[skill.Result] = []
            for b in fresh:
                merge(deltas, b[1])
                uuids.update(b[2])
                matches += b[3] if len(b) > 3 else ()
            for match in matches:        # a rated player has a row to lock, counters or not
                merge(deltas, {name: {} for _, names in match for name in names})
            self._add(conn, deltas, uuids, now)
            skill.rate(conn, player_stats, matches, uuids)
            last = fresh[-1][0]
            if done is None:
                conn.execute(stats_writers.insert().values(writer=writer, applied_upto=last, updated_at=now))
            else:
                conn.execute(stats_writers.update().where(stats_writers.c.writer == writer)
                             .values(applied_upto=last, updated_at=now))
            return last

    def _add(self, conn: Connection, deltas: Deltas, uuids: dict[str, str], now: float) -> None:
        rows: dict[str, dict[str, Any]] = {}
        for name, delta in deltas.items():
            bad = set(delta) - set(COUNTERS)
            if bad:
                raise ValueError(f"unknown counters {sorted(bad)}")
            uuid = uuids.get(name) or None
            key = uuid or name.lower()                 # the UUID; the name only for a write without one
            row = rows.setdefault(key, {"key": key, "uuid": uuid, "updated_at": now, **empty()})
            row["name"], row["name_key"] = name, name.lower()
            for c, n in delta.items():
                row[c] += int(n)
        by_name = {row["name_key"]: row for row in rows.values() if row["uuid"]}
        adopted: dict[str, skill.Rated] = {}
        for name_key, counters, rated in self._take_over(conn, sorted(by_name)):
            for c in COUNTERS:
                by_name[name_key][c] += counters[c]
            if rated is not None:
                adopted[by_name[name_key]["key"]] = rated
        ordered = [rows[k] for k in sorted(rows)]    # one lock order for every writer: no deadlock
        for i in range(0, len(ordered), _CHUNK):
            conn.execute(self._upsert(player_stats, ["key"], COUNTERS, keep_uuid=True), ordered[i:i + _CHUNK])
        skill.adopt(conn, player_stats, adopted)

    def _take_over(self, conn: Connection,
                   name_keys: list[str]) -> list[tuple[str, dict[str, int], skill.Rated | None]]:
        """Rows kept by name (no UUID yet) of players now written with a UUID: deleted, their
        counters returned, to be added to the UUID's row in the same transaction, and their rating
        `(mu, sigma, rated)` if they have one (the UUID's row takes it if it has none). The row is moved
        in the database, never read and written back, so a writer adding to it meanwhile loses
        nothing (it waits for the row, or finds it gone and makes a new one)."""
        c = player_stats.c
        cols = [c["key"], *[c[k] for k in COUNTERS], c.rating_mu, c.rating_sigma, c.rated]
        found: list[Any] = []
        for i in range(0, len(name_keys), _CHUNK):
            where = sa.and_(c.uuid.is_(None), c["key"].in_(name_keys[i:i + _CHUNK]))
            if conn.dialect.delete_returning:              # SQLite, PostgreSQL, MariaDB
                found += conn.execute(player_stats.delete().where(where).returning(*cols)).all()
            else:                                          # MySQL: locked until the commit, then deleted
                rows = conn.execute(sa.select(*cols).where(where).with_for_update()).all()
                if rows:
                    conn.execute(player_stats.delete().where(where))
                found += rows
        n = len(COUNTERS)
        return [(r[0], dict(zip(COUNTERS, (int(v) for v in r[1:n + 1]))),
                 None if r[n + 1] is None else (float(r[n + 1]), float(r[n + 2]), int(r[n + 3]))) for r in found]

    def _upsert(self, table: sa.Table, keys: list[str], add: tuple[str, ...], keep_uuid: bool = False,
                replace: bool = False) -> sa.Insert:
        """INSERT ..., or on a key already there: each counter in `add` adds (or with `replace`
        takes) the new value, in the database, in one statement."""
        from sqlalchemy.dialects import mysql, postgresql, sqlite
        stmt: mysql.Insert | postgresql.Insert | sqlite.Insert      # each dialect's own (their upserts differ)
        if self.dialect == "mysql":
            stmt = mysql.insert(table)
            new = stmt.inserted
        else:
            stmt = postgresql.insert(table) if self.dialect == "postgresql" else sqlite.insert(table)
            new = stmt.excluded
        sets = {c: new[c] if replace else table.c[c] + new[c] for c in add}
        if keep_uuid:
            sets = {"name": new["name"], "name_key": new["name_key"],
                    "uuid": sa.func.coalesce(new["uuid"], table.c["uuid"]), **sets, "updated_at": new["updated_at"]}
        if isinstance(stmt, mysql.Insert):
            return stmt.on_duplicate_key_update(**sets)
        return stmt.on_conflict_do_update(index_elements=keys, set_=sets)

    # ------------------------------------------------------------ reading
    def get(self, name: str) -> dict[str, Any] | None:
        """The statistics of the player who has this name now (any case), or None: the row of the
        UUID that carried the name last, plus the name's own row if one was written without a UUID
        since (an engine restarted mid-game learns a player's UUID again at their next command; the
        player's next write takes that row over). Two UUIDs may carry one name for a while (one
        renamed away from it has not played since): the one updated last is this name's player.
        With `rating` (the shown number, rating.py; None before a rated match) and `rated`: the UUID's
        row's, else the name's row's."""
        c = player_stats.c
        self.migrate()
        with self._reader.connect() as conn:
            rows = conn.execute(sa.select(c.name, c.uuid, *[c[k] for k in COUNTERS], c.rating, c.rated)
                                .where(c.name_key == name.lower()).order_by(c.updated_at.desc())).all()
        if not rows:
            return None
        player = next((r for r in rows if r[1]), None)
        by_name = next((r for r in rows if not r[1]), None)
        picked = [r for r in (player, by_name) if r]
        rated = next((r for r in picked if r[-1]), None)
        return {"name": rows[0][0], "uuid": player[1] if player else None,
                **{k: sum(int(r[2 + i]) for r in picked) for i, k in enumerate(COUNTERS)},
                "rating": skill.shown(rated[-2]) if rated else None, "rated": int(rated[-1]) if rated else 0}

    def top(self, kind: str, limit: int = TOP_SIZE, min_matches: int = MIN_MATCHES_FOR_RATE) -> list[dict[str, Any]]:
        """The best `limit` players: by matches won (`wins`, players with a win), points scored
        (`points`, players with a round), or share of matches won (`rate`, only players with at
        least `min_matches` matches). Ties: fewer matches (rounds) first for wins (points), more
        matches first for the rate, then the row key; or by the rating's conservative value
        (`rating`, players with a rated match; ties: more rated matches first), or net money won
        (`winnings`, `money_won - money_lost`, players who ever staked money; ties: more won first).
        Each list has an index (migrations 0002, 0005, 0006). Each row carries `rating` (None:
        unrated) and `rated`."""
        c = player_stats.c
        where: sa.ColumnElement[bool] | sa.TextClause   # a column test, or the partial index's condition as SQL text
        if kind == "wins":
            where, order = c.matches_won > 0, [c.matches_won.desc(), c.matches_played.asc(), c["key"]]
        elif kind == "points":
            where, order = c.rounds_played > 0, [c.points.desc(), c.rounds_played.asc(), c["key"]]
        elif kind == "rate":
            where = c.matches_played >= int(min_matches)
            # MariaDB/MySQL: the same share, kept in a generated column (they index no expression)
            share: sa.ColumnClause[float] = sa.literal_column("win_rate" if self.dialect == "mysql" else RATE_SQL)
            order = [share.desc(), c.matches_played.desc(), c["key"]]
        elif kind == "rating":
            where, order = c.rated > 0, [c.rating.desc(), c.rated.desc(), c["key"]]
        elif kind == "winnings":
            if self.dialect == "mysql":     # the generated column, NULL for who never staked
                net: sa.ColumnClause[int] = sa.literal_column("net_winnings")
                where = net.isnot(None)
            else:                           # the partial index's expression and condition
                net, where = sa.literal_column(f"({NET_SQL})"), sa.text(STAKED_SQL)
            order = [net.desc(), c.money_won.desc(), c["key"]]
        else:
            raise ValueError(f"unknown list {kind!r}")
        query = (sa.select(c.name, *[c[k] for k in COUNTERS], c.rating, c.rated)
                 .where(where).order_by(*order).limit(int(limit)))
        self.migrate()
        with self._reader.connect() as conn:
            rows = conn.execute(query).all()
        return [{"name": r[0], **dict(zip(COUNTERS, (int(v) for v in r[1:-2]))),
                 "rating": skill.shown(r[-2]) if r[-1] else None, "rated": int(r[-1])} for r in rows]

    def names(self, limit: int = 200) -> list[str]:
        """Names with statistics, the most recently updated first (for tab completion)."""
        c = player_stats.c
        self.migrate()
        with self._reader.connect() as conn:
            return list(conn.execute(sa.select(c.name).order_by(c.updated_at.desc(), c.name_key)
                                     .limit(int(limit))).scalars())

    def rows(self) -> dict[str, dict[str, Any]]:
        """Every player's counters by key (for the import and the tests), and their rating's
        `mu`, `sigma` (None: unrated) and `rated`."""
        c = player_stats.c
        self.migrate()
        with self._reader.connect() as conn:
            return {r[0]: {"name": r[1], "uuid": r[2], **dict(zip(COUNTERS, (int(v) for v in r[3:-3]))),
                           "mu": r[-3], "sigma": r[-2], "rated": int(r[-1])}
                    for r in conn.execute(sa.select(c["key"], c.name, c.uuid, *[c[k] for k in COUNTERS],
                                                    c.rating_mu, c.rating_sigma, c.rated))}

    # ------------------------------------------------------------ import
    def import_from(self, source: "StatsStore", source_id: str) -> tuple[int, int]:
        """Adds another database's statistics to this one, idempotently: what was imported from
        `source_id` before is remembered per player (`stats_imports`), and only what the source
        gained since is added (a second run adds nothing). A rated player's rating is taken by
        their row here if it has none (a rating is no sum: one rated here already keeps its own).
        Returns (players changed, players read)."""
        rows = source.rows()
        self.migrate()
        changed = 0
        c = stats_imports.c
        keys = sorted(rows)
        for i in range(0, len(keys), _CHUNK):
            part = keys[i:i + _CHUNK]
            with self._file_lock, self.engine.begin() as conn:
                before = {r[0]: dict(zip(COUNTERS, r[1:])) for r in conn.execute(
                    sa.select(c["key"], *[c[k] for k in COUNTERS]).with_for_update()
                    .where(c.source == source_id, c["key"].in_(part)))}
                deltas: Deltas = {}
                uuids, marks = {}, []
                for key in part:
                    row, had = rows[key], before.get(key, empty())
                    delta = {k: row[k] - int(had[k]) for k in COUNTERS if row[k] > int(had[k])}
                    if delta:     # a row by name and one by UUID under one name: the UUID's, as a write would
                        merge(deltas, {row["name"]: delta})
                        if row["uuid"]:
                            uuids[row["name"]] = row["uuid"]
                        marks.append({"source": source_id, "key": key, **{k: max(row[k], int(had[k]))
                                                                          for k in COUNTERS}})
                if deltas:
                    self._add(conn, deltas, uuids, time.time())
                    conn.execute(self._upsert(stats_imports, ["source", "key"], COUNTERS, replace=True), marks)
                    changed += len(deltas)
                skill.adopt(conn, player_stats, {key: (float(rows[key]["mu"]), float(rows[key]["sigma"]), rows[key]["rated"])
                                   for key in part if rows[key]["rated"] and rows[key]["mu"] is not None})
        return changed, len(rows)

    def close(self) -> None:
        self.engine.dispose()


def _deadlock(e: sa.exc.DBAPIError) -> bool:
    """A transaction the database rolled back to break a deadlock (or a serialization failure)."""
    orig = e.orig
    code = getattr(orig, "sqlstate", None)                        # psycopg
    if code in ("40P01", "40001"):
        return True
    args: tuple[Any, ...] = getattr(orig, "args", ())                              # PyMySQL: (errno, message)
    return bool(args) and args[0] in (1213, 1205)


def upgrade(conn: Connection, revision: str) -> None:
    """Alembic's upgrade of `conn`'s database to `revision` ("head": `migrate`), one run at a time."""
    from alembic import command, config
    cfg = config.Config(attributes={"connection": conn})
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with _ALEMBIC:
        command.upgrade(cfg, revision)


def merge(into: Deltas, deltas: Deltas) -> Deltas:
    """Adds `deltas` (player -> counters) into `into`, in place."""
    for name, delta in deltas.items():
        mine = into.setdefault(name, {})
        for c, n in delta.items():
            if n:
                mine[c] = mine.get(c, 0) + int(n)
    return into


def _revision(conn: Connection) -> str | None:
    """The schema revision of the database `conn` is connected to (None before the first migration)."""
    if not sa.inspect(conn).has_table(VERSION_TABLE):
        return None
    return conn.execute(sa.text(f"SELECT version_num FROM {VERSION_TABLE}")).scalar()
