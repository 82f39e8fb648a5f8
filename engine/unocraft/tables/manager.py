"""Many tables on one server, as the engine loop (loop.py) sees them: plugin events in, op batches out.

`Tables` is the façade over the rooms of the tables layer, and wires them into one direction:
plugin event -> input.py / commands.py (what the player means) -> lifecycle.py (the state changes,
the rules' events) -> notices.py (what players are to be told) -> display.py (ops) -> the plugin.

- input.py: a click, an item use, a chat line or a typed action -> a rules action.
- commands.py: one handler per `/uno` subcommand (admin.py: the console and admin ones).
- lifecycle.py: tables open, seat, deal, play, tick and close, over the state kept by concern:
  registry.py (the tables, what changed, their wake-ups in a heap), players.py (who is where,
  online, language, UUID), config.Settings (the settings in use).
- sounds.py, stats_tally.py, stakes.py: listeners of the game events (the statistics' answers come
  back as notices too).
- display.py: notices and views -> ops, and everything about what was sent to whom; nothing else
  makes an op. It reads the state through `Shown` (the registry's and players' collections), never
  the lifecycle.

Every transition returns what it decided, as a list of typed notices (its inner calls' lists added
in the order they happened); no room keeps one. `_show` is the one shell that turns them into ops,
in one fixed order per step (a plugin event, a tick, an attach):
1. the step's notices, in order, each to `Display.show`;
2. after each `TableEvents` among them, the listeners (`Tables.listeners`) in this order:
   `Sounds.heard`, `StatsTally.counted`, `Stakes.counted`, then any a front end adds (serve.py: the web
   page's feed, which tells no one: None), each given the table and its events; what each returns
   goes to `Display.show` at once (no listener hears a listener's notices); then the step's next
   notice.
A save (`save`) shows what it decided (the statistics' new names) when it is done; `flush` takes
the batch first, so those go out with the next one.

`handle(event, now)` takes one plugin event (a typed value of its kind, transport/incoming.py, routed
by its class); `tick(now)` runs the clocks of the tables that are
due; `flush()` redraws what changed, saves changed tables to SQLite and returns the op batch for
the plugin. No rule is decided in this layer: actions go to the rules, refusals come back with a
code and are shown to the player.
"""

from __future__ import annotations

import logging
import math
from typing import Any, Callable, TypeVar

from ..presentation.lang import normalise
from ..rules.events import Event
from ..stats.service import StatsService, open_stats
from ..transport import incoming
from ..transport.incoming import Routes
from ..transport.protocol import Op
from . import commands
from .admin import Admin
from .call import Rooms
from .config import EngineConfig, Settings
from .display import Display, Menus, Shown
from .hints import Hints
from .input import Input
from .lifecycle import Lifecycle
from .notices import Notice, TableEvents
from .players import Players
from .registry import Registry
from .sounds import Sounds
from .stage import Stage
from .stats_tally import StatsTally
from .store import TableStore
from .table import Table

log = logging.getLogger("unocraft.engine")

P = TypeVar("P", bound=incoming.FromPlayer)

#: what the display shows of the command list
MENUS = Menus(commands.usage, commands.table_tree, commands.completion_tree, commands.console_tree)

SAVE_INTERVAL = 0.5     # seconds between SQLite writes while tables change
SAVE_BATCH = 20         # tables an interval's save writes per round of the loop; the rest in the next rounds
IDLE_WAKEUP = 1.0       # seconds the loop waits at most when no clock needs it
STATS_WAKEUP = 0.001    # ... while an answer of the statistics thread is on its way, or a save is not done
#: the tables' clocks (bots' moves, turn timers, countdowns) come due on this grid of seconds, so that one
#: round of the loop (a poll of the plugin, the ticks, a flush) serves every table due within it: with
#: 200 tables the rounds, not the moves, were most of the engine's time (docs/performance.md)
WAKE_GRID = 0.025


