"""The web page of the tables and leaderboards (issue 32), without a Minecraft server: real
tables with bots feed a `WebFeed` as the engine loop does, and the page's own server (uvicorn on
its thread, as the engine runs it) answers a real HTTP client (httpx)."""

import dataclasses
import json
import logging
import os
import re
import select
import socket
import subprocess
import sys
import threading
import time
from types import SimpleNamespace

import httpx
import pytest

from unocraft.rules.match import load_game
from unocraft.stats.store import StatsStore
from unocraft.web import app as app_mod
from unocraft.web import feed as feed_mod
from unocraft.web import server as server_mod
from unocraft.web.app import pick_language
from unocraft.web.feed import WebFeed, snapshot
from unocraft.web.server import WebServer
from test_stakes import Escrow
from test_tables import cmd, make
from waiting import PATIENCE, until

FAST_CLOCK = {"timers": {"lobby": 1, "turn": 1, "turn_warning": 0, "rejoin": 60, "bot_think": 0.5,
                         "catch_window": 1, "next_round": 1},
              "bots": {"fill_to": 3, "kind": "basic"}}


def helper_python() -> str:
    """The Python of a helper process: this one, or in the GraalPy tier (whose sys.executable starts
    no process) the CPython that scripts/test-graalpy names."""
    return os.environ.get("UNOCRAFT_HELPER_PYTHON", sys.executable)


class Engine:
    """Tables as the engine loop drives them, publishing to the feed after each flush."""

    def __init__(self, **config):
        self.feed = WebFeed()
        self.tables = make(**{**FAST_CLOCK, **config})
        self.tables.listeners.append(self.feed.heard)
        self.now = 0.0

    def flush(self):
        ops = self.tables.flush()
        self.feed.publish(self.tables.tables, self.tables.flushed)
        return ops

    def open(self, player, *args, x=0):
        self.tables.handle({"type": "join", "player": player, "locale": "en_us"}, self.now)
        cmd(self.tables, player, "start", *args, now=self.now, pos=(x, 64, 0))
        self.flush()

    def run(self, seconds, step=0.5):
        end = self.now + seconds
        while self.now < end:
            self.now += step
            self.tables.tick(self.now)
            self.flush()


@pytest.fixture
def engine():
    e = Engine()
    e.open("ann")
    e.run(3)        # the lobby's countdown, the deal, a few moves
    return e


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()      # GraalPy names the port the system chose only once the socket listens
        return s.getsockname()[1]


@pytest.fixture
def served():
    """Starts the page's server over an engine (and a statistics store); an HTTP client of it."""
    servers = []

    def start(engine, store=None, language="en"):
        server = WebServer(engine.feed, "127.0.0.1", free_port(), store, language)
        assert server.start()
        servers.append(server)
        return httpx.Client(base_url=server.address, timeout=20)
    yield start
    for server in servers:
        server.stop()


def test_the_open_tables_with_seats_counts_turn_and_top_card(engine, served):
    t = next(iter(engine.tables.tables.values()))
    assert t.state == "playing"
    r = served(engine).get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    page = r.text
    assert f"Table {t.id}" in page and "Classic UNO" in page
    view = t.view(None)
    for p in view.players:
        assert p.name in page
        assert (f"{p.cards} card" if p.cards == 1 else f"{p.cards} cards") in page
    assert f"Turn: {view.turn}" in page
    assert all(f"{p.score} pt" in page for p in view.players)
    assert f'src="/card/{view.top}.png"' in page or f'/card/{view.top.replace("+", "+")}.png' in page
    assert 'name="viewport"' in page          # readable on a phone


def test_one_table_with_its_colour_direction_scores_and_events_in_words(engine, served):
    t = next(iter(engine.tables.tables.values()))
    page = served(engine).get(f"/table/{t.id}").text
    view = t.view(None)
    assert "Top card:" in page and ("Clockwise" in page or "Anticlockwise" in page)
    assert f"Round {view.round}" in page
    assert "Latest moves" in page and (" played " in page or " drew " in page)
    for p in view.players:
        assert f"{p.score} pt" in page


def test_a_missing_table_player_or_page_is_a_404_page_in_the_visitors_language(engine, tmp_path, served):
    c = served(engine, StatsStore(tmp_path / "stats.sqlite"))
    r = c.get("/table/t99")
    assert r.status_code == 404 and "There is no table t99" in r.text and "<html" in r.text
    r = c.get("/table/t99", headers={"Accept-Language": "ru-RU,ru;q=0.9"})
    assert r.status_code == 404 and "Стола t99 нет" in r.text
    r = c.get("/player/nobody")
    assert r.status_code == 404 and "nobody" in r.text
    r = c.get("/no/such/page", headers={"Accept-Language": "sk"})
    assert r.status_code == 404 and "Taká stránka tu nie je." in r.text
    assert "Traceback" not in r.text
    assert c.get("/card/R5.png").headers["content-type"] == "image/png"
    assert c.get("/card/zz.png").status_code == 404


