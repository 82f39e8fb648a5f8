"""The web page of the tables and leaderboards (issue 32), without a Minecraft server: real
tables with bots feed a `WebFeed` as the engine loop does, and the page's own server (uvicorn on
its thread, as the engine runs it) answers a real HTTP client (httpx)."""

import dataclasses
import re
import socket
import threading
import time

import httpx
import pytest

from unocraft.rules.match import load_game
from unocraft.stats.store import StatsStore
from unocraft.web.app import pick_language
from unocraft.web.feed import WebFeed, snapshot
from unocraft.web.server import WebServer
from test_tables import cmd, make

FAST_CLOCK = {"timers": {"lobby": 1, "turn": 1, "turn_warning": 0, "rejoin": 60, "bot_think": 0.5,
                         "catch_window": 1, "next_round": 1},
              "bots": {"fill_to": 3, "kind": "basic"}}


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
    for p in view["players"]:
        assert p["name"] in page
        assert (f"{p['cards']} card" if p["cards"] == 1 else f"{p['cards']} cards") in page
    assert f"Turn: {view['turn']}" in page
    assert all(f"{p['score']} pt" in page for p in view["players"])
    assert f'src="/card/{view["top"]}.png"' in page or f'/card/{view["top"].replace("+", "+")}.png' in page
    assert 'name="viewport"' in page          # readable on a phone


def test_one_table_with_its_colour_direction_scores_and_events_in_words(engine, served):
    t = next(iter(engine.tables.tables.values()))
    page = served(engine).get(f"/table/{t.id}").text
    view = t.view(None)
    assert "Top card:" in page and ("Clockwise" in page or "Counter-clockwise" in page)
    assert f"Round {view['round']}" in page
    assert "Latest moves" in page and (" played " in page or " drew " in page)
    for p in view["players"]:
        assert f"{p['score']} pt" in page


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
