"""What players won and lost at tables played for a stake (migration 0006): the four counters
`money_won`, `money_lost`, `items_won`, `items_lost`, the upgrade of a database at 0005, the
`winnings` top list (net money, only players who ever staked money), `/uno stats` and
`/uno top winnings` through the command path, in English, Russian and Slovak, the placeholders
and the web page. SQLite here; the same upgrade and list on PostgreSQL and MariaDB:
test_stats_sql.py."""

import sqlite3
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
import sqlalchemy as sa

import unocraft.stats.store as store_module
from unocraft.stats.store import COUNTERS, TOP_KINDS, StatsStore
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables
from unocraft.tables.stats_tally import placeholder_tops, placeholder_values, stats_lines, top_entry, top_lines
from unocraft.tables.store import TableStore
from unocraft.web.feed import WebFeed
from test_tables import CONFIG, cmd, texts
from test_web import served  # noqa: F401  (the page's server on its thread, an HTTP client of it)

STAKES = ("money_won", "money_lost", "items_won", "items_lost")
#: net money: zed and abe tie at 90 (zed won more: first, though abe's key comes first), dan staked
#: and broke even (0: listed), bob won the most but lost more (-100: last); eve staked items only
#: and fay never staked: neither is on the list
PLAYERS = {"zed": {"money_won": 100, "money_lost": 10}, "abe": {"money_won": 90},
           "dan": {"money_won": 20, "money_lost": 20}, "cid": {"money_lost": 50},
           "bob": {"money_won": 300, "money_lost": 400}, "eve": {"items_won": 3, "items_lost": 1},
           "fay": {"matches_played": 9, "matches_won": 9, "rounds_played": 9, "points": 900}}
ORDER = [("zed", 90), ("abe", 90), ("dan", 0), ("cid", -50), ("bob", -100)]


def upgrade(db: Path, revision: str) -> StatsStore:
    """A database left at `revision` by an engine before (Alembic run to it, no further)."""
    old = StatsStore(db, migrate=False)
    with old.engine.begin() as conn:
        store_module.upgrade(conn, revision)
    return old


def answered(tables, now=0.0):
    assert tables.stats.idle(), "the statistics thread did not finish"
    tables.tick(now)
    return tables.flush()


# ------------------------------------------------------------------ the store
def test_the_stake_counters_are_display_counters_before_the_hints_and_winnings_is_a_top_kind():
    assert COUNTERS[-2:] == ("hint_game", "hint_catch")
    assert COUNTERS[8:12] == STAKES
    assert "winnings" in TOP_KINDS


def test_an_upgrade_to_an_older_revision_while_another_thread_migrates_reaches_its_revision(tmp_path):
    """An earlier test's statistics thread, still migrating its own file, while a test leaves another
    file at 0005: Alembic's `op` is one per process, and the store's upgrade takes turns with every
    migration (without, a step of one ran on the other's database: "no such table")."""
    errors: list[Exception] = []
    stop = threading.Event()

    def engines_starting():
        n = 0
        while not stop.is_set():
            n += 1
            try:
                StatsStore(tmp_path / f"engine{n}.sqlite").close()
            except Exception as e:
                errors.append(e)
                return
    thread = threading.Thread(target=engines_starting, daemon=True)
    thread.start()
    try:
        for i in range(8):
            old = upgrade(tmp_path / f"old{i}.sqlite", "0005")
            assert old.version() == "0005"
            old.close()
    finally:
        stop.set()
        thread.join(60)
    assert not errors, errors