@pytest.mark.parametrize("header,query,expected", [
    ("ru-RU,ru;q=0.9,en;q=0.8", None, "ru"), ("sk,en;q=0.5", None, "sk"), ("de-DE,en;q=0.3", None, "en"),
    ("de-DE", None, "ru"), ("en;q=0.2,sk;q=0.8", None, "sk"), ("ru", "sk", "sk"), ("", "xx", "ru"),
])
def test_the_language_is_the_query_then_accept_language_then_the_servers(header, query, expected):
    class Req:
        headers = {"accept-language": header}
        query_params = {"lang": query} if query else {}
    assert pick_language(Req(), "ru") == expected


def test_pages_in_russian_and_slovak(engine, served):
    c = served(engine)
    ru = c.get("/", headers={"Accept-Language": "ru"})
    assert "Открытые столы" in ru.text and ru.headers["content-language"] == "ru"
    sk = c.get("/?lang=sk")
    assert "Otvorené stoly" in sk.text and 'lang="sk"' in sk.text


def test_a_closed_table_leaves_the_list_and_its_page(engine, served):
    t = next(iter(engine.tables.tables.values()))
    cmd(engine.tables, "ann", "leave", now=engine.now)     # the last human: the table closes
    engine.flush()
    c = served(engine)
    assert t.id not in engine.tables.tables
    assert f"Table {t.id}" not in c.get("/").text
    assert c.get(f"/table/{t.id}").status_code == 404


def test_the_leaderboards_and_a_players_statistics_from_the_database(engine, tmp_path, served):
    store = StatsStore(tmp_path / "stats.sqlite")
    store.add({"ann": {"matches_played": 6, "matches_won": 4, "rounds_played": 9, "rounds_won": 5, "points": 310},
               "bob": {"matches_played": 7, "matches_won": 1, "rounds_played": 8, "rounds_won": 2, "points": 120}})
    c = served(engine, store)
    top = c.get("/top").text
    assert "Top 10: matches won" in top and "1. ann: 4 wins" in top and "2. bob: 1 win" in top
    assert "1. ann: 310 points" in top and "Top 10: rating" in top
    me = c.get("/player/ANN")
    assert me.status_code == 200 and "UNO statistics of ann" in me.text and "6 matches played, 4 won (67%)" in me.text
    assert "Рейтинг" in c.get("/top?lang=ru").text or "Топ" in c.get("/top?lang=ru").text


def test_without_a_statistics_database_the_leaderboards_say_so(engine, served):
    r = served(engine).get("/top")
    assert r.status_code == 200 and "unavailable" in r.text


@pytest.mark.slow      # ~6 s
def test_nothing_hidden_leaks_in_many_matches_of_every_edition(served):
    """Bot matches in every edition, one round each, reopened as they end, while every page and
    stream is fetched: a table's snapshot (all the page shows of it) does not change when the cards
    in the hands and the draw pile's order do; the card art a page shows is the top card's (or the
    centre row's) only; the events kept are the spectator's (no secret)."""
    e = Engine(game={"single_round": True})
    http = served(e)
    presets = ("official", "minecraft", "flip", "dos")
    owner = {preset: f"p{n}" for n, preset in enumerate(presets)}
    checked = dict.fromkeys(presets, 0)
    matches = 0
    for step in range(240):
        for n, preset in enumerate(presets):
            if owner[preset] not in e.tables.where:      # its match is over (or not begun): a new one
                matches += step > 0
                e.open(owner[preset], preset, x=n * 1000)
        e.run(1)
        assert "/card/" in http.get("/").text
        for t in list(e.tables.tables.values()):
            page = http.get(f"/table/{t.id}").text
            shown = set(re.findall(r'/card/([^"]+)\.png', page))
            snap = e.feed.table(t.id)[0]
            public = {snap["top_key"]} | {c["key"] for c in snap["centre"] or []} | {"back"}
            assert shown <= public, (shown, public)
            if t.game is None or t.game.phase != "play" or not t.game.draw_pile:
                continue
            assert snapshot(t) == snapshot(_hidden_cards_changed(t)), t.options().edition
            checked[t.options().edition if t.options().edition != "classic" else "official"] += 1
            assert all("secret" not in ev and "to" not in ev for ev in e.feed.table(t.id)[1])
    assert min(checked.values()) >= 20 and matches >= 4, (checked, matches)


