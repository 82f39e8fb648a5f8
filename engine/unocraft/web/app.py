"""The web page of the tables and the leaderboards: a Starlette app over a `WebFeed` and the
statistics store, in the visitor's language.

Pages: `/` the open tables, `/table/<id>` one table, `/top` the leaderboards, `/player/<name>` a
player's statistics. `/events` pushes, as server-sent events, the rows of the tables that changed
since what the stream last sent (each row rendered once per change of its table and language, for
every stream); `/table/<id>/events` the table's whole body after each change of it, and how it ended
when it is gone (static/live.js swaps them in: no JavaScript framework). Every line
comes from the language files, chosen by `?lang=` or the browser's Accept-Language. Nothing here
touches the engine's state: tables come from the feed's snapshots (a spectator's view), statistics
from the store, read in a worker thread so a slow database never holds up the page's loop.
"""

from __future__ import annotations

import asyncio
import time
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape
from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..presentation import lang as lang_mod
from ..presentation.faces import face_png
from ..presentation.lang import about, card_name, colour_name
from ..rules.cards import COLOUR_BY_NAME, Card
from ..stats.store import TOP_KINDS
from ..tables import render
from ..tables.stakes import words_in
from ..tables.stats_tally import has_stats, stats_lines, top_lines
from ..tables.text import for_edition, say
from .feed import WebFeed, number

HERE = Path(__file__).parent
#: seconds a leaderboard read is reused: a page many visitors open reads the database once
TOP_CACHE = 10.0
#: seconds between keep-alive comments on an idle stream (proxies close silent connections)
PING = 15
#: seconds a stream waits after a change before it sends, so that a burst of moves is one update
#: (bots move several times a second on a busy server; a page needs no more)
SETTLE = 0.25
#: seconds a stream may wait for a client to take an update before it is dropped (a slow or dead
#: client never holds anything but its own stream)
SEND_TIMEOUT = 10
#: what each stream says first: a browser reconnects a second after losing it (an engine restart)
RETRY = ServerSentEvent(retry=1000).encode()
#: rows kept beyond the open tables' before those of closed tables are let go
ROWS_KEPT = 2048
#: index updates kept (streams at different versions, in different languages)
UPDATES_KEPT = 64


def pick_language(request: Request, fallback: str) -> str:
    """`?lang=` when it names a language the server has, else the first of Accept-Language's that
    it has (by q-value), else the server's language."""
    asked = request.query_params.get("lang")
    known = lang_mod.languages()
    if asked and asked in known:
        return asked
    choices = []
    for i, part in enumerate(request.headers.get("accept-language", "").split(",")):
        code, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        code = code.strip().replace("_", "-").split("-")[0].lower()
        if code in known and q > 0:
            choices.append((-q, i, code))
    return min(choices)[2] if choices else fallback


class _Public:
    """A spectator's event dict where `render.event_line` wants an event."""

    def __init__(self, d: dict):
        self.d = d

    def for_player(self, _name: str | None) -> dict:
        return self.d


class Fanout:
    """The feed's changes, for every stream of the page's event loop, `settle` seconds after the
    first of them (a burst of moves is one update): the engine thread hands over at most one
    wake-up per update however many streams are open and however often it publishes meanwhile,
    and every stream awaits the same future, woken at the same moment (so they find the same
    versions, and share the updates made for them)."""

    def __init__(self, feed: WebFeed, settle: float):
        self.feed = feed
        self.settle = settle
        self.loop: asyncio.AbstractEventLoop | None = None
        self.future: asyncio.Future | None = None
        self.pending = False

    def next_change(self) -> asyncio.Future:
        """What resolves at the next update of the feed (on the page's loop)."""
        if self.loop is None:
            self.loop = asyncio.get_running_loop()
            self.future = self.loop.create_future()
            self.feed.watch(self._from_engine)
        assert self.future is not None
        return self.future

    def _from_engine(self) -> None:
        """On the engine thread: one wake-up on its way at a time. (A change published while one
        is on its way is seen by it: the feed's version moved before this was called.)"""
        if not self.pending and self.loop is not None:
            self.pending = True
            self.loop.call_soon_threadsafe(self.loop.call_later, self.settle, self._wake)

    def _wake(self) -> None:
        self.pending = False
        done, self.future = self.future, self.loop.create_future() if self.loop is not None else None
        if done is not None and not done.done():
            done.set_result(None)


