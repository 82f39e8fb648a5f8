"""Many tables on one server: player input in, display ops out.

`Tables.handle(event, now)` takes one plugin event (a `/uno` command, a right-click on a card, an
inventory click, a join or quit); `Tables.tick(now)` runs the clocks (lobby countdown, bots,
turn timer, catch window, rejoin window, next round); `Tables.flush()` redraws what changed,
saves changed tables to SQLite and returns the op batch for the plugin. No rule is decided here:
actions go to the rules, refusals come back with a code and are shown to the player.
"""

from __future__ import annotations

import base64
import json
import logging
import math
import os
import zlib

from ..presentation import chat
from ..presentation.faces import edition_face_keys, face_pixels
from ..rules.editions import EDITIONS
from ..presentation.lang import normalise
from ..rules.actions import Action, parse_ref
from ..rules.cards import COLOUR_NAMES, DARK_COLOURS, LIGHT_COLOURS, parse_colour
from ..rules.errors import ConfigError, Refused
from ..rules.options import CHOICES, PRESETS, Options
from ..simulate import out_of_turn_possible
from . import commands, render
from .admin import WORDS as ADMIN_WORDS, Admin
from .sidebar import sidebar_op
from .config import EngineConfig
from .stats import COUNTERS, MIN_MATCHES_FOR_RATE, TOP_KINDS, rate
from .stats_service import StatsService, open_stats
from .store import TableStore
from .table import Seat, Table
from .text import say

MAX_BOT_STEPS_PER_TICK = 20
SAVE_INTERVAL = 0.5     # seconds between SQLite writes while tables change
SEED_ENV = "UNOCRAFT_TABLE_SEED"   # tests only: every new table gets this seed (see table_seed)
#: Every word Options.build reads as true or false; players are shown "true, false".
BOOL_WORDS = ("true", "false", "yes", "no", "on", "off", "1", "0")
#: One INFO line per table opened, dealt, finished or closed and per player seated or gone:
#: what an operator reads in the server log.
log = logging.getLogger("unocraft.tables")

# (sound key, pitch) of the `sound` op: your turn, a penalty or a refusal, an UNO call
SOUND_TURN = ("minecraft:block.note_block.pling", 1.2)
SOUND_PENALTY = ("minecraft:entity.villager.no", 1.0)
SOUND_UNO = ("minecraft:entity.experience_orb.pickup", 1.0)
# draws that are a penalty (the rules' `draw` reasons); a turn's draw or the start card is none
PENALTY_REASONS = frozenset({"uno_penalty", "false_catch", "mistake", "hand_slap", "silence", "challenge",
                             "draw_card", "slap"})