def _hidden_cards_changed(t):
    """The table with each hand's first card swapped for a draw-pile card of another face, and the
    draw pile reversed: what a spectator cannot know, changed."""
    game = load_game(t.game.to_state())
    pile = game.draw_pile
    for hand in game.hands:
        if not hand:
            continue
        k = next((i for i, c in enumerate(pile) if game.face(c) != game.face(hand[0])), None)
        if k is not None:
            hand[0], pile[k] = pile[k], hand[0]
    pile.reverse()
    return dataclasses.replace(t, game=game)


def test_the_streams_push_each_change_and_say_when_a_table_is_gone(engine):
    server = WebServer(engine.feed, "127.0.0.1", free_port())
    assert server.start()
    t = next(iter(engine.tables.tables.values()))
    got: dict[str, list] = {"index": [], "table": []}

    def read(url, into):
        with httpx.stream("GET", url, timeout=20) as r:
            assert r.headers["content-type"].startswith("text/event-stream")
            event = None
            for line in r.iter_lines():
                if line.startswith("event:"):
                    event = line.split(":", 1)[1].strip()
                elif line.startswith("data:") and event:
                    into.append((event, time.monotonic()))
                    event = None
                    if into[-1][0] == "gone" or len(into) >= 3:
                        return

    readers = [threading.Thread(target=read, args=(server.address + "events?lang=en", got["index"]), daemon=True),
               threading.Thread(target=read, args=(server.address + f"table/{t.id}/events", got["table"]), daemon=True)]
    try:
        for r in readers:
            r.start()
        deadline = time.monotonic() + 10
        while (not got["index"] or not got["table"]) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert got["index"][0][0] == "update" and got["table"][0][0] == "update"
        engine.run(2)                                   # moves: the table's stream pushes them
        deadline = time.monotonic() + 5
        while len(got["table"]) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(got["table"]) >= 2
        cmd(engine.tables, "ann", "leave", now=engine.now)     # the table closes
        closed = time.monotonic()
        engine.flush()
        for r in readers:
            r.join(timeout=5)
        assert got["table"][-1][0] == "gone" and got["table"][-1][1] - closed < 1.0
    finally:
        server.stop()


def test_a_stream_whose_loop_closed_never_troubles_the_engine_thread(engine):
    """A watcher that cannot be woken any more (its event loop closed) is dropped, not raised into
    the engine loop's `publish`."""
    import asyncio
    loop = asyncio.new_event_loop()
    engine.feed.watch(lambda: loop.call_soon_threadsafe(lambda: None))
    loop.close()
    engine.run(2)        # publishes: must not raise
    assert engine.feed._watchers == []


def test_uno_web_links_to_the_public_page_where_the_operator_set_one():
    from test_tables import texts
    for url, expected in (("https://example.org/uno/", "on the web: https://example.org/uno/"),
                          ("", "This server has no public UNO web page.")):
        e = Engine(web={"public_url": url} if url else {})
        e.tables.handle({"type": "join", "player": "ann", "locale": "en_us"}, 0)
        cmd(e.tables, "ann", "web")
        ops = e.tables.flush()
        assert any(expected in line for line in texts(ops, "ann")), texts(ops, "ann")
        if url:
            msg = next(op for op in ops if op["op"] == "msg" and "example.org" in str(op["c"]))
            assert {"url": url} in [part.get("click") for part in msg["c"]]


def test_many_stream_clients_share_one_wake_up_and_leave_nothing_behind(engine):
    """Hundreds of live pages connect at once and vanish: the engine thread has one watcher to wake
    (not one per stream), each client got its first update, and the page goes on serving."""
    import asyncio
    server = WebServer(engine.feed, "127.0.0.1", free_port())
    assert server.start()
    try:
        async def one(client):
            async with client.stream("GET", "/events") as r:
                async for line in r.aiter_lines():
                    if line.startswith("data:"):
                        return True
            return False

        async def many(n):
            limits = httpx.Limits(max_connections=n, max_keepalive_connections=0)
            async with httpx.AsyncClient(base_url=server.address, timeout=30, limits=limits) as client:
                return await asyncio.gather(*(one(client) for _ in range(n)))
        got = asyncio.run(many(300))
        assert all(got) and len(got) == 300
        assert len(engine.feed._watchers) == 1, "one wake-up for every stream of the page"
        engine.run(2)                                   # the engine goes on, publishing
        assert httpx.get(server.address, timeout=10).status_code == 200
    finally:
        server.stop()


@pytest.mark.parametrize("path", ["/table/%ZZ", "/table/t1%00", "/player/%00", "/card/..%2F..%2Fetc%2Fpasswd.png",
                                  "/card/R5.png/x", "/?lang=%FF%FE", "/top?lang=<script>", "/table/", "/player/"])
def test_a_malformed_path_or_query_is_a_clear_4xx_or_the_page_never_a_traceback(engine, served, path):
    r = served(engine).get(path)
    assert r.status_code in (200, 404), (path, r.status_code)
    assert "Traceback" not in r.text and "<script>" not in r.text
    if r.status_code == 404:
        assert "<html" in r.text and ("There is no" in r.text or "No statistics" in r.text or "no such page" in r.text
                                      or "no UNO statistics" in r.text)


