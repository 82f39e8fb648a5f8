"""The life of a table: open, seat, deal, play, tick, close; the transitions the other rooms call.

The state lives beside it, each concern behind its own class: the tables and their wake-ups in the
registry (registry.py), who is where and how in the players (players.py), the settings in use in
one holder (config.Settings), the stakes in stakes.py; this module changes them and keeps what must
be saved. Each transition returns what players are to be told, in order (typed notices, notices.py);
a game action goes through `play`, which asks the rules and returns their events as one of them:
the façade hands them to the listeners (the sounds, the statistics, the stakes) and display.py
makes the ops, so nothing here knows about either.
Time comes in as `now`. A tick runs the tables whose wake-up is due (the registry's heap).
"""

from __future__ import annotations

import logging
import math
import time
from typing import TYPE_CHECKING, Any, cast

from ..rules.actions import Action
from ..rules.errors import Refused
from .config import EngineConfig, Settings
from .hints import Hints
from ..rules.events import MatchOver, RoundOver
from .notices import (Announce, FirstGameHint, ForgetSidebar, GiveBack, Joined, Notice, Quit, Said, TableEvents,
                      Unwatched)
from .players import Players
from .registry import Registry, number
from .stakes import Record, Stakes
from .store import TableStore
from .table import SEED_ENV, Point, Seat, Stake, Table, table_seed  # noqa: F401 (SEED_ENV: tests import it here)
from .text import option_list
from .wakeups import abandoned, wake_up

if TYPE_CHECKING:
    from ..rules.events import Event
    from ..stats import rating

MAX_BOT_STEPS_PER_TICK = 20
#: One INFO line per table opened, dealt, finished or closed and per player seated or gone:
#: what an operator reads in the server log.
log = logging.getLogger("unocraft.tables")


def _unrecorded(player: str, /, **counters: int) -> None:
    """No statistics to count the stakes in (a lifecycle on its own, in a test)."""