def shown(core: Lifecycle) -> Shown:
    """What the display may read of the tables' state (display.py): the registry's and the players'."""
    settings, players, registry = core.settings, core.players, core.registry
    return Shown(tables=registry.tables, where=players.where, online=players.online, settings=lambda: settings.config,
                 lang=players.lang, seated_table=core.seated_table, table_ids=registry.table_ids,
                 pot_words=core.stakes.pot_words)


class Tables:
    def __init__(self, config: EngineConfig, store: TableStore | None = None, stats: StatsService | None = None):
        # the state by concern, each room handed the parts it reads (lifecycle.py changes them)
        settings = Settings(config)
        players, hints = Players(settings), Hints()
        # statistics: written and read on their own thread (stats/service.py; nothing connects yet)
        self.stats = stats if stats is not None else open_stats(config, store)
        self.tally = StatsTally(settings, players, hints, self.stats)
        self.core = Lifecycle(settings, store, players=players, registry=Registry(), hints=hints,
                              record=self.tally.add)
        self.display = Display(shown(self.core), MENUS, hints.due)
        self.stage = Stage()                      # the tables in the world (stage.py)
        self.input = Input(self.core)
        # what happened at a table, heard and counted (after the transition, as it is shown), in
        # the order of the module's text
        self.listeners: list[Callable[[Table, list[Event]], list[Notice] | None]] = [
            Sounds().heard, self.tally.counted, self.core.stakes.counted]
        self.admin = Admin(self.core)             # console and uno.admin commands (admin.py)
        self.admin.read_languages()               # the operator's language files, checked (overrides.py)
        self.rooms = Rooms(self.core, self.tally, self.admin, self.input.typed, self.saved_now)
        self.routes = self._routes()              # each kind of plugin event to its handler, by class
        self.saved_at = 0.0
        self.saving: list[str] = []               # the tables the interval's save has yet to write
        self.owed: set[str] = set()               # the tables an answer's save found the file taken for
        self.flushed: set[str] = set()            # the tables the last flush redrew
        if store is not None:
            self.stats.replay(store.outbox())     # counters a stop or crash left unwritten

    # what tests, the mcpi board and the admin commands read
    @property
    def config(self) -> EngineConfig:
        return self.core.config

    @property
    def store(self) -> TableStore | None:
        return self.core.store

    @property
    def tables(self) -> dict[str, Table]:
        return self.core.tables

    @property
    def where(self) -> dict[str, str]:
        return self.core.where

    @property
    def dirty(self) -> set[str]:
        return self.core.registry.dirty

    @property
    def faces_sent(self) -> set[str]:
        return self.display.faces_sent

    # ================================================================ connection
    def attach(self, hello: dict[str, Any], now: float) -> None:
        """A (re)connected plugin: resend everything, mark who is here, give back items of
        players no table holds any more."""
        online = self.core.players.online
        online.clear()                       # the same set, which the display reads too
        online.update(hello.get("online", []))
        self.admin.plugin = hello
        self.tally.ask_names()
        self.tally.feed(hello)
        self.tally.placeholder_tick(now)     # the top lists now, with the players' values
        self.display.attach(hello)
        self.display.ops += self.stage.attach(list(self.core.tables.values()), self.core.config)
        self._show(self.core.stakes.attached() + self.core.resume(now))
        seated = {s.name for t in self.core.tables.values() for s in t.humans() if s.away_since is None}
        for name in hello.get("vault", []):
            if name not in seated:
                self.display.restore(name)

    # ================================================================ events
    def handle(self, raw: dict[str, Any], now: float) -> None:
        """One plugin event: read as the value of its kind (a malformed one: a log line, nothing
        changes), skipped when the saved tables hold it already, then to the handler of its class."""
        ev = incoming.read(raw)
        if ev is None:
            return
        if not self.core.new_event(ev.session, ev.seq):
            log.info("skipped a player event the saved tables already hold: %s", ev.KIND)
            return
        self._show(self.routes(ev, now))

    def _routes(self) -> Routes[list[Notice]]:
        """Each kind of event to its handler: a player's around what every one of theirs does
        (`_from`); the console's to the admin room; a refused batch was logged by the transport."""
        return (Routes[list[Notice]]()
                .on(incoming.Console, lambda ev, now: self.admin.console(list(ev.args), now))
                .on(incoming.RefusedBatch, lambda ev, now: [])
                .on(incoming.Join, self._from(self._join))
                .on(incoming.Quit, self._from(self._quit))
                .on(incoming.Command, self._from(self._command))
                .on(incoming.Use, self._from(lambda ev, now: self.input.use(ev.player, ev.tag, now)))
                .on(incoming.Click, self._from(lambda ev, now: self.input.click(ev.player, ev.tag, now)))
                .on(incoming.Chat, self._from(lambda ev, now: self.input.chat(ev.player, now)))
                .on(incoming.Respawn, self._from(self._respawn))
                .on(incoming.StakeAnswer, self._from(self.core.stakes.answered)))

    def _from(self, handler: Callable[[P, float], list[Notice]]) -> Callable[[P, float], list[Notice]]:
        """A player's event: what it tells of them (language, UUID, world) noted first and their
        hints asked (but as they quit); after the handler, the clocks of their table before and
        after computed again (it may need them sooner or later now). No player named: nothing."""
        def from_player(ev: P, now: float) -> list[Notice]:
            player = ev.player
            if not player:
                return []
            core, players = self.core, self.core.players
            if isinstance(ev, incoming.Where):
                if ev.locale:
                    players.langs[player] = normalise(ev.locale, core.config.language)
                uuid = ev.uuid if isinstance(ev, (incoming.Command, incoming.Join)) else None
                if uuid:
                    players.uuids[player] = uuid
                if ev.world:
                    players.worlds[player] = ev.world
            before = core.where.get(player)
            if not isinstance(ev, incoming.Quit):
                self.tally.ask_hints(player)
            said = handler(ev, now)
            core.touch(before)
            core.touch(core.where.get(player))
            return said
        return from_player

    def _join(self, ev: incoming.Join, now: float) -> list[Notice]:
        self.core.players.online.add(ev.player)
        said = self.core.joined(ev.player)
        self.tally.ask_placeholders(ev.player)
        return said

    def _quit(self, ev: incoming.Quit, now: float) -> list[Notice]:
        self.core.players.online.discard(ev.player)
        return self.core.quit(ev.player, now)

    def _command(self, ev: incoming.Command, now: float) -> list[Notice]:
        self.core.players.online.add(ev.player)
        return commands.run(self.rooms, ev.player, list(ev.args), ev.pos, now, bool(ev.admin))

    def _respawn(self, ev: incoming.Respawn, now: float) -> list[Notice]:
        self.display.respawned(ev.player)
        return []

    # ================================================================ clocks
    def tick(self, now: float, budget: float | None = None) -> None:
        """The statistics' answers, then the clocks of the tables that are due (with `budget`,
        seconds: as many as fit, longest due first; the rest at the next tick)."""
        answers = self.tally.answers()
        self.tally.placeholder_tick(now)
        self._show(answers + self.core.tick(now, budget))

    def _show(self, notices: list[Notice]) -> None:
        """The shell: what a step decided, made into ops in the one order of the module's text (each
        notice to the display; after a `TableEvents`, the listeners in order, their notices too)."""
        for notice in notices:
            self.display.show([notice])
            if isinstance(notice, TableEvents):
                for listener in self.listeners:
                    self.display.show(listener(notice.table, notice.events) or [])

    def next_wakeup(self, now: float) -> float:
        """Seconds until a clock may need the engine (the long-poll waits at most this long): the
        earliest wake-up of a table (the next point of `WAKE_GRID` after it), an answer of the statistics
        thread, else `IDLE_WAKEUP`."""
        due = [now + IDLE_WAKEUP]
        if self.stats.asking():
            due.append(now + STATS_WAKEUP)
        if self.saving or self.owed:
            due.append(now + STATS_WAKEUP)       # a save goes on in the next round
        table = self.core.next_wakeup(now)
        if table is not None:
            due.append(table if table <= now else math.ceil(table / WAKE_GRID) * WAKE_GRID)
        return max(0.0, min(due) - now)

    # ================================================================ output and saving
    def flush(self, now: float | None = None, save: bool = True) -> list[Op]:
        """Redraws changed tables, saves them, and hands over the op batch. With `now`, saving is
        batched to at most one write per `SAVE_INTERVAL` (a crash loses at most that much play);
        without, every change is written at once."""
        core, registry = self.core, self.core.registry
        for tid in sorted(registry.dirty):
            t = registry.tables.get(tid)
            if t is not None:
                self.display.redraw(t)
                self._stage(self.stage.draw(t, core.config))
        for tid in sorted(registry.closed):      # (not a scan of the stage's tables: this runs every round)
            if tid in self.stage.sent:
                self._stage(self.stage.remove(tid))
        registry.closed.clear()
        for player, hint in self.display.take_hints():    # the hints the redraws showed: not due again
            core.hints.shown(player, hint)
        self.display.placeholder_states(registry.dirty)
        registry.unsaved |= registry.dirty
        self.flushed = set(registry.dirty)
        registry.dirty.clear()
        self.display.tables_completions()
        ops = self.display.take()
        if save:        # what the save decides goes out with the next batch
            self.maybe_save(now)
        return ops

    def _stage(self, ops: list[Op]) -> None:
        """The stage's ops, after the faces their cards show (each face's map once, as for items)."""
        for op in ops:
            if op["op"] == "stage":
                for prop in op["put"].values():
                    if "face" in prop:
                        self.display.face(prop["face"])
            self.display.ops.append(op)

    def maybe_save(self, now: float | None = None) -> None:
        """Saves now (`now` None); else, each round of the loop: the tables an answer's save owes
        (the file was taken), and when `SAVE_INTERVAL` has passed since the last interval's save
        began, every table changed by then, `SAVE_BATCH` of them a round (with 200 tables, writing
        them all at once held a round up for several ms). A save that finds the file taken (the
        statistics thread writes to it) is tried again in the next round."""
        if now is None:
            self.save()
            return
        if self.owed:
            if not self.save(only=self.owed, wait=False):
                return
            self.owed = set()
        if not self.saving:
            if now < self.saved_at + SAVE_INTERVAL:
                return
            self.saved_at = now
            self.saving = sorted(self.core.registry.unsaved)
        # with the batch, the tables closed and the statistics counted meanwhile
        if self.save(only=set(self.saving[:SAVE_BATCH]), wait=False):
            self.saving = self.saving[SAVE_BATCH:]

    def save(self, only: set[str] | None = None, wait: bool = True) -> bool:
        """Writes every table changed since the last save (`only`: those of them in it), and the
        statistics of the rounds and matches that ended meanwhile, in one transaction; then the
        statistics thread writes those, and what that decided is shown. Without `wait`, writes
        nothing while another writer of the file (the statistics thread) is in a transaction, and
        says so (False)."""
        said = self._write(only, wait)
        if said is None:
            return False
        self._show(said)
        return True

    def saved_now(self) -> list[Notice]:
        """A save before a read of the statistics (`/uno stats`, `/uno top`): what it decided goes
        with the command's answer."""
        return self._write(None, True) or []

    def _write(self, only: set[str] | None, wait: bool) -> list[Notice] | None:
        """The save of `save`; what it decided, or None when the file was taken (without `wait`)."""
        store = self.core.store
        if store is not None and not store.lock.acquire(blocking=wait):
            return None
        try:
            stats, uuids, matches = self.tally.take()
            number = self.core.save(stats, uuids, written_upto=self.stats.applied_upto, only=only, matches=matches)
            return self.tally.hand_over(number, stats, uuids, matches)
        finally:
            if store is not None:
                store.lock.release()

    def save_flushed(self) -> None:
        """Writes the tables the last `flush` redrew (what players just did is kept at once, or in
        the next round of the loop if the statistics thread is writing to the file; the tables the
        clocks changed wait for the next `maybe_save`, so an answer does not write every table of
        the server)."""
        if not self.save(only=self.flushed, wait=False):
            self.owed |= self.flushed

    def close(self) -> None:
        """Stopping: one last try to write the statistics, then the journal forgets what was written."""
        self.save()
        self.stats.close()
        self.save()
