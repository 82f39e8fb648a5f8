"""The web page of the tables and the leaderboards: a Starlette app over a `WebFeed` and the
statistics store, in the visitor's language.

Pages: `/` the open tables, `/table/<id>` one table, `/top` the leaderboards, `/player/<name>` a
player's statistics; `/events` and `/table/<id>/events` push the same fragments again as server-sent
events whenever the tables change (the page swaps them in: no JavaScript framework). Every line
comes from the language files, chosen by `?lang=` or the browser's Accept-Language. Nothing here
touches the engine's state: tables come from the feed's snapshots (a spectator's view), statistics
from the store, read in a worker thread so a slow database never holds up the page's loop.
"""

from __future__ import annotations

import asyncio
import io
import time
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from jinja2 import Environment, FileSystemLoader, select_autoescape
from sse_starlette import EventSourceResponse
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..presentation import lang as lang_mod
from ..presentation.card_art import render_back, render_face
from ..presentation.faces import face_from_key
from ..presentation.lang import about, card_name, colour_name
from ..rules.cards import COLOUR_BY_NAME, Card
from ..stats.store import TOP_KINDS
from ..tables import render
from ..tables.stats_tally import has_stats, stats_lines, top_lines
from ..tables.text import say
from .feed import WebFeed

HERE = Path(__file__).parent
#: seconds a leaderboard read is reused: a page many visitors open reads the database once
TOP_CACHE = 10.0
#: seconds between keep-alive comments on an idle stream (proxies close silent connections)
PING = 15
#: seconds a stream waits after a change before it sends, so that a burst of moves is one update
#: (bots move several times a second on a busy server; a page needs no more)
SETTLE = 0.25


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
    """The feed's changes, for every stream of the page's event loop: the engine thread hands over
    at most one wake-up at a time (however many streams are open), and each stream awaits the
    current change."""

    def __init__(self, feed: WebFeed):
        self.feed = feed
        self.loop: asyncio.AbstractEventLoop | None = None
        self.future: asyncio.Future | None = None
        self.pending = False

    def next_change(self) -> asyncio.Future:
        """What resolves at the next change of the feed (on the page's loop)."""
        if self.loop is None:
            self.loop = asyncio.get_running_loop()
            self.future = self.loop.create_future()
            self.feed.watch(self._from_engine)
        assert self.future is not None
        return self.future

    def _from_engine(self) -> None:
        """On the engine thread: one wake-up on its way at a time."""
        if not self.pending and self.loop is not None:
            self.pending = True
            self.loop.call_soon_threadsafe(self._wake)

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

    def card(self, code: str | None) -> str:
        return card_name(self.lang, Card.parse(code)) if code else ""

    def colour(self, name: str | None) -> str:
        letter = COLOUR_BY_NAME.get(name or "")
        return colour_name(self.lang, letter) if letter else ""

    def event(self, d: dict) -> str:
        line = render.event_line(_Public(d), None, self.lang)
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
    fanout = Fanout(feed)
    #: a stream's fragment by (what, language): rendered once per change of the feed, for every stream
    rendered: dict[tuple, tuple[int, tuple[str, bool]]] = {}

    def page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        lang = pick_language(request, language)
        words = Words(lang)
        html = env.get_template(template).render(t=words, lang=lang, languages=lang_mod.languages(),
                                                 path=request.url.path, **context)
        return HTMLResponse(html, status_code=status, headers={"Content-Language": lang,
                                                               "Vary": "Accept-Language"})

    def fragment(name: str, lang: str, **context: Any) -> str:
        return env.get_template(name).render(t=Words(lang), lang=lang, **context)

    async def index(request: Request) -> Response:
        _, tables = feed.tables()
        return page(request, "index.html", tables=tables)

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

    def stream(request: Request, what: tuple, render_now: Callable[[str], tuple[str, bool]]) -> EventSourceResponse:
        """Pushes `render_now(lang)`'s fragment at once and after each change of the tables (only
        when it changed; a burst of changes is one update); the stream ends when it says the table
        is gone. A fragment is rendered once per change for all the streams that show it."""
        lang = pick_language(request, language)
        key = (*what, lang)

        def fragment_now() -> tuple[str, bool]:
            version = feed.version
            cached = rendered.get(key)
            if cached is None or cached[0] != version:
                cached = (version, render_now(lang))
                rendered[key] = cached
            return cached[1]

        async def events():
            last = None
            while True:
                change = fanout.next_change()
                html, gone = fragment_now()
                if html != last:
                    last = html
                    yield {"event": "gone" if gone else "update", "data": html}
                if gone:
                    rendered.pop(key, None)
                    return
                await change
                await asyncio.sleep(SETTLE)
        return EventSourceResponse(events(), ping=PING)

    async def index_events(request: Request) -> Response:
        return stream(request, ("tables",), lambda lang: (fragment("tables.html", lang, tables=feed.tables()[1]), False))

    async def table_events(request: Request) -> Response:
        tid = request.path_params["table_id"]

        def now(lang: str) -> tuple[str, bool]:
            snap, events = feed.table(tid)
            if snap is None:
                return fragment("gone.html", lang, table_id=tid), True
            return fragment("table_body.html", lang, table=snap, events=events), False
        return stream(request, ("table", tid), now)

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
        card, dark = face_from_key(key)
    except (ValueError, KeyError):
        return None
    image = render_back() if card is None else render_face(card, dark)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
