"""The skill rating (stats/rating.py): the model on known finishing orders, how bots and partners
count, the store's read-modify-write of a rating with its batch (exactly once, in order), the
migration of an existing SQLite database, the journal, and what `/uno stats` and `/uno top rating`
say after a match of two humans. The same against real PostgreSQL and MariaDB: test_stats_sql.py."""

import sqlite3
from types import SimpleNamespace

import pytest
import sqlalchemy as sa

from unocraft.rules.options import Options
from unocraft.simulate import actor
from unocraft.stats import rating
from unocraft.stats.service import StatsService
from unocraft.stats.store import StatsStore, upgrade
from unocraft.tables.manager import Tables
from unocraft.tables.config import parse
from unocraft.tables.stats_tally import finishing
from unocraft.tables.store import TableStore
from test_tables import CONFIG, cmd, texts


def result(*sides):
    """`result(["ann"], ["bob"])`: sides in finishing order, each its own rank."""
    return [[rank, list(side)] for rank, side in enumerate(sides)]


# ------------------------------------------------------------------ the model
def test_the_winner_gains_the_loser_loses_and_both_grow_surer():
    new = rating.update(result(["ann"], ["bob"]), {})
    (ann_mu, ann_sigma), (bob_mu, bob_sigma) = new["ann"], new["bob"]
    assert ann_mu > rating.MU > bob_mu and ann_sigma < rating.SIGMA and bob_sigma < rating.SIGMA
    assert ann_mu - rating.MU == pytest.approx(rating.MU - bob_mu)      # equal newcomers: symmetric
    # the shown number: 40 x (mu - 3 sigma); a newcomer's is 0
    assert rating.shown(rating.conservative(rating.MU, rating.SIGMA)) == 0
    assert rating.shown(rating.conservative(*new["ann"])) == 138 and rating.shown(rating.conservative(*new["bob"])) == -73
    # a winner over a stronger player gains more than over a weaker one
    strong, weak = (30.0, 3.0), (20.0, 3.0)
    over_strong = rating.update(result(["ann"], ["s"]), {"s": strong})["ann"][0]
    over_weak = rating.update(result(["ann"], ["w"]), {"w": weak})["ann"][0]
    assert over_strong > over_weak > rating.MU


def test_a_finishing_order_of_four_and_ties():
    new = rating.update(result(["a"], ["b"], ["c"], ["d"]), {})
    mus = [new[p][0] for p in "abcd"]
    assert mus == sorted(mus, reverse=True) and mus[0] > rating.MU > mus[3]
    tie = rating.update([[0, ["a"]], [0, ["b"]]], {})          # a draw of equals changes no estimate
    assert tie["a"][0] == pytest.approx(rating.MU) and tie["b"][0] == pytest.approx(rating.MU)
    assert tie["a"][1] < rating.SIGMA
    shared = rating.update([[0, ["a"]], [1, ["b"]], [1, ["c"]]], {})    # b and c tie second
    assert shared["b"] == pytest.approx(shared["c"]) and shared["a"][0] > shared["b"][0]


def test_partners_are_a_team_and_fewer_than_two_sides_of_humans_change_nothing():
    new = rating.update(result(["a", "c"], ["b", "d"]), {})
    assert new["a"] == new["c"] and new["b"] == new["d"] and new["a"][0] > rating.MU > new["b"][0]
    assert rating.update(result(["ann"]), {}) == {}                    # alone (the rest were bots)
    assert rating.update(result(["ann", "bob"]), {}) == {}              # two partners, no opponent
    assert rating.update([[0, ["ann"]], [1, []]], {}) == {}             # a side of bots only
    assert rating.rated_sides([[0, ["ann"]], [1, []], [2, ["bob"]]]) == [[0, ["ann"]], [2, ["bob"]]]


def table(names, humans, partners=False, scoring="standard"):
    game = SimpleNamespace(names=names, opts=Options(partners=partners, scoring=scoring))
    return SimpleNamespace(game=game, humans=lambda: [SimpleNamespace(name=n) for n in humans])


def test_the_finishing_order_of_a_match_leaves_the_bots_out_and_pairs_the_partners():
    t = table(["ann", "Bot1", "bob", "cid"], {"ann", "bob", "cid"})
    scores = {"ann": 120, "Bot1": 510, "bob": 40, "cid": 120}
    # standard scoring: the winner, then the most points; ann and cid tie
    assert finishing(t, {"Bot1"}, scores) == [[1, ["ann"]], [1, ["cid"]], [2, ["bob"]]]
    # penalty points: the fewest first
    assert finishing(table(["ann", "bob", "cid"], {"ann", "bob", "cid"}, scoring="alternative"),
                     {"bob"}, {"ann": 300, "bob": 10, "cid": 80}) == [[0, ["bob"]], [1, ["cid"]], [2, ["ann"]]]
    # no scores (a one-round match): the winner, the others tie
    assert finishing(t, {"bob"}, None) == [[0, ["bob"]], [1, ["ann"]], [1, ["cid"]]]
    # partners: seats 0+2 and 1+3, a bot partner left out
    p = table(["ann", "bob", "Bot1", "dan"], {"ann", "bob", "dan"}, partners=True)
    assert finishing(p, {"bob", "dan"}, {"ann": 0, "bob": 500, "Bot1": 0, "dan": 500}) == [
        [0, ["bob", "dan"]], [1, ["ann"]]]