class Stream:
    """A server-sent events stream read on a thread of its own: its events as (event, data), in
    order (a `retry:` alone is no event)."""

    def __init__(self, url: str):
        self.url = url
        self.events: list[tuple[str, str, float]] = []
        self.error: Exception | None = None
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            with httpx.stream("GET", self.url, timeout=30) as r:
                event, data = None, []
                for line in r.iter_lines():
                    if line == "":
                        if data:
                            self.events.append((event or "message", "\n".join(data), time.monotonic()))
                        event, data = None, []
                    elif line.startswith("event:"):
                        event = line[6:].strip()
                    elif line.startswith("data:"):
                        data.append(line[5:].removeprefix(" "))
        except Exception as e:  # noqa: BLE001 - the server stopped under it: the test is over
            self.error = e

    def event(self, n: int, timeout: float = 10) -> tuple[str, str, float]:
        """The stream's `n`th event (1: the first), once it came."""
        deadline = time.monotonic() + timeout
        while len(self.events) < n and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(self.events) >= n, (self.url, self.events, self.error)
        return self.events[n - 1]


def rows_in(html: str) -> list[str]:
    """The table ids of the rows of the list in `html`, in order; a gone table's as -id."""
    return [("-" if gone else "") + tid for tid, gone in
            re.findall(r'<li (?:class="table" )?id="table-([^"]+)"[^>]*?( data-gone)?>', html)]


@pytest.fixture
def fake_tables(engine, monkeypatch):
    """A feed of tables that are snapshots themselves (a real table's, renamed and changed at will),
    and the ids of the list's rows the page renders, in order (a row's number is asked only then)."""
    monkeypatch.setattr(feed_mod, "snapshot", lambda t, house_cut=0: dict(t))
    renders: list[str] = []

    def counted(table_id):
        renders.append(table_id)
        return feed_mod.number(table_id)
    monkeypatch.setattr(app_mod, "number", counted)
    base = next(iter(engine.feed.tables()[1]))
    return SimpleNamespace(base=base, renders=renders,
                           make=lambda tid, **change: {**base, "id": tid, **change})


def test_the_feed_logs_which_tables_changed_at_which_version(fake_tables):
    feed = WebFeed(log_kept=4)
    tables = {tid: fake_tables.make(tid) for tid in ("t10", "t1", "t2")}
    feed.publish(tables, list(tables))
    v1 = feed.version
    assert [s["id"] for s in feed.tables()[1]] == ["t1", "t2", "t10"]        # by number
    assert feed.changes(None) == (v1, None, [])          # a new stream: the whole list
    feed.publish(tables, ["t1", "t2"])                    # redrawn, but nothing the page shows changed
    assert feed.version == v1 and feed.changes(v1) == (v1, [], [])
    tables["t2"] = fake_tables.make("t2", turn="somebody")
    feed.publish(tables, ["t1", "t2"])
    assert feed.changes(v1) == (v1 + 1, [tables["t2"]], [])
    tables["t3"] = fake_tables.make("t3")
    ended = tables.pop("t1")
    feed.publish(tables, ["t3"])
    version, snaps, gone = feed.changes(v1)
    assert version == v1 + 2 and [s["id"] for s in snaps] == ["t2", "t3"] and gone == ["t1"]
    assert feed.changes(v1 + 1)[1:] == ([tables["t3"]], ["t1"])
    assert feed.ended("t1") == ended and feed.table("t1") == (None, [])
    # events heard give the table a new snapshot at the next publish, even when it looks the same
    feed.heard(SimpleNamespace(id="t10"), [SimpleNamespace(for_player=lambda _: {"type": "draw", "player": "x"})])
    feed.publish(tables, [])
    assert [s["id"] for s in feed.changes(v1 + 2)[1]] == ["t10"] and feed.table("t10")[1] == [{"type": "draw", "player": "x"}]
    for turn in "abcd":                                   # the log keeps the last 4 versions
        tables["t2"] = fake_tables.make("t2", turn=turn)
        feed.publish(tables, ["t2"])
    assert feed.changes(feed.version - 4)[1] == [tables["t2"]]
    assert feed.changes(feed.version - 5)[1] is None, "further behind than the log: the whole list"
    assert feed.changes(feed.version + 3)[1] is None       # a version of another feed (before a restart)