class Tables:
    def __init__(self, config: EngineConfig, store: TableStore | None = None, stats: StatsService | None = None):
        self.config = config
        self.store = store
        self.tables: dict[str, Table] = {}
        self.where: dict[str, str] = {}          # player -> table id (seated or watching)
        self.langs: dict[str, str] = {}
        self.online: set[str] = set()
        self.ops: list[dict] = []
        self.dirty: set[str] = set()             # tables to redraw
        self.unsaved: set[str] = set()           # tables to write to SQLite
        self.deleted: set[str] = set()
        self.saved_at = 0.0
        self.sent_slots: dict[str, dict[int, str]] = {}
        self.sent_completions: dict[str, str] = {}
        self.prompted: dict[str, tuple[str, int]] = {}
        self.titled: dict[str, tuple[str, float]] = {}
        self.sent_sidebars: dict[str, str] = {}   # player -> the sidebar last sent
        self.faces_sent: set[str] = set()
        # statistics: written and read on their own thread (stats_service.py); counters not yet handed over
        self.stats = stats if stats is not None else open_stats(config, store)
        self.stats_batches = 0                    # batch numbers without a table store (its journal numbers them)
        self.pending_stats: dict[str, dict[str, int]] = {}
        self.uuids: dict[str, str] = {}
        self.plugin: dict = {}                    # the plugin's hello (version, platform)
        self.admin = Admin(self)                  # console and uno.admin commands (admin.py)
        self.stats_names: list[str] = []          # completed after /uno stats, as last sent
        self.next_id = 1
        if store is not None:
            self.stats.replay(store.outbox())     # counters a stop or crash left unwritten
            for data in store.load_all():
                t = Table.from_dict(data)
                self.tables[t.id] = t
                self.next_id = max(self.next_id, int(t.id.lstrip("t") or 0) + 1)
                for s in t.humans():
                    self.where[s.name] = t.id
                    self.langs[s.name] = s.lang
                for n in t.spectators:
                    self.where[n] = t.id

    # ================================================================ connection
    def attach(self, hello: dict, now: float) -> None:
        """A (re)connected plugin: resend everything, mark who is here, give back items of
        players no table holds any more."""
        self.sent_slots.clear()
        self.sent_completions.clear()
        self.prompted.clear()
        self.titled.clear()
        self.sent_sidebars.clear()
        # faces the plugin still shows from an engine of this version: not rendered and sent again
        # (rendering every face costs seconds on a busy machine; a restarted game goes on sooner)
        self.faces_sent = set(hello.get("faces", []))
        self.online = set(hello.get("online", []))
        self.plugin = hello
        for name in sorted(self.online - set(self.where)):   # a sidebar left over from before: gone
            self.ops.append({"op": "sidebar_clear", "player": name})
        lang = self.config.language
        self.ops.append({"op": "strings", "strings": {
            "paused": {"text": say(lang, "engine.paused"), "colour": "yellow"},
            "resumed": {"text": say(lang, "engine.resumed"), "colour": "green"},
            "no_engine": {"text": say(lang, "engine.paused"), "colour": "red"}}})
        self.stats.ask(("names",), lambda store: store.names(), urgent=False)
        self._shared_completions()
        # the faces of the default edition (and of every table's) go out now, off the path of a click
        editions = {self.config.options_for().edition} | {t.options().edition for t in self.tables.values()}
        for edition in sorted(editions):
            for key in edition_face_keys(EDITIONS[edition]):
                self._face(key)
        for t in self.tables.values():
            for s in t.humans():
                if s.name in self.online:
                    s.away_since = None
                    self._tell(s.name, "table.resumed", "green")
                elif t.state == "playing" and s.away_since is None:
                    s.away_since = now
            self.dirty.add(t.id)
        seated = {s.name for t in self.tables.values() for s in t.humans() if s.away_since is None}
        for name in hello.get("vault", []):
            if name not in seated:
                self.ops.append({"op": "restore", "player": name})

    def _shared_completions(self) -> None:
        """The completion tree every player shares (a player's own, sent with the table, comes first)."""
        self.ops.append({"op": "complete", "tree": {
            "": list(commands.NAMES) + [w for w in ADMIN_WORDS if w not in commands.NAMES],
            "start": list(PRESETS), "rules": list(PRESETS) + self._option_words(),
            "rules *": self._option_words(), "colour": ["red", "yellow", "green", "blue"],
            "join": [], "spectate": [], "stats": list(self.stats_names), "top": list(TOP_KINDS),
            "engine": ["status", "restart"]}})
        self.admin.refresh_completions(force=True)

    def _option_words(self) -> list[str]:
        return [f"{k}=" for k in commands.option_names()]

    # ================================================================ events
    def handle(self, ev: dict, now: float) -> None:
        kind = ev.get("type")
        player = ev.get("player")
        if kind == "console":
            return self.admin.console([str(a) for a in ev.get("args", [])], now)
        if not player:
            return
        if ev.get("locale"):
            self.langs[player] = normalise(ev["locale"])
        if ev.get("uuid"):
            self.uuids[player] = str(ev["uuid"])
        if kind == "join":
            self.online.add(player)
            self._joined(player, now)
        elif kind == "quit":
            self.online.discard(player)
            self._quit(player, now)
        elif kind == "command":
            self.online.add(player)
            self._command(player, [str(a) for a in ev.get("args", [])], ev.get("pos"), now, bool(ev.get("admin")))
        elif kind == "use":
            self._use(player, ev.get("tag") or "", now)
        elif kind == "click":
            self._click(player, ev.get("tag") or "", now)
        elif kind == "chat":
            self._chat(player, now)

    def _chat(self, player: str, now: float) -> None:
        """Silent twos (RULES.md §10): a chat message while the table keeps silence is `talk`.
        Any other chat is none of the game's business."""
        t = self._seated_table(player)
        if t is None or t.state != "playing" or t.game is None or t.game.phase != "play":
            return
        if getattr(t.game, "silence", None) is None:
            return
        self._act(player, "talk", None, now)

    def lang(self, player: str) -> str:
        return self.langs.get(player, self.config.language)

    # ---------------------------------------------------------------- commands
    def _command(self, player: str, args: list[str], pos, now: float, admin: bool = False) -> None:
        args, token = chat.split_token(args)
        if not args:
            return self._help(player, admin)
        sub = args[0].lower()
        rest = args[1:]
        if sub == "help":
            return self._help(player, admin)
        if sub == "start":
            return self._start(player, rest, pos, now)
        if sub == "join":
            return self._join(player, rest, pos, now)
        if sub == "leave":
            return self._leave(player, now)
        if sub == "spectate":
            return self._spectate(player, rest, pos)
        if sub == "rules":
            return self._rules(player, rest, admin)
        if sub == "close":
            return self._close_command(player, rest, pos, admin)
        if sub in ADMIN_WORDS:
            return self.admin.command(player, args, now, admin)
        if sub == "stats":
            return self._stats_command(player, rest)
        if sub == "top":
            return self._top_command(player, rest)
        if sub in commands.ACTIONS:
            return self._action_command(player, commands.ALIASES.get(sub, sub), rest, token, now)
        self._error(player, "error.unknown_command", command=args[0])
        self._did_you_mean(player, commands.nearest(sub, commands.names(admin)))
        self._usage(player, admin=admin)

    def _help(self, player: str, admin: bool = False) -> None:
        """Every command the player may use (admin-only ones for admins), from `commands.COMMANDS`."""
        lang = self.lang(player)
        self._send(player, [{"text": say(lang, "help.header"), "colour": "gold", "bold": True}])
        for line, suggest in commands.help_lines(lang, admin):
            self._send(player, [{"text": line, "colour": "gray", "click": {"suggest": suggest}}])

    def _usage(self, player: str, command: str | None = None, admin: bool = False) -> None:
        """The usage of one command, or the list of every command the player may use."""
        lang = self.lang(player)
        text = commands.usage(lang, command) if command else commands.usage_all(lang, admin)
        self._send(player, [{"text": text, "colour": "yellow"}])

    def _did_you_mean(self, player: str, names: list[str]) -> None:
        if names:
            self._tell(player, "error.did_you_mean", "yellow", names=", ".join(names))

    def _rule_overrides(self, player: str, preset: str, assignments: list[str], base: dict,
                        command: str) -> dict | None:
        """`base` with the `option=value` words applied, checked against `preset`; None after
        telling the player what is wrong (with the nearest names) and how `command` goes."""
        if preset not in PRESETS:
            self._error(player, "error.unknown_preset", preset=preset, presets=", ".join(PRESETS))
            self._did_you_mean(player, commands.preset_suggestions(preset))
            return self._usage(player, command)
        overrides = dict(base)
        for word in assignments:
            name, eq, value = word.partition("=")
            name, value = name.strip(), value.strip()
            if not eq:
                self._error(player, "error.not_an_assignment", word=word)
                self._did_you_mean(player, commands.option_suggestions(name))
                return self._usage(player, command)
            if name not in Options.__dataclass_fields__:
                self._error(player, "error.unknown_option", option=name)
                self._did_you_mean(player, commands.option_suggestions(name))
                return self._usage(player, command)
            shown, accepted = self._option_values(name)
            if accepted and value.lower() not in accepted:
                self._error(player, "error.bad_value", option=name, value=value, values=", ".join(shown))
                self._did_you_mean(player, [f"{name}={v}" for v in commands.nearest(value.lower(), shown)])
                return self._usage(player, command)
            overrides[name] = value
        try:
            Options.build(preset, **overrides)
        except ConfigError as e:        # a whole number out of range, options that contradict
            self._error(player, "error.bad_argument", detail=str(e))
            return self._usage(player, command)
        return overrides

    @staticmethod
    def _option_values(name: str) -> tuple[list[str], tuple[str, ...]]:
        """The values of an option to show a player, and every word it accepts (none for a whole
        number, which Options.build checks)."""
        if name in CHOICES:
            return list(CHOICES[name]), CHOICES[name]
        if isinstance(getattr(Options(), name), bool):
            return ["true", "false"], BOOL_WORDS
        return [], ()

    def _start(self, player: str, rest: list[str], pos, now: float) -> None:
        t = self._table_of(player)
        if t is not None and t.seat(player) is not None:
            if t.state == "lobby" and t.owner == player:
                t.countdown_at = min(t.countdown_at, now)   # the owner starts now
                return
            return self._error(player, "error.already_seated", table=t.id)
        if t is not None:   # a spectator sits down
            self._unwatch(player)
        preset = self.config.preset
        overrides = dict(self.config.options)
        if rest:
            preset, assignments = (rest[0], rest[1:]) if "=" not in rest[0] else (preset, rest)
            checked = self._rule_overrides(player, preset, assignments, overrides, "start")
            if checked is None:
                return None
            overrides = checked
        near = self._open_table_near(pos) if not rest else None
        if near is not None:
            return self._sit(near, player, now)
        table = Table(id=f"t{self.next_id}", owner=player, pos=tuple(pos or (0, 0, 0)), preset=preset,
                      overrides={k: v for k, v in overrides.items()},
                      countdown_at=now + self.config.timers.lobby,
                      seed=table_seed(player, now, self.next_id))
        self.next_id += 1
        self.tables[table.id] = table
        log.info("table %s opened by %s (%s %s)", table.id, player, preset, _fmt(table.options().changed()))
        self._broadcast_near(table, "table.opened", player=player, table=table.id)
        self._sit(table, player, now, announce=False)
        self._countdown_message(table, now)

    def _countdown_message(self, t: Table, now: float) -> None:
        secs = max(0, math.ceil(t.countdown_at - now))
        for name, lang, _ in t.members():
            self._send(name, [{"text": say(lang, "start.countdown", count=secs), "colour": "yellow"}])

    def _open_table_near(self, pos) -> Table | None:
        best, best_d = None, None
        for t in self.tables.values():
            if t.state != "lobby" or len(t.seats) >= self.config.seats:
                continue
            d = 0.0 if pos is None else math.dist(pos, t.pos)
            if d <= self.config.join_radius and (best_d is None or d < best_d):
                best, best_d = t, d
        return best

    def _sit(self, t: Table, player: str, now: float, announce: bool = True) -> None:
        t.seats.append(Seat(player, lang=self.lang(player)))
        self.where[player] = t.id
        log.info("%s sat down at table %s (%d seated)", player, t.id, len(t.seats))
        if announce:
            for name, lang, _ in t.members():
                self._send(name, [{"text": say(lang, "start.joined", player=player), "colour": "green"}])
        self.dirty.add(t.id)

    def _join(self, player: str, rest: list[str], pos, now: float) -> None:
        t = self._table_of(player)
        if t is not None and t.seat(player) is not None:
            return self._error(player, "error.already_seated", table=t.id)
        if rest:
            target = self._named_table(player, rest[0], "join")
            if target is None:
                return None
        else:
            target = self._open_table_near(pos) or next(
                (x for x in self.tables.values() if x.state == "lobby" and len(x.seats) < self.config.seats), None)
            if target is None:
                return self._error(player, "error.no_table")
        if target.state != "lobby":
            return self._error(player, "error.game_running", table=target.id)
        if len(target.seats) >= self.config.seats:
            return self._error(player, "error.table_full", table=target.id)
        if t is not None:
            self._unwatch(player)
        self._sit(target, player, now)

    def _leave(self, player: str, now: float) -> None:
        t = self._table_of(player)
        if t is None:
            return self._error(player, "error.not_at_table")
        if player in t.spectators:
            self._unwatch(player)
            return self._tell(player, "table.you_left", "green")
        seat = t.seat(player)
        if t.state == "lobby":
            t.seats.remove(seat)
            self._hand_over(t, player)
            log.info("%s left table %s", player, t.id)
        else:
            seat.bot = self.config.stand_in    # the game goes on; a bot holds the cards
            seat.away_since = None
            log.info("%s left table %s; a bot plays the seat", player, t.id)
        del self.where[player]
        self._give_back(player)
        self._tell(player, "table.you_left", "green")
        for name, lang, _ in t.members():
            self._send(name, [{"text": say(lang, "start.left", player=player), "colour": "gray"}])
        if not t.humans() and t.state == "lobby" or not any(s.human for s in t.seats) and not t.spectators:
            self._close(t)
        else:
            self.dirty.add(t.id)

    @staticmethod
    def _hand_over(t: Table, leaving: str) -> None:
        """The owner left the lobby: the next human seated owns the table (its rules, its start)."""
        if t.owner == leaving and t.humans():
            t.owner = t.humans()[0].name

    def _spectate(self, player: str, rest: list[str], pos) -> None:
        t = self._table_of(player)
        if t is not None:
            return self._error(player, "error.already_seated", table=t.id)
        if rest:
            target = self._named_table(player, rest[0], "spectate")
            if target is None:
                return None
        else:
            cands = list(self.tables.values())
            if pos is not None:
                cands.sort(key=lambda x: math.dist(pos, x.pos))
            target = cands[0] if cands else None
            if target is None:
                return self._error(player, "error.no_table")
        target.spectators[player] = self.lang(player)
        self.where[player] = target.id
        self._tell(player, "table.spectating", "green", table=target.id)
        self.dirty.add(target.id)

    def _unwatch(self, player: str) -> None:
        t = self._table_of(player)
        if t is not None and player in t.spectators:
            del t.spectators[player]
            del self.where[player]
            self.sent_completions.pop(player, None)
            self._clear_sidebar(player)

    def _named_table(self, player: str, name: str, command: str) -> Table | None:
        """The table `name`, or None after telling `player` there is none and how `command` goes."""
        t = self.tables.get(name)
        if t is None:
            self._error(player, "error.no_such_table", table=name)
            self._usage(player, command)
        return t

    def _close_command(self, player: str, rest: list[str], pos, admin: bool) -> None:
        """`/uno close [table]` (uno.admin): ends a table; everyone at it gets their items back."""
        if not admin:
            return self._error(player, "error.no_permission")
        if rest:
            t = self._named_table(player, rest[0], "close")
            if t is None:
                return None
        else:
            t = self._table_of(player) or min(self.tables.values(), default=None,
                                              key=lambda x: math.dist(pos, x.pos) if pos is not None else 0)
            if t is None:
                return self._error(player, "error.no_table")
        for name, lang, _ in t.members():
            self._send(name, [{"text": say(lang, "table.closed", table=t.id), "colour": "gray"}])
        if player not in [m[0] for m in t.members()]:
            self._tell(player, "table.closed", "gray", table=t.id)
        self._close(t)

    def _rules(self, player: str, rest: list[str], admin: bool = False) -> None:
        t = self._table_of(player)
        lang = self.lang(player)
        if not rest:
            if t is None:      # not at a table: what a new table would play
                opts = self.config.options_for()
                return self._send(player, [{"text": say(lang, "table.rules_default", preset=self.config.preset,
                                                        options=_fmt(opts.changed())), "colour": "aqua"}])
            return self._send(player, [{"text": say(lang, "table.rules", table=t.id, preset=t.preset,
                                                    options=_fmt(t.options().changed())), "colour": "aqua"}])
        current = t.preset if t is not None else self.config.preset
        preset, assignments = (rest[0], rest[1:]) if "=" not in rest[0] else (current, rest)
        base = dict(t.overrides) if t is not None and preset == t.preset else {}
        overrides = self._rule_overrides(player, preset, assignments, base, "rules")
        if overrides is None:
            return None
        if t is None or t.seat(player) is None and not admin:
            return self._error(player, "error.not_at_table")
        if t.owner != player and not admin:      # uno.admin may change any table's rules
            return self._error(player, "error.not_owner", player=t.owner)
        if t.state != "lobby":
            return self._error(player, "error.rules_locked")
        t.preset, t.overrides = preset, overrides
        for name, lang2, _ in t.members():
            self._send(name, [{"text": say(lang2, "table.rules", table=t.id, preset=preset,
                                           options=_fmt(t.options().changed())), "colour": "aqua"}])
        self.dirty.add(t.id)

    # ---------------------------------------------------------------- playing
    def _seated_table(self, player: str) -> Table | None:
        t = self._table_of(player)
        return t if t is not None and t.seat(player) is not None else None

    def _action_command(self, player: str, name: str, rest: list[str], token: str | None, now: float) -> None:
        """A typed game action (`/uno play R7`, `/uno colour blue`): a card code or colour the
        game does not know gets its own answer, with the nearest codes of the player's hand."""
        verb = commands.VERB_OF.get(name, name)
        text = " ".join([verb] + rest)
        t = self._seated_table(player)
        try:
            action = Action.parse(player, text)
        except ConfigError as e:
            if not self._bad_word(player, t, verb, rest):
                self._error(player, "error.bad_argument", detail=str(e))
            return self._usage(player, name)
        if t is not None and action.colour is not None and action.colour not in self._colours(t):
            self._not_a_colour(player, t, COLOUR_NAMES[action.colour])
            return self._usage(player, name)
        self._act(player, text, token, now, action)

    def _bad_word(self, player: str, t: Table | None, verb: str, rest: list[str]) -> bool:
        """Tells the player which word of an action is neither a card code nor a colour (True),
        or False when the fault is elsewhere (a missing argument)."""
        words = rest[1:] if verb in ("catch", "swap") else rest
        for word in words:
            if word.lower() == "on" or word.isdigit() or _parses(parse_colour, word) \
                    or verb != "colour" and _parses(parse_ref, word):
                continue
            if verb == "colour" or word.isalpha() and len(word) > 2:    # meant as a colour
                self._not_a_colour(player, t, word)
            else:
                self._error(player, "error.unknown_card", card=word)
                self._did_you_mean(player, self._nearest_cards(t, player, word))
            return True
        return False

    def _colours(self, t: Table) -> tuple[str, ...]:
        """The colours a player of `t` may name now: the side in play; before the deal, every
        colour of the table's edition."""
        if t.game is not None:
            side = t.game.side_colours
            return tuple(side() if callable(side) else side)
        return LIGHT_COLOURS + DARK_COLOURS if t.options().edition == "flip" else LIGHT_COLOURS

    def _not_a_colour(self, player: str, t: Table | None, word: str) -> None:
        colours = self._colours(t) if t is not None else LIGHT_COLOURS
        self._error(player, "error.not_a_colour", word=word,
                    colours=", ".join(COLOUR_NAMES[c] for c in colours))

    def _nearest_cards(self, t: Table | None, player: str, word: str) -> list[str]:
        """The codes in the player's hand closest to a mistyped one (`R77` -> `R7`)."""
        if t is None or t.game is None:
            return []
        view = t.view(player)
        side = view.get("side", "light")
        codes = {str(render.face_of(code, side)[0]) for code in view.get("hand") or []}
        return commands.nearest(word.upper(), sorted(codes))

    def _act(self, player: str, text: str, token: str | None, now: float, action: Action | None = None) -> None:
        if action is None:
            action = Action.parse(player, text)
        t = self._seated_table(player)
        if t is None:
            return self._error(player, "error.not_at_table")
        if t.state != "playing" or t.game is None:
            return self._error(player, "start.waiting", count=len(t.seats), min=2)
        if token is not None and token != str(t.token):
            return self._error(player, "error.stale_click")
        if t.game.phase != "play":
            return self._refused(player, "round_over" if t.game.phase == "round_over" else "game_over")
        try:
            events = t.apply(action, now)
        except Refused as r:
            if r.code == "wild_needs_colour":
                legal = t.legal(player)
                code = text.split()[1] if len(text.split()) > 1 else ""
                self._send(player, render.wild_colour_line(code, self.lang(player), t.token, legal,
                                                           t.view(player).get("side", "light")))
            else:
                self._refused(player, r.code, t.game.opts.edition)
                if r.code == "not_in_hand" and action.cards:
                    self._did_you_mean(player, self._nearest_cards(t, player, render.hand_code(action.cards[0], "light")))
            if r.events:
                self._tell_events(t, r.events)
                t.token += 1
                t.changed_at = now
                self.dirty.add(t.id)
            return
        self._tell_events(t, events)
        self.dirty.add(t.id)

    def _refused(self, player: str, code: str, edition: str | None = None) -> None:
        lang = self.lang(player)
        key = {"not_your_turn": "error.not_your_turn", "illegal_card": "error.cannot_play"}.get(code)
        if edition == "dos" and code == "illegal_card":     # DOS matches centre cards: say so
            text = say(lang, "error.refused", reason=say(lang, "dos.no_match"))
        else:
            text = say(lang, key) if key else say(lang, "error.refused", reason=say(lang, f"refusal.{code}"))
        self._send(player, [{"text": text, "colour": "red"}])
        self._sound(player, SOUND_PENALTY)

    def _use(self, player: str, tag: str, now: float) -> None:
        t = self._seated_table(player)
        if t is None or t.game is None:
            return self._error(player, "error.not_at_table")
        if tag == render.TAG_PAGE:
            t.pages[player] = t.pages.get(player, 0) + 1
            self.dirty.add(t.id)
            return
        if tag == render.TAG_TOP:
            return self._send(player, render.status_line(t.view(player), self.lang(player)))
        if not tag.startswith(render.TAG_CARD):
            return
        code = tag[len(render.TAG_CARD):]
        view = t.view(player)
        if code not in (view.get("hand") or []):
            return self._error(player, "error.wrong_card_item")
        side = view.get("side", "light")
        face = render.face_of(code, side)[0]
        legal = t.legal(player)
        if face.is_wild and any(a.colour for a in legal if a.verb in ("play", "jump") and a.cards
                                and render.playable_codes([a], side) == {code}):
            return self._send(player, render.wild_colour_line(code, self.lang(player), t.token, legal, side))
        self._act(player, f"play {code}", None, now)

    def _click(self, player: str, tag: str, now: float) -> None:
        """A click on a card in the inventory calls UNO (the mod flow of RULES.md §13)."""
        t = self._seated_table(player)
        if t is None or t.game is None or not tag.startswith(render.TAG_CARD):
            return
        self._act(player, "uno", None, now)

    # ---------------------------------------------------------------- join / quit
    def _joined(self, player: str, now: float) -> None:
        self.sent_slots.pop(player, None)
        self.sent_sidebars.pop(player, None)
        self.sent_completions.pop(player, None)
        self.prompted.pop(player, None)
        t = self._table_of(player)
        if t is None:
            return
        seat = t.seat(player)
        if seat is not None and seat.away_since is not None:
            seat.away_since = None
            log.info("%s is back at table %s", player, t.id)
            for name, lang, _ in t.members():
                if name != player:
                    self._send(name, [{"text": say(lang, "table.back", player=player), "colour": "green"}])
            self._tell(player, "table.resumed", "green")
        self.dirty.add(t.id)

    def _quit(self, player: str, now: float) -> None:
        self.sent_slots.pop(player, None)
        self.sent_sidebars.pop(player, None)     # the plugin takes it down itself on a quit
        self.sent_completions.pop(player, None)
        t = self._table_of(player)
        if t is None:
            return
        if player in t.spectators:
            return self._unwatch(player)
        seat = t.seat(player)
        if t.state == "lobby":
            t.seats.remove(seat)
            del self.where[player]
            self._hand_over(t, player)
            log.info("%s left the server and table %s", player, t.id)
            if not t.humans():
                self._close(t)
            return
        seat.away_since = now
        log.info("%s left the server; their seat at table %s waits %.0f s for them", player, t.id,
                 self.config.timers.rejoin)
        for name, lang, _ in t.members():
            self._send(name, [{"text": say(lang, "table.away", player=player), "colour": "gray"}])
        self.dirty.add(t.id)

    # ================================================================ clocks
    def tick(self, now: float) -> None:
        self._stats_answers()
        for t in list(self.tables.values()):
            if t.state == "lobby":
                if now >= t.countdown_at and t.humans():
                    self._deal(t, now)
                continue
            if t.state != "playing" or t.game is None:
                continue
            for s in t.humans():
                if s.away_since is not None and now - s.away_since >= self.config.timers.rejoin:
                    s.bot = self.config.stand_in      # gone for good: a bot plays the rest
                    s.away_since = None
                    log.info("%s did not come back to table %s; a bot plays the seat", s.name, t.id)
                    self.where.pop(s.name, None)
                    self.sent_sidebars.pop(s.name, None)
                    self.dirty.add(t.id)
            phase = t.game.phase
            if phase == "play":
                for _ in range(MAX_BOT_STEPS_PER_TICK):
                    if not self._drive(t, now):
                        break
            elif phase == "round_over" and not self.config.single_round:
                if t.next_round_at is None:
                    t.next_round_at = now + self.config.timers.next_round
                    for name, lang, _ in t.members():
                        self._send(name, [{"text": say(lang, "round.next", count=round(self.config.timers.next_round)),
                                           "colour": "gray"}])
                elif now >= t.next_round_at:
                    t.next_round_at = None
                    t.game.start_next_round()
                    log.info("table %s dealt round %d", t.id, t.game.round_no)
                    t.token += 1
                    t.changed_at = now
                    t._turn_changed(now)
                    self.dirty.add(t.id)
            else:
                self._close(t)
            if not any(s.human for s in t.seats) and not t.spectators and t.id in self.tables:
                self._close(t)

    def _drive(self, t: Table, now: float) -> bool:
        """One bot step if one is due: reactions out of turn after the catch window, then the
        actor's move when the actor is a bot, away, or out of time. True when something moved."""
        timers = self.config.timers
        g = t.game
        if g.phase != "play" or now < t.changed_at + timers.bot_think:
            return False
        actor = t.actor_name()
        if out_of_turn_possible(g) and now >= t.changed_at + timers.catch_window:
            for seat in t.seats:
                if seat.name == actor or not seat.bot:
                    continue
                legal = g.legal_actions(seat.name)
                if not legal:
                    continue
                choice = t.bot_for(seat, seat.bot or self.config.stand_in).react(t.view(seat.name), legal)
                if choice is not None:
                    return self._bot_plays(t, choice, now)
        seat = t.seat(actor)
        if seat is None:
            return False
        if seat.bot:
            legal = g.legal_actions(actor)
            if not legal:
                return False
            return self._bot_plays(t, t.bot_for(seat, seat.bot).act(t.view(actor), legal), now)
        # a human, here or disconnected (who may come back): the turn timer
        if now >= t.turn_started + timers.turn:
            legal = g.legal_actions(actor)
            for name, lang, _ in t.members():
                self._send(name, [{"text": say(lang, "turn.timeout", player=actor), "colour": "gray"}])
            return self._bot_plays(t, t.bot_for(seat, self.config.stand_in).act(t.view(actor), legal), now)
        if not t.warned and seat.away_since is None and now >= t.turn_started + timers.turn - timers.turn_warning:
            t.warned = True
            self._send(actor, [{"text": say(self.lang(actor), "turn.warning", count=round(timers.turn_warning)),
                                "colour": "yellow"}])
        return False

    def _bot_plays(self, t: Table, action: Action, now: float) -> bool:
        try:
            events = t.apply(action, now)
        except Refused:
            return False
        self._tell_events(t, events)
        self.dirty.add(t.id)
        return True

    def next_wakeup(self, now: float) -> float:
        """Seconds until a clock may need the engine (the long-poll waits at most this long):
        a lobby countdown, a bot's move, bots' out-of-turn reactions after the catch window, a
        turn-timer warning or timeout, a rejoin deadline, the next round."""
        timers = self.config.timers
        due: list[float] = [now + 1.0]
        if self.stats.asking():
            due.append(now + 0.001)          # an answer of the statistics thread is on its way
        for t in self.tables.values():
            if t.state == "lobby":
                due.append(t.countdown_at)
                continue
            if t.game is None:
                continue
            for s in t.humans():
                if s.away_since is not None:
                    due.append(s.away_since + timers.rejoin)
            if t.game.phase != "play":
                if t.next_round_at is not None:
                    due.append(t.next_round_at)
                else:
                    due.append(now)          # round over: the tick sets the next round or closes
                continue
            seat = t.seat(t.actor_name())
            if seat is not None and seat.bot:
                due.append(t.changed_at + timers.bot_think)
            elif seat is not None:
                due.append(t.turn_started + timers.turn)
                if not t.warned and seat.away_since is None:
                    due.append(t.turn_started + timers.turn - timers.turn_warning)
            if any(s.bot for s in t.seats) and out_of_turn_possible(t.game) \
                    and now < t.changed_at + timers.catch_window + timers.bot_think:
                due.append(max(t.changed_at + timers.catch_window, t.changed_at + timers.bot_think))
        return max(0.0, min(due) - now)

    # ================================================================ deal and end
    def _deal(self, t: Table, now: float) -> None:
        added = t.fill_with_bots(self.config.bots_fill_to, self.config.bot_kind)
        if len(t.seats) < 2:
            t.countdown_at = now + self.config.timers.lobby
            for name, lang, _ in t.members():
                self._send(name, [{"text": say(lang, "start.waiting", count=len(t.seats), min=2), "colour": "yellow"}])
            return
        for name, lang, _ in t.members():
            for b in added:
                self._send(name, [{"text": say(lang, "bot.joined", player=b), "colour": "gray"}])
        t.deal(now)
        edition = t.game.opts.edition
        log.info("table %s dealt: %s, %s", t.id, t.preset,
                 ", ".join(s.name + (" (bot)" if s.bot else "") for s in t.seats))
        for name, lang, _ in t.members():
            self._send(name, [{"text": say(lang, "start.started", edition=say(lang, f"edition.{edition}")),
                               "colour": "green", "bold": True}])
        self.dirty.add(t.id)

    def _close(self, t: Table) -> None:
        if t.game is not None and t.game.phase in ("round_over", "match_over"):
            for name, lang, _ in t.members():
                self._send(name, [{"text": say(lang, "table.closed", table=t.id), "colour": "gray"}])
        for s in t.humans():
            if self.where.get(s.name) == t.id:
                del self.where[s.name]
            self._give_back(s.name)
        for n in list(t.spectators):
            self.where.pop(n, None)
            self.sent_completions.pop(n, None)
            self._clear_sidebar(n)
        if self.tables.pop(t.id, None) is not None:
            log.info("table %s closed", t.id)
        self.dirty.discard(t.id)
        self.deleted.add(t.id)

    def _give_back(self, player: str) -> None:
        self.ops.append({"op": "restore", "player": player})
        self._clear_sidebar(player)
        self.sent_slots.pop(player, None)
        self.sent_completions.pop(player, None)
        self.prompted.pop(player, None)

    # ================================================================ output
    def _table_of(self, player: str) -> Table | None:
        tid = self.where.get(player)
        return self.tables.get(tid) if tid else None

    def _send(self, player: str, line) -> None:
        if player in self.online:
            self.ops.append({"op": "msg", "player": player, "c": line})

    def _tell(self, to: str, key: str, colour: str = "white", **args) -> None:
        self._send(to, [{"text": say(self.lang(to), key, **args), "colour": colour}])

    def _error(self, to: str, key: str, **args) -> None:
        self._tell(to, key, "red", **args)

    def _broadcast_near(self, t: Table, key: str, **args) -> None:
        for name in sorted(self.online):
            self._tell(name, key, "aqua", **args)

    def _tell_events(self, t: Table, events) -> None:
        for ev in events:
            for name, lang, seated in t.members():
                line = render.event_line(ev, name if seated else None, lang)
                if line:
                    self._send(name, line)
        self._event_sounds(t, events)
        self._record(t, events)

    # ================================================================ sounds
    def _sound(self, player: str, sound: tuple[str, float]) -> None:
        """A short sound for one player (`sounds.enabled` turns them all off)."""
        if self.config.sounds and player in self.online:
            key, pitch = sound
            self.ops.append({"op": "sound", "player": player, "sound": key,
                             "volume": float(self.config.sound_volume), "pitch": pitch})

    def _event_sounds(self, t: Table, events) -> None:
        """An UNO call: everyone at the table hears it; a penalty draw (caught, a draw card, a
        mistake, ...): the player who draws. At most one of each per player and batch."""
        members = {name for name, _, _ in t.members()}
        heard: set[tuple[str, str]] = set()
        for ev in events:
            if ev.type in ("uno", "dos"):
                targets, sound = sorted(members), SOUND_UNO
            elif ev.type == "draw" and ev.data.get("reason") in PENALTY_REASONS and ev.data.get("count"):
                targets, sound = [ev.data.get("player")], SOUND_PENALTY
            else:
                continue
            for name in targets:
                if name in members and (name, sound[0]) not in heard:
                    heard.add((name, sound[0]))
                    self._sound(name, sound)

    # ================================================================ statistics
    def _record(self, t: Table, events) -> None:
        """Counts what the players did this round (in the table, saved with it) and, at the end of
        a round and of a match, hands the human players' counters to the statistics. Bots are not
        recorded. A table with `game.single_round` plays one-round matches."""
        if t.game is None:
            return
        match_over = any(ev.type == "match_over" for ev in events)
        for ev in events:
            d = ev.data
            if ev.type == "play":
                t.count(d["player"], "cards_played")
            elif ev.type == "match":           # DOS: one or two cards on a centre card
                t.count(d["player"], "cards_played", len(d.get("cards") or ()))
            elif ev.type == "add":             # DOS: a card added to the centre row
                t.count(d["player"], "cards_played")
            elif ev.type in ("uno", "dos"):
                t.count(d["player"], "uno_calls")
            elif ev.type == "caught":
                t.count(d["target"], "caught")
            elif ev.type == "round_over":
                log.info("table %s finished round %d: %s won, %s", t.id, t.game.round_no, d.get("winner"),
                         ", ".join(f"{n} {v}" for n, v in (d.get("scores") or {}).items()))
                # points won; the points of a scoring where they count against you are not that
                points = (d.get("points") or {}) if t.game.opts.scoring in ("standard", "lazy") else {}
                for seat in t.humans():
                    mine = t.tally.get(seat.name, {})
                    self._add_stats(seat.name, rounds_played=1, rounds_won=int(d.get("winner") == seat.name),
                                    points=int(points.get(seat.name, 0)), **mine)
                    if self.config.single_round and not match_over:
                        self._add_stats(seat.name, matches_played=1, matches_won=int(d.get("winner") == seat.name))
                t.tally.clear()
            elif ev.type == "match_over":
                log.info("table %s finished the match: %s won", t.id, ", ".join(d.get("winners") or ()))
                winners = set(d.get("winners") or ())
                for seat in t.humans():
                    self._add_stats(seat.name, matches_played=1, matches_won=int(seat.name in winners))

    def _add_stats(self, player: str, **counters: int) -> None:
        mine = self.pending_stats.setdefault(player, {})
        for counter, amount in counters.items():
            if counter in COUNTERS and amount:
                mine[counter] = mine.get(counter, 0) + amount

    def _stats_command(self, player: str, rest: list[str]) -> None:
        """`/uno stats [player]`: one player's statistics, your own by default."""
        if len(rest) > 1:
            return self._usage(player, "stats")
        self.save()                       # what just ended counts too: written before the read
        who = rest[0] if rest else player
        self.stats.ask(("stats", player, who, bool(rest)), lambda store: store.get(who))

    def _stats_answers(self) -> None:
        """Answers of the statistics thread: `/uno stats`, `/uno top`, the names to complete."""
        for tag, result, error in self.stats.answers():
            if tag[0] == "names":
                if error is None:      # names this engine added since the question come first
                    self.stats_names = [n for n in self.stats_names if n not in result] + result
                    self._shared_completions()
            elif error is not None:
                self._tell(tag[1], "stats.unavailable", "red")
            elif tag[0] == "stats":
                self._show_stats(*tag[1:], result)
            elif tag[0] == "top":
                self._show_top(*tag[1:], result)

    def _show_stats(self, player: str, who: str, named: bool, row: dict | None) -> None:
        lang = self.lang(player)
        if row is None:
            if named and who.lower() != player.lower():
                return self._error(player, "stats.none", player=who)
            return self._tell(player, "stats.none_self", "yellow")
        played = row["matches_played"]
        percent = round(100 * rate(row))
        lines = [(say(lang, "stats.header", player=row["name"]), "gold"),
                 (say(lang, "stats.matches", count=played, won=row["matches_won"], rate=percent), "aqua"),
                 (say(lang, "stats.rounds", count=row["rounds_played"], won=row["rounds_won"]), "aqua"),
                 (say(lang, "stats.points", count=row["points"]), "aqua"),
                 (say(lang, "stats.cards", count=row["cards_played"]), "gray"),
                 (say(lang, "stats.uno_calls", count=row["uno_calls"]), "gray"),
                 (say(lang, "stats.caught", count=row["caught"]), "gray")]
        for i, (text, colour) in enumerate(lines):
            part = {"text": text, "colour": colour}
            if i == 0:
                part["bold"] = True
            self._send(player, [part])

    def _top_command(self, player: str, rest: list[str]) -> None:
        """`/uno top [wins|points|rate]`: the best ten (rate: among players with enough matches)."""
        kind = rest[0].lower() if rest else "wins"
        if kind not in TOP_KINDS or len(rest) > 1:
            self._error(player, "top.unknown", what=" ".join(rest))
            return self._usage(player, "top")
        self.save()
        self.stats.ask(("top", player, kind), lambda store: store.top(kind, min_matches=MIN_MATCHES_FOR_RATE))

    def _show_top(self, player: str, kind: str, rows: list[dict]) -> None:
        lang = self.lang(player)
        self._send(player, [{"text": say(lang, f"top.{kind}", count=MIN_MATCHES_FOR_RATE), "colour": "gold", "bold": True}])
        if not rows:
            key = "top.empty_rate" if kind == "rate" else "top.empty"
            return self._tell(player, key, "gray", count=MIN_MATCHES_FOR_RATE)
        for rank, row in enumerate(rows, 1):
            if kind == "wins":
                text = say(lang, "top.line_wins", rank=rank, player=row["name"], count=row["matches_won"])
            elif kind == "points":
                text = say(lang, "top.line_points", rank=rank, player=row["name"], count=row["points"])
            else:
                text = say(lang, "top.line_rate", rank=rank, player=row["name"], rate=round(100 * rate(row)),
                           won=row["matches_won"], count=row["matches_played"])
            self._send(player, [{"text": text, "colour": "green" if row["name"].lower() == player.lower() else "white"}])

    def flush(self, now: float | None = None, save: bool = True) -> list[dict]:
        """Redraws changed tables, saves them, and hands over the op batch. With `now`, saving is
        batched to at most one write per `SAVE_INTERVAL` (a crash loses at most that much play);
        without, every change is written at once."""
        for tid in sorted(self.dirty):
            t = self.tables.get(tid)
            if t is not None:
                self._redraw(t)
        self.unsaved |= self.dirty
        self.dirty.clear()
        self.admin.refresh_completions()
        if save:
            self.maybe_save(now)
        ops, self.ops = self.ops, []
        return ops

    def maybe_save(self, now: float | None = None) -> None:
        """Saves now (`now` None) or when `SAVE_INTERVAL` has passed since the last save."""
        if now is None or now >= self.saved_at + SAVE_INTERVAL:
            self.save()
            if now is not None:
                self.saved_at = now

    def save(self) -> None:
        """Writes every table changed since the last save (and forgets deleted ones), and the
        statistics of the rounds and matches that ended meanwhile, in one transaction."""
        stats, self.pending_stats = self.pending_stats, {}
        uuids = {n: self.uuids[n] for n in stats if n in self.uuids}
        number = None
        written = self.stats.applied_upto             # journal rows the statistics database holds
        if self.store is not None and (self.unsaved or self.deleted or stats or written > self.store.forgotten_upto):
            changes: dict[str, dict | None] = {tid: None for tid in self.deleted}
            for tid in self.unsaved:
                if tid in self.tables:
                    changes[tid] = self.tables[tid].to_dict()
            number = self.store.save(changes, stats, uuids, written_upto=written)
        elif stats:
            self.stats_batches += 1
            number = self.stats_batches
        if stats:
            self.stats.record(number, stats, uuids)   # written on the statistics thread
        self.unsaved.clear()
        self.deleted.clear()
        if stats and not set(stats) <= set(self.stats_names):
            new = [n for n in stats if n not in self.stats_names]
            self.stats_names = (new + self.stats_names)[:200]     # new names to complete after /uno stats
            self._shared_completions()

    def close(self) -> None:
        """Stopping: one last try to write the statistics, then the journal forgets what was written."""
        self.save()
        self.stats.close()
        self.save()

    def _redraw(self, t: Table) -> None:
        if t.game is None or t.state != "playing":
            return
        actor = t.actor_name()
        for seat in t.humans():
            name = seat.name
            if seat.away_since is not None or name not in self.online:
                continue
            lang = self.lang(name)
            view = t.view(name)
            legal = t.legal(name)
            self._items(name, render.hand_slots(view, lang, t.pages.get(name, 0), legal))
            self.ops.append({"op": "actionbar", "player": name, "c": render.status_line(view, lang)})
            self._sidebar(t, name, view, lang)
            self._completions(t, name, view, legal)
            if self.prompted.get(name) != (t.id, t.token):
                self.prompted[name] = (t.id, t.token)
                if name == actor or any(a.verb in ("catch", "jump", "slap") for a in legal):
                    for line in render.turn_lines(view, lang, t.token, legal):
                        self._send(name, line)
            if name == actor and self.titled.get(name) != (t.id, t.turn_started):
                self.titled[name] = (t.id, t.turn_started)
                self.ops.append({"op": "title", "player": name, "title": {"text": say(lang, "turn.yours"), "colour": "gold"},
                                 "subtitle": render.status_line(view, lang)})
                self._sound(name, SOUND_TURN)
        for name, lang in t.spectators.items():
            if name in self.online:
                view = t.view(None)
                self.ops.append({"op": "actionbar", "player": name, "c": render.status_line(view, lang)})
                self._sidebar(t, name, view, lang)

    def _sidebar(self, t: Table, player: str, view: dict, lang: str) -> None:
        """The table at a glance at the side of the screen, sent when it changed."""
        op = sidebar_op(player, view, lang, t.preset, match=not self.config.single_round)
        key = json.dumps(op, sort_keys=True)
        if self.sent_sidebars.get(player) != key:
            self.sent_sidebars[player] = key
            self.ops.append(op)

    def _clear_sidebar(self, player: str) -> None:
        """Takes the sidebar down (the plugin gives back the player's own scoreboard)."""
        self.sent_sidebars.pop(player, None)
        if player in self.online:
            self.ops.append({"op": "sidebar_clear", "player": player})

    def _items(self, player: str, slots: dict[int, dict | None]) -> None:
        sent = self.sent_slots.setdefault(player, {})
        changed: dict[str, dict | None] = {}
        for slot, item in slots.items():
            key = repr(item) if item is not None else ""   # items are built in a fixed key order
            if slot in sent and sent[slot] == key:
                continue
            sent[slot] = key
            changed[str(slot)] = item
            if item is not None and "face" in item:
                self._face(item["face"])
        if changed:
            self.ops.append({"op": "items", "player": player, "slots": changed})

    def _face(self, key: str) -> None:
        """Sends a card face's map pixels once per plugin connection, before any item shows it."""
        if key not in self.faces_sent:
            self.faces_sent.add(key)
            self.ops.append({"op": "face", "key": key,
                             "pixels": base64.b64encode(face_pixels(key)).decode("ascii")})

    def _completions(self, t: Table, player: str, view: dict, legal: list[Action]) -> None:
        others = [s.name for s in t.seats if s.name != player]
        side = t.game.side_colours
        colours = [COLOUR_NAMES[c] for c in (side() if callable(side) else side)]
        tree = {"play": sorted(set(view.get("hand") or [])), "jump": sorted(set(view.get("hand") or [])),
                "catch": others, "swap": others, "give": sorted(set(view.get("hand") or [])),
                "play *": colours, "colour": colours,
                "join": sorted(self.tables), "spectate": sorted(self.tables)}
        key = json.dumps(tree, sort_keys=True)
        if self.sent_completions.get(player) != key:
            self.sent_completions[player] = key
            self.ops.append({"op": "complete", "player": player, "tree": tree})


def table_seed(player: str, now: float, number: int) -> int:
    """A new table's seed (its deck and dealer). For tests only, the environment variable
    UNOCRAFT_TABLE_SEED fixes it, so an end-to-end test knows the deal in advance."""
    fixed = os.environ.get(SEED_ENV)
    if fixed:
        return int(fixed)
    return zlib.crc32(f"{player}{now}{number}".encode())


def _parses(parse, word: str) -> bool:
    try:
        parse(word)
    except ConfigError:
        return False
    return True


def _fmt(changed: dict) -> str:
    return " ".join(f"{k}={v}" for k, v in changed.items()) or "(defaults)"