class Words:
    """What the templates write, in one language."""

    def __init__(self, lang: str):
        self.lang = lang

    def __call__(self, key: str, **args: Any) -> str:
        return say(self.lang, key, **args)

    def of_edition(self, key: str, edition: str | None, **args: Any) -> str:
        """The line `key` as a table of `edition` says it (a DOS table's call is DOS)."""
        return say(self.lang, for_edition(key, edition), **args)

    def card(self, code: str | None) -> str:
        return card_name(self.lang, Card.parse(code)) if code else ""

    def colour(self, name: str | None) -> str:
        letter = COLOUR_BY_NAME.get(name or "")
        return colour_name(self.lang, letter) if letter else ""

    def stake(self, stake: dict | None) -> str:
        """A stake or a pot in the game's words (stakes.py): "100 coins", "3 × diamond"."""
        return words_in(stake, self.lang)

    def event(self, d: dict, edition: str | None = None) -> str:
        line = render.event_line(_Public(d), None, self.lang, edition)
        return "".join(part.get("text", "") for part in line) if line else ""

    def result(self, table: dict) -> list[str]:
        """The round's and the match's result, when the round is over."""
        out = []
        if table.get("round_winner"):
            winner = table["round_winner"]
            out.append(about(self.lang, "round.won", None, winner, count=table["round_points"].get(winner, 0)))
        if table.get("match_winners"):
            winners = table["match_winners"]
            score = next((s["score"] for s in table["seats"] if s["name"] == winners[0]), 0)
            out.append(about(self.lang, "match.won", None, ", ".join(winners), count=score))
        return out


