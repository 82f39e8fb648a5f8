"""`Game`: one match, the public API over the one game value (state.py's `GameState`):
its set-up, the actions (`play`, `push`/`pop`, `refusal`), the legal actions, the views,
the next round, and its serialization (`to_json`, `from_json`, `copy`, `fingerprint`).
The rules themselves are functions over the state, one concern per module; `Game` only
calls them. What differs in DOS is its `Variant` (dos.py), chosen by the edition.

The rules package, bottom up (each module imports only those below it):
cards, actions, events, errors, options, editions, pending -> hooks (`HouseRule`) ->
state (`GameState`, `Variant`) -> dealing -> scoring -> round_end -> answers -> plays ->
verbs -> dispatch -> house/* (one module per house rule), legal, views -> dos -> game
-> match (`new_game`, `load_game`), scenario.

One game is one match (rounds until the target). Seats are integers; players are
named. Physical cards are integers, their faces come from `faces`. Each house rule
(RULES.md §10) is a `HouseRule` in its own module under `rules/house/`; a game
installs the active ones once into its hook tuples (state.py), so a table without a
house rule pays an empty loop for it and nothing more. The core knows no house rule
by name.
"""

from __future__ import annotations

import json
from typing import Any, Self

from . import dispatch, legal, viewer, views
from .actions import Action
from .answers import check_challenge
from .cards import Card
from .dealing import choose_dealer, deal_rigged, deal_round, lay_start, reshuffle, turn_start_card
from .dos import DOS
from .editions import Deck
from .events import Event
from .hooks import HAND_SIZE, MISTAKES
from .house import STATES as HOUSE_STATES, VERBS as HOUSE_VERBS, active_rules
from .options import Options
from .pending import pending_from_json, pending_to_json
from .plays import check_jump, check_play, classic_must_play
from .round_end import start_next_round
from .state import STATE_FIELDS, GameState, HouseRule, Variant
from .verbs import check_catch, check_colour, check_dos, check_draw, check_pass, check_uno

__all__ = ["CLASSIC", "Game", "HAND_SIZE", "MISTAKES", "HouseRule"]


def _nothing_extra(game: GameState, state: dict[str, Any]) -> None:
    """The classic family saves nothing beyond STATE_FIELDS."""


#: classic, minecraft and flip: one family of rules
CLASSIC = Variant(
    "classic", classic=True,
    checks=dispatch.verb_table({
        "play": check_play, "jump": check_jump, "draw": check_draw, "pass": check_pass,
        "challenge": check_challenge, "uno": check_uno, "dos": check_dos, "catch": check_catch,
        "colour": check_colour}, HOUSE_VERBS),
    saved=STATE_FIELDS, mistake_codes=MISTAKES, mistake_verbs=("play", "jump", "uno"),
    states=HOUSE_STATES, turn_start_card=turn_start_card, lay_start=lay_start, reshuffle=reshuffle,
    must_play=classic_must_play, candidates=legal.candidates, view=viewer.view,
    save_extra=_nothing_extra, restore_extra=_nothing_extra)


