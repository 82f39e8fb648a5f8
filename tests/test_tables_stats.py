"""Player statistics: the SQLite store on its own (a real file), a whole match played through the
manager and checked against what the players were told, and bad `/uno stats` / `/uno top` input."""

import re
import sqlite3

import pytest

from unocraft.simulate import actor
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables
from unocraft.stats.store import COUNTERS, MIN_MATCHES_FOR_RATE, StatsStore
from unocraft.stats.service import MERGE_OVER, StatsService
from unocraft.tables.store import TableStore
from test_tables import CONFIG, cmd, texts
from waiting import until


def answered(tables, now=0.0):
    """The statistics thread has written and answered everything; the loop's next tick passes the
    answers on (as `EngineLoop` does)."""
    assert tables.stats.idle(), "the statistics thread did not finish"
    tables.tick(now)
    return tables.flush()


def rows(path):
    with sqlite3.connect(path) as db:
        cur = db.execute(f"SELECT name, {', '.join(COUNTERS)} FROM player_stats ORDER BY key")
        return {r[0]: dict(zip(COUNTERS, r[1:])) for r in cur}


# ------------------------------------------------------------------ the store
def test_record_and_read_back_add_up_per_player_any_case(tmp_path):
    s = StatsStore(tmp_path / "s.sqlite")
    s.add({"Ann": {"rounds_played": 1, "rounds_won": 1, "points": 57, "cards_played": 9, "uno_calls": 1}},
          uuids={"Ann": "uuid-ann"}, now=1)
    s.add({"ann": {"rounds_played": 1, "points": 0, "caught": 1, "cards_played": 4},
           "bob": {"matches_played": 1}}, uuids={"ann": "uuid-ann"}, now=2)
    row = s.get("ANN")
    assert row == {"name": "ann", "uuid": "uuid-ann", "matches_played": 0, "matches_won": 0, "rounds_played": 2,
                   "rounds_won": 1, "points": 57, "uno_calls": 1, "caught": 1, "cards_played": 13,
                   "money_won": 0, "money_lost": 0, "items_won": 0, "items_lost": 0,
                   "hint_game": 0, "hint_catch": 0, "rating": None, "rated": 0}
    assert s.get("nosuchplayer") is None
    assert s.names() == ["ann", "bob"]          # most recent first; the same moment: by name
    s.add({"bob": {"caught": 1}}, now=3)
    assert s.names() == ["bob", "ann"]
    with pytest.raises(ValueError):
        s.add({"ann": {"rounds_played": 1}, "cid": {"no_such_counter": 1}})
    assert s.get("ann")["rounds_played"] == 2 and s.get("cid") is None    # all or nothing


def test_top_lists_order_and_the_minimum_matches_of_the_rate_list(tmp_path):
    s = StatsStore(tmp_path / "s.sqlite")
    s.add({
        "ann": {"matches_played": 10, "matches_won": 6, "rounds_played": 30, "points": 900},
        "bob": {"matches_played": 4, "matches_won": 4, "rounds_played": 9, "points": 1200},    # 100%, too few
        "cid": {"matches_played": 5, "matches_won": 4, "rounds_played": 12, "points": 300},    # 80%
        "dan": {"matches_played": 8, "matches_won": 4, "rounds_played": 20, "points": 300},    # 50%
        "eve": {"rounds_played": 2, "points": 40},                                            # no match yet
        "fay": {"matches_played": 6, "rounds_played": 6},                                     # no win
    })
    assert [r["name"] for r in s.top("wins")] == ["ann", "bob", "cid", "dan"]     # ties: fewer matches first
    assert [r["name"] for r in s.top("points")] == ["bob", "ann", "cid", "dan", "eve", "fay"]
    assert [r["name"] for r in s.top("rate")] == ["cid", "ann", "dan", "fay"]     # bob has 4 < 5 matches
    assert MIN_MATCHES_FOR_RATE == 5
    assert [r["name"] for r in s.top("rate", min_matches=4)] == ["bob", "cid", "ann", "dan", "fay"]
    assert len(s.top("points", limit=2)) == 2
    many = StatsStore(tmp_path / "many.sqlite")
    many.add({f"p{i:02}": {"matches_played": 1, "matches_won": 1} for i in range(15)})
    assert len(many.top("wins")) == 10
    with pytest.raises(ValueError):
        s.top("nonsense")