def test_a_database_at_0005_is_upgraded_in_place_and_keeps_its_rows(tmp_path):
    db = tmp_path / "old.sqlite"
    old = upgrade(db, "0005")
    with old.engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO player_stats (key, name, uuid, name_key, matches_played, matches_won, points, "
                             "cards_played, hint_game, updated_at, rating_mu, rating_sigma, rating, rated) VALUES "
                             "('u-ann', 'Ann', 'u-ann', 'ann', 7, 3, 420, 61, 1, 5, 30.0, 5.0, 15.0, 4)"))
        conn.execute(sa.text("INSERT INTO stats_imports (source, key, matches_played, points) "
                             "VALUES ('s1', 'u-ann', 2, 40)"))
    old.close()
    s = StatsStore(db)
    assert s.version() == "0006"
    ann = s.get("ann")
    assert {k: ann[k] for k in ("matches_played", "matches_won", "points", "cards_played", "hint_game", "rated")} == {
        "matches_played": 7, "matches_won": 3, "points": 420, "cards_played": 61, "hint_game": 1, "rated": 4}
    assert ann["rating"] is not None and all(ann[c] == 0 for c in STAKES)
    assert s.rows()["u-ann"]["mu"] == 30.0
    with sqlite3.connect(db) as check:
        indexes = {r[0] for r in check.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        marks = check.execute(f"SELECT matches_played, points, {', '.join(STAKES)} FROM stats_imports").fetchall()
    assert {"ix_player_stats_winnings", "ix_player_stats_rating", "ix_player_stats_rate"} <= indexes
    assert marks == [(2, 40, 0, 0, 0, 0)]
    s.add({"Ann": {"money_won": 25, "items_lost": 2}}, uuids={"Ann": "u-ann"})
    ann = s.get("ann")
    assert (ann["matches_played"], ann["money_won"], ann["items_lost"]) == (7, 25, 2)
    s.close()


def test_the_stake_counters_add_up_and_the_winnings_list_orders_by_net_money(tmp_path):
    s = StatsStore(tmp_path / "s.sqlite")
    s.add(PLAYERS)
    s.add({"zed": {"money_won": 50, "money_lost": 50, "items_won": 2}, "eve": {"items_won": 4}})
    zed = s.get("zed")
    assert {c: zed[c] for c in STAKES} == {"money_won": 150, "money_lost": 60, "items_won": 2, "items_lost": 0}
    assert {c: s.get("eve")[c] for c in STAKES} == {"money_won": 0, "money_lost": 0, "items_won": 7, "items_lost": 1}
    top = s.top("winnings")
    assert [(r["name"], r["money_won"] - r["money_lost"]) for r in top] == ORDER
    assert [top_entry("winnings", r) for r in top] == [[n, str(v)] for n, v in ORDER]
    assert [r["name"] for r in s.top("winnings", limit=2)] == ["zed", "abe"]
    assert s.top("wins")[0]["name"] == "fay"            # the other lists are as they were


def test_the_winnings_list_reads_its_index_in_order(tmp_path):
    """The list's query uses the partial index of 0006 with its order (no sort of its own): the
    expression and the condition are the index's own."""
    s = StatsStore(tmp_path / "s.sqlite")
    s.add({f"p{i}": {"matches_played": 1} for i in range(300)})
    s.add({f"s{i}": {"money_won": i % 37, "money_lost": i % 23} for i in range(300)})
    seen = []
    sa.event.listen(s.engine, "before_cursor_execute", lambda *a: seen.append((a[2], a[3])))
    top = s.top("winnings")
    assert len(top) == 10 and top[0]["money_won"] - top[0]["money_lost"] == 36
    statement, params = seen[-1]
    with s.engine.connect() as conn:
        plan = " ".join(r[-1] for r in conn.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, params))
    assert "ix_player_stats_winnings" in plan and "TEMP B-TREE" not in plan, plan
    s.close()


# ------------------------------------------------------------------ what players read
def row(**counters):
    return {"name": "ann", **dict.fromkeys(COUNTERS, 0), "rating": None, "rated": 0, **counters}


def test_the_stats_lines_show_money_and_items_only_to_a_player_who_staked_them():
    plain = stats_lines("en", row(matches_played=2))
    assert len(plain) == 8 and not any("Played for" in text for text, _ in plain)
    money = stats_lines("en", row(matches_played=2, money_lost=40))
    assert money[:8] == plain and [t for t, _ in money[8:]] == ["Played for money: 0 won, 40 lost"]
    both = stats_lines("en", row(matches_played=2, money_won=100, money_lost=10, items_won=3, items_lost=1))
    assert [t for t, _ in both[8:]] == ["Played for money: 100 won, 10 lost", "Played for items: 3 won, 1 lost"]
    items = stats_lines("en", row(matches_played=2, items_won=1))
    assert [t for t, _ in items[8:]] == ["Played for items: 1 won, 0 lost"]
    assert [t for t, _ in stats_lines("ru", row(money_won=5, items_lost=2))[8:]] == [
        "Игра на деньги: выиграно 5, проиграно 0", "Игра на предметы: выиграно 0, проиграно 2"]
    assert [t for t, _ in stats_lines("sk", row(money_won=5, items_lost=2))[8:]] == [
        "Hra o peniaze: vyhraté 5, prehraté 0", "Hra o predmety: vyhraté 0, prehraté 2"]


def test_the_winnings_placeholder_is_the_net_money():
    assert placeholder_values(None)["winnings"] == "0"
    assert placeholder_values(row(money_won=100, money_lost=10, items_won=50))["winnings"] == "90"
    assert placeholder_values(row(money_won=0, money_lost=100))["winnings"] == "-100"


def test_the_top_placeholders_include_the_winnings_list(tmp_path):
    s = StatsStore(tmp_path / "s.sqlite")
    s.add(PLAYERS)
    tops = placeholder_tops(s)
    assert tops["winnings"] == [[n, str(v)] for n, v in ORDER]
    assert tops["wins"] == [["fay", "9"]]