def test_the_list_stream_sends_only_the_rows_that_changed_rendered_once_for_all(fake_tables, served):
    feed = WebFeed()
    tables = {tid: fake_tables.make(tid) for tid in ("t2", "t10")}
    feed.publish(tables, list(tables))
    http = served(SimpleNamespace(feed=feed))
    base = str(http.base_url)
    streams = [Stream(base + "events?lang=en") for _ in range(8)]
    for s in streams:
        event, html, _ = s.event(1)
        assert event == "update" and rows_in(html) == ["t2", "t10"]
        assert '<p class="empty" hidden>' in html
    # one table changes: each stream gets its row alone, rendered once for all of them
    fake_tables.renders.clear()
    tables["t10"] = fake_tables.make("t10", turn="somebody")
    feed.publish(tables, ["t2", "t10"])
    for s in streams:
        event, html, _ = s.event(2)
        assert event == "rows" and rows_in(html) == ["t10"] and "Turn: somebody" in html
    assert fake_tables.renders == ["t10"], "the row is rendered once, not once per stream"
    assert rows_in(http.get("/").text) == ["t2", "t10"] and fake_tables.renders == ["t10"], \
        "the page shows the rows the streams were sent"
    # a new table: its row alone, with its number for the page's order
    tables["t3"] = fake_tables.make("t3")
    feed.publish(tables, ["t3"])
    for s in streams:
        event, html, _ = s.event(3)
        assert event == "rows" and rows_in(html) == ["t3"] and 'data-n="3"' in html
    # every table closes: each row is removed, within a second
    tables.clear()
    closed = time.monotonic()
    feed.publish(tables, [])
    for s in streams:
        event, html, at = s.event(4)
        assert event == "rows" and rows_in(html) == ["-t2", "-t3", "-t10"] and at - closed < 1.0
    page = http.get("/").text
    assert '<p class="empty">No table is open' in page and '<ul class="tables" hidden>' in page
    time.sleep(app_mod.SETTLE * 2)
    assert all(len(s.events) == 4 for s in streams), "an update with nothing in it"


def test_a_stream_starts_from_the_version_its_page_shows_or_from_the_whole_list(fake_tables, served):
    feed = WebFeed(log_kept=3)
    tables = {tid: fake_tables.make(tid) for tid in ("t1", "t2")}
    feed.publish(tables, list(tables))
    http = served(SimpleNamespace(feed=feed))
    page = http.get("/?lang=sk").text
    url = re.search(r'data-stream="([^"]+)"', page).group(1).replace("&amp;", "&")
    assert url == f"/events?lang=sk&since={feed.epoch}-{feed.version}"
    tables["t2"] = fake_tables.make("t2", turn="somebody")
    feed.publish(tables, ["t2"])
    base = str(http.base_url).rstrip("/")
    event, html, _ = Stream(base + url).event(1)
    assert event == "rows" and rows_in(html) == ["t2"], "the page has the rest already"
    for turn in "abc":
        tables["t1"] = fake_tables.make("t1", turn=turn)
        feed.publish(tables, ["t1"])
    for stale in (url, url.replace(feed.epoch, "0ther"), url + "x", "/events?since=-1"):
        event, html, _ = Stream(base + stale).event(1)
        assert event == "update" and rows_in(html) == ["t1", "t2"], stale


def test_the_table_page_shows_the_rounds_result_while_the_next_round_waits(served):
    e = Engine(timers={**FAST_CLOCK["timers"], "next_round": 30})
    e.open("ann")
    t = next(iter(e.tables.tables.values()))
    for _ in range(2000):
        if t.game is not None and t.game.phase != "play":
            break
        e.run(0.5)
    assert t.game.phase == "round_over"
    winner = t.game.names[t.game.round_winner]
    http = served(e)
    page = http.get(f"/table/{t.id}").text
    assert re.search(rf'<p class="result">{winner} won the round and scores \d+ points?\.</p>', page), page
    event, html, _ = Stream(str(http.base_url) + f"table/{t.id}/events").event(1)
    assert event == "update" and f"{winner} won the round" in html


def test_a_table_that_ended_says_how_on_its_page(served):
    """A single-round table closes as soon as its round is over (in the same second): its page's
    stream says it has ended, with the round's result."""
    e = Engine(game={"single_round": True})
    e.open("ann")
    t = next(iter(e.tables.tables.values()))
    for _ in range(2000):
        if t.id not in e.tables.tables:
            break
        e.run(0.5)
    assert t.id not in e.tables.tables and t.game.phase != "play"
    winner = t.game.names[t.game.round_winner]
    http = served(e)
    event, html, _ = Stream(str(http.base_url) + f"table/{t.id}/events").event(1)
    assert event == "gone" and f"Table {t.id} has ended." in html
    assert re.search(rf'<p class="result">{winner} won the round and scores \d+ points?\.</p>', html), html
    event, html, _ = Stream(str(http.base_url) + "table/t99/events").event(1)
    assert event == "gone" and "Table t99 has ended." in html and "result" not in html