class Game(GameState):
    """One match of any edition (`options.edition`; DOS is its `Variant`)."""

    def __init__(self, names: list[str], options: Options | None = None, seed: int = 0,
                 deck: Deck | None = None):
        options = options or Options()
        super().__init__(DOS if options.edition == "dos" else CLASSIC, names, options, seed, deck)
        self.house = active_rules(options)
        for rule in self.house:
            rule.install(self)
        self.action_cache = legal.action_caches(self.names, self.colour_rule is not None)

    # ------------------------------------------------------------ set-up
    @classmethod
    def new(cls, names: list[str], options: Options | None = None, seed: int = 0,
            events: bool = True) -> Self:
        """A match with a dealer chosen by the cards (§2) and the first round dealt.
        `events=False`: record no events (see `record_events`)."""
        game = cls(names, options, seed)
        game.record_events = events
        game._events = []
        game.dealer = choose_dealer(game)
        deal_round(game)
        game.setup_events = game._events
        return game

    @classmethod
    def rigged(cls, names: list[str], options: Options, seed: int, deck: Deck, dealer: int,
               order: list[int], hands: list[list[int]] | None, start: list[int] | None) -> Self:
        """A position from a scenario file: the draw pile in `order` (top first),
        dealt from unless `hands` are given, then the start card (given or turned)."""
        game = cls(names, options, seed, deck)
        game._events = []
        game.dealer = dealer
        deal_rigged(game, order, hands, start)
        game.setup_events = game._events
        return game

    # ----------------------------------------------------------- actions
    def play(self, action: Action) -> list[Event]:
        """Check and apply `action`; return its events or raise `Refused` (dispatch.play)."""
        return dispatch.play(self, action)

    def push(self, action: Action) -> list[Event]:
        """Apply a legal `action`, to be taken back by `pop` (dispatch.push)."""
        return dispatch.push(self, action)

    def pop(self) -> None:
        """Take back the last `push` (dispatch.pop)."""
        dispatch.pop(self)

    def refusal(self, action: Action) -> str | None:
        """None when `action` is legal now, else its refusal code. Never changes the state."""
        return dispatch.refusal(self, action)

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """The actions `player` (or every seated player) may send now (legal.py)."""
        return legal.legal_actions(self, player)

    def candidates(self, seat: int) -> list[Action]:
        """Every action worth asking the checks about for `seat` now, a superset of the legal
        ones (legal.py, or DOS's own)."""
        return self.variant.candidates(self, seat)

    def view(self, player: str | None, legal: bool = True) -> views.View:
        """What `player` may see (None: a spectator), as views.py builds it."""
        return self.variant.view(self, player, legal)

    def start_next_round(self, rigged: tuple[list[int], list[list[int]] | None, list[int] | None] | None = None
                         ) -> list[Event]:
        """Deal the next round (round_end.start_next_round)."""
        return start_next_round(self, rigged)

    # ---------------------------------------------------------- persistence
    def to_json(self) -> str:
        """The game's whole state as JSON text, keys sorted (the same game, the same text);
        `from_json` restores it."""
        return json.dumps(self.to_state(), sort_keys=True)

    def to_state(self) -> dict[str, Any]:
        """What `to_json` writes, as plain data (lists, dicts, strings, numbers) for a caller with
        a faster JSON writer of its own (the tables' saves)."""
        variant = self.variant
        state = {k: getattr(self, k) for k in variant.saved}
        state.update(
            names=self.names, options=self.opts.as_dict(), seed=self.seed,
            faces=[[str(f) for f in side] for side in self.faces],
            uno_called=sorted(self.uno_called), catchable=sorted(self.catchable),
            revealed={str(k): v for k, v in self.revealed.items()},
            rng=_rng_to_json(self.rng.getstate()), pending=pending_to_json(self.pending))
        for rule_state, value in zip(variant.states, self.house_state):
            state[rule_state.key] = rule_state.to_json(value)
        variant.save_extra(self, state)
        return state

    @classmethod
    def from_json(cls, text: str) -> Self:
        """The game `to_json` wrote."""
        return cls.from_state(json.loads(text))

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Self:
        """The game `to_state` gave (what `to_json` writes, parsed)."""
        opts = Options.build(None, **state["options"])
        light, dark = (tuple(Card.parse(c) for c in side) for side in state["faces"])
        game = cls(state["names"], opts, state["seed"], Deck((light, dark)))
        variant = game.variant
        for k in variant.saved:
            setattr(game, k, state[k])
        game.pending = pending_from_json(state["pending"])
        game.uno_called = set(state["uno_called"])
        game.catchable = set(state["catchable"])
        game.revealed = {int(k): v for k, v in state["revealed"].items()}
        game.rng.setstate(_rng_from_json(state["rng"]))
        for i, rule_state in enumerate(variant.states):   # (a state newer than the save: as dealt)
            if rule_state.key in state:
                game.house_state[i] = rule_state.from_json(state[rule_state.key])
        variant.restore_extra(game, state)
        return game

    def copy(self) -> Self:
        """An independent game in the same position (through the save format, which
        holds the whole state; it also works for the compiled build)."""
        return type(self).from_json(self.to_json())

    def fingerprint(self) -> tuple[object, ...]:
        """Everything that defines the position (for tests: refused actions change nothing)."""
        return (tuple(tuple(h) for h in self.hands), tuple(self.draw_pile), tuple(self.discard),
                self.side, self.colour, self.direction, self.turn, self.phase,
                self.pending, tuple(sorted(self.uno_called)),
                tuple(sorted(self.catchable)), tuple(self.active), tuple(self.scores),
                json.dumps([s.to_json(v) for s, v in zip(self.variant.states, self.house_state)], sort_keys=True),
                self.start_top, self.last_player, self.seq, self.rng.getstate(),
                tuple(self.centre), tuple(sorted(self.wild_colour.items())))


def _rng_to_json(state: tuple[Any, ...]) -> list[Any]:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _rng_from_json(data: list[Any]) -> tuple[Any, ...]:
    version, internal, gauss = data
    return (version, tuple(internal), gauss)
