"""The one value a match is, `GameState`: every field of a match (and the slots in which
the house rules keep their own state, `house_state`, declared in their modules as
hooks.State: saving, undo and fingerprints cover all of it without naming a rule), the
small helpers the rules share (seats in turn order, card lookups, the bare match of §3,
events), the queries (who must act, whether anyone may act out of turn, whether forced
play binds) and most of the public hook API the house rules call (`emit`, `next_seat`,
`others`, `find_card`, `seat_named`, ...). The rules themselves are functions over it,
each in the module of its concern (`take` and `begin_turn` in dealing.py, `lay_card` in
plays.py, ...); `Game` (game.py) adds only the public API.

Here too, as the game keeps them and they take the game: `HouseRule`, the hooks through
which a house rule joins the rules, and `Variant`, what DOS does differently from the
other editions, as data and functions.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from .actions import Action, CardRef
from .cards import Card, Colour, ColourInPlay, DARK_COLOURS, LIGHT_COLOURS, RESTRICTED_WILDS
from .editions import Deck, build_deck, find_edition
from .errors import ConfigError, Refused
from .events import Event
from .hooks import Apply, State
from .options import Options, is_on
from .pending import Penalty, Pending, owed_by
from .views import Direction, Phase, Side, View


#: the fields every edition saves as they are (`Game.to_state`; DOS adds its centre row)
STATE_FIELDS: tuple[str, ...] = (
    "hands", "draw_pile", "discard", "side", "colour", "direction", "turn", "dealer",
    "phase", "active", "eliminated", "start_top", "last_player", "scores", "round_no", "round_points",
    "round_winner", "round_loser", "match_winners", "seq", "blocked", "turns_this_round")


#: A verb's check, called as `check(game, seat, action)`: a `check_<verb>` function, or the
#: check of a verb house rules decide (dispatch.verb_table).
Check = Callable[["GameState", int, Action], Apply]


def seat_to_act(pending: Pending | None, turn: int) -> int:
    """The seat that must act now, from the two fields it depends on: the victim of a draw
    card, whoever owes a choice, else the turn (`GameState.actor`; self-play asks it of any
    object shaped like a game)."""
    owner = owed_by(pending)
    return turn if owner < 0 else owner


class Variant:
    """The rules that differ between the editions of one family (classic, minecraft, flip:
    game.py's `CLASSIC`) and DOS (dos.py's `DOS`), a different game on the same cards, as
    data and functions: its verbs and their checks, its set-up, its reshuffle, what forced
    play forces, its candidates, its view and what it saves beyond STATE_FIELDS."""

    def __init__(self, name: str, classic: bool, checks: dict[str, Check], saved: tuple[str, ...],
                 mistake_codes: tuple[str, ...], mistake_verbs: tuple[str, ...],
                 states: tuple[State[Any], ...],
                 turn_start_card: Callable[[GameState, int | list[int] | None], None],
                 lay_start: Callable[[GameState, list[int] | None], None],
                 reshuffle: Callable[[GameState], bool],
                 must_play: Callable[[GameState, int], bool],
                 candidates: Callable[[GameState, int], list[Action]],
                 view: Callable[[GameState, str | None, bool], View],
                 save_extra: Callable[[GameState, dict[str, Any]], None],
                 restore_extra: Callable[[GameState, dict[str, Any]], None]) -> None:
        self.name = name
        #: the classic family: `play` and `draw` are its own checks (dispatch's fast path)
        self.classic = classic
        #: verb -> its check, house rules' verbs included (dispatch.verb_table)
        self.checks = checks
        #: the fields saved as they are (STATE_FIELDS, and DOS's centre row)
        self.saved = saved
        #: refusals that cost `mistake_penalty` cards, and the verbs they count for
        self.mistake_codes = mistake_codes
        self.mistake_verbs = mistake_verbs
        #: the states the house rules keep, each in its slot of `house_state` (all of them,
        #: whether or not the table plays the rule: every game saves the same keys)
        self.states = states
        self.turn_start_card = turn_start_card
        self.lay_start = lay_start
        self.reshuffle = reshuffle
        self.must_play = must_play
        self.candidates = candidates
        self.view = view
        self.save_extra = save_extra
        self.restore_extra = restore_extra


class HouseRule:
    """One house rule: its option, the scenario files that prove it, and the checks
    and effects it adds to the core. Each lives in `rules/house/<option>.py`.

    `install` puts the rule into the hook tuples (or plain fields) of a game whose
    options turn it on; the core then calls only the hooks installed. Every method
    below but `install` is a hook with the core's behaviour as its default."""

    def __init__(self, option: str, scenarios: tuple[str, ...], verbs: tuple[str, ...] = (),
                 state: State[Any] | None = None) -> None:
        #: its option in `Options` (RULES.md §15)
        self.option = option
        #: the scenario files that prove it, relative to tests/scenarios/
        self.scenarios = scenarios
        #: verbs only this rule gives meaning to: `check` decides them at every
        #: table, refusing them with option_off where the rule is off
        self.verbs = verbs
        #: the state it keeps in every game, or None (the registry gives it its slot)
        self.state = state

    def active(self, opts: Options) -> bool:
        return is_on(opts, self.option)

    def install(self, game: GameState) -> None:
        """Join `game` (whose options turn the rule on): add self to its hooks."""

    # -- its own verbs (`verbs`), at every table
    def check(self, game: GameState, seat: int, action: Action) -> Apply | None:
        """The effect of `action` (one of `verbs`), or a refusal; None: another rule's."""
        return None

    # -- playing a card
    def allows_jump(self, game: GameState, seat: int, face: Card, cards: list[int]) -> bool:
        """`seat` may play `cards` (of `face`) out of turn now, or a refusal; False:
        not under this rule (game.jump_rules)."""
        return False

    def second_card(self, game: GameState, seat: int, ref: CardRef, first: int) -> int:
        """The second card of a play naming two (game.pair_rule)."""
        raise Refused("option_off")

    def lay_second(self, game: GameState, seat: int, card: int, colour: Colour | None) -> None:
        """Lay the second card of a two-card play, after the first (game.pair_rule)."""

    def new_colour(self, game: GameState, face: Card) -> ColourInPlay:
        """The colour a wild sets, chosen by no player (game.colour_rule)."""
        return ""

    def after_lay(self, game: GameState, seat: int, face: Card, prev_colour: ColourInPlay) -> None:
        """A card was laid (game.lay_hooks)."""

    def effect(self, game: GameState, seat: int, card: int, face: Card, gone: bool) -> bool:
        """The effect of a number card; True when it took the turn on (game.effect_hooks).
        `gone`: the player laid its last card."""
        return False

    # -- answering a draw card (§9, §10)
    def answerable(self, game: GameState, rank: str) -> bool:
        """The victim of a draw card of `rank` gets to answer it (game.answer_rules)."""
        return False

    def answer_kind(self, game: GameState, face: Card) -> str | None:
        """How `face` answers the pending draw card under this rule, or None."""
        return None

    def apply_answer(self, game: GameState, seat: int, card: int, face: Card, p: Penalty,
                     prev_colour: ColourInPlay, hand_then: list[int]) -> Penalty:
        """The pending draw after `seat` answered `p` with `card`."""
        return p

    # -- turns, calls and windows
    def begin_turn(self, game: GameState, seat: int) -> None:
        """`seat`'s turn begins (game.turn_hooks)."""

    def close_windows(self, game: GameState, seat: int) -> None:
        """`seat` plays, draws or answers (game.window_hooks)."""

    def after_uno(self, game: GameState, seat: int) -> None:
        """`seat` called UNO (game.uno_hooks)."""

    def check_draw(self, game: GameState, seat: int) -> None:
        """Refuse `seat`'s turn draw (game.draw_rules)."""

    def check_pass(self, game: GameState, seat: int, p: Pending) -> Apply | None:
        """A pass while `p` is due: its effect, a refusal, or None: the core decides
        (game.pass_rules)."""
        return None

    # -- the candidates of legal.candidates (a superset of the legal actions)
    def pair_candidates(self, game: GameState, seat: int, out: list[Action]) -> None:
        """Add `seat`'s plays of two cards (game.pair_rule)."""

    def candidates(self, game: GameState, seat: int, kind: str | None, out: list[Action]) -> None:
        """Add `seat`'s answers to the choice of `kind` due, or None (game.candidate_hooks)."""

    def call_candidates(self, game: GameState, seat: int, out: list[Action]) -> None:
        """Add what `seat` may call or do out of turn (game.call_hooks)."""

    def open_to_all(self, game: GameState) -> bool:
        """Something is open to every player now, not only to the one who must act (a
        call due from everyone): `game.may_act_out_of_turn` (game.call_hooks)."""
        return False

    def refused(self, game: GameState, action: Action, refused: Refused) -> None:
        """`action` was refused (game.refusal_hooks)."""

    # -- end of a round
    def went_out(self, game: GameState, seat: int) -> bool:
        """`seat` has no card left; True: the round goes on (game.out_hooks)."""
        return False

    def round_winner(self, game: GameState, seat: int) -> int:
        """The round's winner when `seat` finished it (game.out_hooks)."""
        return seat

    def hand_points(self, game: GameState, seat: int) -> int:
        """What `seat`'s hand counts, or -1: the edition's points (game.points_rules)."""
        return -1

    def score(self, game: GameState, points: list[int], winner: int, last: Card | None) -> None:
        """Change the round's `points` (game.score_hooks)."""

    def round_loser(self, game: GameState, loser: int) -> int:
        """The round's loser (game.score_hooks)."""
        return loser


