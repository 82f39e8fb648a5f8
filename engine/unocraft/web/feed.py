"""What the web page may show of the tables, handed from the engine loop's thread to the web's.

The engine thread publishes, after each op batch, a snapshot of every table that changed
(`WebFeed.publish`) and keeps the last events of each table as a spectator reads them
(`WebFeed.heard`, a listener of the tables). A snapshot is built only from the spectator's view
(`Table.view(None)`, which holds no card of any hand) and never changed once made: the web thread
reads whole snapshots under a short lock and renders them on its own time. Nothing here waits.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict, deque
from typing import Callable, Iterable

from ..presentation.faces import face_key
from ..rules.cards import Card
from ..rules.views import DosView
from ..tables.stakes import in_pot
from ..tables.table import Table

#: the events of a table the page shows, the newest last
EVENTS_KEPT = 12
#: the versions whose changed tables the feed remembers (a stream further behind gets the whole
#: list): a busy server publishes some tens a second, and a stream asks again every SETTLE (0.25 s)
LOG_KEPT = 1024
#: the gone tables whose last snapshot the feed keeps, for their page's last word (the result)
ENDED_KEPT = 64


def snapshot(t: Table, house_cut: int = 0) -> dict:
    """What anyone may see of table `t`: seats and card counts, whose turn, the top card (its face
    key for the art), colour, direction, scores, spectators, the round's and match's result, and
    what it plays for (public at the table): the stake each player pays in, what is in the pot now
    (amounts only: no payer, no pay-in's id) and the house's cut in percent (`house_cut`, the
    setting `stakes.house_cut`; kept only with a stake)."""
    edition = t.game.opts.edition if t.game is not None else t.options().edition    # (build: ~0.1 ms)
    out: dict = {"id": t.id, "preset": t.preset, "state": t.state, "spectators": len(t.spectators),
                 "stake": dict(t.stake) if t.stake else None, "pot": in_pot(t),
                 "house_cut": house_cut if t.stake else 0,
                 "edition": edition, "turn": None, "top": None, "top_key": None, "colour": None,
                 "direction": None, "round": 0, "phase": None, "side": None, "centre": None,
                 "round_winner": None, "match_winners": [], "round_points": {}}
    seats = {s.name: s for s in t.seats}
    if t.game is None:
        out["seats"] = [{"name": s.name, "bot": not s.human, "cards": None, "score": 0, "uno": False,
                         "active": True, "away": s.away_since is not None} for s in t.seats]
        return out
    view = t.view(None)
    out["seats"] = [{"name": p.name, "bot": p.name in seats and not seats[p.name].human,
                     "cards": p.cards, "score": p.score, "uno": p.called_uno, "active": p.active,
                     "away": p.name in seats and seats[p.name].away_since is not None}
                    for p in view.players]
    dark = view.side == "dark"
    top = (view.top or "").split(" ")[0] or None     # DOS names a Wild DOS's colour after it
    out.update(turn=view.turn, top=top, top_key=face_key(Card.parse(top), dark, edition=edition) if top else None,
               colour=view.colour, direction=view.direction, round=view.round,
               phase=view.phase, side=view.side)
    if isinstance(view, DosView):       # DOS: the centre row instead of one top card
        # a Wild DOS in the centre carries the colour it was given: "W2 blue"
        out["centre"] = [{"code": c.split(" ")[0], "colour": c.split(" ")[1] if " " in c else None,
                          "key": face_key(Card.parse(c.split(" ")[0]), edition=edition)} for c in view.centre]
    end = view.round_end
    if end is not None:
        out.update(round_winner=end.winner, match_winners=list(end.match_winners), round_points=dict(end.points))
    return out


class WebFeed:
    """The tables as the page shows them. `publish` and `heard` run on the engine thread; `tables`,
    `changes`, `table`, `ended` and `version` on any other.

    Each publish that changed something is one version, logged with the tables it changed and those
    that went (the last `log_kept` versions): a stream that showed version v asks `changes(v)` and
    gets those tables only, found without looking at the others; one further behind gets None and
    sends the whole list (`tables`). A table's snapshot is replaced only when it changed (or the
    table had events), so its identity tells a renderer whether the table changed."""

    def __init__(self, log_kept: int = LOG_KEPT, house_cut: Callable[[], int] = lambda: 0) -> None:
        #: the house's cut of a pot in percent, as the settings say now (serve.py: the engine's)
        self.house_cut = house_cut
        self._lock = threading.Lock()
        self._tables: dict[str, dict] = {}
        self._events: dict[str, deque] = {}
        self._heard: set[str] = set()
        self._log: deque[tuple[int, tuple[str, ...], tuple[str, ...]]] = deque(maxlen=log_kept)
        self._ended: OrderedDict[str, dict] = OrderedDict()
        self._watchers: list[Callable[[], None]] = []
        self.version = 0
        #: this feed's own mark: a version of another feed (an engine before its restart) is no
        #: version of this one
        self.epoch = secrets.token_hex(4)

    # ------------------------------------------------------------ engine thread
    def publish(self, tables: dict[str, Table], changed: Iterable[str]) -> None:
        """The tables in `changed` as they are now; tables gone from `tables` leave the feed."""
        heard, self._heard = self._heard, set()
        made = {}
        cut = self.house_cut()
        for tid in set(changed) | heard:
            if tid in tables:
                snap = snapshot(tables[tid], cut)
                if tid in heard or snap != self._tables.get(tid):
                    made[tid] = snap
        # every table was published when it opened, so a closed one shows as one too many
        known = len(self._tables) + sum(tid not in self._tables for tid in made)
        gone = [tid for tid in self._tables if tid not in tables] if known > len(tables) else []
        if not made and not gone:
            return
        with self._lock:
            self.version += 1
            self._tables.update(made)
            for tid in made:
                self._ended.pop(tid, None)
            for tid in gone:
                self._ended[tid] = self._tables.pop(tid)      # its last word: the result, if any
                self._events.pop(tid, None)
            while len(self._ended) > ENDED_KEPT:
                self._ended.popitem(last=False)
            self._log.append((self.version, tuple(made), tuple(gone)))
            watchers = list(self._watchers)
        for wake in watchers:
            try:
                wake()
            except RuntimeError:    # the page's loop closed under a stream (a stop): nothing to wake
                with self._lock:
                    if wake in self._watchers:
                        self._watchers.remove(wake)

    def heard(self, t: Table, events: list) -> None:
        """A table listener: the table's events as a spectator sees them (no secret in them)."""
        public = [ev.for_player(None) for ev in events]
        with self._lock:
            kept = self._events.setdefault(t.id, deque(maxlen=EVENTS_KEPT))
            kept.extend(public)
        self._heard.add(t.id)           # the next publish gives the table a new snapshot

    # ------------------------------------------------------------ web thread
    def tables(self) -> tuple[int, list[dict]]:
        """The version and every table's snapshot, by table number."""
        with self._lock:
            return self.version, sorted(self._tables.values(), key=lambda s: number(s["id"]))

    def changes(self, since: int | None) -> tuple[int, list[dict] | None, list[str]]:
        """What changed after version `since`: the version now, the snapshots of the tables that
        changed (by table number) and the ids of those that went. None instead of the snapshots:
        `since` is older than the log (or None, or no version of this feed): send the whole list."""
        with self._lock:
            now = self.version
            if since == now:
                return now, [], []
            if since is None or not 0 <= since < now or not self._log or self._log[0][0] > since + 1:
                return now, None, []
            changed: set[str] = set()
            went: set[str] = set()
            for version, made, gone in reversed(self._log):
                if version <= since:
                    break
                changed.update(made)
                went.update(gone)
            snaps = [self._tables[tid] for tid in changed if tid in self._tables]
            gone_now = [tid for tid in went if tid not in self._tables]
        snaps.sort(key=lambda s: number(s["id"]))
        gone_now.sort(key=number)
        return now, snaps, gone_now

    def table(self, table_id: str) -> tuple[dict | None, list[dict]]:
        """One table's snapshot (None: no such table) and its last events."""
        with self._lock:
            return self._tables.get(table_id), list(self._events.get(table_id, ()))

    def ended(self, table_id: str) -> dict | None:
        """The last snapshot of a table that is gone (one of the last `ENDED_KEPT`): how it ended."""
        with self._lock:
            return self._ended.get(table_id)

    def watch(self, wake: Callable[[], None]) -> Callable[[], None]:
        """Calls `wake` (on the engine thread: it must only hand over) after each change; returns
        what stops it."""
        with self._lock:
            self._watchers.append(wake)

        def stop() -> None:
            with self._lock:
                if wake in self._watchers:
                    self._watchers.remove(wake)
        return stop


def number(table_id: str) -> int:
    """A table's number (t12: 12), the order of the list."""
    digits = "".join(ch for ch in table_id if ch.isdigit())
    return int(digits) if digits else 0