class StakedEngine(Engine):
    """An engine whose pay-ins a model of the plugin's escrow answers (test_stakes.Escrow), as the
    plugin does between two op batches; the feed knows the house cut the settings give."""

    def __init__(self, balances=None, items=None, **config):
        super().__init__(**config)
        self.escrow = Escrow(balances, items)
        self.feed.house_cut = lambda: self.tables.config.stakes_house_cut

    def flush(self):
        ops = []
        while True:
            batch = super().flush()
            ops += batch
            if not any(op["op"].startswith("stake_") for op in batch):
                return ops
            self.escrow.apply(self.tables, batch, self.now)

    def sit(self, player, table="t1"):
        self.tables.handle({"type": "join", "player": player, "locale": "en_us"}, self.now)
        cmd(self.tables, player, "join", table, now=self.now)
        self.flush()


def stake_line(html):
    """The line of the page (or of a row) that says what the table plays for, tags taken out."""
    m = re.search(r'<p class="stake">(.*?)</p>', html, re.S)
    return re.sub(r"<[^>]+>", "", m.group(1)) if m else None


@pytest.mark.parametrize("stake,cut,en,ru", [
    (["stake=100"], 0, "Stake: 100 coins a player · Pot: 200 coins", "Ставка: 100 монет с игрока · Банк: 200 монет"),
    (["stake=3", "diamond"], 10, "Stake: 3 × diamond a player · Pot: 6 × diamond · House cut: 10%",
     "Ставка: 3 × diamond с игрока · Банк: 6 × diamond · Комиссия сервера: 10%")])
def test_a_staked_table_shows_its_stake_and_pot_in_the_list_and_on_its_page(served, stake, cut, en, ru):
    e = StakedEngine({"ann": 500, "bob": 500}, {"ann": 5, "bob": 5}, stakes={"house_cut": cut})
    e.open("ann", *stake)
    e.sit("bob")
    t = e.tables.tables["t1"]
    assert [s.name for s in t.humans()] == ["ann", "bob"] and len(e.escrow.held) == 2
    http = served(e)
    for lang, line in (("en", en), ("ru", ru)):
        listed, page = http.get(f"/?lang={lang}").text, http.get(f"/table/t1?lang={lang}").text
        assert stake_line(listed) == line and stake_line(page) == line, (stake_line(listed), stake_line(page))
    # in Slovak too, and the pay-ins' ids and the payers' UUIDs are nobody's business
    assert stake_line(http.get("/table/t1?lang=sk").text).startswith("Vklad: ")
    snap = e.feed.table("t1")[0]
    assert not any(eid in repr(snap) for eid in t.pot["entries"]) and "entries" not in repr(snap)
    e.run(3)                                            # the deal, a few moves: still shown
    assert t.state == "playing" and stake_line(http.get("/table/t1").text) == en


def test_a_table_without_a_stake_says_nothing_of_one(engine, served):
    http = served(engine)
    snap = next(iter(engine.feed.tables()[1]))
    assert snap["stake"] is None and snap["pot"] is None and snap["house_cut"] == 0
    for url in ("/", "/table/t1", "/?lang=ru", "/table/t1?lang=ru", "/table/t1?lang=sk"):
        html = http.get(url).text
        assert 'class="stake"' not in html and "class=\"pot\"" not in html
        assert not re.search(r"Stake|Pot:|Ставка|Банк|Vklad|Bank:|House cut|Комиссия|Poplatok", html), url


def test_the_pot_grows_live_as_players_pay_in(served):
    """A player sits down and pays in: the feed's snapshot has the bigger pot, and the open pages'
    streams (the list's row, the table's body) bring it; the row of an unstaked table never says a
    word of stakes."""
    e = StakedEngine({"ann": 500, "bob": 500, "cid": 500}, stakes={"house_cut": 5})
    e.open("ann", "stake=100")
    e.open("dan", x=50)                                 # t2 plays for nothing
    assert e.feed.table("t1")[0]["pot"] == {"money": 100}
    http = served(e)
    base = str(http.base_url)
    rows, body = Stream(base + "events?lang=en"), Stream(base + "table/t1/events?lang=ru")
    event, html, _ = rows.event(1)
    assert event == "update" and stake_line(html) == "Stake: 100 coins a player · Pot: 100 coins · House cut: 5%"
    assert html.count('class="stake"') == 1             # t1's row only
    event, html, _ = body.event(1)
    assert event == "update" and "Банк: 100 монет" in stake_line(html)
    e.sit("bob")
    assert e.feed.table("t1")[0]["pot"] == {"money": 200}
    event, html, _ = rows.event(2)
    assert event == "rows" and rows_in(html) == ["t1"] and "Pot: 200 coins" in stake_line(html)
    event, html, _ = body.event(2)
    assert event == "update" and stake_line(html) == "Ставка: 100 монет с игрока · Банк: 200 монет · Комиссия сервера: 5%"
    e.sit("cid")
    assert "Pot: 300 coins" in stake_line(rows.event(3)[1]) and "Банк: 300 монет" in stake_line(body.event(3)[1])
    assert "Pot: 300 coins" in stake_line(http.get("/").text)
    # one gets up in the lobby: the stake goes back, and the pot shrinks on the page too
    cmd(e.tables, "cid", "leave", now=e.now)
    e.flush()
    assert e.escrow.balances["cid"] == 500
    assert "Банк: 200 монет" in stake_line(body.event(4)[1])