class GameState:
    # ------------------------------------------------------------------ setup
    def __init__(self, variant: Variant, names: list[str], options: Options, seed: int = 0,
                 deck: Deck | None = None):
        self.variant = variant
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
        #: the house rules' own states, one slot each (`Variant.states`; hooks.State)
        self.house_state: list[Any] = [state.fresh(n) for state in variant.states]
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
        self.centre: list[int] = []          # DOS: the centre row, left to right (else empty)
        self.wild_colour: dict[int, str] = {}  # DOS: a Wild DOS added to the row: its colour
        #: interned Actions of legal_actions, per seat and side (speed): see legal.turn_actions
        self.action_cache: list[dict[object, tuple[Action, ...]]] = []
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
        for i, state in enumerate(self.variant.states):
            if not round_over or state.cleared_at_round_end:
                self.house_state[i] = state.fresh(n)

    def hands_moved(self) -> None:
        """Hands changed owners: a player is catchable only while holding one card,
        and nobody has called UNO for the hand now held."""
        self.catchable = {q for q in self.catchable if len(self.hands[q]) == 1}
        self.uno_called.clear()

    # --------------------------------------------------------------- flip
    def flip_piles(self) -> None:
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
        return len(self.draw_pile) + len(self.discard) + len(self.centre) + sum(len(h) for h in self.hands)

    def all_cards(self) -> list[int]:
        out = list(self.draw_pile) + list(self.discard) + list(self.centre)
        for hand in self.hands:
            out += hand
        return out

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
        """Forced play binds `seat` now (the edition's `Variant.must_play`: classic_must_play, or
        DOS's, which forces a match)."""
        return self.variant.must_play(self, seat)

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
