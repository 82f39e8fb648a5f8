"""Statistics in real SQL servers: PostgreSQL and MariaDB started by `scripts/services` (loopback,
a temporary data folder, free ports), and SQLite files made with the DDL of the engines before.

Without the servers (not installed, and no apt-get as root to install them) these tests skip with
the reason; under CI (CI=true) they fail instead, since CI must run them.
"""

import json
import logging
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import threading
import uuid
from pathlib import Path

import pytest
import sqlalchemy as sa

from unocraft.cli import main as cli
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables
from unocraft.stats.store import COUNTERS, VERSION_TABLE, StatsStore, database_url, upgrade
from unocraft.tables.store import TableStore
from test_tables import CONFIG, cmd, texts
from waiting import until

pytestmark = pytest.mark.db  # a real PostgreSQL and MariaDB

ROOT = Path(__file__).resolve().parent.parent
HEAD = "0006"
KINDS = ["postgresql", "mysql"]
NAMES = {"postgresql": "PostgreSQL", "mysql": "MariaDB"}
#: the counters of the schemas before 0004 (which added the hints shown; 0006 the stakes')
OLD_COUNTERS = ("matches_played", "matches_won", "rounds_played", "rounds_won", "points",
                "uno_calls", "caught", "cards_played")

# the DDL of the engine before Alembic (stats.py's schema version 1 and store.py), as it ran
TODAY_DDL = [
    "CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, data TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS unocraft_schema (part TEXT PRIMARY KEY, version INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS player_stats (key TEXT PRIMARY KEY, name TEXT NOT NULL, uuid TEXT, "
    + ", ".join(f"{c} INTEGER NOT NULL DEFAULT 0" for c in OLD_COUNTERS) + ", updated_at REAL NOT NULL DEFAULT 0)",
    "INSERT INTO unocraft_schema (part, version) VALUES ('player_stats', 1)",
]
# the first statistics table (before schema version 1): two counters, no uuid
FIRST_DDL = ["CREATE TABLE player_stats (key TEXT PRIMARY KEY, name TEXT NOT NULL, "
             "matches_played INTEGER NOT NULL DEFAULT 0, matches_won INTEGER NOT NULL DEFAULT 0)"]


# ------------------------------------------------------------------ servers
@pytest.fixture(scope="session")
def services():
    # not under pytest's own temporary folder: the servers run as `postgres` and `mysql`, who may
    # not enter it
    folder = Path(tempfile.mkdtemp(prefix="unocraft-services-"))
    folder.chmod(0o755)
    subprocess.run([str(ROOT / "scripts" / "services"), "install"], check=False)
    subprocess.run([str(ROOT / "scripts" / "services"), "start", str(folder)], check=False)
    env = dict(line.split("=", 1) for line in (folder / "env").read_text().split() if "=" in line)
    yield {"dir": folder, "postgresql": env.get("UNOCRAFT_TEST_POSTGRESQL_URL"),
           "mysql": env.get("UNOCRAFT_TEST_MYSQL_URL")}
    subprocess.run([str(ROOT / "scripts" / "services"), "stop", str(folder)], check=False)


def server_url(services, kind: str) -> str:
    """A fresh database on the `kind` server (each test its own), as the config would name it."""
    url = services[kind]
    if not url:
        log = services["dir"] / ("postgresql.log" if kind == "postgresql" else "mariadb.log")
        lines = log.read_text(errors="replace").strip().splitlines() if log.exists() else ["not started"]
        why = ([line for line in lines if "error" in line.lower()] or lines or ["see scripts/services"])[-1]
        message = f"no {NAMES[kind]} server for the statistics tests: {why.strip()}"
        if os.environ.get("CI"):
            pytest.fail(message + " (CI must run these tests)")
        pytest.skip(message)
    name = f"t_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(database_url(kind, url, ""), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return re.sub(r"/[^/]+$", f"/{name}", url)


@pytest.fixture(params=KINDS)
def shared(request, services):
    """(kind, URL) of a fresh database on a real PostgreSQL, then MariaDB."""
    return request.param, server_url(services, request.param)


def engine_config(kind: str, url: str, **more) -> dict:
    return {**CONFIG, "statistics": {"storage": kind, "url": url}, **more}


def totals(store: StatsStore) -> dict[str, dict[str, int]]:
    return {k: {c: v[c] for c in COUNTERS} for k, v in store.rows().items()}