def test_counters_in_the_journal_survive_a_restart_and_are_written_exactly_once(tmp_path):
    """The tables' save puts a batch in the local journal; an engine stopped before its statistics
    thread wrote it hands it over again at start; a second restart before the journal forgot it
    writes nothing twice (the database keeps the writer's last batch number)."""
    db = tmp_path / "tables.sqlite"
    store = TableStore(db)
    match = [[0, ["ann"]], [1, ["bob"]]]       # a match result rides with its counters
    number = store.save({"t1": {"id": "t1"}}, stats={"ann": {"rounds_played": 1, "points": 12}}, uuids={"ann": "u-ann"},
                        matches=[match])
    store.close()
    again = TableStore(db)
    assert again.load_all() == [{"id": "t1"}]
    assert again.outbox() == [(number, {"ann": {"rounds_played": 1, "points": 12}}, {"ann": "u-ann"}, [match])]
    for _ in range(2):                           # two starts, the journal not yet told
        service = StatsService(StatsStore(db, migrate=False), writer=again.writer_id)
        service.replay(again.outbox())
        assert service.idle() and service.applied_upto == number and service.waiting() == 0
        service.close()
        assert rows(db)["ann"]["points"] == 12 and rows(db)["ann"]["rounds_played"] == 1
        rated = StatsStore(db).get("ann")
        assert rated["rated"] == 1 and rated["rating"] > 0        # rated once, not once per start
    again.save({}, written_upto=number)
    assert again.outbox() == []
    assert again.save({}, stats={"ann": {"points": 3}}) > number      # numbers are never reused
    again.close()


def test_an_older_statistics_table_gains_the_new_columns_and_keeps_its_rows(tmp_path):
    db = tmp_path / "old.sqlite"
    with sqlite3.connect(db) as old:
        old.execute("CREATE TABLE player_stats (key TEXT PRIMARY KEY, name TEXT NOT NULL, "
                    "matches_played INTEGER NOT NULL DEFAULT 0, matches_won INTEGER NOT NULL DEFAULT 0)")
        old.execute("INSERT INTO player_stats VALUES ('ann', 'ann', 3, 2)")
    s = StatsStore(db)
    assert s.get("ann") == {"name": "ann", "uuid": None, "matches_played": 3, "matches_won": 2, **{
        c: 0 for c in COUNTERS if c not in ("matches_played", "matches_won")}, "rating": None, "rated": 0}
    s.add({"ann": {"cards_played": 5, "matches_played": 1}})
    assert s.get("ann")["cards_played"] == 5 and s.get("ann")["matches_played"] == 4


# ------------------------------------------------------------------ through the manager
def count(lines, pattern):
    return sum(1 for line in lines if re.search(pattern, line))


def test_a_whole_match_through_the_manager_is_recorded_for_the_human_only(tmp_path):
    """ann plays a match (several rounds, target 150) against two bots with her first legal action,
    calling UNO in odd rounds only (the bots catch her in the others). The rows must equal what
    she was told in chat: her plays, her UNO calls, her catches, round and match results."""
    db = tmp_path / "tables.sqlite"
    cfg = parse({**CONFIG, "game": {"single_round": False, "options": {"target": 150}},
                 "bots": {"fill_to": 3, "kind": "basic"}})
    tables = Tables(cfg, TableStore(db))
    tables.attach({"online": [], "vault": []}, 0)
    tables.flush()
    tables.handle({"type": "join", "player": "ann", "locale": "en_us", "uuid": "0000-ann"}, 0)
    cmd(tables, "ann", "start")
    seen = tables.flush()
    assert tables.stats.idle()          # what hints ann has seen is known before the deal
    tables.tick(10)
    seen += tables.flush()
    table = next(iter(tables.tables.values()))
    now = 10.0
    for _ in range(20000):
        g = table.game
        if table.id not in tables.tables:
            break
        if g.phase == "play" and g.names[actor(g)] == "ann":
            legal = g.legal_actions("ann")
            calls = [a for a in legal if a.verb == "uno"]
            others = [a for a in legal if a.verb != "uno"]
            choice = calls[0] if calls and g.round_no % 2 == 1 else others[0]
            cmd(tables, "ann", *str(choice).split(), now=now)
        now += 1.0
        tables.tick(now)
        seen += tables.flush()
    else:
        raise AssertionError("the match did not end")
    assert tables.stats.idle()
    said = texts(seen, "ann")
    rounds = count(said, r"won the round")
    assert rounds >= 2, said[-20:]
    won_rounds = count(said, r"^You won the round")
    points = sum(int(m.group(1)) for line in said for m in [re.match(r"^You won the round and score (\d+) point", line)] if m)
    expected = {
        "matches_played": 1, "matches_won": count(said, r"^You won the match"),
        "rounds_played": rounds, "rounds_won": won_rounds, "points": points,
        "uno_calls": count(said, r"^You called UNO!"),
        "caught": count(said, r"^You were caught without calling UNO"),
        "cards_played": count(said, r"^You played "),
        # the hints, each shown once: how to play at the deal, catching at the first [Catch]
        "hint_game": count(said, r"^Your first game here"), "hint_catch": count(said, r"did not call UNO: click"),
        # no stake at this table: nothing won or lost
        "money_won": 0, "money_lost": 0, "items_won": 0, "items_lost": 0,
    }
    assert expected["hint_game"] == 1 and expected["hint_catch"] <= 1, expected
    assert expected["cards_played"] > 10 and expected["uno_calls"] + expected["caught"] >= 1, expected
    got = rows(db)
    assert list(got) == ["ann"], got                     # bots are not recorded
    assert got["ann"] == expected
    assert StatsStore(db).get("ann")["uuid"] == "0000-ann"
    # and /uno stats shows those numbers; /uno top wins lists ann
    cmd(tables, "ann", "stats", now=now)
    cmd(tables, "ann", "top", "wins", now=now)
    shown = texts(answered(tables, now), "ann")
    assert shown[0] == "UNO statistics of ann"
    # one human against a bot: no rating (a match needs two humans to rate them)
    assert shown[2] == "No rating yet: it starts with a finished match against another player."
    assert f"{rounds} rounds played, {won_rounds} won" in shown
    assert f"{expected['cards_played']} cards played" in shown
    assert any(line.startswith("1 match played") for line in shown)
    assert shown[-2:] == ["Top 10: matches won",
                          "1. ann: 1 win" if expected["matches_won"] else "Nobody is on this list yet."]
    # the shared completion tree now offers ann after /uno stats, and the lists after /uno top
    tree = [op["tree"] for op in seen if op["op"] == "complete" and "player" not in op][-1]
    assert tree["stats"] == ["ann"] and tree["top"] == ["wins", "points", "rate", "rating", "winnings"]