#: 1,000 live pages in another process: raw asyncio connections (an HTTP client library would cost
#: this 2-core machine more than the server); each reads its stream and notes when it got its first
#: update and when the row of the table `marker` names arrived (and in which kind of event)
THOUSAND_CLIENTS = r"""
import asyncio, json, sys, time
host, port, n, marker = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4].encode()
first, got, rows = {}, {}, set()

async def one(i):
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(b"GET /events?lang=en HTTP/1.1\r\nHost: page\r\nAccept: text/event-stream\r\n\r\n")
    seen = b""
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                return
            seen = seen[-8192:] + data
            if i not in first and b"event: update" in seen:
                first[i] = time.monotonic()
            at = seen.find(marker)
            if i not in got and at >= 0:
                got[i] = time.monotonic()
                if seen.rfind(b"event: rows", 0, at) > seen.rfind(b"event: update", 0, at):
                    rows.add(i)
    finally:
        writer.close()

async def main():
    began = time.monotonic()
    tasks = [asyncio.create_task(one(i)) for i in range(n)]
    while len(first) < n and time.monotonic() - began < 60:
        await asyncio.sleep(0.05)
    print(json.dumps({"connected": len(first), "seconds": time.monotonic() - began}), flush=True)
    changed = float(await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline))
    while len(got) < n and time.monotonic() - changed < 30:
        await asyncio.sleep(0.02)
    late = sorted(t - changed for t in got.values())
    print(json.dumps({"got": len(got), "rows": len(rows), "first_ms": late[0] * 1000 if late else None,
                      "last_ms": late[-1] * 1000 if late else None}), flush=True)
    for t in tasks:         # every client vanishes at once
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)

asyncio.run(main())
"""