# ------------------------------------------------------------------ the store
def test_the_store_rates_a_batch_exactly_once_and_lists_by_the_cautious_value(tmp_path):
    s = StatsStore(tmp_path / "s.sqlite")
    played = {"matches_played": 1}
    # steady: ann beats bob ten times; lucky: newcomer cid beats dan once
    batches = [(i, {"ann": {**played, "matches_won": 1}, "bob": played}, {"ann": "u-ann"},
                [result(["ann"], ["bob"])]) for i in range(1, 11)]
    assert s.apply("w", batches) == 10
    assert s.apply("w", batches) == 10                         # again (a retry): nothing twice
    s.apply("w", [(11, {"cid": {**played, "matches_won": 1}, "dan": played}, {}, [result(["cid"], ["dan"])])])
    ann, cid = s.get("ann"), s.get("cid")
    assert ann["rated"] == 10 and cid["rated"] == 1 and ann["rating"] > cid["rating"] > 0
    assert s.get("bob")["rating"] < 0 and s.get("bob")["matches_played"] == 10
    top = s.top("rating")
    assert [r["name"] for r in top] == ["ann", "cid", "dan", "bob"]
    assert [(r["rating"], r["rated"]) for r in top[:2]] == [(ann["rating"], 10), (cid["rating"], 1)]
    assert all("rating" in r and "rated" in r for kind in ("wins", "points", "rate") for r in s.top(kind, min_matches=0))
    # the sequence matters (a rating is no sum): the stored one equals the model applied in order
    mine: dict = {}
    for _ in range(10):
        mine.update(rating.update(result(["ann"], ["bob"]), mine))
    assert s.rows()["u-ann"]["mu"] == pytest.approx(mine["ann"][0]) and s.rows()["u-ann"]["sigma"] == pytest.approx(mine["ann"][1])
    # a match of one human changes no rating; a new player unrated: None
    s.apply("w", [(12, {"eve": played}, {}, [result(["eve"])])])
    assert s.get("eve")["rating"] is None and s.get("eve")["rated"] == 0
    assert "eve" not in [r["name"] for r in s.top("rating")]


def test_a_row_kept_by_name_hands_its_rating_to_the_uuids_row(tmp_path):
    s = StatsStore(tmp_path / "s.sqlite")
    s.apply("w", [(1, {"ann": {"matches_played": 1}, "bob": {"matches_played": 1}}, {}, [result(["ann"], ["bob"])])])
    by_name = s.get("ann")["rating"]
    s.add({"ann": {"rounds_played": 1}}, uuids={"ann": "u-ann"})      # her first write with a UUID
    assert set(s.rows()) == {"u-ann", "bob"}
    assert s.get("ann")["rating"] == by_name and s.get("ann")["rated"] == 1


def test_the_service_keeps_the_match_results_in_order_when_it_merges(tmp_path):
    store = StatsStore(tmp_path / "s.sqlite")
    service = StatsService(store, writer="w")
    service.close()                 # no thread: the batches wait, then merge
    service._batches = []
    for i in range(1, 4):
        service.record(i, {"ann": {"matches_played": 1}, "bob": {"matches_played": 1}}, {},
                       [result(["ann"], ["bob"]) if i < 3 else result(["bob"], ["ann"])])
    service._merge_waiting()
    [(number, deltas, _, matches)] = service._batches
    assert number == 3 and deltas["ann"] == {"matches_played": 3}
    assert matches == [result(["ann"], ["bob"])] * 2 + [result(["bob"], ["ann"])]