@pytest.mark.parametrize("scoring", ["standard", "alternative"])
def test_a_single_round_table_plays_one_round_matches_and_a_leaver_is_not_recorded(tmp_path, scoring):
    db = tmp_path / "tables.sqlite"
    game = {**CONFIG["game"], "options": {"scoring": scoring}}
    tables = Tables(parse({**CONFIG, "game": game, "bots": {"fill_to": 2, "kind": "basic"}}), TableStore(db))
    tables.attach({"online": [], "vault": []}, 0)
    for name in ("ann", "bob"):
        tables.handle({"type": "join", "player": name, "locale": "en_us"}, 0)
        cmd(tables, name, "start" if name == "ann" else "join")
    cmd(tables, "cid", "start", pos=(500, 40, 0))            # a table of her own
    tables.tick(10)
    tables.flush()
    t1, t2 = tables.tables["t1"], tables.tables["t2"]
    cmd(tables, "cid", "leave", now=11)                      # a bot plays her seat to the end
    seen = []
    now = 11.0
    while tables.tables and now < 5000:
        for t, name in ((t1, "ann"), (t1, "bob")):
            g = t.game
            if t.id in tables.tables and g.phase == "play" and g.names[actor(g)] == name:
                cmd(tables, name, *str(g.legal_actions(name)[0]).split(), now=now)
        now += 1
        tables.tick(now)
        seen += tables.flush()
    assert not tables.tables
    assert tables.stats.idle()
    got = rows(db)
    assert set(got) == {"ann", "bob"}, got
    winner = next(n for n in ("ann", "bob") if any(x.startswith("You won the round") for x in texts(seen, n)))
    for name in ("ann", "bob"):
        assert got[name]["rounds_played"] == got[name]["matches_played"] == 1
        assert got[name]["matches_won"] == got[name]["rounds_won"] == int(name == winner)
    if scoring == "standard":     # points won: the winner's
        assert got[winner]["points"] > 0 and got["ann" if winner == "bob" else "bob"]["points"] == 0
    else:                         # penalty points (your own hand) are not points won
        assert got["ann"]["points"] == got["bob"]["points"] == 0