def test_the_winnings_lines_and_the_empty_list_in_three_languages():
    rows = [row(name="zed", money_won=100, money_lost=10), row(name="bob", money_won=300, money_lost=400)]
    assert top_lines("en", "winnings", rows) == ("Top 10: net money won", [
        ("zed", "1. zed: 90 (100 won, 10 lost)"), ("bob", "2. bob: -100 (300 won, 400 lost)")])
    assert top_lines("ru", "winnings", rows)[1][1][1] == "2. bob: -100 (выиграно 300, проиграно 400)"
    assert top_lines("sk", "winnings", rows)[1][0][1] == "1. zed: 90 (vyhraté: 100, prehraté: 10)"
    assert top_lines("en", "winnings", []) == ("Top 10: net money won", [("", "Nobody has played for money yet.")])
    assert top_lines("ru", "winnings", []) == ("Топ-10: чистый выигрыш", [("", "На деньги пока никто не играл.")])
    assert top_lines("sk", "winnings", []) == ("Top 10: čistý zisk", [("", "O peniaze zatiaľ nikto nehral.")])


# ------------------------------------------------------------------ through the tables
def test_stakes_added_through_the_tally_are_written_and_shown_by_uno_stats_and_uno_top_winnings(tmp_path):
    """As a settled pot does: `tally.add(name, money_won=..., ...)`, saved with the tables; then
    `/uno stats` shows the stakes, `/uno top winnings` the list; the completion and usage offer it."""
    db = tmp_path / "tables.sqlite"
    tables = Tables(parse(CONFIG), TableStore(db))
    tables.attach({"online": [], "vault": []}, 0)
    trees = [op["tree"] for op in tables.flush() if op["op"] == "complete" and "player" not in op]
    assert trees and "winnings" in trees[-1]["top"]        # /uno top <tab> offers it
    for name, locale in (("ann", "en_us"), ("bob", "en_us"), ("ivan", "ru_ru"), ("jana", "sk_sk")):
        tables.handle({"type": "join", "player": name, "locale": locale}, 0)
    tables.flush()
    cmd(tables, "ann", "top", "winnings")
    assert texts(answered(tables), "ann") == ["Top 10: net money won", "Nobody has played for money yet."]
    tables.tally.add("ann", money_won=60, items_won=2)
    tables.tally.add("bob", money_lost=60, items_lost=2, matches_played=1)
    tables.save()
    tables.tally.add("ann", money_won=40, money_lost=10)
    tables.tally.add("bob", money_won=10, money_lost=40)
    tables.save()
    assert tables.stats.idle()
    store = tables.stats.store
    assert {c: store.get("ann")[c] for c in STAKES} == {"money_won": 100, "money_lost": 10, "items_won": 2, "items_lost": 0}
    assert {c: store.get("bob")[c] for c in STAKES} == {"money_won": 10, "money_lost": 100, "items_won": 0, "items_lost": 2}
    tables.flush()
    cmd(tables, "ann", "stats")
    cmd(tables, "ann", "top", "winnings")
    said = texts(answered(tables), "ann")
    assert said[8:] == ["Played for money: 100 won, 10 lost", "Played for items: 2 won, 0 lost",
                        "Top 10: net money won", "1. ann: 90 (100 won, 10 lost)", "2. bob: -90 (10 won, 100 lost)"]
    cmd(tables, "ivan", "top", "WINNINGS")
    cmd(tables, "jana", "stats", "bob")
    ops = answered(tables)
    assert texts(ops, "ivan") == ["Топ-10: чистый выигрыш", "1. ann: 90 (выиграно 100, проиграно 10)",
                                  "2. bob: -90 (выиграно 10, проиграно 100)"]
    assert texts(ops, "jana")[-2:] == ["Hra o peniaze: vyhraté 10, prehraté 100", "Hra o predmety: vyhraté 0, prehraté 2"]
    cmd(tables, "ann", "top", "money")            # a list that is not: the usage names winnings
    assert texts(tables.flush(), "ann") == ['There is no list "money": choose wins, points, rate, rating or winnings.',
                                            "Usage: /uno top [wins|points|rate|rating|winnings]"]
    tables.close()


def test_the_web_leaderboards_show_the_winnings_list_and_a_players_page_their_stakes(tmp_path, served):
    s = StatsStore(tmp_path / "s.sqlite")
    no_tables = SimpleNamespace(feed=WebFeed())
    assert "Nobody has played for money yet." in served(no_tables, s).get("/top").text
    s.add(PLAYERS)
    client = served(no_tables, s)            # a new server: a page's lists are kept a few seconds
    page = client.get("/top").text
    assert 'id="winnings"' in page and "Top 10: net money won" in page
    assert page.index("1. zed: 90 (100 won, 10 lost)") < page.index("5. bob: -100 (300 won, 400 lost)")
    assert "eve" not in page.split('id="winnings"')[1].split("</section>")[0]
    assert "Топ-10: чистый выигрыш" in client.get("/top?lang=ru").text
    assert "Played for money: 100 won, 10 lost" in client.get("/player/zed").text
    assert "Played for" not in client.get("/player/fay").text
    s.close()


@pytest.mark.parametrize("kind", TOP_KINDS)
def test_every_top_kind_has_its_title_and_lines_in_every_language(kind):
    for lang in ("en", "ru", "sk"):
        title, lines = top_lines(lang, kind, [])
        assert title and "top." not in title and lines[0][1] and "top." not in lines[0][1], (lang, kind)
