"""What the players see, as display ops, and everything about what was sent to whom.

Views of the rules become ops here (items, action bar, title, sidebar, chat, completion trees,
card faces, sounds), and each kind of op is remembered per player as it was last sent, so a redraw
sends only what changed: `sent_slots` (inventory slots), `sent_sidebars`, `sent_completions`,
`prompted` (the turn lines of a turn token), `titled` (the title of a turn), `faces_sent` (map
pixels of a card face, once per plugin connection), `stats_names`, `shared_ids` and `console_ids`
(the shared and the console completion trees). A reconnected plugin (`attach`) or a player who joins, quits,
respawns or leaves a table resets what no longer holds. The ops wait in `ops` until the loop takes them.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any, Callable, cast

from ..presentation import chat
from ..presentation.faces import edition_face_keys, face_pixels
from ..presentation.lang import about
from ..rules.actions import Action
from ..rules.editions import EDITIONS
from ..rules.events import Event
from ..rules.views import View
from ..rules.vocab import REACTIONS
from ..transport.protocol import Item, Near, Op, Sidebar
from . import render
from .call import Completing
from .config import EngineConfig
from .notices import (Announce, ConsoleLines, DidYouMean, FirstGameHint, ForgetSidebar, GiveBack, Joined, Notice,
                      PlaceholdersTop, PlaceholderValues, PlaySound, Quit, Send, StakeMove, StatsNames, TableEvents,
                      TablesChanged, Tell, TellTable, Unwatched, Usage)
from .sidebar import sidebar_op
from .sounds import SOUND_TURN
from .table import Table
from .text import for_edition, say

CONSOLE = "#console"   # the plugin's name for the console in completion trees


@dataclass(frozen=True)
class Shown:
    """What the display reads of the tables' state, and nothing more: the lifecycle's collections
    (the same objects, which it changes and the display does not) and the few questions it asks of
    it. The façade makes it (manager.py); the display never holds the lifecycle."""
    tables: dict[str, Table]
    where: dict[str, str]                      # player -> table id
    online: set[str]
    settings: Callable[[], EngineConfig]       # the settings in use (`/uno reload` replaces them)
    lang: Callable[[str], str]
    seated_table: Callable[[str], Table | None]
    table_ids: Callable[[], list[str]]
    pot_words: Callable[[Table, str], str | None]   # what is in a table's pot, in a language (stakes.py)

    @property
    def config(self) -> EngineConfig:
        return self.settings()


@dataclass(frozen=True)
class Menus:
    """What the command list (commands.py) gives the display to show: a command's usage line and the
    completion trees (the façade hands it in, so the display imports no command)."""
    usage: Callable[[str, str], str]
    table_tree: Callable[[Completing], dict[str, Any]]
    shared_tree: Callable[[Completing], dict[str, Any]]
    console_tree: Callable[[list[str]], dict[str, Any]]


class Display:
    def __init__(self, state: Shown, menus: Menus, hint_due: Callable[[str, str], bool]):
        self.state = state
        self.menus = menus
        self.hint_due = hint_due                # whether a player is still to see a hint (hints.py: read only)
        self.hints_shown: list[tuple[str, str]] = []   # (player, hint) shown here, for the façade to record
        self.ops: list[Op] = []
        self.sent_slots: dict[str, dict[int, Item | None]] = {}
        self.sent_completions: dict[str, dict[str, Any]] = {}
        self.prompted: dict[str, tuple[str, int]] = {}
        self.titled: dict[str, tuple[str, float]] = {}
        self.sent_sidebars: dict[str, Sidebar] = {}  # player -> the sidebar op last sent
        self.faces_sent: set[str] = set()
        self.stats_names: list[str] = []          # completed after /uno stats, as last sent
        self.shared_ids: list[str] | None = None   # the table ids in the shared tree, as last sent
        self.console_ids: list[str] | None = None  # the table ids in the console's tree, as last sent
        # the placeholders' cache (only when the plugin's hello asks for it)
        self.feeding = False
        self.sent_states: dict[str, tuple[str, str]] = {}   # player -> (table, state), as last sent
        self.state_due: set[str] = set()                    # players whose table or state may have changed
        self.sent_tops: dict[str, list[list[str]]] = {}                # kind -> the top list as last sent

    def show(self, notices: list[Notice]) -> None:
        """Makes the ops of what the other rooms decided (notices.py), in their order (the commonest first)."""
        for n in notices:
            match n:
                case Send(player, line):
                    self.send(player, line)
                case Tell(to, key, colour, args):
                    self.tell(to, key, colour, **args)
                case TableEvents(t, events):
                    self.tell_events(t, events)
                case TellTable(t, key, colour, of, but, bold, translated, args):
                    self.tell_table(t, key, colour, of, but, bold, translated, **args)
                case PlaySound(player, sound):
                    self.sound(player, sound)
                case Announce(of, key, args):
                    self.announce(of, key, **args)
                case Usage(player, command):
                    self.usage(player, command)
                case DidYouMean(player, names):
                    self.did_you_mean(player, names)
                case ConsoleLines(lines):
                    self.console(lines)
                case Joined(player):
                    self.joined(player)
                case Quit(player):
                    self.quit(player)
                case GiveBack(player):
                    self.give_back(player)
                case Unwatched(player):
                    self.unwatched(player)
                case ForgetSidebar(player):
                    self.forget_sidebar(player)
                case FirstGameHint(player, dos):
                    self.first_game_hint(player, dos)
                case TablesChanged():
                    self.shared_completions()
                case StatsNames(names, known):
                    (self.known_stats_names if known else self.new_stats_names)(names)
                case PlaceholderValues(player, values):
                    self.placeholders(player, values)
                case PlaceholdersTop(top):
                    self.placeholders_top(top)
                case StakeMove(op):
                    self.ops.append(op)

    def take_hints(self) -> list[tuple[str, str]]:
        """(player, hint) of the hints shown since the last call, for hints.py to remember."""
        shown, self.hints_shown = self.hints_shown, []
        return shown

    def take(self) -> list[Op]:
        """The ops so far, for the plugin; the list starts empty again."""
        ops, self.ops = self.ops, []
        return ops

    # ================================================================ connection
    def attach(self, hello: dict[str, Any]) -> None:
        """A (re)connected plugin shows nothing of ours yet: everything is sent again (`state.online`
        is the hello's already)."""
        self.sent_slots.clear()
        self.sent_completions.clear()
        self.prompted.clear()
        self.titled.clear()
        self.sent_sidebars.clear()
        self.feeding = bool(hello.get("placeholders"))
        self.sent_states.clear()
        self.sent_tops.clear()
        self.state_due = set(self.state.online) if self.feeding else set()
        # faces the plugin still shows from an engine of this version: not rendered and sent again
        # (rendering every face costs seconds on a busy machine; a restarted game goes on sooner)
        self.faces_sent = set(hello.get("faces", []))
        for name in sorted(self.state.online - set(self.state.where)):   # a sidebar left over from before: gone
            self.ops.append({"op": "sidebar_clear", "player": name})
        lang = self.state.config.language
        self.ops.append({"op": "strings", "strings": {
            "paused": {"text": say(lang, "engine.paused"), "colour": "yellow"},
            "resumed": {"text": say(lang, "engine.resumed"), "colour": "green"},
            "no_engine": {"text": say(lang, "engine.paused"), "colour": "red"},
            "items_paused": {"text": say(lang, "engine.items_paused"), "colour": "yellow"},
            "items_kept": {"text": say(lang, "engine.items_kept"), "colour": "yellow"},
            "items_set_aside": {"text": say(lang, "engine.items_set_aside"), "colour": "yellow"},
            "left_while_away": {"text": say(lang, "engine.left_while_away"), "colour": "yellow"},
            "items_back": {"text": say(lang, "engine.items_back"), "colour": "green"},
            "stake_paid": {"text": say(lang, "engine.stake_paid"), "colour": "green"}}})
        self.shared_completions()
        self.console_completions(force=True)
        # the faces of the default edition (and of every table's) go out now, off the path of a click
        editions = {self.state.config.options_for().edition} | {t.options().edition for t in self.state.tables.values()}
        for edition in sorted(editions):
            for key in edition_face_keys(EDITIONS[edition]):
                self.face(key)

    def joined(self, player: str) -> None:
        self.sent_slots.pop(player, None)
        self.sent_sidebars.pop(player, None)
        self.sent_completions.pop(player, None)
        self.prompted.pop(player, None)
        self.sent_states.pop(player, None)
        self._state_may_change(player)

    def respawned(self, player: str) -> None:
        """Back from a death: the server emptied the inventory (the plugin keeps cards out of the
        drops, the player's own items are in its vault), so what `sent_slots` says is shown is gone.
        The hand goes out again, whole, at once."""
        self.sent_slots.pop(player, None)
        t = self.state.seated_table(player)
        if t is not None:
            self.redraw(t)

    def quit(self, player: str) -> None:
        self.sent_slots.pop(player, None)
        self.sent_sidebars.pop(player, None)     # the plugin takes it down itself on a quit
        self.sent_completions.pop(player, None)
        self.sent_states.pop(player, None)       # and forgets the player's placeholders
        self.state_due.discard(player)

    # ================================================================ chat
    def send(self, player: str, line: Any) -> None:
        if player in self.state.online:
            self.ops.append({"op": "msg", "player": player, "c": line})

    def tell(self, to: str, key: str, colour: str = "white", **args: Any) -> None:
        self.send(to, [{"text": say(self.state.lang(to), key, **args), "colour": colour}])

    def error(self, to: str, key: str, **args: Any) -> None:
        self.tell(to, key, "red", **args)

    def tell_table(self, t: Table, key: str, colour: str, of: str | None, but: str | None, bold: bool,
                   translated: dict[str, str], **args: Any) -> None:
        """A line for every member of `t` but `but`; `of` reads their own ("You ...")."""
        for name, lang, _ in t.members():
            if name == but:
                continue
            values = dict(args, **{k: say(lang, v) for k, v in translated.items()})
            part: dict[str, Any] = {"text": about(lang, key, name, of, **values) if of is not None else say(lang, key, **values),
                    "colour": colour}
            if bold:
                part["bold"] = True
            self.send(name, [part])

    def console(self, lines: list[str]) -> None:
        self.ops.append({"op": "console", "lines": lines})

    def announce(self, of: str, key: str, **args: Any) -> None:
        """A line about `of` (who opened a table) for the players `table.announce` names; `of`
        reads their own line ("You opened ...")."""
        config = self.state.config
        for name in sorted(self.state.online):
            lang = self.state.lang(name)
            line = [{"text": about(lang, key, name, of, **args), "colour": "aqua"}]
            if name == of or config.announce == "server":
                self.send(name, line)
            elif config.announce in ("world", "nearby"):     # the plugin knows where players stand
                near: Near = {"of": of}
                if config.announce == "nearby":
                    near["radius"] = float(config.announce_radius)
                self.ops.append({"op": "msg", "player": name, "c": line, "near": near})

    def usage(self, player: str, command: str) -> None:
        """How one command goes."""
        self.send(player, [{"text": self.menus.usage(self.state.lang(player), command), "colour": "yellow"}])

    def did_you_mean(self, player: str, names: list[str]) -> None:
        if names:
            self.tell(player, "error.did_you_mean", "yellow", names=", ".join(names))

    def tell_events(self, t: Table, events: list[Event]) -> None:
        """Every member of the table reads what happened (a listener of the game events)."""
        edition = t.game.opts.edition if t.game is not None else t.options().edition
        for ev in events:
            for name, lang, seated in t.members():
                line = render.event_line(ev, name if seated else None, lang, edition)
                if line:
                    self.send(name, line)

    def sound(self, player: str, sound: tuple[str, float]) -> None:
        """A short sound for one player (`sounds.enabled` turns them all off)."""
        if self.state.config.sounds and player in self.state.online:
            key, pitch = sound
            self.ops.append({"op": "sound", "player": player, "sound": key,
                             "volume": float(self.state.config.sound_volume), "pitch": pitch})

    # ================================================================ a table
    def redraw(self, t: Table) -> None:
        if t.game is None or t.state != "playing":
            return
        actor = t.actor_name()
        for seat in t.humans():
            name = seat.name
            if seat.away_since is not None or name not in self.state.online:
                continue
            lang = self.state.lang(name)
            view = t.view(name)
            legal = t.legal(name)
            self._items(name, render.hand_slots(view, lang, t.pages.get(name, 0), legal))
            status = render.status_line(view, lang)
            self.ops.append({"op": "actionbar", "player": name, "c": status})
            self._sidebar(t, name, view, lang)
            self._completions(t, name, view)
            if self.prompted.get(name) != (t.id, t.token):
                self.prompted[name] = (t.id, t.token)
                if name == actor or any(a.verb in REACTIONS for a in legal):
                    for line in render.turn_lines(view, lang, t.token, legal):
                        self.send(name, line)
                    self._catch_hint(t, name, lang, legal)
            if name == actor and self.titled.get(name) != (t.id, t.turn_started):
                self.titled[name] = (t.id, t.turn_started)
                self.ops.append({"op": "title", "player": name, "title": {"text": say(lang, "turn.yours"), "colour": "gold"},
                                 "subtitle": render.subtitle(view, lang)})
                self.sound(name, SOUND_TURN)
        watching = [(name, lang) for name, lang in t.spectators.items() if name in self.state.online]
        if watching:
            view = t.view(None)      # one spectators' view for them all
            for name, lang in watching:
                self.ops.append({"op": "actionbar", "player": name, "c": render.status_line(view, lang)})
                self._sidebar(t, name, view, lang)

    def _catch_hint(self, t: Table, player: str, lang: str, legal: list[Action]) -> None:
        """The first [Catch] a player is offered comes with how catching works (once per player)."""
        target = next((a.target for a in legal if a.verb == "catch" and a.target), None)
        if target is None or not self.hint_due(player, "catch") or (player, "catch") in self.hints_shown:
            return
        self.hints_shown.append((player, "catch"))
        edition = t.dealt.opts.edition
        button = chat.catch_button(lang, t.token, target, edition)
        self.send(player, chat.fill(say(lang, for_edition("hint.catch", edition), player=target,
                                        count=t.dealt.opts.uno_penalty),
                                    {"catch": button}, "yellow"))

    def first_game_hint(self, player: str, dos: bool) -> None:
        """How to play, at the first deal a player sits at (hints.py decided it is due)."""
        lang = self.state.lang(player)
        edition = "dos" if dos else None
        call = chat.label(say(lang, for_edition("uno.button", edition)), "gold")
        self.send(player, chat.fill(say(lang, for_edition("hint.first_game", edition)), {
            "draw": chat.label(say(lang, "button.draw"), "aqua"), "uno": call}, "yellow"))

    def _sidebar(self, t: Table, player: str, view: View, lang: str) -> None:
        """The table at a glance at the side of the screen, sent when it changed."""
        op = sidebar_op(player, view, lang, t.preset, match=not self.state.config.single_round,
                        pot=self.state.pot_words(t, lang))
        if self.sent_sidebars.get(player) != op:
            self.sent_sidebars[player] = op
            self.ops.append(op)

    def _clear_sidebar(self, player: str) -> None:
        """Takes the sidebar down (the plugin gives back the player's own scoreboard)."""
        self.sent_sidebars.pop(player, None)
        if player in self.state.online:
            self.ops.append({"op": "sidebar_clear", "player": player})

    def forget_sidebar(self, player: str) -> None:
        """Gone from the server for good: the plugin took the sidebar down at the quit."""
        self.sent_sidebars.pop(player, None)
        self._state_may_change(player)

    def _items(self, player: str, slots: dict[int, Item | None]) -> None:
        sent = self.sent_slots.setdefault(player, {})
        changed: dict[str, Item | None] = {}
        for slot, item in slots.items():
            # render.py hands out one shared dict per distinct item: the same item as sent is
            # mostly the very same object, which == tells at once
            if slot in sent and sent[slot] == item:
                continue
            sent[slot] = item
            changed[str(slot)] = item
            if item is not None and "face" in item:
                self.face(item["face"])
        if changed:
            self.ops.append({"op": "items", "player": player, "slots": changed})

    def face(self, key: str) -> None:
        """Sends a card face's map pixels once per plugin connection, before any item shows it."""
        if key not in self.faces_sent:
            self.faces_sent.add(key)
            self.ops.append({"op": "face", "key": key,
                             "pixels": base64.b64encode(face_pixels(key)).decode("ascii")})

    def restore(self, player: str) -> None:
        """The plugin gives the player their own items back."""
        self.ops.append({"op": "restore", "player": player})

    def give_back(self, player: str) -> None:
        """The player is done with a table: their items back, the table's sidebar down."""
        self._state_may_change(player)
        self.restore(player)
        self._clear_sidebar(player)
        self.sent_slots.pop(player, None)
        self.sent_completions.pop(player, None)
        self.prompted.pop(player, None)

    def unwatched(self, player: str) -> None:
        """A spectator is done watching."""
        self._state_may_change(player)
        self.sent_completions.pop(player, None)
        self._clear_sidebar(player)

    # ================================================================ completions
    def _completions(self, t: Table, player: str, view: View) -> None:
        """The player's own completion tree at the table (their cards, the others' names)."""
        tree = self.menus.table_tree(Completing.of_seat(t, player, view, self.state.lang(player)))
        if self.sent_completions.get(player) != tree:
            self.sent_completions[player] = tree
            self.ops.append({"op": "complete", "player": player, "tree": tree})

    def shared_completions(self) -> None:
        """The completion tree every player shares (a player's own, sent with the table, comes
        first): the statistics' names, the tables to join or watch."""
        ids = self.shared_ids = self.state.table_ids()
        self.ops.append({"op": "complete", "tree": self.menus.shared_tree(
            Completing(stats_names=tuple(self.stats_names), table_ids=tuple(ids)))})

    def console_completions(self, force: bool = False) -> None:
        """Sends the console's completion tree (the plugin completes console input from it) when the
        table ids in it changed."""
        ids = self.state.table_ids()
        if force or ids is not self.console_ids and ids != self.console_ids:
            self.console_ids = ids
            self.ops.append({"op": "complete", "player": CONSOLE, "tree": self.menus.console_tree(ids)})

    def tables_completions(self) -> None:
        """Sends the trees that name the tables (the shared one, the console's) again when a table
        opened or closed."""
        ids = self.state.table_ids()     # one list until a table opens or closes: mostly no comparison
        if ids is not self.shared_ids and ids != self.shared_ids:
            self.shared_completions()
        self.console_completions()

    def known_stats_names(self, names: list[str]) -> None:
        """Every player the statistics database knows (its answer at a connection): completed after
        /uno stats, the names this engine added since it asked first. The tree goes out again only
        when that changed the names (the one sent at the connection holds them otherwise)."""
        known = [n for n in self.stats_names if n not in names] + names
        if known != self.stats_names:
            self.stats_names = known
            self.shared_completions()

    def new_stats_names(self, names: list[str]) -> None:
        """Players the statistics know now: completed after /uno stats (the newest first, at most 200)."""
        new = [n for n in names if n not in self.stats_names]
        if new:
            self.stats_names = (new + self.stats_names)[:200]
            self.shared_completions()

    # ================================================================ the placeholders' cache
    def placeholders(self, player: str, values: dict[str, str]) -> None:
        """A player's statistics for PlaceholderAPI's answers (the plugin keeps them until the quit)."""
        if self.feeding and player in self.state.online:
            self.ops.append({"op": "placeholders", "player": player, "values": values})

    def placeholders_top(self, top: dict[str, list[list[str]]]) -> None:
        """The top lists, only those that changed since they were last sent."""
        changed = {kind: rows for kind, rows in top.items() if self.sent_tops.get(kind) != rows}
        if self.feeding and changed:
            self.sent_tops.update(changed)
            # [name, value] rows as lists: the same JSON arrays as the protocol's pairs
            self.ops.append({"op": "placeholders", "top": cast(dict[str, list[tuple[str, str]]], changed)})

    def _state_may_change(self, player: str) -> None:
        if self.feeding:
            self.state_due.add(player)

    def placeholder_states(self, dirty: set[str]) -> None:
        """The table and state (idle / seated / playing / spectating) of each player who may have
        changed them (the members of the changed tables, those who left one, joined or came back),
        sent when they did."""
        if not self.feeding:
            return
        shown = self.state
        due, self.state_due = self.state_due, set()
        for tid in dirty:
            t = shown.tables.get(tid)
            if t is not None:
                due.update(name for name, _, _ in t.members())
        for name in sorted(due):
            if name not in shown.online:
                continue
            t = shown.tables.get(shown.where.get(name, ""))
            if t is None:
                state = ("", "idle")
            elif name in t.spectators:
                state = (t.id, "spectating")
            else:
                state = (t.id, "playing" if t.state == "playing" else "seated")
            if self.sent_states.get(name) != state:
                self.sent_states[name] = state
                self.ops.append({"op": "placeholders", "player": name, "values": {"table": state[0], "state": state[1]}})