def test_bad_stats_and_top_arguments_answer_clearly_and_change_nothing(tmp_path):
    db = tmp_path / "tables.sqlite"
    tables = Tables(parse(CONFIG), TableStore(db))
    tables.attach({"online": [], "vault": []}, 0)
    assert tables.stats.idle()                   # (an in-memory database: one thread at a time)
    tables.stats.store.add({"ann": {"matches_played": 2, "matches_won": 1, "rounds_played": 3, "points": 77}})
    before = rows(db)
    tables.handle({"type": "join", "player": "ann", "locale": "en_us"}, 0)
    tables.handle({"type": "join", "player": "zed", "locale": "en_us"}, 0)
    tables.flush()
    cmd(tables, "ann", "stats", "nosuchplayer")
    assert texts(answered(tables), "ann") == [
        "There are no UNO statistics for nosuchplayer: nobody of that name has finished a round here."]
    cmd(tables, "ann", "top", "nonsense")
    said = texts(tables.flush(), "ann")
    assert said[0] == 'There is no list "nonsense": choose wins, points, rate, rating or winnings.'
    assert said[1] == "Usage: /uno top [wins|points|rate|rating|winnings]"
    cmd(tables, "ann", "stats", "a", "b")
    assert texts(tables.flush(), "ann") == ["Usage: /uno stats [player]"]
    cmd(tables, "zed", "stats")
    assert texts(answered(tables), "zed") == ["You have no UNO statistics yet; they start with your first finished round."]
    cmd(tables, "zed", "stats", "ANN")        # anyone's, any case
    assert "2 matches played, 1 won (50%)" in texts(answered(tables), "zed")
    cmd(tables, "zed", "top", "rate")
    assert texts(answered(tables), "zed") == ["Top 10: share of matches won (at least 5 matches played)",
                                            "Nobody has played 5 matches yet."]
    cmd(tables, "zed", "top", "points")
    assert texts(answered(tables), "zed") == ["Top 10: points scored", "1. ann: 77 points"]
    assert rows(db) == before and not tables.tables


@pytest.mark.parametrize("locale, lines", [
    ("ru_ru", ["Статистика UNO: ann", "2 матча сыграно, выиграно 1 (50%)", "1 очко набрано", "21 карта сыграна",
               "УНО объявлено 5 раз", "Поймали без УНО: 3 раза"]),
    ("sk_sk", ["Štatistika UNO: ann", "2 odohrané zápasy, vyhraté: 1 (50 %)", "1 získaný bod",
               "21 zahraných kariet", "UNO ohlásené 5-krát", "Trest za neohlásené UNO: 3-krát"]),
])
def test_statistics_in_the_players_language(locale, lines):
    tables = Tables(parse(CONFIG))
    tables.attach({"online": [], "vault": []}, 0)
    assert tables.stats.idle()
    tables.stats.store.add({"ann": {"matches_played": 2, "matches_won": 1, "points": 1, "cards_played": 21,
                              "uno_calls": 5, "caught": 3}})
    tables.handle({"type": "join", "player": "ivan", "locale": locale}, 0)
    cmd(tables, "ivan", "stats", "ann")
    said = texts(answered(tables), "ivan")
    for line in lines:
        assert line in said, said


# ------------------------------------------------------------------ config and the statistics thread
@pytest.mark.parametrize("statistics, message", [
    ({"storage": "oracle"}, "statistics.storage: value 'oracle' is out of range"),
    ({"storage": "postgresql"}, "statistics.url: storage postgresql needs a URL"),
    ({"storage": "postgresql", "url": "mysql://u@h/db"}, "statistics.url: a postgresql URL must start with postgresql://"),
    ({"storage": "mysql", "url": "not a url"}, "statistics.url: not a database URL"),
    ({"storage": "sqlite", "url": "postgresql://u@h/db"}, "statistics.url: with storage sqlite"),
    ({"pool_size": 0}, "statistics.pool_size: value 0 is out of range"),
    ({"pool": 3}, "statistics.pool: unknown key"),
])
def test_a_bad_statistics_config_is_refused_naming_the_key(statistics, message):
    from unocraft.rules.errors import ConfigError
    with pytest.raises(ConfigError) as e:
        parse({**CONFIG, "statistics": statistics})
    assert str(e.value).startswith(message), str(e.value)


def test_statistics_config_keys_choose_the_database():
    from unocraft.stats.store import database_url
    cfg = parse({**CONFIG, "statistics": {"storage": "mysql", "url": "mariadb://u:p@db.example/unocraft",
                                          "pool_size": 4}})
    assert (cfg.stats_storage, cfg.stats_pool_size) == ("mysql", 4)
    url = database_url(cfg.stats_storage, cfg.stats_url, cfg.database)
    assert url.drivername == "mysql+pymysql" and url.query["charset"] == "utf8mb4" and url.database == "unocraft"
    assert database_url("postgresql", "postgres://u@h:5433/n", "x").drivername == "postgresql+psycopg"
    default = parse(CONFIG)
    assert default.stats_storage == "sqlite" and database_url("sqlite", "", "/srv/t.sqlite").database == "/srv/t.sqlite"