def thread_cpu(native_id: int) -> float:
    """CPU seconds (user + system) a thread of this process has used."""
    with open(f"/proc/self/task/{native_id}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def read_json_line(proc: subprocess.Popen, timeout: float) -> dict:
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    assert ready, f"the clients said nothing in {timeout} s"
    line = proc.stdout.readline()
    assert line, f"the clients exited ({proc.poll()})"
    return json.loads(line)


@pytest.mark.slow      # ~15 s
def test_a_thousand_stream_clients_each_get_the_change_and_the_page_answers_meanwhile(engine):
    """1,000 live list pages held by another process against the page's own server thread: each
    gets the whole list, then the new table's row alone when one opens; the page answers at once
    while they are all open and while the change goes out; the engine thread has one wake-up to
    hand over; when they all vanish at once, the server lets every connection go."""
    n = 1000
    server = WebServer(engine.feed, "127.0.0.1", free_port())
    assert server.start()
    connections = server._server.server_state.connections
    web = server._thread.native_id
    proc = subprocess.Popen([helper_python(), "-c", THOUSAND_CLIENTS, "127.0.0.1", str(server.port), str(n),
                             'id="table-t2"'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        cpu0 = thread_cpu(web)
        hello = read_json_line(proc, 90)
        assert hello["connected"] == n, hello
        cpu_connect = thread_cpu(web) - cpu0
        assert len(connections) >= n
        began = time.monotonic()
        assert httpx.get(server.address, timeout=10).status_code == 200
        page_idle_ms = (time.monotonic() - began) * 1000
        time.sleep(1)
        cpu1 = thread_cpu(web)
        began = time.perf_counter()
        engine.open("bea", x=5000)                      # a new table, t2: published on this thread
        publish_ms = (time.perf_counter() - began) * 1000
        changed = time.monotonic()
        proc.stdin.write(f"{changed}\n")
        proc.stdin.flush()
        time.sleep(app_mod.SETTLE + 0.05)               # the streams are sending it now
        began = time.monotonic()
        r = httpx.get(server.address + "table/t2", timeout=10)
        page_busy_ms = (time.monotonic() - began) * 1000
        assert r.status_code == 200 and "bea" in r.text
        done = read_json_line(proc, 60)
        cpu_change = thread_cpu(web) - cpu1
        assert done["got"] == n, f"{n - done['got']} clients never got the new table: {done}"
        assert done["rows"] == n, f"the change went out as the whole list to {n - done['rows']} clients"
        assert len(engine.feed._watchers) == 1, "one wake-up for every stream of the page"
        assert page_idle_ms < 2000 and page_busy_ms < 2000, (page_idle_ms, page_busy_ms)
        assert proc.wait(timeout=30) == 0
        deadline = time.monotonic() + 10
        while connections and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not connections, f"{len(connections)} connections left after the clients vanished"
        engine.run(2)                                   # the engine goes on, publishing
        assert httpx.get(server.address, timeout=10).status_code == 200
        print(f"\n{n} streams: connected in {hello['seconds']:.2f} s, web thread CPU {cpu_connect:.2f} s for "
              f"their connections and first updates; a new table: published in {publish_ms:.2f} ms on the "
              f"engine's thread, at the clients after {done['first_ms']:.0f}-{done['last_ms']:.0f} ms, web thread "
              f"CPU {cpu_change * 1000:.0f} ms for its row to all; the page answered in {page_idle_ms:.0f} ms "
              f"(streams open) and {page_busy_ms:.0f} ms (the change going out)")
    finally:
        if proc.poll() is None:
            proc.kill()
        server.stop()


# ------------------------------------------------------------------ a port still taken at start
# the engine before this one, still stopping after a quick restart: another process listening on
# the page's port (as uvicorn does: SO_REUSEADDR) until its stdin closes
PORT_HOLDER = r"""
import socket, sys
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1])))
s.listen()
print("listening", flush=True)
sys.stdin.read()
"""


def web_lines(caplog):
    return [r.getMessage() for r in caplog.records if r.name == "unocraft.web"]


def answers(address):
    try:
        return httpx.get(address, timeout=5).status_code == 200
    except httpx.TransportError:
        return False


def test_a_port_still_taken_at_start_is_waited_for_and_the_page_comes_up_once_it_is_free(engine, caplog):
    caplog.set_level(logging.INFO, logger="unocraft.web")
    port = free_port()
    holder = subprocess.Popen([helper_python(), "-c", PORT_HOLDER, str(port)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    server = WebServer(engine.feed, "127.0.0.1", port)
    try:
        assert holder.stdout.readline().strip() == "listening"
        assert not server.start(), "the port is taken: the page cannot be up yet"
        assert server.waiting.is_set()
        until(lambda: any("waits for port" in line for line in web_lines(caplog)), "the page says it waits")
        time.sleep(1.5)     # the old engine takes its time to stop; the page meanwhile retries
        assert not server.listening.is_set()
        holder.stdin.close()                     # the old engine is gone: the port is free
        assert holder.wait(timeout=PATIENCE) == 0
        freed = time.monotonic()
        until(lambda: answers(server.address), "the page answers once its port is free")
        up_after = time.monotonic() - freed
        assert up_after < 5, f"the page answered {up_after:.1f} s after its port was free"
        assert "Table t1" in httpx.get(server.address, timeout=5).text
        lines = web_lines(caplog)
        assert len(lines) == 2, lines           # one line waiting, one when it is up
        assert "waits for port" in lines[0]
        assert lines[1].startswith(f"the web page of the tables: {server.address} (after waiting")
    finally:
        if holder.poll() is None:
            holder.kill()
        server.stop()


def test_a_port_taken_for_good_is_given_up_in_one_line_and_stop_ends_the_wait(engine, caplog, monkeypatch):
    caplog.set_level(logging.INFO, logger="unocraft.web")
    monkeypatch.setattr(server_mod, "WAIT_FOR_PORT", 0.5)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = WebServer(engine.feed, "127.0.0.1", port)
        assert not server.start()
        server._thread.join(PATIENCE)
        assert not server._thread.is_alive()
        lines = web_lines(caplog)
        assert len(lines) == 2 and "waits for port" in lines[0], lines
        assert lines[1].startswith(f"the web page is off: port {port} of 127.0.0.1 was still taken after"), lines
        caplog.clear()
        # stopping the engine while the page waits: the thread ends at once, nothing more is said
        monkeypatch.setattr(server_mod, "WAIT_FOR_PORT", PATIENCE)
        server = WebServer(engine.feed, "127.0.0.1", port)
        assert not server.start()
        began = time.monotonic()
        server.stop()
        assert not server._thread.is_alive() and time.monotonic() - began < 2
        assert len(web_lines(caplog)) == 1


def test_an_address_this_machine_does_not_have_turns_the_page_off_at_once(engine, caplog):
    caplog.set_level(logging.INFO, logger="unocraft.web")
    server = WebServer(engine.feed, "192.0.2.1", free_port())      # TEST-NET-1: never this machine's
    assert not server.start()
    server._thread.join(PATIENCE)
    lines = web_lines(caplog)
    assert len(lines) == 1 and lines[0].startswith("the web page is off: it cannot listen on 192.0.2.1:"), lines
    assert not server.waiting.is_set()