def totals_by_name(store: StatsStore) -> dict[str, dict[str, int]]:
    """The counters summed per player name (lower case), whichever rows hold them."""
    out: dict[str, dict[str, int]] = {}
    for row in store.rows().values():
        mine = out.setdefault(row["name"].lower(), dict.fromkeys(COUNTERS, 0))
        for c in COUNTERS:
            mine[c] += row[c]
    return out


# ------------------------------------------------------------------ migrations
def make_sqlite(path: Path, ddl: list[str], rows: list[tuple]) -> None:
    with sqlite3.connect(path) as db:
        for statement in ddl:
            db.execute(statement)
        for row in rows:
            db.execute(f"INSERT INTO player_stats VALUES ({', '.join('?' for _ in row)})", row)


@pytest.mark.parametrize("older", ["first", "today", "none"])
def test_an_engine_upgrades_every_older_sqlite_file_and_keeps_its_rows_and_tables(tmp_path, older, caplog):
    """Files written by the engines before (the first statistics table, today's schema version 1
    beside a saved table): the engine starts on them, upgrades to the newest revision and reads the
    old rows; /uno stats shows them and new counters add to them."""
    db = tmp_path / "unocraft-tables.sqlite"
    if older == "first":
        make_sqlite(db, FIRST_DDL, [("ann", "Ann", 3, 2)])
        before = {"matches_played": 3, "matches_won": 2}
    elif older == "today":
        values = [4, 1, 9, 3, 250, 5, 2, 61]
        make_sqlite(db, TODAY_DDL, [("ann", "Ann", "u-ann", *values, 1700000000.0)])
        with sqlite3.connect(db) as old:
            old.execute("INSERT INTO tables VALUES ('t7', ?)", (json.dumps({"id": "t7", "kept": True}),))
        before = dict(zip(COUNTERS, values))
    else:
        before = {}
    store = TableStore(db)
    assert store.load_all() == ([{"id": "t7", "kept": True}] if older == "today" else [])
    caplog.set_level(logging.INFO)
    stats = StatsStore(db)
    assert stats.version() == HEAD
    # one line says what was done (Alembic's own, a few per step, stay out of the log)
    # (this thread's: an earlier test's statistics thread may still be migrating its own file)
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO and r.thread == threading.get_ident()]
    assert said == [f"statistics database (sqlite): schema revision {HEAD} (was none)"], said
    with sqlite3.connect(db) as check:
        tables = {r[0] for r in check.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        indexes = {r[0] for r in check.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert {"player_stats", "stats_writers", "stats_imports", VERSION_TABLE, "tables"} <= tables
    assert "unocraft_schema" not in tables
    assert {"ix_player_stats_wins", "ix_player_stats_points", "ix_player_stats_rate"} <= indexes
    row = stats.get("ANN")
    assert (row is None) == (not before)
    if before:
        assert {c: row[c] for c in before} == before and all(row[c] == 0 for c in COUNTERS if c not in before)
    stats.add({"ann": {"matches_played": 1, "cards_played": 7}})
    assert stats.get("ann")["matches_played"] == before.get("matches_played", 0) + 1
    assert stats.get("ann")["cards_played"] == before.get("cards_played", 0) + 7
    caplog.clear()
    assert StatsStore(db).version() == HEAD          # opening again: nothing to do, nothing said
    assert not [r for r in caplog.records if r.levelno >= logging.INFO]
    store.close()


def test_a_server_database_upgrades_from_every_older_revision_and_engines_starting_together(shared):
    kind, url = shared
    old = StatsStore(database_url(kind, url, ""), migrate=False)
    with old.engine.begin() as conn:             # a database left at revision 0001 with a row
        upgrade(conn, "0001")
        conn.execute(sa.text('INSERT INTO player_stats (' + ('"key"' if kind == "postgresql" else "`key`")
                             + ", name, matches_played, matches_won, updated_at) VALUES ('ann', 'Ann', 5, 3, 1)"))
    assert old.version() == "0001"
    stores = [StatsStore(database_url(kind, url, ""), migrate=False) for _ in range(4)]
    errors = []

    def start(s):
        try:
            s.migrate()
        except Exception as e:    # pragma: no cover - the assertion below shows it
            errors.append(e)
    threads = [threading.Thread(target=start, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and {s.version() for s in stores} == {HEAD}
    assert stores[0].get("ann")["matches_won"] == 3
    assert [r["name"] for r in stores[1].top("rate")] == ["Ann"]
    for s in stores + [old]:
        s.close()


# ------------------------------------------------------------------ concurrent engines
WRITER = r"""
import random, sys, time
from unocraft.stats.store import StatsStore, database_url
from unocraft.stats.service import StatsService
kind, url, index, batches = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(index)
service = StatsService(StatsStore(database_url(kind, url, ""), pool_size=1, migrate=False), writer=f"w{index}")
for number in range(1, batches + 1):
    players = rng.sample([f"P{i}" for i in range(12)], 4)
    # P0..P5 have a UUID, which writer 0 sends only from its second half on: their rows kept by
    # name are taken over while the other writers add to them
    uuids = {p: f"uuid-{p}" for p in players if int(p[1:]) < 6 and (index > 0 or number > batches // 2)}
    service.record(number, {p: {c: rng.randint(0, 3) for c in rng.sample(%r, 3)} for p in players}, uuids)
    time.sleep(rng.random() * 0.004)
assert service.idle(60) and service.waiting() == 0, "not all written"
service.close()
print("written", service.applied_upto)
"""


def expected_totals(writers: int, batches: int) -> dict[str, dict[str, int]]:
    import random
    out: dict[str, dict[str, int]] = {}
    for index in range(writers):
        rng = random.Random(index)
        for _ in range(batches):
            players = rng.sample([f"P{i}" for i in range(12)], 4)
            for p in players:
                for c in rng.sample(COUNTERS, 3):
                    n = rng.randint(0, 3)
                    row = out.setdefault(p.lower(), dict.fromkeys(COUNTERS, 0))
                    row[c] += n
            rng.random()
    return out


def test_engines_writing_at_once_add_up_exactly(shared):
    """Four engine processes, each its own statistics thread and connection, add to the same
    twelve players at once, six of them by UUID, taking over their rows kept by name meanwhile;
    every counter must equal the sum of what they all sent."""
    kind, url = shared
    StatsStore(database_url(kind, url, "")).close()      # migrated once, as the first engine would
    writers, batches = 4, 150
    code = WRITER % (COUNTERS,)
    procs = [subprocess.Popen([sys.executable, "-c", code, kind, url, str(i), str(batches)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(writers)]
    for p in procs:
        out, err = p.communicate(timeout=240)
        assert p.returncode == 0 and out.strip() == f"written {batches}", err[-2000:]
    store = StatsStore(database_url(kind, url, ""))
    assert totals_by_name(store) == expected_totals(writers, batches)
    assert {f"uuid-P{i}" for i in range(6)} <= set(store.rows())
    with store.engine.connect() as conn:
        marks = dict(conn.execute(sa.text("SELECT writer, applied_upto FROM stats_writers")).all())
    assert marks == {f"w{i}": batches for i in range(writers)}
    store.close()


RATER = r"""
import random, sys, time
from unocraft.stats.store import StatsStore, database_url
from unocraft.stats.service import StatsService
kind, url, index, batches = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(index)
service = StatsService(StatsStore(database_url(kind, url, ""), pool_size=1, migrate=False), writer=f"r{index}")
match = [[0, ["Ann"]], [1, ["Bob"]], [1, ["Cid"]]]
for number in range(1, batches + 1):
    service.record(number, {"Ann": {"matches_played": 1, "matches_won": 1}, "Bob": {"matches_played": 1},
                            "Cid": {"matches_played": 1}}, {"Ann": "uuid-ann"}, [match])
    time.sleep(rng.random() * 0.003)
assert service.idle(60) and service.waiting() == 0, "not all written"
service.close()
print("written", service.applied_upto)
"""


def test_servers_rating_the_same_players_at_once_lose_no_update(shared):
    """Four engine processes finish matches with the same three players at the same moments: Ann
    wins, Bob and Cid tie second, every time. The same update applied N times gives one result
    whatever the order, so the stored ratings must equal the model applied once per match sent:
    a rating read by one writer while another was changing it (a lost update) would show."""
    from unocraft.stats import rating
    kind, url = shared
    StatsStore(database_url(kind, url, "")).close()
    writers, batches = 4, 60
    procs = [subprocess.Popen([sys.executable, "-c", RATER, kind, url, str(i), str(batches)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(writers)]
    for p in procs:
        out, err = p.communicate(timeout=240)
        assert p.returncode == 0 and out.strip() == f"written {batches}", err[-2000:]
    expected: dict = {}
    for _ in range(writers * batches):
        expected.update(rating.update([[0, ["uuid-ann"]], [1, ["bob"]], [1, ["cid"]]], expected))
    store = StatsStore(database_url(kind, url, ""))
    rows = store.rows()
    assert set(rows) == {"uuid-ann", "bob", "cid"}
    for key, (mu, sigma) in expected.items():
        assert rows[key]["rated"] == writers * batches and rows[key]["matches_played"] == writers * batches
        assert rows[key]["mu"] == pytest.approx(mu, rel=1e-9) and rows[key]["sigma"] == pytest.approx(sigma, rel=1e-9)
    top = store.top("rating")
    assert [r["name"] for r in top] == ["Ann", "Bob", "Cid"]       # Bob and Cid tie: by key
    assert top[0]["rating"] == rating.shown(rating.conservative(*expected["uuid-ann"]))
    store.close()


def test_stats_migrate_carries_the_ratings_over_once(shared, tmp_path, capsys):
    """`unocraft stats migrate` gives a player rated on the server their rating on the network,
    unless they are rated there already (a rating is no sum); a second run changes nothing."""
    kind, url = shared
    source = tmp_path / "unocraft-tables.sqlite"
    server = StatsStore(source)
    match = [[0, ["ann"]], [1, ["bob"]]]
    server.apply("w", [(1, {"ann": {"matches_played": 1}, "bob": {"matches_played": 1}}, {"ann": "u-ann"}, [match])])
    server.close()
    network = StatsStore(database_url(kind, url, ""))
    network.apply("n", [(1, {"bob": {"matches_played": 1}, "cid": {"matches_played": 1}}, {}, [[[0, ["bob"]], [1, ["cid"]]]])])
    bob_here = network.get("bob")["rating"]
    for _ in range(2):
        assert cli(["stats", "migrate", "--from", f"sqlite:{source}", "--to", url]) == 0
        assert network.get("ann")["rating"] == 138 and network.get("ann")["rated"] == 1
        assert network.get("bob")["rating"] == bob_here and network.get("bob")["rated"] == 1
    capsys.readouterr()
    network.close()


# ------------------------------------------------------------------ a network of servers
def test_two_servers_share_stats_and_top_through_the_engine(shared, tmp_path):
    """Two engines ("servers"), each with its own tables file, point at one database: what one
    records, the other's /uno stats and /uno top show."""
    kind, url = shared
    one = Tables(parse(engine_config(kind, url)), TableStore(tmp_path / "one.sqlite"))
    two = Tables(parse(engine_config(kind, url)), TableStore(tmp_path / "two.sqlite"))
    for t in (one, two):
        t.attach({"online": [], "vault": []}, 0)
        t.handle({"type": "join", "player": "ann", "locale": "en_us"}, 0)
    one.tally.add("ann", matches_played=2, matches_won=2, rounds_played=3, points=120)
    two.tally.add("ann", matches_played=1, rounds_played=2, points=30)
    one.save()
    two.save()
    assert one.stats.idle() and two.stats.idle()
    two.flush()
    cmd(two, "ann", "stats")
    cmd(one, "ann", "top", "points")
    for t in (one, two):
        assert t.stats.idle()
        t.tick(1)
    assert "3 matches played, 2 won (67%)" in texts(two.flush(), "ann")
    assert texts(one.flush(), "ann") == ["Top 10: points scored", "1. ann: 150 points"]
    for t in (one, two):
        t.close()
    assert TableStore(tmp_path / "one.sqlite").outbox() == []     # written: the journal forgot it


# ------------------------------------------------------------------ the database goes away
def test_the_database_down_mid_run_pauses_nothing_and_loses_nothing(services, tmp_path, caplog, monkeypatch):
    """PostgreSQL is stopped while an engine records rounds; recording goes on without waiting, one
    WARNING says so, /uno top answers that statistics are unavailable; the engine is even restarted
    meanwhile (its journal keeps the counters). PostgreSQL starts again: every counter is there, once."""
    url = server_url(services, "postgresql")
    caplog.set_level(logging.INFO, logger="unocraft.stats")
    db = tmp_path / "tables.sqlite"
    cfg = parse(engine_config("postgresql", url))
    tables = Tables(cfg, TableStore(db))
    tables.attach({"online": [], "vault": []}, 0)
    tables.handle({"type": "join", "player": "ann", "locale": "en_us"}, 0)
    expected: dict[str, int] = {}
    # "nothing waits for it": the thread that records and saves (the engine loop's) never opens a
    # database connection; the statistics thread does all of that
    loop_thread, opened_by_loop = threading.current_thread(), []
    connect = sa.engine.Engine.connect

    def watched_connect(engine, *args, **kwargs):
        if threading.current_thread() is loop_thread:
            opened_by_loop.append(engine.url.render_as_string())
        return connect(engine, *args, **kwargs)

    monkeypatch.setattr(sa.engine.Engine, "connect", watched_connect)

    def rounds(engine, count):
        for i in range(count):
            for name in ("ann", "bob", "cid"):
                delta = {"rounds_played": 1, "cards_played": i % 7 + 1, "points": 3 * i}
                engine.tally.add(name, **delta)
                for c, n in delta.items():
                    expected[f"{name}.{c}"] = expected.get(f"{name}.{c}", 0) + n
            opened = len(opened_by_loop)
            engine.save()                # what the loop does after each op batch
            assert len(opened_by_loop) == opened, f"a save opened a connection on the loop's thread: {opened_by_loop}"

    rounds(tables, 20)
    assert tables.stats.idle()
    services_script = [str(ROOT / "scripts" / "services"), "postgresql"]
    subprocess.run(services_script + ["stop", str(services["dir"])], check=True)
    try:
        rounds(tables, 30)               # the database is gone: nothing waits for it
        cmd(tables, "ann", "top")
        assert tables.stats.idle()
        tables.tick(1)
        assert texts(tables.flush(), "ann") == [
            "The UNO statistics are unavailable right now; the games go on and count as usual. Try again in a moment."]
        rounds(tables, 10)
        tables.close()                   # a restart while it is down: the journal keeps the counters
        tables = Tables(cfg, TableStore(db))
        tables.attach({"online": [], "vault": []}, 0)
        rounds(tables, 15)
        assert tables.stats.waiting() > 0 and TableStore(db).outbox()
    finally:
        subprocess.run(services_script + ["start", str(services["dir"])], check=True)
    until(lambda: not tables.stats.waiting(), "the waiting counters were not written (the retry pause, then a write)")
    assert tables.stats.idle() and tables.stats.waiting() == 0
    tables.close()
    store = StatsStore(database_url("postgresql", url, ""))
    got = {f"{name}.{c}": n for name, row in totals(store).items() for c, n in row.items() if n}
    assert got == expected
    store.close()
    assert TableStore(db).outbox() == []
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING and r.name == "unocraft.stats"]
    assert len(warnings) == 2, [r.getMessage() for r in warnings]     # one per engine run while it was down
    assert all("statistics database unavailable" in r.getMessage() for r in warnings)
    assert any("statistics database is back" in r.getMessage() for r in caplog.records)


# ------------------------------------------------------------------ import
def test_stats_migrate_adds_a_servers_sqlite_statistics_once(shared, tmp_path, capsys):
    kind, url = shared
    source = tmp_path / "unocraft-tables.sqlite"            # a server's file as today's engine left it
    make_sqlite(source, TODAY_DDL, [("ann", "Ann", "u-ann", 4, 1, 9, 3, 250, 5, 2, 61, 1.0),
                                    ("bob", "Bob", None, 2, 2, 4, 4, 90, 1, 0, 20, 2.0)])
    network = StatsStore(database_url(kind, url, ""))
    network.add({"ann": {"matches_played": 10, "points": 1000}})     # ann played on the network already
    assert cli(["stats", "migrate", "--from", f"sqlite:{source}", "--to", url]) == 0
    assert "added 2 of 2 players' statistics" in capsys.readouterr().out
    after_first = totals_by_name(network)
    assert after_first["ann"]["matches_played"] == 14 and after_first["ann"]["points"] == 1250
    assert after_first["bob"] == {**dict.fromkeys(COUNTERS, 0), **dict(zip(OLD_COUNTERS, [2, 2, 4, 4, 90, 1, 0, 20]))}
    assert network.get("ann")["uuid"] == "u-ann"
    assert cli(["stats", "migrate", "--from", f"sqlite:{source}", "--to", url]) == 0      # again: nothing
    assert "nothing new" in capsys.readouterr().out
    assert totals_by_name(network) == after_first
    server = StatsStore(source)
    server.add({"bob": {"matches_played": 1, "cards_played": 5}})    # the server played on
    server.close()
    moved = tmp_path / "moved.sqlite"
    source.rename(moved)
    assert cli(["stats", "migrate", "--from", f"sqlite:{moved}", "--to", url]) == 0
    assert "added 1 of 2" in capsys.readouterr().out
    third = totals_by_name(network)
    assert third["bob"]["matches_played"] == 3 and third["bob"]["cards_played"] == 25 and third["ann"] == after_first["ann"]
    # bad input: a clear line, exit 2, nothing changed
    assert cli(["stats", "migrate", "--from", f"sqlite:{tmp_path / 'none.sqlite'}", "--to", url]) == 2
    assert cli(["stats", "migrate", "--from", f"sqlite:{moved}", "--to", "ftp://nowhere"]) == 2
    assert "no such file" in capsys.readouterr().err
    assert totals_by_name(network) == third
    network.close()


# ------------------------------------------------------------------ players follow their UUID
@pytest.fixture(params=["sqlite", *KINDS])
def any_db(request, tmp_path):
    """(kind, URL) of a fresh SQLite file, then of a database on a real PostgreSQL, then MariaDB."""
    if request.param == "sqlite":
        return "sqlite", f"sqlite:///{tmp_path / 'statistics.sqlite'}"
    return request.param, server_url(request.getfixturevalue("services"), request.param)


def test_a_renamed_player_keeps_their_statistics_and_is_listed_once_under_the_new_name(any_db, tmp_path):
    """ann (UUID U) plays, comes back as Anna (names change on online-mode servers): /uno stats Anna
    shows both sessions, /uno top lists her once, as Anna; a new player who takes the name ann
    starts from nothing and gets a row of their own."""
    kind, url = any_db
    tables = Tables(parse(engine_config(kind, url)), TableStore(tmp_path / "tables.sqlite"))
    tables.attach({"online": [], "vault": []}, 0)
    ann, bob, new_ann = (str(uuid.uuid4()) for _ in range(3))

    def play(name, player_uuid, **counters):
        tables.handle({"type": "join", "player": name, "locale": "en_us", "uuid": player_uuid}, 0)
        tables.tally.add(name, **counters)
        tables.save()

    play("ann", ann, matches_played=4, matches_won=3, rounds_played=6, points=200)
    play("bob", bob, matches_played=2, matches_won=1, rounds_played=3, points=100)
    play("Anna", ann, matches_played=1, matches_won=1, rounds_played=2, points=50)
    assert tables.stats.idle()
    tables.flush()
    cmd(tables, "Anna", "stats")
    cmd(tables, "bob", "stats", "ann")
    assert tables.stats.idle()
    tables.tick(1)
    ops = tables.flush()
    assert texts(ops, "Anna")[:2] == ["UNO statistics of Anna", "5 matches played, 4 won (80%)"]
    assert texts(ops, "bob") == ["There are no UNO statistics for ann: nobody of that name has finished a round here."]
    play("ann", new_ann, matches_played=1, rounds_played=1, points=10)
    cmd(tables, "bob", "top", "points")
    cmd(tables, "bob", "stats", "ANN")
    assert tables.stats.idle()
    tables.tick(2)
    said = texts(tables.flush(), "bob")
    assert said[:4] == ["Top 10: points scored", "1. Anna: 250 points", "2. bob: 100 points", "3. ann: 10 points"]
    assert said[4:6] == ["UNO statistics of ann", "1 match played, 0 won (0%)"]
    tables.close()
    store = StatsStore(database_url(kind, url, ""))
    assert {r["name"]: r["uuid"] for r in store.rows().values()} == {"Anna": ann, "bob": bob, "ann": new_ann}
    store.close()


def test_a_row_kept_by_name_is_taken_over_by_the_players_first_write_with_a_uuid(any_db):
    """A row written without a UUID (by an engine before, or imported) becomes the player's row at
    their first write with one: counters summed, and from then on it follows the UUID."""
    kind, url = any_db
    store = StatsStore(database_url(kind, url, ""))
    store.add({"Cid": {"matches_played": 2, "matches_won": 1, "cards_played": 30}, "dan": {"caught": 1}})
    cid = str(uuid.uuid4())
    store.add({"cid": {"matches_played": 1, "cards_played": 5}}, uuids={"cid": cid})
    assert store.get("CID") == {"name": "cid", "uuid": cid, **dict.fromkeys(COUNTERS, 0),
                                "matches_played": 3, "matches_won": 1, "cards_played": 35, "rating": None, "rated": 0}
    store.add({"Cidney": {"caught": 2}}, uuids={"Cidney": cid})          # renamed: the same row
    assert store.get("cid") is None
    assert totals_by_name(store) == {"cidney": {**dict.fromkeys(COUNTERS, 0), "matches_played": 3, "matches_won": 1,
                                                "cards_played": 35, "caught": 2},
                                     "dan": {**dict.fromkeys(COUNTERS, 0), "caught": 1}}
    store.add({"dan": {"caught": 1}})                 # no UUID: still by the name
    assert store.get("dan")["caught"] == 2 and len(store.rows()) == 2
    # an engine restarted mid-game writes Cidney's round before it learns her UUID again: /uno stats
    # shows both rows as hers, and her next write with the UUID takes the name's row over
    store.add({"Cidney": {"uno_calls": 1}})
    assert store.get("cidney")["uno_calls"] == 1 and store.get("cidney")["cards_played"] == 35
    store.add({"Cidney": {"uno_calls": 1}}, uuids={"Cidney": cid})
    assert len(store.rows()) == 2 and store.rows()[cid]["uno_calls"] == 2
    store.close()


def test_an_older_database_with_a_renamed_players_two_rows_upgrades_to_one_row(any_db):
    """The engines before kept a renamed player in two rows (one per name) with one UUID, and what
    was imported per name: at 0003 they become one row under the latest name, counters summed,
    and the import marks follow (so a second import still adds nothing)."""
    kind, url = any_db
    old = StatsStore(database_url(kind, url, ""), migrate=False)
    rows = sa.table("player_stats", *[sa.column(c) for c in ("key", "name", "uuid", "updated_at", *OLD_COUNTERS)])
    marks = sa.table("stats_imports", *[sa.column(c) for c in ("source", "key", *OLD_COUNTERS)])
    with old.engine.begin() as conn:
        upgrade(conn, "0002")
        conn.execute(rows.insert(), [
            {"key": "ann", "name": "ann", "uuid": "u-ann", "updated_at": 1, "matches_played": 4, "points": 70,
             **{c: 0 for c in OLD_COUNTERS if c not in ("matches_played", "points")}},
            {"key": "anna", "name": "Anna", "uuid": "u-ann", "updated_at": 2, "matches_played": 2, "points": 5,
             **{c: 0 for c in OLD_COUNTERS if c not in ("matches_played", "points")}},
            {"key": "bob", "name": "Bob", "uuid": None, "updated_at": 1, "matches_played": 1,
             **{c: 0 for c in OLD_COUNTERS if c != "matches_played"}}])
        conn.execute(marks.insert(), [
            {"source": "s1", "key": k, "matches_played": n, **{c: 0 for c in OLD_COUNTERS if c != "matches_played"}}
            for k, n in (("ann", 4), ("anna", 2), ("bob", 1))])
    assert old.version() == "0002"
    store = StatsStore(database_url(kind, url, ""))
    assert store.version() == HEAD
    assert {k: (r["name"], r["matches_played"], r["points"]) for k, r in store.rows().items()} == {
        "u-ann": ("Anna", 6, 75), "bob": ("Bob", 1, 0)}
    with store.engine.connect() as conn:
        assert dict(conn.execute(sa.select(marks.c.key, marks.c.matches_played)).all()) == {"u-ann": 6, "bob": 1}
    store.add({"ANNA": {"matches_played": 1}}, uuids={"ANNA": "u-ann"})
    assert store.get("anna")["matches_played"] == 7 and len(store.rows()) == 2
    for s in (store, old):
        s.close()


# ------------------------------------------------------------------ stakes (0006)
STAKES = ("money_won", "money_lost", "items_won", "items_lost")
INDEXES_SQL = {"sqlite": "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'player_stats'",
               "postgresql": "SELECT indexname FROM pg_indexes WHERE tablename = 'player_stats'",
               "mysql": "SELECT DISTINCT index_name FROM information_schema.statistics "
                        "WHERE table_schema = DATABASE() AND table_name = 'player_stats'"}


def test_a_database_at_0005_gains_the_stakes_and_top_winnings_orders_by_net_money(any_db):
    """A database left at 0005 with rows (counters, a rating, hints, an import mark) upgrades to
    0006 keeping every value, the stakes at 0; the stake counters add up; `top("winnings")` lists
    only the players who staked money, by money won less lost (ties: more won first), read from its
    index in order (the partial expression index; MariaDB's generated column)."""
    kind, url = any_db
    old = StatsStore(database_url(kind, url, ""), migrate=False)
    rows = sa.table("player_stats", *[sa.column(c) for c in (
        "key", "name", "uuid", "name_key", "updated_at", *OLD_COUNTERS, "hint_game", "rating_mu", "rating_sigma",
        "rating", "rated")])
    marks = sa.table("stats_imports", *[sa.column(c) for c in ("source", "key", *OLD_COUNTERS)])
    # (through the store's upgrade, one at a time: an earlier test's statistics thread may still be
    # migrating its own file, and a second Alembic run at once swapped Alembic's `op` under this one)
    with old.engine.begin() as conn:
        upgrade(conn, "0005")
        conn.execute(rows.insert(), [
            {"key": "u-ann", "name": "Ann", "uuid": "u-ann", "name_key": "ann", "updated_at": 2,
             **dict(zip(OLD_COUNTERS, [7, 3, 9, 4, 420, 5, 1, 61])), "hint_game": 1,
             "rating_mu": 30.0, "rating_sigma": 5.0, "rating": 15.0, "rated": 4},
            {"key": "bob", "name": "Bob", "uuid": None, "name_key": "bob", "updated_at": 1,
             **dict(zip(OLD_COUNTERS, [2, 0, 3, 0, 0, 0, 2, 9])), "hint_game": 0,
             "rating_mu": None, "rating_sigma": None, "rating": None, "rated": 0}])
        conn.execute(marks.insert(), [{"source": "s1", "key": "u-ann", **dict.fromkeys(OLD_COUNTERS, 1)}])
    assert old.version() == "0005"
    store = StatsStore(database_url(kind, url, ""))
    assert store.version() == HEAD
    ann, bob = store.get("ann"), store.get("bob")
    assert [ann[c] for c in OLD_COUNTERS] == [7, 3, 9, 4, 420, 5, 1, 61] and ann["hint_game"] == 1
    assert ann["rated"] == 4 and store.rows()["u-ann"]["mu"] == 30.0
    assert [bob[c] for c in OLD_COUNTERS] == [2, 0, 3, 0, 0, 0, 2, 9] and bob["rating"] is None
    assert all(r[c] == 0 for r in (ann, bob) for c in STAKES)
    with store.engine.connect() as conn:
        assert conn.execute(sa.text(f"SELECT matches_played, {', '.join(STAKES)} FROM stats_imports")).all() == [
            (1, 0, 0, 0, 0)]
        assert "ix_player_stats_winnings" in {r[0] for r in conn.execute(sa.text(INDEXES_SQL[kind]))}
    assert store.top("winnings") == []              # nobody staked yet
    # the stakes add up (two writes each); abe and zed tie at 90, zed won more; dan broke even (0);
    # bob won the most but lost more; eve staked items only and ann never staked: not listed
    for _ in range(2):
        store.add({"zed": {"money_won": 50, "money_lost": 5}, "abe": {"money_won": 45}, "dan": {"money_won": 10, "money_lost": 10},
                   "Bob": {"money_won": 150, "money_lost": 200, "items_lost": 1}, "eve": {"items_won": 2},
                   "cid": {"money_lost": 25}})
    assert {c: store.get("bob")[c] for c in STAKES} == {"money_won": 300, "money_lost": 400, "items_won": 0, "items_lost": 2}
    assert store.get("bob")["matches_played"] == 2 and store.get("eve")["items_won"] == 4
    assert [(r["name"], r["money_won"] - r["money_lost"]) for r in store.top("winnings")] == [
        ("zed", 90), ("abe", 90), ("dan", 0), ("cid", -50), ("Bob", -100)]
    # read from the index in its order: enough rows that a database would rather not sort them
    store.add({f"p{i}": {"matches_played": 1} for i in range(300)})
    store.add({f"s{i}": {"money_won": i % 37, "money_lost": 100 + i % 23} for i in range(300)})
    seen = []
    sa.event.listen(store.engine, "before_cursor_execute", lambda *a: seen.append((a[2], a[3])))
    assert [r["name"] for r in store.top("winnings", limit=3)] == ["zed", "abe", "dan"]
    statement, params = seen[-1]
    with store.engine.connect() as conn:
        if kind == "postgresql":
            conn.execute(sa.text("ANALYZE player_stats"))
            conn.execute(sa.text("SET enable_seqscan = off"))      # the index if it can serve the query at all
            plan = " ".join(r[0] for r in conn.exec_driver_sql("EXPLAIN " + statement, params))
            assert "Index Scan using ix_player_stats_winnings" in plan and "Sort" not in plan, plan
        elif kind == "mysql":
            conn.execute(sa.text("ANALYZE TABLE player_stats"))
            plan = conn.exec_driver_sql("EXPLAIN " + statement, params).mappings().one()
            assert plan["key"] == "ix_player_stats_winnings" and "filesort" not in (plan["Extra"] or ""), plan
        else:
            plan = " ".join(r[-1] for r in conn.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, params))
            assert "ix_player_stats_winnings" in plan and "TEMP B-TREE" not in plan, plan
    for s in (store, old):
        s.close()