class Lifecycle:
    def __init__(self, settings: Settings | EngineConfig, store: TableStore | None = None, *,
                 players: Players | None = None, registry: Registry | None = None, hints: Hints | None = None,
                 record: Record = _unrecorded):
        """`players`, `registry` and `hints` are made here unless the façade hands in its own (the
        players built with the same `settings`); `record` counts what stakes won and lost."""
        self.settings = settings if isinstance(settings, Settings) else Settings(settings)
        self.store = store
        self.players = players if players is not None else Players(self.settings)
        self.registry = registry if registry is not None else Registry()
        self.hints = hints if hints is not None else Hints()
        # what tables play for (stakes.py): it seats and unseats through this lifecycle
        self.stakes = Stakes(self.settings, self.players, self.registry, self, record)
        # the last player event handled (the plugin's session, its number): saved with the tables
        self.events_seen: tuple[str, int] | None = store.events_seen() if store is not None else None
        if store is not None:
            for data in store.load_all():
                t = Table.from_dict(data)
                self.registry.add(t)
                for s in t.humans():
                    self.where[s.name] = t.id
                    self.players.langs[s.name] = s.lang
                for n in t.spectators:
                    self.where[n] = t.id
            self.registry.touch_all()

    # the state the rooms read most, where it lives
    @property
    def config(self) -> EngineConfig:
        return self.settings.config

    @property
    def tables(self) -> dict[str, Table]:
        return self.registry.tables

    @property
    def where(self) -> dict[str, str]:
        return self.players.where

    def new_event(self, session: str | None, seq: int | None) -> bool:
        """Whether the tables have not seen this player event (numbered `seq` in the plugin's run
        `session`) yet. After an engine restart the plugin delivers again the batch the engine
        polled last (it may have died before handling it): one the saved tables already hold, or
        this run handled, is skipped; the others are noted."""
        if session is None or seq is None:
            return True     # a tool's or a test's event
        seen = self.events_seen
        if seen is not None and seen[0] == session and seq <= seen[1]:
            return False
        self.events_seen = (session, seq)
        return True

    # ================================================================ who is where
    def lang(self, player: str) -> str:
        return self.players.lang(player)

    def table_of(self, player: str) -> Table | None:
        return self.registry.get(self.where.get(player))

    def seated_table(self, player: str) -> Table | None:
        """The table where `player` holds a seat (`Table.seat_of`: not one they left to a bot, at a
        table they watch now); what every input, suggestion and view of a hand asks."""
        t = self.table_of(player)
        return t if t is not None and t.seat_of(player) is not None else None

    def table_ids(self) -> list[str]:
        """Every table's id, sorted; the same list until a table opens or closes."""
        return self.registry.table_ids()

    def changed(self, t: Table) -> None:
        """The table changed: redraw it, save it, and compute its wake-up again."""
        self.registry.changed(t)

    def touch(self, tid: str | None) -> None:
        """Its clocks may have moved (an input changed it): compute its wake-up again."""
        self.registry.touch(tid)

    def reconfigure(self, config: EngineConfig) -> None:
        """New settings (`/uno reload`): the timers of every table may have moved."""
        self.settings.config = config
        self.registry.touch_all()

    # ================================================================ open and seat
    def open(self, player: str, pos: list[float] | None, preset: str, overrides: dict[str, Any], now: float,
             stake: Stake | None = None) -> list[Notice]:
        n = self.registry.take_number()
        table = Table(id=f"t{n}", owner=player, pos=cast(Point, tuple(pos or (0, 0, 0))), preset=preset, stake=stake,
                      world=self.players.world(player) if pos is not None else "",
                      overrides={k: v for k, v in overrides.items()},
                      countdown_at=now + self.config.timers.lobby,
                      seed=table_seed(player, now, n))
        self.registry.add(table)
        log.info("table %s opened by %s (%s; %s)", table.id, player, preset, option_list(table.options().changed()))
        return self.sit(table, player, now, then="opened")

    def open_table_near(self, pos: list[float] | None, world: str = "") -> Table | None:
        """The table in its lobby with a free seat nearest to `pos` in `world` (Table.in_world),
        within `table.join_radius`."""
        best, best_d = None, None
        for t in self.tables.values():
            if t.state != "lobby" or len(t.seats) >= self.config.seats or self.stakes.opening(t) or not t.in_world(world):
                continue
            d = 0.0 if pos is None else math.dist(pos, t.pos)
            if d <= self.config.join_radius and (best_d is None or d < best_d):
                best, best_d = t, d
        return best

    def sit(self, t: Table, player: str, now: float, then: str = "joined") -> list[Notice]:
        """A player sits down (`then`: "joined" a table, or "opened" it). At a staked table that is
        said once the stake is paid (`Stakes.answered`): a player who cannot pay reads only why."""
        t.seats.append(Seat(player, lang=self.lang(player)))
        self.where[player] = t.id
        log.info("%s sat down at table %s (%d seated)", player, t.id, len(t.seats))
        paying = self.stakes.sat(t, player, then)
        out = Said(paying if paying else self.seated(t, player, then, now))
        self.changed(t)
        return out.items

    def seated(self, t: Table, player: str, then: str, now: float) -> list[Notice]:
        """What is said when `player` has sat down for good (paid in, at a staked table): the table
        announced to the players near (`then` "opened") or the seat to the table ("joined")."""
        out = Said()
        if then == "opened":
            out.note(Announce(player, "table.opened", {"table": t.id}))
            secs = max(0, math.ceil(t.countdown_at - now))
            return out.to_table(t, "start.countdown", "yellow", count=secs).items
        return out.to_table(t, "start.joined", "green", about=player).items

    def watch(self, t: Table, player: str) -> list[Notice]:
        t.spectators[player] = self.lang(player)
        self.where[player] = t.id
        self.changed(t)
        return Said().tell(player, "table.spectating", "green", table=t.id).items

    def unwatch(self, player: str) -> list[Notice]:
        t = self.table_of(player)
        if t is None or player not in t.spectators:
            return []
        del t.spectators[player]
        del self.where[player]
        self.touch(t.id)
        return Said().note(Unwatched(player)).items

    def leave(self, player: str, t: Table) -> list[Notice]:
        """`/uno leave` from a seat: in the lobby the seat goes; in a game a bot plays it."""
        seat = t.seated(player)
        out = Said(self.stakes.got_up(t, player))
        if t.state == "lobby":
            t.seats.remove(seat)
            _hand_over(t, player)
            log.info("%s left table %s", player, t.id)
        else:
            seat.bot = self.config.stand_in    # the game goes on; a bot holds the cards
            seat.away_since = None
            log.info("%s left table %s; a bot plays the seat", player, t.id)
        del self.where[player]
        out.note(GiveBack(player)).tell(player, "table.you_left", "green").to_table(t, "start.left", "gray", player=player)
        if not t.humans() and t.state == "lobby" or not any(s.human for s in t.seats) and not t.spectators:
            out.add(self.close(t))
        else:
            self.changed(t)
        return out.items

    # ================================================================ on the server or not
    def resume(self, now: float) -> list[Notice]:
        """A (re)connected plugin: who is here plays on, who is not is away from now."""
        out = Said()
        for t in self.tables.values():
            for s in t.humans():
                if s.name in self.players.online:
                    s.away_since = None
                    out.tell(s.name, "table.resumed", "green")
                elif t.state == "playing" and s.away_since is None:
                    s.away_since = now
            self.changed(t)
        return out.items

    def joined(self, player: str) -> list[Notice]:
        out = Said().note(Joined(player))
        t = self.table_of(player)
        if t is None:
            return out.items
        seat = t.seat_of(player)
        if seat is not None and seat.away_since is not None:
            seat.away_since = None
            log.info("%s is back at table %s", player, t.id)
            out.to_table(t, "table.back", "green", but=player, player=player).tell(player, "table.resumed", "green")
        self.changed(t)
        return out.items

    def quit(self, player: str, now: float) -> list[Notice]:
        out = Said().note(Quit(player))
        t = self.table_of(player)
        if t is None:
            return out.items
        if player in t.spectators:
            return out.add(self.unwatch(player)).items
        if t.state == "lobby":
            log.info("%s left the server and table %s", player, t.id)
            return out.add(self.unseat(t, player)).items
        seat = t.seated(player)
        seat.away_since = now
        log.info("%s left the server; their seat at table %s waits %.0f s for them", player, t.id,
                 self.config.timers.rejoin)
        self.changed(t)
        return out.to_table(t, "table.away", "gray", player=player).items

    def unseat(self, t: Table, player: str) -> list[Notice]:
        """A player gets up from a lobby seat without a word (gone, or could not pay the stake)."""
        out = Said(self.stakes.got_up(t, player))
        t.seats.remove(t.seated(player))
        del self.where[player]
        _hand_over(t, player)
        out.note(GiveBack(player))
        if not t.humans():
            return out.add(self.close(t)).items
        self.changed(t)
        return out.items

    # ================================================================ playing
    def play(self, t: Table, action: Action, now: float) -> list[Notice]:
        """An action through the rules; returns its events (a `TableEvents`). Raises Refused."""
        events = t.apply(action, now)
        self.changed(t)
        return self._emit(t, events)

    def penalised(self, t: Table, events: list[Event], now: float) -> list[Notice]:
        """A refused action that still changed the game (a penalty draw): heard and redrawn."""
        t.token += 1
        t.changed_at = now
        self.changed(t)
        return self._emit(t, events)

    def _emit(self, t: Table, events: list[Event]) -> list[Notice]:
        for ev in events:
            if isinstance(ev, RoundOver):
                log.info("table %s finished round %d: %s won, %s", t.id, t.dealt.round_no, ev.winner,
                         ", ".join(f"{n} {v}" for n, v in ev.scores.items()))
            elif isinstance(ev, MatchOver):
                log.info("table %s finished the match: %s won", t.id, ", ".join(ev.winners))
        return Said().note(TableEvents(t, events)).items

    # ================================================================ clocks
    def tick(self, now: float, budget: float | None = None) -> list[Notice]:
        """Runs the clocks of every table that is due (see `wake_up`). With `budget` (seconds of
        work), the tables longest due first, until it is spent (one at least): the rest stay due
        for the next tick (the loop polls the players' events in between)."""
        due = self.registry.due(now, self.config.timers)
        if budget is None:
            order = sorted(due, key=number)     # in the order the tables opened
        else:
            order = sorted(due, key=lambda tid: (due[tid], number(tid)))
            stop_at = time.perf_counter() + budget
        out = Said()
        for n, tid in enumerate(order):
            if budget is None or n == 0 or time.perf_counter() < stop_at:    # one at least: the clocks go on
                t = self.tables.get(tid)
                if t is not None:
                    out.add(self._tick_table(t, now))
            self.registry.touch(tid)        # its wake-up again (still due: not run this time)
        self.registry.schedule(now, self.config.timers)
        return out.items

    def _tick_table(self, t: Table, now: float) -> list[Notice]:
        if t.state == "lobby":
            if now >= t.countdown_at and t.humans() and not self.stakes.unpaid(t):
                return self._deal(t, now)
            return []
        if t.state != "playing" or t.game is None:
            return []
        out = Said()
        for s in t.humans():
            if s.away_since is not None and now - s.away_since >= self.config.timers.rejoin:
                s.bot = self.config.stand_in      # gone for good: a bot plays the rest
                s.away_since = None
                out.add(self.stakes.got_up(t, s.name))
                log.info("%s did not come back to table %s; a bot plays the seat", s.name, t.id)
                self.where.pop(s.name, None)
                out.note(ForgetSidebar(s.name))
                self.changed(t)
        phase = t.game.phase
        if phase == "play":
            for _ in range(MAX_BOT_STEPS_PER_TICK):
                moved, told = self._drive(t, now)
                out.add(told)
                if not moved:
                    break
        elif phase == "round_over" and not self.config.single_round:
            if t.next_round_at is None:
                t.next_round_at = now + self.config.timers.next_round
                out.to_table(t, "round.next", "gray", count=round(self.config.timers.next_round))
            elif now >= t.next_round_at:
                t.next_round_at = None
                t.game.start_next_round()
                log.info("table %s dealt round %d", t.id, t.game.round_no)
                t.token += 1
                t.changed_at = now
                t._turn_changed(now)
                self.changed(t)
        else:
            out.add(self.close(t))
        if abandoned(t) and t.id in self.tables:
            out.add(self.close(t))
        return out.items

    def _drive(self, t: Table, now: float) -> tuple[bool, list[Notice]]:
        """One bot step if one is due: reactions out of turn after the catch window, then the
        actor's move when the actor is a bot, away, or out of time. True when something moved;
        with what it decided."""
        timers = self.config.timers
        g = t.dealt
        if g.phase != "play" or now < t.changed_at + timers.bot_think:
            return False, []
        actor = g.names[g.actor()]      # the phase is "play": someone is to move
        if g.may_act_out_of_turn() and now >= t.changed_at + timers.catch_window:
            for other in t.seats:
                if other.name == actor or not other.bot:
                    continue
                legal = g.legal_actions(other.name)
                if not legal:
                    continue
                choice = t.bot_for(other, other.bot or self.config.stand_in).react(t.view(other.name), legal)
                if choice is not None:
                    return self._bot_plays(t, choice, now)
        seat = t.seat(actor)
        if seat is None:
            return False, []
        if seat.bot:
            legal = g.legal_actions(actor)
            if not legal:
                return False, []
            return self._bot_plays(t, t.bot_for(seat, seat.bot).act(t.view(actor), legal), now)
        # a human, here or disconnected (who may come back): the turn timer
        if now >= t.turn_started + timers.turn:
            legal = g.legal_actions(actor)
            timeout = Said().to_table(t, "turn.timeout", "gray", about=actor).items
            moved, told = self._bot_plays(t, t.bot_for(seat, self.config.stand_in).act(t.view(actor), legal), now)
            return moved, timeout + told
        if not t.warned and seat.away_since is None and now >= t.turn_started + timers.turn - timers.turn_warning:
            t.warned = True
            return False, Said().tell(actor, "turn.warning", "yellow", count=round(timers.turn_warning)).items
        return False, []

    def _bot_plays(self, t: Table, action: Action, now: float) -> tuple[bool, list[Notice]]:
        try:
            return True, self.play(t, action, now)
        except Refused:
            return False, []

    def wake_up(self, t: Table, now: float) -> float | None:
        """When the table's clocks next need the engine (wakeups.py)."""
        return wake_up(t, now, self.config.timers)

    def next_wakeup(self, now: float) -> float | None:
        """The earliest wake-up of any table (None: no table waits for a clock)."""
        return self.registry.next_wakeup(now, self.config.timers)

    # ================================================================ deal and end
    def _deal(self, t: Table, now: float) -> list[Notice]:
        added = t.fill_with_bots(self.config.bots_fill_to, self.config.bot_kind)
        out = Said()
        if len(t.seats) < 2:
            t.countdown_at = now + self.config.timers.lobby
            return out.to_table(t, "start.waiting", "yellow", count=len(t.seats), min=2).items
        for b in added:
            out.to_table(t, "bot.joined", "gray", player=b)
        t.deal(now)
        edition = t.dealt.opts.edition
        log.info("table %s dealt: %s, %s", t.id, t.preset,
                 ", ".join(s.name + (" (bot)" if s.bot else "") for s in t.seats))
        out.to_table(t, "start.started", "green", bold=True, translated={"edition": f"edition.{edition}"})
        out.note(*(FirstGameHint(p, edition == "dos") for p in self.hints.first_game([s.name for s in t.humans()])))
        self.changed(t)
        return out.items

    def close(self, t: Table, by: str | None = None) -> list[Notice]:
        """Ends a table: its players get their items back. Its members are told when the match is
        over or someone (`by`: a player, or "" for the console) closes it; `by` is told too."""
        out = Said()
        if by is not None or t.game is not None and t.game.phase in ("round_over", "match_over"):
            out.to_table(t, "table.closed", "gray", table=t.id)
            if by and by not in [m[0] for m in t.members()]:
                out.tell(by, "table.closed", "gray", table=t.id)
        out.add(self.stakes.closing(t))
        for s in t.humans():
            if self.where.get(s.name) == t.id:
                del self.where[s.name]
            out.note(GiveBack(s.name))
        for n in list(t.spectators):
            self.where.pop(n, None)
            out.note(Unwatched(n))
        if self.registry.remove(t.id):
            log.info("table %s closed", t.id)
        return out.items

    # ================================================================ saving
    def save(self, stats: dict[str, dict[str, int]], uuids: dict[str, str], written_upto: int,
             only: set[str] | None = None, matches: list[rating.Result] | None = None) -> int | None:
        """Writes every table changed since the last save (`only`: those of them in it; the others
        wait for the next save) and forgets deleted ones, with the statistics counters `stats` and
        the match results `matches` (the ratings'), in one transaction; returns the journal number of the counters, or None without a table store."""
        batch = None
        registry = self.registry
        writing = registry.unsaved if only is None else registry.unsaved & only
        if self.store is not None and (writing or registry.deleted or stats or written_upto > self.store.forgotten_upto):
            changes: dict[str, dict[str, Any] | None] = {tid: None for tid in registry.deleted}
            for tid in writing:
                if tid in self.tables:
                    changes[tid] = self.tables[tid].to_dict()
            batch = self.store.save(changes, stats, uuids, written_upto=written_upto, matches=matches,
                                     events_seen=self.events_seen)
        registry.unsaved -= writing
        registry.deleted.clear()
        return batch


def _hand_over(t: Table, leaving: str) -> None:
    """The owner left the lobby: the next human seated owns the table (its rules, its start)."""
    if t.owner == leaving and t.humans():
        t.owner = t.humans()[0].name