# ------------------------------------------------------------------ an existing database
def test_a_database_at_0004_is_upgraded_in_place_and_keeps_its_counters(tmp_path):
    db = tmp_path / "old.sqlite"
    old = StatsStore(db, migrate=False)
    with old.engine.begin() as conn:
        upgrade(conn, "0004")
        conn.execute(sa.text("INSERT INTO player_stats (key, name, uuid, matches_played, matches_won, points, "
                             "hint_game, updated_at, name_key) VALUES ('u-ann', 'Ann', 'u-ann', 7, 3, 420, 1, 5, 'ann')"))
    old.close()
    s = StatsStore(db)
    assert s.version() == "0006"   # (0006, the stakes, after it)
    ann = s.get("ann")
    assert (ann["matches_played"], ann["matches_won"], ann["points"], ann["hint_game"]) == (7, 3, 420, 1)
    assert ann["rating"] is None and ann["rated"] == 0
    with sqlite3.connect(db) as check:
        assert "ix_player_stats_rating" in {r[0] for r in check.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    s.apply("w", [(1, {"Ann": {"matches_played": 1}, "bob": {"matches_played": 1}}, {"Ann": "u-ann"},
                   [result(["Ann"], ["bob"])])])
    assert s.get("ann")["matches_played"] == 8 and s.get("ann")["rated"] == 1


def test_an_older_journal_gains_the_match_results_column(tmp_path):
    db = tmp_path / "tables.sqlite"
    with sqlite3.connect(db) as old:         # the journal of an engine before the rating, a batch unwritten
        old.execute("CREATE TABLE stats_outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, deltas TEXT NOT NULL, uuids TEXT NOT NULL)")
        old.execute("""INSERT INTO stats_outbox (deltas, uuids) VALUES ('{"ann": {"points": 5}}', '{}')""")
    store = TableStore(db)
    assert store.outbox() == [(1, {"ann": {"points": 5}}, {}, [])]
    store.close()


# ------------------------------------------------------------------ through the tables
def test_a_match_of_two_humans_rates_both_and_stats_and_top_rating_say_so(tmp_path):
    db = tmp_path / "tables.sqlite"
    tables = Tables(parse({**CONFIG, "bots": {"fill_to": 3, "kind": "basic"}}), TableStore(db))
    tables.attach({"online": [], "vault": []}, 0)
    for p in ("ann", "bob"):
        tables.handle({"type": "join", "player": p, "locale": "en_us"}, 0)
    cmd(tables, "ann", "start")
    cmd(tables, "bob", "start", pos=(2, 40, 1))      # joins ann's table; a bot fills the third seat
    tables.flush()
    tables.tick(10)
    tables.flush()
    t = next(iter(tables.tables.values()))
    assert [s.human for s in t.seats] == [True, True, False]
    now = 10.0
    for _ in range(200):                             # one-round matches: both play until it ends
        if t.game is None or t.game.phase != "play":
            break
        name = t.game.names[actor(t.game)]
        if name in ("ann", "bob"):
            legal = t.game.legal_actions(name)
            cmd(tables, name, *str(legal[0]).split(), f"#t{t.token}", now=now)
        now += 1.0
        tables.tick(now)
        tables.flush()
    tables.save()
    assert tables.stats.idle()
    store = StatsStore(db)
    ann, bob = store.get("ann"), store.get("bob")
    assert ann["matches_played"] == bob["matches_played"] == 1
    assert ann["rated"] == bob["rated"] == 1
    if ann["matches_won"] or bob["matches_won"]:     # a human won: newcomers' first win and loss
        assert sorted((ann["rating"], bob["rating"])) == [-73, 138]
    else:                                            # the bot won: the two humans tie second
        assert ann["rating"] == bob["rating"] > 0
    first, second = sorted((ann, bob), key=lambda r: -r["rating"])
    cmd(tables, "ann", "stats", now=now)
    cmd(tables, "ann", "top", "rating", now=now)
    tables.save()
    assert tables.stats.idle()
    tables.tick(now)
    said = texts(tables.flush(), "ann")
    assert f"Rating {ann['rating']} (1 rated match)" in said
    assert said[-3:] == ["Top 10: rating", f"1. {first['name']}: {first['rating']} (1 rated match)",
                         f"2. {second['name']}: {second['rating']} (1 rated match)"]


def test_top_rating_when_nobody_is_rated_and_in_russian_and_slovak(tmp_path):
    db = tmp_path / "tables.sqlite"
    tables = Tables(parse(CONFIG), TableStore(db))
    tables.attach({"online": [], "vault": []}, 0)
    for p, locale in (("ann", "en_us"), ("ivan", "ru_ru"), ("jana", "sk_sk")):
        tables.handle({"type": "join", "player": p, "locale": locale}, 0)
    tables.flush()
    for p in ("ann", "ivan", "jana"):
        cmd(tables, p, "top", "rating")
    assert tables.stats.idle()
    tables.tick(0)
    ops = tables.flush()
    assert texts(ops, "ann") == ["Top 10: rating", "Nobody has a rating yet: it starts with a finished match between two players."]
    assert texts(ops, "ivan")[0] == "Топ-10: рейтинг"
    assert texts(ops, "jana")[0] == "Top 10: hodnotenie"
    tables.stats.store.apply("w", [(1, {"ivan": {"matches_played": 1}, "jana": {"matches_played": 1}}, {},
                                    [result(["ivan"], ["jana"])] * 2)])
    for p in ("ivan", "jana"):
        cmd(tables, p, "top", "rating")
        cmd(tables, p, "stats")
    assert tables.stats.idle()
    tables.tick(0)
    ops = tables.flush()
    ivan, jana = tables.stats.store.get("ivan")["rating"], tables.stats.store.get("jana")["rating"]
    assert f"1. ivan: {ivan} (2 матча)" in texts(ops, "ivan") and f"Рейтинг: {ivan} (учтено 2 матча)" in texts(ops, "ivan")
    assert f"2. jana: {jana} (2 zápasy)" in texts(ops, "jana") and f"Hodnotenie: {jana} (započítané 2 zápasy)" in texts(ops, "jana")