def make_app(feed: WebFeed, stats_store: Any = None, language: str = "en", public_url: str = "") -> Starlette:
    """The page. `stats_store`: a `StatsStore` (read in worker threads), or None: no leaderboards."""
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"]),
                      trim_blocks=True, lstrip_blocks=True)
    top_cache: dict[str, tuple[float, list[dict]]] = {}
    fanout = Fanout(feed, SETTLE)

    #: a table's row of the list by (table id, language): (the snapshot it shows, its HTML),
    #: rendered once per change of that table for every stream and page that shows it
    row_html: dict[tuple[str, str], tuple[dict, Markup]] = {}
    #: an index stream's update by (the version its page shows, the version now, language): the
    #: encoded event, made once for every stream at the same place
    updates: dict[tuple, bytes | None] = {}
    #: a table page's update by (table id, language): (the snapshot it shows, the encoded event)
    table_updates: dict[tuple[str, str], tuple[dict, bytes]] = {}
    #: the last word of a table that is gone, by (table id, language)
    last_words: dict[tuple[str, str], bytes] = {}

    def page(request: Request, template: str, status: int = 200, lang: str | None = None,
             **context: Any) -> HTMLResponse:
        lang = lang or pick_language(request, language)
        words = Words(lang)
        html = env.get_template(template).render(t=words, lang=lang, languages=lang_mod.languages(),
                                                 path=request.url.path, **context)
        return HTMLResponse(html, status_code=status, headers={"Content-Language": lang,
                                                               "Vary": "Accept-Language"})

    def fragment(name: str, lang: str, **context: Any) -> str:
        return env.get_template(name).render(t=Words(lang), lang=lang, **context)

    def row(snap: dict, lang: str) -> Markup:
        key = (snap["id"], lang)
        cached = row_html.get(key)
        if cached is None or cached[0] is not snap:
            html = fragment("table_row.html", lang, table=snap, n=number(snap["id"]))
            # one line (one "data:" line of an event): the template's lines each begin and end at a tag
            cached = (snap, Markup("".join(line.strip() for line in html.splitlines())))
            row_html[key] = cached
        return cached[1]

    def table_list(lang: str, tables: list[dict]) -> str:
        """Every table's row (and the line that says there is none, hidden while there are)."""
        if len(row_html) > ROWS_KEPT:           # tables that closed while no stream looked
            open_now = {s["id"] for s in tables}
            for key in [k for k in row_html if k[0] not in open_now]:
                del row_html[key]
        return fragment("tables.html", lang, rows=[row(s, lang) for s in tables])

    async def index(request: Request) -> Response:
        lang = pick_language(request, language)
        version, tables = feed.tables()
        return page(request, "index.html", lang=lang, tables=Markup(table_list(lang, tables)),
                    since=f"{feed.epoch}-{version}")

    async def table(request: Request) -> Response:
        tid = request.path_params["table_id"]
        snap, events = feed.table(tid)
        if snap is None:
            return not_found(request, "web.no_table", table=tid)
        return page(request, "table.html", table=snap, events=events)

    async def top(request: Request) -> Response:
        if stats_store is None:
            return page(request, "top.html", lists=[], unavailable=True)
        lists = []
        for kind in TOP_KINDS:
            try:
                rows = await read_top(kind)
            except Exception:   # noqa: BLE001 - a database away: the page says so, the engine goes on
                return page(request, "top.html", lists=[], unavailable=True, status=503)
            lists.append((kind, rows))
        return page(request, "top.html", lists=lists, top_lines=top_lines, unavailable=False)

    async def read_top(kind: str) -> list[dict]:
        cached = top_cache.get(kind)
        if cached is not None and time.monotonic() - cached[0] < TOP_CACHE:
            return cached[1]
        rows = await run_in_threadpool(stats_store.top, kind)
        top_cache[kind] = (time.monotonic(), rows)
        return rows

    async def player(request: Request) -> Response:
        name = request.path_params["name"]
        if stats_store is None:
            return not_found(request, "stats.none", player=name)
        try:
            row = await run_in_threadpool(stats_store.get, name)
        except Exception:   # noqa: BLE001
            return page(request, "message.html", status=503, message=say(pick_language(request, language),
                                                                          "stats.unavailable"))
        if not has_stats(row):
            return not_found(request, "stats.none", player=name)
        return page(request, "player.html", name=row["name"], lines=stats_lines(pick_language(request, language), row))

    async def card(request: Request) -> Response:
        key = request.path_params["key"]
        png = card_png(key)
        if png is None:
            raise HTTPException(404)
        return Response(png, media_type="image/png", headers={"Cache-Control": "public, max-age=86400"})

    def stream(next_update: Callable[[Any], tuple[bytes | None, Any, bool]], shown: Any = None) -> EventSourceResponse:
        """Sends `next_update(shown)`'s event at once and at each update of the feed (`Fanout`), where `shown` is what the stream's page shows (the stream's own
        state, given back with each event); the stream ends when it says the page's table is gone.
        Updates are made once for all the streams that show the same (`updates`, `table_updates`):
        a stream only compares and sends."""
        async def events():
            nonlocal shown
            yield RETRY
            while True:
                change = fanout.next_change()
                data, shown, gone = next_update(shown)
                if data is not None:
                    yield data
                if gone:
                    return
                await change
        return EventSourceResponse(events(), ping=PING, send_timeout=SEND_TIMEOUT)

    async def index_events(request: Request) -> Response:
        """The list of tables: at first the rows that changed since the version the page was
        rendered at (`?since=`; the whole list when the stream cannot tell), then after each change
        the rows of the tables that changed (`rows`: each replaced, or inserted in table-number
        order, a gone table's an empty row marked data-gone)."""
        lang = pick_language(request, language)
        epoch, _, version = request.query_params.get("since", "").partition("-")
        since = int(version) if epoch == feed.epoch and version.isdecimal() and len(version) < 19 else None

        def next_update(since: int | None) -> tuple[bytes | None, int, bool]:
            now = feed.version
            if since == now:
                return None, now, False
            key = (since, now, lang)
            if key in updates:
                return updates[key], now, False
            now, tables, gone = feed.changes(since)
            if tables is None:
                now, tables = feed.tables()
                data: bytes | None = ServerSentEvent(table_list(lang, tables), event="update").encode()
            else:
                for tid in gone:
                    row_html.pop((tid, lang), None)
                html = "".join([row(s, lang) for s in tables] +
                               [f'<li id="table-{escape(tid)}" data-gone></li>' for tid in gone])
                data = ServerSentEvent(html, event="rows").encode() if html else None
            while len(updates) >= UPDATES_KEPT:
                del updates[next(iter(updates))]
            updates[(since, now, lang)] = data
            return data, now, False
        return stream(next_update, since)

    async def table_events(request: Request) -> Response:
        """One table: its whole body after each change of it; its last word (how it ended) when it
        is gone, and the stream ends."""
        tid = request.path_params["table_id"]
        lang = pick_language(request, language)
        key = (tid, lang)

        def next_update(shown: bytes | None) -> tuple[bytes | None, bytes, bool]:
            snap, events = feed.table(tid)
            if snap is None:
                table_updates.pop(key, None)
                data = last_words.get(key)
                if data is None:
                    data = ServerSentEvent(fragment("gone.html", lang, table_id=tid, table=feed.ended(tid)),
                                           event="gone").encode()
                    while len(last_words) >= UPDATES_KEPT:
                        del last_words[next(iter(last_words))]
                    last_words[key] = data
                return data, data, True
            cached = table_updates.get(key)
            if cached is None or cached[0] is not snap:
                last_words.pop(key, None)
                if len(table_updates) > ROWS_KEPT:      # tables whose streams left before they closed
                    table_updates.clear()
                cached = (snap, ServerSentEvent(fragment("table_body.html", lang, table=snap, events=events),
                                                event="update").encode())
                table_updates[key] = cached
            data = cached[1]
            return (None if data is shown else data), data, False
        return stream(next_update)

    def not_found(request: Request, key: str, **args: Any) -> HTMLResponse:
        return page(request, "message.html", status=404, message=say(pick_language(request, language), key, **args))

    async def http_error(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 500)
        key = "web.not_found" if status == 404 else "web.error"
        return page(request, "message.html", status=status, message=say(pick_language(request, language), key))

    routes = [
        Route("/", index), Route("/events", index_events),
        Route("/table/{table_id}", table), Route("/table/{table_id}/events", table_events),
        Route("/top", top), Route("/player/{name}", player),
        Route("/card/{key:path}.png", card),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={404: http_error, 405: http_error, 500: http_error})
    app.state.public_url = public_url
    return app


@lru_cache(maxsize=256)
def card_png(key: str) -> bytes | None:
    """A card face as PNG (the art the maps show), or None for no such face."""
    try:
        return face_png(key)
    except (ValueError, KeyError):
        return None