def test_while_the_database_is_away_batches_wait_merged_one_warning_then_all_are_written(tmp_path, caplog):
    """The database cannot be opened (its path is a folder): 2500 batches are recorded without
    waiting, merged in memory (bounded: one batch per run), one WARNING; the folder goes, the
    database opens and every counter is written exactly once."""
    import logging
    caplog.set_level(logging.INFO, logger="unocraft.stats")
    path = tmp_path / "stats.sqlite"
    path.mkdir()
    service = StatsService(StatsStore(path, migrate=False), writer="w")
    service.replay([(1, {"ann": {"points": 1}}, {}), (2, {"bob": {"points": 2}}, {})])   # from a journal
    for number in range(3, 2503):
        service.record(number, {"ann": {"cards_played": 1}, f"p{number % 50}": {"caught": 1}}, {})
    assert 3 <= service.waiting() <= MERGE_OVER + 1   # the two replayed stay apart; the rest merge past MERGE_OVER
    service.record(2503, {"ann": {"cards_played": 1}}, {})
    assert service.idle(10)
    path.rmdir()
    until(lambda: not service.waiting(), "the waiting batches were not written (the retry pause, then a write)")
    assert service.applied_upto == 2503
    service.close()
    got = rows(path)
    assert got["ann"]["cards_played"] == 2501 and got["ann"]["points"] == 1 and got["bob"]["points"] == 2
    assert sum(got[f"p{i}"]["caught"] for i in range(50)) == 2500
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "statistics database unavailable" in warnings[0]
    assert any("statistics database is back" in r.getMessage() for r in caplog.records)


def test_the_engines_database_files_are_owner_only(tmp_path):
    """They hold players' names, UUIDs, hands and statistics: 0600 like the plugin's player files,
    also a file an older version left readable; a folder the engine creates is 0700."""
    old = tmp_path / "old.sqlite"
    old.touch(mode=0o644)
    old.chmod(0o644)
    for path in (tmp_path / "new" / "unocraft-tables.sqlite", old):
        store = TableStore(path)
        store.db.execute("CREATE TABLE IF NOT EXISTS probe (x)")
        with store.db:
            store.db.execute("INSERT INTO probe VALUES (1)")
        for f in [path, path.with_name(path.name + "-wal")]:
            assert f.stat().st_mode & 0o777 == 0o600, f
    assert (tmp_path / "new").stat().st_mode & 0o777 == 0o700
    StatsStore(tmp_path / "stats" / "statistics.sqlite")
    assert (tmp_path / "stats" / "statistics.sqlite").stat().st_mode & 0o777 == 0o600


def test_waiting_for_a_statistics_answer_the_loop_does_not_spin(tmp_path):
    """While a player waits for /uno top, the engine loop polls with a short wait, never 0 ms in a
    tight loop: spinning holds the GIL and starves the statistics thread it waits for (it made
    /uno top take 20-50 ms on an idle machine instead of about one)."""
    import queue
    import threading

    from unocraft.tables.loop import EngineLoop
    from unocraft.transport.base import Transport

    answered = threading.Event()

    class InProcess(Transport):
        def __init__(self):
            self.events: queue.Queue = queue.Queue()
            self.polls = 0

        def connect(self, stop=None):
            return {"protocol": 1, "platform": "test", "online": ["ann"], "vault": []}

        def poll(self, max_wait_ms):
            self.polls += 1
            try:
                return [self.events.get(timeout=max_wait_ms / 1000)]
            except queue.Empty:
                return []

        def apply(self, ops):
            if any(op.get("op") == "msg" and op.get("player") == "ann" and "Top 10" in str(op.get("c")) for op in ops):
                answered.set()

        def close(self):
            pass

    StatsStore(tmp_path / "tables.sqlite").add({"bob": {"matches_played": 3, "matches_won": 2}})
    cfg = parse({"language": "en"}, base_dir=str(tmp_path))
    transport = InProcess()
    loop = EngineLoop(cfg, transport, TableStore(tmp_path / "tables.sqlite"))
    engine = threading.Thread(target=loop.run, daemon=True)
    engine.start()
    try:
        polls = []
        for _ in range(5):
            answered.clear()
            before = transport.polls
            transport.events.put({"type": "command", "player": "ann", "args": ["top", "wins"]})
            assert answered.wait(10)
            polls.append(transport.polls - before)
    finally:
        loop.stop.set()
        engine.join(10)
    assert max(polls) < 200, polls      # a few 1 ms waits; spinning made thousands of polls per answer
