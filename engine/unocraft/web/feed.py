"""What the web page may show of the tables, handed from the engine loop's thread to the web's.

The engine thread publishes, after each op batch, a snapshot of every table that changed
(`WebFeed.publish`) and keeps the last events of each table as a spectator reads them
(`WebFeed.heard`, a listener of the tables). A snapshot is built only from the spectator's view
(`Table.view(None)`, which holds no card of any hand) and never changed once made: the web thread
reads whole snapshots under a short lock and renders them on its own time. Nothing here waits.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Callable, Iterable

from ..presentation.faces import face_key
from ..rules.cards import Card
from ..tables.table import Table

#: the events of a table the page shows, the newest last
EVENTS_KEPT = 12


def snapshot(t: Table) -> dict:
    """What anyone may see of table `t`: seats and card counts, whose turn, the top card (its face
    key for the art), colour, direction, scores, spectators, and the round's and match's result."""
    edition = t.game.opts.edition if t.game is not None else t.options().edition    # (build: ~0.1 ms)
    out: dict = {"id": t.id, "preset": t.preset, "state": t.state, "spectators": len(t.spectators),
                 "edition": edition, "turn": None, "top": None, "top_key": None, "colour": None,
                 "direction": None, "round": 0, "phase": None, "side": None, "centre": None,
                 "round_winner": None, "match_winners": [], "round_points": {}}
    seats = {s.name: s for s in t.seats}
    if t.game is None:
        out["seats"] = [{"name": s.name, "bot": not s.human, "cards": None, "score": 0, "uno": False,
                         "active": True, "away": s.away_since is not None} for s in t.seats]
        return out
    view = t.view(None)
    out["seats"] = [{"name": p["name"], "bot": p["name"] in seats and not seats[p["name"]].human,
                     "cards": p["cards"], "score": p["score"], "uno": p["called_uno"], "active": p["active"],
                     "away": p["name"] in seats and seats[p["name"]].away_since is not None}
                    for p in view["players"]]
    dark = view.get("side") == "dark"
    top = (view.get("top") or "").split(" ")[0] or None     # DOS names a Wild DOS's colour after it
    out.update(turn=view.get("turn"), top=top, top_key=face_key(Card.parse(top), dark) if top else None,
               colour=view.get("colour"), direction=view.get("direction"), round=view.get("round", 0),
               phase=view.get("phase"), side=view.get("side"))
    if view.get("centre") is not None:       # DOS: the centre row instead of one top card
        # a Wild DOS in the centre carries the colour it was given: "W2 blue"
        out["centre"] = [{"code": c.split(" ")[0], "colour": c.split(" ")[1] if " " in c else None,
                          "key": face_key(Card.parse(c.split(" ")[0]))} for c in view["centre"]]
    if view.get("phase") != "play":
        out.update(round_winner=view.get("round_winner"), match_winners=list(view.get("match_winners") or []),
                   round_points=dict(view.get("round_points") or {}))
    return out


class WebFeed:
    """The tables as the page shows them. `publish` and `heard` run on the engine thread; `tables`,
    `table`, `events` and `version` on any other."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tables: dict[str, dict] = {}
        self._events: dict[str, deque] = {}
        self._watchers: list[Callable[[], None]] = []
        self.version = 0

    # ------------------------------------------------------------ engine thread
    def publish(self, tables: dict[str, Table], changed: Iterable[str]) -> None:
        """The tables in `changed` as they are now; tables gone from `tables` leave the feed."""
        made = {tid: snapshot(tables[tid]) for tid in changed if tid in tables}
        # every table was published when it opened, so a closed one shows as one too many
        known = len(self._tables) + sum(tid not in self._tables for tid in made)
        gone = [tid for tid in self._tables if tid not in tables] if known > len(tables) else []
        if not made and not gone:
            return
        with self._lock:
            self._tables.update(made)
            for tid in gone:
                del self._tables[tid]
                self._events.pop(tid, None)
            self.version += 1
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

    # ------------------------------------------------------------ web thread
    def tables(self) -> tuple[int, list[dict]]:
        """The version and every table's snapshot, by table number."""
        with self._lock:
            return self.version, sorted(self._tables.values(), key=lambda s: _number(s["id"]))

    def table(self, table_id: str) -> tuple[dict | None, list[dict]]:
        """One table's snapshot (None: no such table) and its last events."""
        with self._lock:
            return self._tables.get(table_id), list(self._events.get(table_id, ()))

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


def _number(table_id: str) -> int:
    digits = "".join(ch for ch in table_id if ch.isdigit())
    return int(digits) if digits else 0
