"""The game's state and what reading it takes: every field of a match (and the slots
in which the house rules keep their own state, `house_state`, declared in their modules
as hooks.State: saving, undo and fingerprints cover all of it without naming a rule),
the small helpers the rules share (seats in turn order, card
lookups, the bare match of §3, events), the queries (who must act, whether anyone
may act out of turn, whether forced play binds) and most of the public hook API the
house rules call (`emit`, `next_seat`, `others`, `find_card`, `seat_named`, ...; the
rest lives with its concern: `take` and `begin_turn` in dealing.py, `lay_card` in
plays.py, ...).

The bottom of the game classes, one chain of single inheritance (mypyc compiles
native classes with one base each): state -> dealing -> round_end -> answers ->
plays -> verbs -> dispatch -> core (`GameCore`).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Literal

from .actions import Action, CardRef
from .cards import (Card, Colour, ColourInPlay, COLOUR_NAMES, DARK_COLOURS, LIGHT_COLOURS, RESTRICTED_WILDS)
from .editions import Deck, build_deck, find_edition
from .errors import ConfigError, Refused
from .events import Event
from .hooks import MISTAKES, Check, HouseRule, State
from .options import Options
from .pending import Drawn, Penalty, Pending, owed_by

#: where a match is: a round being played, a round over (the next one not dealt yet), the match over
Phase = Literal["play", "round_over", "match_over"]
#: the side of the cards in play (flip), and the way play goes
Side = Literal["light", "dark"]
Direction = Literal["cw", "ccw"]

#: class -> verb -> its check, shared by every game of the class. Bound methods of a game kept
#: on the game would be a reference cycle: a dropped game would wait for the cyclic garbage
#: collector, and the tables' loop freezes what lives long (tables/collector.py).
_CHECKS: dict[type, dict[str, Check]] = {}


def seat_to_act(pending: Pending | None, turn: int) -> int:
    """The seat that must act now, from the two fields it depends on: the victim of a draw
    card, whoever owes a choice, else the turn (`GameState.actor`; self-play asks it of any
    object shaped like a game)."""
    owner = owed_by(pending)
    return turn if owner < 0 else owner


class GameState:
    #: The verbs this edition accepts (None: every verb with a `_check_<verb>`).
    VERBS: ClassVar[tuple[str, ...] | None] = None
    #: Refusals that cost `mistake_penalty` cards, and the verbs they count for.
    MISTAKE_CODES: ClassVar[tuple[str, ...]] = MISTAKES
    MISTAKE_VERBS: ClassVar[tuple[str, ...]] = ("play", "jump", "uno")
    #: verb -> every house rule deciding it (`Game`: all of them, house.VERBS; the core knows none)
    HOUSE_VERBS: ClassVar[dict[str, tuple[HouseRule, ...]]] = {}

    #: the states the house rules keep, each in its slot of `house_state` (`Game`: all of them,
    #: house.STATES, whether or not the table plays the rule: every game saves the same keys)
    STATES: ClassVar[tuple[State[Any], ...]] = ()

    STATE_FIELDS: ClassVar[tuple[str, ...]] = ("hands", "draw_pile", "discard", "side", "colour", "direction", "turn", "dealer",
                    "phase", "active", "eliminated", "start_top",
                    "last_player", "scores", "round_no", "round_points",
                    "round_winner", "round_loser", "match_winners", "seq", "blocked",
                    "turns_this_round")

    # ------------------------------------------------------------------ setup
    def __init__(self, names: list[str], options: Options | None = None, seed: int = 0,
                 deck: Deck | None = None):
        options = options or Options()
        self.edition = find_edition(options.edition)
        names = [str(n) for n in names]
        self.edition.check_players(len(names))
        if len(set(names)) != len(names):
            raise ConfigError("player names must be different")
        if options.partners and len(names) != 4:
            raise ConfigError("partners needs exactly 4 players")
        self.names = names
        self.seat_of = {n: i for i, n in enumerate(names)}
        self.opts = options
        self.seed = seed
        self.rng = random.Random(seed)
        self.deck = deck or build_deck(self.edition, options.plus_ten)
        self.faces = self.deck.faces
        n = len(names)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.draw_pile: list[int] = []      # top = last element
        self.discard: list[int] = []        # top = last element
        self.side = 0
        self.colour: ColourInPlay = ""
        self.direction = 1
        self.turn = 0
        self.dealer = n - 1
        self.phase: Phase = "play"
        self.pending: Pending | None = None  # the answer or choice due (pending.py), if any
        self.uno_called: set[int] = set()
        self.catchable: set[int] = set()
        self.active = [True] * n            # False: out (a house rule's) or eliminated
        self.eliminated = [False] * n
        #: the house rules' own states, one slot each (`STATES`; hooks.State)
        self.house_state: list[Any] = [state.fresh(n) for state in self.STATES]
        self.start_top = True               # the top card is the start card (no jump-in)
        self.blocked = 0                    # turns in a row that found nothing to draw
        self.turns_this_round = 0
        self.last_player: int | None = None
        self.revealed: dict[int, list[int]] = {}  # challenger seat -> the offender's hand shown
        self.scores = [0] * n
        self.round_no = 0
        self.round_points: list[int] = [0] * n
        self.round_winner: int | None = None
        self.round_loser: int | None = None
        self.match_winners: list[int] = []
        self.seq = 0                        # accepted actions so far (turn tokens for the UI)
        #: interned Actions of legal_actions, per seat and side (speed): see legal.turn_actions
        self.action_cache: list[dict[object, tuple[Action, ...]]] = []
        self._checks = _CHECKS.setdefault(type(self), {})   # verb -> its check (speed): see _check
        #: False: no events are built (self-play, bots, benchmarks: nobody reads them);
        #: `play` then returns an empty list. The state is the same either way.
        self.record_events = True
        self._events: list[Event] = []
        self._undo: list[dict[str, Any]] = []  # positions before each `push`, for `pop`
        self.setup_events: list[Event] = []  # what happened while the game was set up
        # The house rules of this game, resolved once (`install`): each hook is called
        # only on the rules in its tuple; an empty tuple costs the core nothing.
        self.house: tuple[HouseRule, ...] = ()
        self.jump_rules: tuple[HouseRule, ...] = ()
        self.pair_rule: HouseRule | None = None
        self.colour_rule: HouseRule | None = None
        self.lay_hooks: tuple[HouseRule, ...] = ()
        self.effect_hooks: tuple[HouseRule, ...] = ()
        self.answer_rules: tuple[HouseRule, ...] = ()
        self.turn_hooks: tuple[HouseRule, ...] = ()
        self.window_hooks: tuple[HouseRule, ...] = ()
        self.uno_hooks: tuple[HouseRule, ...] = ()
        self.draw_rules: tuple[HouseRule, ...] = ()
        self.pass_rules: tuple[HouseRule, ...] = ()
        self.candidate_hooks: tuple[HouseRule, ...] = ()
        self.call_hooks: tuple[HouseRule, ...] = ()
        self.refusal_hooks: tuple[HouseRule, ...] = ()
        self.out_hooks: tuple[HouseRule, ...] = ()
        self.points_rules: tuple[HouseRule, ...] = ()
        self.score_hooks: tuple[HouseRule, ...] = ()
        #: legal_actions asks the checks even on the common turn (a rule adds plays
        #: the fast path of legal.turn_actions does not know)
        self.checked_legal = False
        #: a player holding a playable card may not draw or pass (forced_play)
        self.forced_play = False

    # ------------------------------------------------------------ small helpers
    @property
    def top(self) -> int:
        return self.discard[-1]

    @property
    def top_face(self) -> Card:
        return self.faces[self.side][self.discard[-1]]

    def face(self, card: int) -> Card:
        return self.faces[self.side][card]

    def codes(self, cards: list[int]) -> list[str]:
        return [str(self.faces[self.side][c]) for c in cards]

    @property
    def active_count(self) -> int:
        return sum(self.active)

    @property
    def turn_player(self) -> str:
        return self.names[self.turn]

    @property
    def side_colours(self) -> tuple[Colour, ...]:
        return DARK_COLOURS if self.side else LIGHT_COLOURS

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat `steps` active seats after `seat`, in the direction of play."""
        n = len(self.names)
        nxt = (seat + self.direction) % n
        if steps == 1 and self.active[nxt]:   # the common case, in one step
            return nxt
        for _ in range(steps):
            for _ in range(n):
                seat = (seat + self.direction) % n
                if self.active[seat]:
                    break
        return seat

    def emit(self, event: Event) -> None:
        """Record an event of this action (rules/events.py; a house rule's own kinds: its module)."""
        # (the hot paths test `record_events` before calling, so that not even the
        # event is built)
        if self.record_events:
            self._events.append(event)

    def seat_named(self, name: str) -> int:
        """The seat of the player `name`, or the refusal unknown_player."""
        try:
            return self.seat_of[name]
        except KeyError:
            raise Refused("unknown_player", f"no player {name!r} at this table") from None

    def is_playable(self, face: Card) -> bool:
        """The bare match of §3: colour, number or symbol, or any wild."""
        if face.colour is None:
            return True
        if face.colour == self.colour:
            return True
        top = self.top_face
        return top.colour is not None and face.rank == top.rank

    def can_play(self, seat: int, card: int) -> bool:
        """`card` matches, and a restricted wild is allowed (held colour, no bluffing)."""
        face = self.face(card)
        if not self.is_playable(face):
            return False
        return not (face.rank in RESTRICTED_WILDS and not self.opts.bluffing
                    and self.holds_colour(seat, self.colour, except_card=card))

    def holds_colour(self, seat: int, colour: str, except_card: int | None = None) -> bool:
        """`seat` holds a card of `colour` (other than `except_card`)."""
        faces = self.faces[self.side]
        return any(faces[c].colour == colour for c in self.hands[seat] if c != except_card)

    def find_card(self, seat: int, ref: CardRef, exclude: tuple[int, ...] = ()) -> int:
        """The id of a card in the hand named by one face (face in play) or both faces."""
        if isinstance(ref, Card) and not exclude:    # the common case, without `_names`
            faces = self.faces[self.side]
            for c in self.hands[seat]:
                if faces[c] is ref:
                    return c
            raise Refused("not_in_hand", f"{ref} is not in {self.names[seat]}'s hand")
        for c in self.hands[seat]:
            if c not in exclude and self._names(ref, c):
                return c
        raise Refused("not_in_hand", f"{ref} is not in {self.names[seat]}'s hand")

    def _names(self, ref: CardRef, card: int) -> bool:
        """`ref` names `card`: its face in play, or (scenario notation, flip) both its faces."""
        if isinstance(ref, tuple):
            return self.faces[0][card] is ref[0] and self.faces[1][card] is ref[1]
        return self.faces[self.side][card] is ref

    def ref(self, card: int) -> CardRef:
        """How actions name a card: its face in play. In flip its holder does not see
        the other face (§11), so the legal actions never name it; which of two cards
        with the same face in play is meant is the game's choice."""
        return self.faces[self.side][card]

    def others(self, seat: int) -> list[int]:
        """The active seats but `seat`, in seat order."""
        return [q for q in range(len(self.names)) if q != seat and self.active[q]]


    def reset_house_state(self, round_over: bool = False) -> None:
        """The house rules' states as at a new round (`round_over`: only those a round's end clears)."""
        n = len(self.names)
        for i, state in enumerate(self.STATES):
            if not round_over or state.cleared_at_round_end:
                self.house_state[i] = state.fresh(n)

    def hands_moved(self) -> None:
        """Hands changed owners: a player is catchable only while holding one card,
        and nobody has called UNO for the hand now held."""
        self.catchable = {q for q in self.catchable if len(self.hands[q]) == 1}
        self.uno_called.clear()

    # --------------------------------------------------------------- flip
    def _flip_piles(self) -> None:
        """§11: the discard pile turns over as a whole, then the draw pile, then the hands."""
        self.discard.reverse()
        self.draw_pile.reverse()
        self.side ^= 1

    # ------------------------------------------------------------ queries
    @property
    def direction_name(self) -> Direction:
        return "cw" if self.direction == 1 else "ccw"

    @property
    def side_name(self) -> Side:
        return "dark" if self.side else "light"

    def total_cards(self) -> int:
        return len(self.draw_pile) + len(self.discard) + sum(len(h) for h in self.hands)

    def all_cards(self) -> list[int]:
        out = list(self.draw_pile) + list(self.discard)
        for hand in self.hands:
            out += hand
        return out

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """The actions `player` (or every seated player) may send now: `Game` asks legal.py."""
        raise NotImplementedError

    def candidates(self, seat: int) -> list[Action]:
        """Every action worth asking the checks about for `seat` now, a superset of the legal
        ones (legal.py keeps those the checks accept): `Game` asks legal.py, DOS has its own."""
        raise NotImplementedError

    def actor(self) -> int:
        """The seat that must act now: the victim of a draw card, whoever owes a choice,
        else the player whose turn it is."""
        return seat_to_act(self.pending, self.turn)

    def may_act_out_of_turn(self) -> bool:
        """Whether a player other than `actor()` may have something to do now: a catch,
        a call due from everyone (the house rules say, `HouseRule.open_to_all`), or a card
        a jump rule lets in out of turn (none on the start card). False: only the actor
        needs asking."""
        if self.catchable or self.open_to_all():
            return True
        return bool(self.jump_rules) and not self.start_top

    def open_to_all(self) -> bool:
        """A house rule has something open to every player now (a call due from everyone)."""
        for rule in self.call_hooks:
            if rule.open_to_all(self):
                return True
        return False

    def must_play(self, seat: int) -> bool:
        """Forced play (the forced_play option) binds `seat` now: it holds a card it may
        play (after a draw: the drawn card), so it may neither draw nor pass. The one
        place this is decided: the refusals (house/forced_play.py), the legal actions
        (legal.py) and DOS (which forces a match, dos.py) ask it."""
        if not self.forced_play:
            return False
        p = self.pending
        if isinstance(p, Drawn):
            return self.can_play(seat, p.card)
        return any(self.can_play(seat, c) for c in self.hands[seat])

    def penalty(self) -> Penalty:
        """The draw card waiting for its victim's answer (where a check found one)."""
        p = self.pending
        assert isinstance(p, Penalty), p
        return p

    def commit(self) -> None:
        """The game changed outside `push`: earlier pushes can no longer be popped."""
        self._undo.clear()

    def drain_events(self) -> list[Event]:
        """The events recorded so far in this action, handed over (none are kept)."""
        events, self._events = self._events, []
        return events

    def outcome(self) -> dict[str, Any] | None:
        """None while the match goes on; else the winners and the scores."""
        if self.phase != "match_over":
            return None
        return {"winners": [self.names[s] for s in self.match_winners],
                "scores": dict(zip(self.names, self.scores))}

    def _save_extra(self, state: dict[str, Any]) -> None:
        """Hook: an edition's own state beyond STATE_FIELDS, saved into `state`."""

    def _restore_extra(self, state: dict[str, Any]) -> None:
        """Hook: the counterpart of `_save_extra`."""

