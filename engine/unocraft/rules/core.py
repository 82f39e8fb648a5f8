"""The game core: the state, and the common rules (classic, minecraft, flip) with
the hooks through which a house rule joins them.

One game is one match (rounds until the target). Seats are integers; players
are named. Physical cards are integers, their faces come from `self.faces`.

Every verb has a `_check_<verb>` that raises `Refused` without touching the
state and returns what the `_apply_<verb>` needs. `refusal()` runs only the
check, `play()` runs both; `legal_actions()` proposes candidates and keeps the
ones the checks accept, so there is one place where each rule is decided.

Each house rule (RULES.md §10) is a `HouseRule` in its own module under
`rules/house/`; `Game` (game.py) installs the active ones once per game into the
hook tuples below, so a table without a house rule pays an empty loop for it and
nothing more. The core knows no house rule by name; the state some of them keep
(`silence`, `slap`, `level`, `out_order`) is declared here with the rest, so that
saving, undo and fingerprints cover all of it in one place. DOS is a different
game on the same cards: see `dos.py`.
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable, ClassVar, Self

from .actions import VERBS as ACTION_VERBS, Action, CardRef
from .cards import (Card, COLOUR_NAMES, DARK_COLOURS, LIGHT_COLOURS, RESTRICTED_WILDS)
from .editions import Deck, build_deck, find_edition
from .errors import ConfigError, Refused
from .events import Event
from .options import Options, is_on

HAND_SIZE = 7
#: Refusals that count as a mistake under `mistake_penalty` (§10, §16.10).
MISTAKES = ("illegal_card", "not_your_turn", "only_drawn_card", "nothing_to_call")

#: What a check returns: the action's effect, applied by `play` once it is accepted.
Apply = Callable[[], None]
#: A verb's check, called as `check(game, seat, action)`: a `_check_<verb>` taken from the
#: class (not bound to a game), or the check of a verb house rules decide.
Check = Callable[[Any, int, Action], Apply]
#: class -> verb -> its check, shared by every game of the class. Bound methods of a game kept
#: on the game would be a reference cycle: a dropped game would wait for the cyclic garbage
#: collector, and the tables' loop freezes what lives long (tables/collector.py).
_CHECKS: dict[type, dict[str, Check]] = {}


class HouseRule:
    """One house rule: its option, the scenario files that prove it, and the checks
    and effects it adds to the core. Each lives in `rules/house/<option>.py`.

    `install` puts the rule into the hook tuples (or plain fields) of a game whose
    options turn it on; the core then calls only the hooks installed. Every method
    below but `install` is a hook with the core's behaviour as its default."""

    def __init__(self, option: str, scenarios: tuple[str, ...], verbs: tuple[str, ...] = ()) -> None:
        #: its option in `Options` (RULES.md §15)
        self.option = option
        #: the scenario files that prove it, relative to tests/scenarios/
        self.scenarios = scenarios
        #: verbs only this rule gives meaning to: `check` decides them at every
        #: table, refusing them with option_off where the rule is off
        self.verbs = verbs

    def active(self, opts: Options) -> bool:
        return is_on(opts, self.option)

    def install(self, game: GameCore) -> None:
        """Join `game` (whose options turn the rule on): add self to its hooks."""

    # -- its own verbs (`verbs`), at every table
    def check(self, game: GameCore, seat: int, action: Action) -> Apply | None:
        """The effect of `action` (one of `verbs`), or a refusal; None: another rule's."""
        return None

    # -- playing a card
    def allows_jump(self, game: GameCore, seat: int, face: Card, cards: list[int]) -> bool:
        """`seat` may play `cards` (of `face`) out of turn now, or a refusal; False:
        not under this rule (game.jump_rules)."""
        return False

    def second_card(self, game: GameCore, seat: int, ref: CardRef, first: int) -> int:
        """The second card of a play naming two (game.pair_rule)."""
        raise Refused("option_off")

    def lay_second(self, game: GameCore, seat: int, card: int, colour: str | None) -> None:
        """Lay the second card of a two-card play, after the first (game.pair_rule)."""

    def new_colour(self, game: GameCore, face: Card) -> str:
        """The colour a wild sets, chosen by no player (game.colour_rule)."""
        return ""

    def after_lay(self, game: GameCore, seat: int, face: Card, prev_colour: str) -> None:
        """A card was laid (game.lay_hooks)."""

    def effect(self, game: GameCore, seat: int, card: int, face: Card, gone: bool) -> bool:
        """The effect of a number card; True when it took the turn on (game.effect_hooks).
        `gone`: the player laid its last card."""
        return False

    # -- answering a draw card (§9, §10)
    def answerable(self, game: GameCore, rank: str) -> bool:
        """The victim of a draw card of `rank` gets to answer it (game.answer_rules)."""
        return False

    def answer_kind(self, game: GameCore, face: Card) -> str | None:
        """How `face` answers the pending draw card under this rule, or None."""
        return None

    def apply_answer(self, game: GameCore, seat: int, card: int, face: Card, p: dict[str, Any],
                     prev_colour: str, hand_then: list[int]) -> None:
        """Update the pending draw `p` after `seat` answered it with `card`."""

    # -- turns, calls and windows
    def begin_turn(self, game: GameCore, seat: int) -> None:
        """`seat`'s turn begins (game.turn_hooks)."""

    def close_windows(self, game: GameCore, seat: int) -> None:
        """`seat` plays, draws or answers (game.window_hooks)."""

    def after_uno(self, game: GameCore, seat: int) -> None:
        """`seat` called UNO (game.uno_hooks)."""

    def check_draw(self, game: GameCore, seat: int) -> None:
        """Refuse `seat`'s turn draw (game.draw_rules)."""

    def check_pass(self, game: GameCore, seat: int, p: dict[str, Any]) -> Apply | None:
        """A pass while `p` is due: its effect, a refusal, or None: the core decides
        (game.pass_rules)."""
        return None

    # -- the candidates of legal.candidates (a superset of the legal actions)
    def pair_candidates(self, game: GameCore, seat: int, out: list[Action]) -> None:
        """Add `seat`'s plays of two cards (game.pair_rule)."""

    def candidates(self, game: GameCore, seat: int, kind: str | None, out: list[Action]) -> None:
        """Add `seat`'s answers to the choice of `kind` due, or None (game.candidate_hooks)."""

    def call_candidates(self, game: GameCore, seat: int, out: list[Action]) -> None:
        """Add what `seat` may call or do out of turn (game.call_hooks)."""

    def refused(self, game: GameCore, action: Action, refused: Refused) -> None:
        """`action` was refused (game.refusal_hooks)."""

    # -- end of a round
    def went_out(self, game: GameCore, seat: int) -> bool:
        """`seat` has no card left; True: the round goes on (game.out_hooks)."""
        return False

    def round_winner(self, game: GameCore, seat: int) -> int:
        """The round's winner when `seat` finished it (game.out_hooks)."""
        return seat

    def hand_points(self, game: GameCore, seat: int) -> int:
        """What `seat`'s hand counts, or -1: the edition's points (game.points_rules)."""
        return -1

    def score(self, game: GameCore, points: list[int], winner: int, last: Card | None) -> None:
        """Change the round's `points` (game.score_hooks)."""

    def round_loser(self, game: GameCore, loser: int) -> int:
        """The round's loser (game.score_hooks)."""
        return loser


def _house_check(verb: str) -> Check:
    """The check of a verb house rules decide: the first of the game's rules for it that answers."""

    def check(game: GameCore, seat: int, action: Action) -> Apply:
        for rule in game.HOUSE_VERBS[verb]:
            apply = rule.check(game, seat, action)
            if apply is not None:
                return apply
        raise Refused("bad_action", f"{verb} is not possible now")
    return check


class GameCore:
    #: The verbs this edition accepts (None: every verb with a `_check_<verb>`).
    VERBS: ClassVar[tuple[str, ...] | None] = None
    #: Refusals that cost `mistake_penalty` cards, and the verbs they count for.
    MISTAKE_CODES: ClassVar[tuple[str, ...]] = MISTAKES
    MISTAKE_VERBS: ClassVar[tuple[str, ...]] = ("play", "jump", "uno")
    #: verb -> every house rule deciding it (`Game`: all of them, house.VERBS; the core knows none)
    HOUSE_VERBS: ClassVar[dict[str, tuple[HouseRule, ...]]] = {}

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
        self.colour = ""
        self.direction = 1
        self.turn = 0
        self.dealer = n - 1
        self.phase = "play"
        self.pending: Any = None             # None or a dict: the choice or answer due
        self.uno_called: set[int] = set()
        self.catchable: set[int] = set()
        self.active = [True] * n            # False: out (until_the_last) or eliminated
        self.eliminated = [False] * n
        self.out_order: list[int] = []
        self.level = [0] * n                # seven_rounds: how often the hand was emptied
        self.start_top = True               # the top card is the start card (no jump-in)
        self.blocked = 0                    # turns in a row that found nothing to draw
        self.turns_this_round = 0
        self.last_player: int | None = None
        self.silence: Any = None             # None or a dict: silent twos / wilds (§10)
        self.slap: Any = None                # None or a dict: hand slap (§10)
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

    @classmethod
    def new(cls, names: list[str], options: Options | None = None, seed: int = 0,
            events: bool = True) -> Self:
        """A match with a dealer chosen by the cards (§2) and the first round dealt.
        `events=False`: record no events (see `record_events`)."""
        game = cls(names, options, seed)
        game.record_events = events
        game._events = []
        game.dealer = game._choose_dealer()
        game._deal_round()
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
        game._deal_rigged(order, hands, start)
        game.setup_events = game._events
        return game

    def _deal_rigged(self, order: list[int], hands: list[list[int]] | None, start: list[int] | None) -> None:
        """A deal a scenario file gives: the draw pile in `order` (top first), dealt from
        unless `hands` are given, then the start card (given or turned)."""
        self.draw_pile = list(reversed(order))
        if hands is None:
            self._deal_from_pile()
        else:
            self.hands = [list(h) for h in hands]
        self._lay_start(start)

    def _lay_start(self, start: list[int] | None) -> None:
        """A rigged game's start card: the one given, or turned from the pile."""
        if start and len(start) != 1:
            raise ConfigError("field start: one card")
        self._turn_start_card(start[0] if start else None)

    def _choose_dealer(self) -> int:
        """Every player draws a card; the highest number deals; actions and wilds
        count 0; tied players draw again (§2, 003)."""
        # each draw takes distinct cards from the shuffled deck: a sample is the same thing
        cards = self.rng.sample(range(self.deck.size), min(self.deck.size, 4 * len(self.names)))
        contenders = list(range(len(self.names)))
        while True:
            drawn = {p: cards.pop() for p in contenders}
            values = {p: (self.faces[0][c].number or 0) for p, c in drawn.items()}
            if self.record_events:
                self._emit("dealer_draw", cards={self.names[p]: str(self.faces[0][c]) for p, c in drawn.items()})
            best = max(values.values())
            contenders = [p for p in contenders if values[p] == best]
            if len(contenders) == 1 or len(cards) < len(contenders):
                self._emit("dealer", player=self.names[contenders[0]])
                return contenders[0]

    def _deal_round(self) -> None:
        # A uniform shuffle: sorting by random keys is uniform and, done in C, much
        # faster than random.shuffle (a new game is a third of a short game's cost).
        rand = self.rng.random
        keys = [rand() for _ in range(self.deck.size)]
        self.draw_pile = sorted(range(self.deck.size), key=keys.__getitem__)
        self._deal_from_pile()
        self._turn_start_card(None)

    def _deal_from_pile(self) -> None:
        """Seven cards each, one at a time, starting left of the dealer."""
        n = len(self.names)
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        order = [p for p in order if self.active[p]]
        hands = [self.hands[p] for p in order]
        take = self.draw_pile.pop
        for _ in range(HAND_SIZE):
            for hand in hands:
                hand.append(take())
        if self.record_events:
            for p in order:
                self._emit("dealt", to=p, count=len(self.hands[p]),
                           secret={"cards": self.codes(self.hands[p])})

    def _turn_start_card(self, start: int | None) -> None:
        """Turn the start card (or put the given one down) and apply §2."""
        self.round_no += 1
        self.direction = 1
        self.side = 0
        self.discard = [start if start is not None else self.draw_pile.pop()]
        while True:
            face = self.top_face
            if self._start_card_refused(face):
                refused = self.discard.pop()
                self.discard.append(self.draw_pile.pop())
                self.draw_pile.insert(self.rng.randrange(len(self.draw_pile) + 1), refused)
                self._emit("start_card_returned", card=str(face))
                continue
            if face.rank == "F" and self.opts.flip_start_card == "flip":
                self._emit("start_card", card=str(face))
                self._flip_piles()
                if self._start_card_refused(self.top_face) or self.top_face.rank == "F":
                    self._flip_piles()
                    refused = self.discard.pop()
                    self.discard.append(self.draw_pile.pop())
                    self.draw_pile.insert(self.rng.randrange(len(self.draw_pile) + 1), refused)
                    continue
                face = self.top_face
            break
        self.start_top = True
        if self.record_events:
            self._emit("start_card", card=str(face), dealer=self.names[self.dealer])
        first = self._next(self.dealer)
        self.colour = face.colour or ""
        two = self.active_count == 2
        if face.rank == "S":
            self._begin_turn(self._next(first), skipped=[first])
        elif face.rank == "R":
            if two:
                self._begin_turn(self._next(first), skipped=[first])
            else:
                self.direction = -1
                self._begin_turn(self.dealer)
        elif face.rank in ("+2", "+1"):
            self._take(first, face.draw_amount, reason="start_card")
            self._begin_turn(self._next(first), skipped=[first])
        elif face.is_wild:   # Wild or Creeper: the first player chooses the colour
            self.turn = first
            self.pending = {"kind": "colour", "who": first, "then": first}
            self._emit("choose_colour", player=self.names[first])
        else:
            self._begin_turn(first)

    def _start_card_refused(self, face: Card) -> bool:
        if self.opts.start_card == "number_only":
            return not face.is_number
        if face.rank in ("W+4", "W+2", "WC", "W+10"):
            return True
        if self.opts.start_card == "no_wilds" and face.is_wild:   # 002: a Wild goes back too
            return True
        return face.rank == "F" and self.opts.flip_start_card == "redraw"

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
    def side_colours(self) -> tuple[str, ...]:
        return DARK_COLOURS if self.side else LIGHT_COLOURS

    def _next(self, seat: int, steps: int = 1) -> int:
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

    def _emit(self, type_: str, to: int | None = None, secret: dict | None = None, **data: Any) -> None:
        # (the hot paths test `record_events` before calling, so that not even the
        # arguments are built)
        if not self.record_events:
            return
        self._events.append(Event(type_, data, self.names[to] if to is not None else None, secret))

    def _seat(self, name: str) -> int:
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
                    and self._holds_colour(seat, self.colour, except_card=card))

    def _holds_colour(self, seat: int, colour: str, except_card: int | None = None) -> bool:
        faces = self.faces[self.side]
        return any(faces[c].colour == colour for c in self.hands[seat] if c != except_card)

    def _find(self, seat: int, ref: CardRef, exclude: tuple = ()) -> int:
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

    # --------------------------------------------------------------- drawing
    def _reshuffle(self) -> bool:
        """Draw pile empty: shuffle the discard pile but its top card into a new one (§3)."""
        if len(self.discard) <= 1:
            return False
        top = self.discard.pop()
        pile = self.discard
        self.rng.shuffle(pile)
        self.draw_pile = pile
        self.discard = [top]
        self._emit("reshuffle", count=len(pile))
        return True

    def _pop_draw(self) -> int | None:
        if not self.draw_pile and not self._reshuffle():
            return None
        return self.draw_pile.pop()

    def _take(self, seat: int, count: int | None, reason: str, until_colour: str | None = None,
              creepers: bool = True) -> list[int]:
        """`seat` draws `count` cards (or until `until_colour`, §11). A Creeper from
        the draw pile goes off (§6) unless `creepers` is False."""
        got: list[int] = []
        triggered: list[int] = []
        while count is None or len(got) < count:
            card = self.draw_pile.pop() if self.draw_pile else self._pop_draw()   # (fewer calls)
            if card is None:
                break
            got.append(card)
            self.hands[seat].append(card)
            face = self.faces[self.side][card]
            if creepers and face.rank == "C":
                triggered.append(card)
            if until_colour is not None and count is None and face.colour == until_colour:
                break
        if (got or count) and self.record_events:
            self._emit("draw", to=seat, player=self.names[seat], count=len(got), reason=reason,
                       secret={"cards": self.codes(got)})
        if got:
            self.uno_called.discard(seat)
            if len(self.hands[seat]) != 1:
                self.catchable.discard(seat)
        for _ in triggered:
            self._creeper(seat)
        return got

    def _creeper(self, seat: int) -> None:
        """§6: a Creeper drawn is shown; its drawer (or every other player) draws 3."""
        self._emit("creeper", player=self.names[seat])
        if self.opts.creeper_targets == "self":
            self._take(seat, 3, reason="creeper", creepers=False)
        else:
            for q in self._others(seat):
                self._take(q, 3, reason="creeper", creepers=False)

    def _others(self, seat: int) -> list[int]:
        return [q for q in range(len(self.names)) if q != seat and self.active[q]]

    def _penalize(self, seat: int, amount: int | None, colour: str | None, extra: int = 0,
                  reason: str = "draw_card") -> None:
        """Draw `amount` cards, or until `colour` (Wild Draw Colour), then `extra`."""
        if amount is None:
            self._take(seat, None, reason, until_colour=colour)
        elif amount:
            self._take(seat, amount, reason)
        if extra:
            self._take(seat, extra, reason)

    # ------------------------------------------------------------- turn flow
    def _begin_turn(self, seat: int, skipped: list[int] | None = None) -> None:
        self.turn = seat
        self.turns_this_round += 1
        self.pending = None
        for rule in self.turn_hooks:
            rule.begin_turn(self, seat)
        if self.record_events:
            self._emit("turn", player=self.names[seat],
                       skipped=[self.names[s] for s in skipped] if skipped else [])

    def _close_windows(self, seat: int, played: bool) -> None:
        """`seat` begins its turn (`played` a card, or drew, accepted or challenged a
        draw card): catch windows close as `catch_until` says (§7); with last_card
        they stay open while the player who missed the call holds the card."""
        if self.catchable:
            window = self.opts.catch_until
            if window == "next_turn" or (window == "next_play" and played):
                self.catchable.clear()
        for rule in self.window_hooks:
            rule.close_windows(self, seat)

    # ------------------------------------------------------------- public API
    def play(self, action: Action) -> list[Event]:
        """Check and apply `action`; return its events or raise `Refused` (which
        costs `mistake_penalty` cards when that option makes it a mistake). A play
        commits: earlier `push`es can no longer be popped."""
        self._events = []
        try:
            apply = self._check(action)
        except Refused as refused:
            for rule in self.refusal_hooks:
                rule.refused(self, action, refused)
            raise
        self._undo.clear()
        return self._apply(apply)

    def push(self, action: Action) -> list[Event]:
        """Apply a legal `action` like `play` and remember the position before it,
        so that `pop` can take it back (python-chess's push/pop, for bots that look
        ahead). An illegal action is refused as by `play`, never penalized, and
        nothing is remembered."""
        self._events = []
        apply = self._check(action)
        snapshot = self._snapshot()
        events = self._apply(apply)
        self._undo.append(snapshot)
        return events

    def pop(self) -> None:
        """Take back the last `push`: the game is exactly as it was before it
        (cards, turn, pending choices, random state). IndexError without one."""
        if not self._undo:
            raise IndexError("pop: no pushed action to take back")
        self._restore(self._undo.pop())

    def _apply(self, apply: Callable[[], None]) -> list[Event]:
        apply()
        self.seq += 1
        if self.phase == "play" and self.pending is None and self.opts.turn_limit and \
                self.turns_this_round >= self.opts.turn_limit:
            self._end_blocked_round("turn_limit")
        events, self._events = self._events, []
        return events

    def _snapshot(self) -> dict[str, Any]:
        """Copies of everything an action can change (the state of `to_json`)."""
        state = {k: _copied(getattr(self, k)) for k in self.STATE_FIELDS}
        state["uno_called"] = set(self.uno_called)
        state["catchable"] = set(self.catchable)
        state["revealed"] = {k: list(v) for k, v in self.revealed.items()}
        state["rng"] = self.rng.getstate()
        self._save_extra(state)
        return state

    def _restore(self, state: dict[str, Any]) -> None:
        for k in self.STATE_FIELDS:
            setattr(self, k, state[k])
        self.uno_called = state["uno_called"]
        self.catchable = state["catchable"]
        self.revealed = state["revealed"]
        self.rng.setstate(state["rng"])
        self._restore_extra(state)
        self._events = []

    def refusal(self, action: Action) -> str | None:
        """None when `action` is legal now, else its refusal code. Never changes the state."""
        try:
            self._check(action)
        except Refused as refused:
            return refused.code
        return None

    def _check(self, action: Action):
        if self.phase == "match_over":
            raise Refused("game_over")
        if self.phase == "round_over":
            raise Refused("round_over")
        seat = self.seat_of.get(action.player)
        if seat is None:
            seat = self._seat(action.player)    # refuses it
        if not self.active[seat]:
            raise Refused("not_your_turn", f"{action.player} is out of this round")
        verb = action.verb
        # the verbs of every edition, called directly (compiled: a native call, no lookup)
        if verb == "play":
            return self._check_play(seat, action)
        if verb == "draw":
            return self._check_draw(seat, action)
        check = self._checks.get(verb)
        if check is None:
            check = self._find_check(verb)
            self._checks[verb] = check
        return check(self, seat, action)

    def _find_check(self, verb: str) -> Check:
        """The check of `verb` at the games of this class, or a refusal (an unknown verb is
        not cached: what players send must not grow the cache). Only the verbs an action can
        have: the other `_check_*` methods are parts of the checks, not checks of their own (an
        `Action` built by hand, not parsed, may name anything)."""
        check: Check | None = getattr(type(self), "_check_" + verb, None) if verb in ACTION_VERBS else None
        if check is None and verb in self.HOUSE_VERBS:
            check = _house_check(verb)
        if self.VERBS is not None and verb not in self.VERBS:
            check = None
        if check is None:
            raise Refused("bad_action", f"{verb} is not part of the {self.edition.name} edition")
        return check

    # ----------------------------------------------------------------- play
    def _check_jump(self, seat: int, action: Action):
        return self._check_play(seat, action, jump=True)

    def _check_play(self, seat: int, action: Action, jump: bool = False):
        refs = action.cards
        pair_rule = self.pair_rule
        if len(refs) == 2:
            if pair_rule is None:
                raise Refused("option_off", "playing two cards at once needs play_doubles: together")
        elif len(refs) != 1:
            raise Refused("bad_action", "play one card")
        first = self._find(seat, refs[0])
        pending = self.pending
        if (pending is not None and pending["kind"] == "drawn" and seat == self.turn
                and self._names(refs[0], pending["card"])):
            first = pending["card"]      # identical copies: the one just drawn is meant
        cards = [first]
        if pair_rule is not None and len(refs) == 2:
            cards.append(pair_rule.second_card(self, seat, refs[1], first))
        face = self.faces[self.side][first]
        if pending is not None:
            kind = pending["kind"]
            if kind == "penalty":
                if seat != pending["victim"]:
                    raise Refused("not_your_turn")
                if len(cards) != 1:
                    raise Refused("illegal_card", "answer a draw card with one card")
                return self._check_answer(seat, first, face, action.colour)
            if kind == "drawn":
                if seat != self.turn:
                    raise Refused("not_your_turn")
                if first != pending["card"] or len(cards) != 1:
                    raise Refused("only_drawn_card")
            elif seat == pending.get("who"):
                raise Refused("choose_first", f"choose ({kind}) first")
            else:
                raise Refused("not_your_turn")
        if seat != self.turn:
            self._check_jump_in(seat, face, cards, jump)
            is_jump = True
        else:
            is_jump = False
            if not self.is_playable(face):
                raise Refused("illegal_card", f"{face} does not match {self.top_face} / {self.colour}")
        colour = self._wild_colour(face, action.colour) if face.is_wild else None
        guilty = face.is_wild and self._check_restricted(seat, face, first)
        return lambda: self._apply_play(seat, cards, colour, guilty, is_jump)

    def _check_jump_in(self, seat: int, face: Card, cards: list[int], named: bool) -> None:
        """A play out of turn: a house rule must allow it (jump_in, play_doubles:
        sequential). `named`: the player said `jump` (refused as option_off where no
        rule jumps in)."""
        for rule in self.jump_rules:
            if rule.allows_jump(self, seat, face, cards):
                return
        if named and not self.jump_rules:
            raise Refused("option_off", "this table plays without jump-in")
        raise Refused("not_your_turn")

    def _wild_colour(self, face: Card, colour: str | None) -> str | None:
        if not face.is_wild:
            return None
        if self.colour_rule is not None:
            return None  # decided when applied, by the rule
        if colour is None:
            raise Refused("wild_needs_colour", f"name a colour for {face}")
        if colour not in self.side_colours:
            raise Refused("bad_action", f"{COLOUR_NAMES[colour]} is not a colour of this side")
        return colour

    def _check_restricted(self, seat: int, face: Card, card: int) -> bool:
        """+4 / Wild Draw Two / Colour only without a card of the current colour (§3).
        Returns whether the play is guilty (judged now, §5)."""
        if face.rank not in RESTRICTED_WILDS:
            return False
        guilty = self._holds_colour(seat, self.colour, except_card=card)
        if guilty and not self.opts.bluffing:
            raise Refused("illegal_card", f"{face} only without a card of the current colour")
        return guilty

    def _apply_play(self, seat: int, cards: list[int], colour: str | None, guilty: bool,
                    is_jump: bool) -> None:
        self._close_windows(seat, played=True)
        if is_jump:
            self._emit("jump_in", player=self.names[seat])
            self.turn = seat
        self.pending = None
        if not self._lay(seat, cards[0], colour, guilty) or len(cards) == 1:
            return
        if self.pair_rule is not None:
            self.pair_rule.lay_second(self, seat, cards[1], colour)

    def _lay(self, seat: int, card: int, colour: str | None, guilty: bool) -> bool:
        """Put `card` from `seat`'s hand on the pile and apply it. False: the round ended."""
        face = self.faces[self.side][card]
        prev_colour = self.colour
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.start_top = False
        self.last_player = seat
        self.blocked = 0
        self.colour = self._new_colour(face, colour)
        if self.record_events:
            self._emit("play", player=self.names[seat], card=str(face),
                       colour=COLOUR_NAMES.get(self.colour, ""))
        self._after_lay_bookkeeping(seat, face, prev_colour)
        if not self.hands[seat]:
            if self._went_out(seat, face):
                return False
        self._effect(seat, card, face, guilty, prev_colour)
        return self.phase == "play"

    def _new_colour(self, face: Card, chosen: str | None) -> str:
        if not face.is_wild:
            return face.colour or ""
        if self.colour_rule is not None:
            return self.colour_rule.new_colour(self, face)
        return chosen or ""

    def _after_lay_bookkeeping(self, seat: int, face: Card, prev_colour: str) -> None:
        """UNO call state (§7), and the house rules' bookkeeping, after a card is laid."""
        left = len(self.hands[seat])
        if left == 1:
            if seat in self.uno_called:
                if self.record_events:
                    self._emit("uno_safe", player=self.names[seat])
            else:
                self.catchable.add(seat)
        self.uno_called.discard(seat)
        for rule in self.lay_hooks:
            rule.after_lay(self, seat, face, prev_colour)

    def _effect(self, seat: int, card: int, face: Card, guilty: bool, prev_colour: str) -> None:
        rank = face.rank
        if rank == "S":
            victim = self._next(seat)
            self._begin_turn(self._next(seat, 2), skipped=[victim])
        elif rank == "E":
            self._begin_turn(seat if self.active[seat] else self._next(seat),
                             skipped=self._others(seat))
        elif rank == "R":
            if self.active_count == 2:
                victim = self._next(seat)
                self._begin_turn(self._next(seat, 2), skipped=[victim])
            else:
                self.direction = -self.direction
                if self.record_events:
                    self._emit("direction", direction=self.direction_name)
                self._begin_turn(self._next(seat))
        elif rank == "F":
            self._flip_piles()
            self._emit("flip", side=self.side_name, top=str(self.top_face))
            if self.top_face.is_wild:   # the player of the Flip chooses (the next one if it went out)
                chooser = seat if self.active[seat] else self._next(seat)
                self.colour = ""
                self.turn = chooser
                self.pending = {"kind": "colour", "who": chooser, "then": self._next(seat)}
                self._emit("choose_colour", player=self.names[chooser])
            else:
                self.colour = self.top_face.colour or ""
                self._begin_turn(self._next(seat))
        elif face.is_draw:
            self._draw_card(seat, card, face, guilty, prev_colour)
        else:
            if self.effect_hooks:
                gone = not self.hands[seat]   # until_the_last: out, no swap or rotation (§16.11)
                for rule in self.effect_hooks:
                    if rule.effect(self, seat, card, face, gone):
                        return
            self._begin_turn(self._next(seat))

    # ------------------------------------------------------------ draw cards
    def _answerable(self, rank: str) -> bool:
        """Whether the victim of a draw card gets to answer it (§16.1): a house rule
        gives an answer to it."""
        return any(rule.answerable(self, rank) for rule in self.answer_rules)

    def _draw_card(self, seat: int, card: int, face: Card, guilty: bool, prev_colour: str) -> None:
        victim = self._next(seat)
        challengeable = face.rank in RESTRICTED_WILDS and self.opts.challenge != "off"
        if challengeable or self._answerable(face.rank):
            self.turn = victim
            self.pending = {"kind": "penalty", "victim": victim, "source": seat, "rank": face.rank,
                            "amount": face.draw_amount, "card": card, "guilty": guilty,
                            "prev_colour": prev_colour, "challengeable": challengeable,
                            "hand_then": list(self.hands[seat]) + [card]}
            if self.record_events:
                self._emit("must_answer", player=self.names[victim], card=str(face),
                           amount=face.draw_amount)
        else:
            # A draw dealt at once is no turn of the victim's: catch windows stay open.
            self._penalize(victim, face.draw_amount, self.colour)
            self._begin_turn(self._next(victim), skipped=[victim])

    def _answer_kind(self, face: Card) -> str | None:
        """How `face` answers the pending draw card, or None (§9, §10, §16.4): the
        first house rule that gives an answer."""
        for rule in self.answer_rules:
            answer = rule.answer_kind(self, face)
            if answer is not None:
                return answer
        return None

    def _check_answer(self, seat: int, card: int, face: Card, colour: str | None) -> Apply:
        """`card` answers the pending draw card under the first house rule it fits."""
        for rule in self.answer_rules:
            answer = rule.answer_kind(self, face)
            if answer is not None:
                chosen = self._wild_colour(face, colour)
                given: str = answer
                return lambda: self._apply_answer(seat, card, chosen, rule, given)
        raise Refused("illegal_card", f"{face} does not answer a {self.pending['rank']}")

    def _apply_answer(self, seat: int, card: int, colour: str | None, rule: HouseRule,
                      answer: str) -> None:
        self._close_windows(seat, played=True)
        p = dict(self.pending)
        face = self.face(card)
        prev_colour = self.colour
        hand_then = list(self.hands[seat])
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.last_player = seat
        self.blocked = 0
        self.colour = self._new_colour(face, colour)
        self._emit("play", player=self.names[seat], card=str(face),
                   colour=COLOUR_NAMES.get(self.colour, ""), answer=answer)
        self._after_lay_bookkeeping(seat, face, prev_colour)
        rule.apply_answer(self, seat, card, face, p, prev_colour, hand_then)
        if not self.hands[seat]:
            if self._went_out(seat, face, pending_amount=p):
                return
        self.pending = p
        self.turn = p["victim"]
        self._emit("must_answer", player=self.names[p["victim"]], card=p["rank"], amount=p["amount"])

    def _check_draw(self, seat: int, action: Action):
        p = self.pending
        if p is not None:
            if p["kind"] == "penalty":
                if seat != p["victim"]:
                    raise Refused("not_your_turn")
                return lambda: self._accept_penalty(seat)
            if seat == p.get("who"):
                raise Refused("choose_first")
            if p["kind"] == "drawn" and seat == self.turn:
                raise Refused("only_drawn_card", "play the drawn card or pass")
            raise Refused("not_your_turn")
        if seat != self.turn:
            raise Refused("not_your_turn")
        for rule in self.draw_rules:
            rule.check_draw(self, seat)
        return lambda: self._apply_draw(seat)

    def _accept_penalty(self, seat: int) -> None:
        p = self.pending
        self._close_windows(seat, played=False)
        self.pending = None
        self._penalize(seat, p["amount"], self.colour)
        self._begin_turn(self._next(seat), skipped=[seat])

    def _apply_draw(self, seat: int) -> None:
        self._close_windows(seat, played=False)
        until = self.opts.draw == "until_playable"
        while True:
            got = self._take(seat, 1, reason="turn")
            if not got:
                self._nothing_to_draw(seat)
                return
            card = got[0]
            if self.can_play(seat, card):
                self.pending = {"kind": "drawn", "card": card}
                if self.record_events:
                    self._emit("may_play_drawn", to=seat, player=self.names[seat],
                               secret={"card": str(self.face(card))})
                return
            if not until:
                self._begin_turn(self._next(seat))
                return

    def _nothing_to_draw(self, seat: int) -> None:
        """Every card is in a hand. When each player in turn has found nothing to
        draw, nobody can move on: the round ends blocked and the lowest hand wins
        (the sources are silent; without this a round could never end)."""
        self.blocked += 1
        if self.blocked >= self.active_count:
            self._end_blocked_round("blocked")
            return
        self._begin_turn(self._next(seat))

    def _end_blocked_round(self, reason: str) -> None:
        """A round nobody can finish (every card held, or `turn_limit` turns played):
        the player with the fewest points in hand wins it."""
        seats = [q for q in range(len(self.names)) if self.active[q]]
        winner = min(seats, key=lambda q: (self.hand_points(q), len(self.hands[q])))
        self._emit("blocked", winner=self.names[winner], reason=reason)
        for rule in self.out_hooks:
            winner = rule.round_winner(self, winner)
        last = self.top_face if self.discard else None   # DOS: the pile may be empty
        self._end_round(winner, last)

    def _check_pass(self, seat: int, action: Action):
        p = self.pending
        if p is not None:
            for rule in self.pass_rules:
                apply = rule.check_pass(self, seat, p)
                if apply is not None:
                    return apply
        if p is not None and p["kind"] == "drawn" and seat == self.turn:
            return lambda: self._begin_turn(self._next(seat))
        if p is not None and seat == p.get("who"):
            raise Refused("choose_first")
        if p is not None and p["kind"] == "penalty" and seat == p["victim"]:
            raise Refused("answer_first", "draw the cards or answer the draw card")
        if seat != self.turn or p is not None:
            raise Refused("not_your_turn")
        raise Refused("draw_first")

    # -------------------------------------------------------------- challenge
    def _check_challenge(self, seat: int, action: Action):
        p = self.pending
        if self.opts.challenge == "off":
            raise Refused("option_off", "this table plays without challenges")
        if p is None or p["kind"] != "penalty" or not p["challengeable"]:
            raise Refused("nothing_to_challenge")
        if seat != p["victim"]:
            raise Refused("not_your_turn", "only the player who must draw may challenge")
        return lambda: self._apply_challenge(seat)

    def _apply_challenge(self, seat: int) -> None:
        p = self.pending
        offender = p["source"]
        self._close_windows(seat, played=False)
        self.pending = None
        guilty = p["guilty"]
        amount = p["amount"] if guilty else (None if p["amount"] is None else p["amount"] + 2)
        if self.record_events:
            self._emit("challenge", player=self.names[seat], target=self.names[offender],
                       guilty=guilty, amount=amount, to=seat, secret={"hand": self.codes(p["hand_then"])})
        self.revealed = {seat: list(p["hand_then"])}
        if guilty:
            if self.opts.challenge == "ru":
                card = p["card"]
                # it goes back unless a reshuffle took it (under a second card played
                # with it, play_doubles) or it must stay as the only card of the pile
                if card in self.discard and (len(self.discard) > 1 or self.draw_pile):
                    self.discard.remove(card)
                    if not self.discard:   # the +4 was alone on the pile (just reshuffled)
                        self.discard.append(self.draw_pile.pop())
                    self.hands[offender].append(card)
                    self.colour = p["prev_colour"]
                    self.catchable.discard(offender)
                    self._emit("card_returned", player=self.names[offender], card=str(self.face(card)))
                self._take(offender, 4 if p["amount"] is None else p["amount"], reason="challenge")
            else:
                self._penalize(offender, p["amount"], self.colour, reason="challenge")
            self._begin_turn(seat)
        else:
            self._penalize(seat, p["amount"], self.colour, extra=2, reason="challenge")
            self._begin_turn(self._next(seat), skipped=[seat])

    # -------------------------------------------------------------- UNO call
    def _check_uno(self, seat: int, action: Action):
        hand = self.hands[seat]
        if seat in self.catchable:
            return lambda: self._apply_uno(seat, late=True)
        if seat == self.turn and len(hand) == 2 and seat not in self.uno_called and \
                (self.pending is None or self.pending["kind"] in ("drawn", "penalty")):
            return lambda: self._apply_uno(seat, late=False)
        raise Refused("nothing_to_call", "UNO is called with two cards before playing, "
                                         "or right after playing the next-to-last card")

    def _check_dos(self, seat: int, action: Action):
        raise Refused("bad_action", "DOS is called in the dos edition; here call uno")

    def _apply_uno(self, seat: int, late: bool) -> None:
        if late:
            self.catchable.discard(seat)
        else:
            self.uno_called.add(seat)
        self._emit("uno", player=self.names[seat])
        for rule in self.uno_hooks:
            rule.after_uno(self, seat)

    def _check_catch(self, seat: int, action: Action):
        target = self._seat(action.target or "")
        if target == seat:
            raise Refused("illegal_target", "you cannot catch yourself")
        if target in self.catchable:
            return lambda: self._apply_catch(seat, target)
        if self.opts.false_catch_penalty > 0:
            return lambda: self._apply_false_catch(seat, target)
        raise Refused("nothing_to_catch", f"{action.target} cannot be caught now")

    def _apply_catch(self, seat: int, target: int) -> None:
        self.catchable.discard(target)
        self._emit("caught", player=self.names[seat], target=self.names[target],
                   amount=self.opts.uno_penalty)
        self._take(target, self.opts.uno_penalty, reason="uno_penalty")

    def _apply_false_catch(self, seat: int, target: int) -> None:
        self._emit("false_catch", player=self.names[seat], target=self.names[target],
                   amount=self.opts.false_catch_penalty)
        self._take(seat, self.opts.false_catch_penalty, reason="false_catch")

    # --------------------------------------------------------- choices: colour
    def _check_colour(self, seat: int, action: Action):
        p = self.pending
        if p is None or p["kind"] != "colour":
            raise Refused("bad_action", "no colour to choose now")
        if seat != p["who"]:
            raise Refused("not_your_turn")
        if action.colour not in self.side_colours:
            raise Refused("bad_action", f"{COLOUR_NAMES.get(action.colour or '', action.colour)} is not a colour of this side")
        colour = action.colour or ""
        return lambda: self._apply_colour(seat, colour, p["then"])

    def _apply_colour(self, seat: int, colour: str, then: int) -> None:
        self.colour = colour
        self._emit("colour", player=self.names[seat], colour=COLOUR_NAMES[colour])
        self._begin_turn(then)

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

    # ------------------------------------------------------ end of a round
    def _went_out(self, seat: int, face: Card, pending_amount: dict | None = None) -> bool:
        """`seat` has no card left. True when the round is over."""
        winner = seat
        for rule in self.out_hooks:
            if rule.went_out(self, seat):
                return False
            winner = rule.round_winner(self, winner)
        # §16.2: the round ends at once; the next player still draws the cards.
        victim = self._next(seat)
        if pending_amount is not None:
            victim = pending_amount["victim"]
            self._penalize(victim, pending_amount["amount"], self.colour)
        elif face.is_draw:
            self._penalize(victim, face.draw_amount, self.colour)
        self._end_round(winner, face)
        return True

    def hand_points(self, seat: int) -> int:
        for rule in self.points_rules:
            points = rule.hand_points(self, seat)
            if points >= 0:
                return points
        return sum(self.edition.points(self.face(c)) for c in self.hands[seat])

    def _end_round(self, winner: int, last: Card | None) -> None:
        self.pending = None
        self.catchable.clear()
        self.slap = None
        self._score_round(winner, last)

    def _score_round(self, winner: int, last: Card | None) -> None:
        """Score the round (§8): `Game` does, with scoring.py."""
        raise NotImplementedError

    def start_next_round(self, rigged: tuple[list[int], list[list[int]] | None, list[int] | None] | None = None
                         ) -> list[Event]:
        """Deal the next round: the deal passes clockwise (lazy: the loser deals,
        the winner starts). `rigged` (a scenario file's `next_round`): the deal's
        (order, hands, start) as `rigged()` takes them, instead of a shuffle."""
        if self.phase == "play":
            raise Refused("round_not_over", "the round is still being played")
        if self.phase == "match_over" and self.opts.scoring != "lazy":
            raise Refused("game_over")
        self._undo.clear()
        self._events = []
        n = len(self.names)
        self.active = [not e for e in self.eliminated]
        if self.opts.scoring == "lazy" and self.round_loser is not None:
            self.dealer = self.round_loser
        else:
            seat = self.dealer
            for _ in range(n):
                seat = (seat + 1) % n
                if self.active[seat]:
                    break
            self.dealer = seat
        self.hands = [[] for _ in range(n)]
        self.pending = None
        self.uno_called.clear()
        self.catchable.clear()
        self.out_order = []
        self.level = [0] * n
        self.blocked = 0
        self.turns_this_round = 0
        self.silence = None
        self.slap = None
        self.revealed = {}
        self.last_player = None
        self.phase = "play"
        self.round_winner = None
        if rigged is None:
            self._deal_round()
        else:
            self._deal_rigged(*rigged)
        if self.opts.scoring == "lazy" and self.match_winners:
            starter = self.match_winners[0]
            if self.pending is None and self.active[starter]:
                self._begin_turn(starter)
        self.match_winners = []
        self.seq += 1
        events, self._events = self._events, []
        return events

    # ------------------------------------------------------------ queries
    @property
    def direction_name(self) -> str:
        return "cw" if self.direction == 1 else "ccw"

    @property
    def side_name(self) -> str:
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

    def view(self, player: str | None, legal: bool = True) -> dict:
        """What `player` may know: `Game` asks views.py."""
        raise NotImplementedError

    def outcome(self) -> dict | None:
        """None while the match goes on; else the winners and the scores."""
        if self.phase != "match_over":
            return None
        return {"winners": [self.names[s] for s in self.match_winners],
                "scores": dict(zip(self.names, self.scores))}

    # ---------------------------------------------------------- persistence
    STATE_FIELDS: ClassVar[tuple[str, ...]] = ("hands", "draw_pile", "discard", "side", "colour", "direction", "turn", "dealer",
                    "phase", "pending", "active", "eliminated", "out_order", "level", "start_top",
                    "last_player", "silence", "slap", "scores", "round_no", "round_points",
                    "round_winner", "round_loser", "match_winners", "seq", "blocked",
                    "turns_this_round")

    def to_json(self) -> str:
        """The game's whole state as JSON text, keys sorted (the same game, the same text);
        `from_json` restores it."""
        return json.dumps(self.to_state(), sort_keys=True)

    def to_state(self) -> dict[str, Any]:
        """What `to_json` writes, as plain data (lists, dicts, strings, numbers) for a caller with
        a faster JSON writer of its own (the tables' saves)."""
        state = {k: getattr(self, k) for k in self.STATE_FIELDS}
        state.update(
            names=self.names, options=self.opts.as_dict(), seed=self.seed,
            faces=[[str(f) for f in side] for side in self.faces],
            uno_called=sorted(self.uno_called), catchable=sorted(self.catchable),
            revealed={str(k): v for k, v in self.revealed.items()},
            rng=_rng_to_json(self.rng.getstate()))
        self._save_extra(state)
        return state

    def _save_extra(self, state: dict[str, Any]) -> None:
        """Hook: an edition's own state beyond STATE_FIELDS, saved into `state`."""

    def _restore_extra(self, state: dict[str, Any]) -> None:
        """Hook: the counterpart of `_save_extra`."""

    @classmethod
    def from_json(cls, text: str) -> Self:
        state = json.loads(text)
        opts = Options.build(None, **state["options"])
        light, dark = (tuple(Card.parse(c) for c in side) for side in state["faces"])
        game = cls(state["names"], opts, state["seed"], Deck((light, dark)))
        for k in cls.STATE_FIELDS:
            setattr(game, k, state[k])
        game.uno_called = set(state["uno_called"])
        game.catchable = set(state["catchable"])
        game.revealed = {int(k): v for k, v in state["revealed"].items()}
        game.rng.setstate(_rng_from_json(state["rng"]))
        game._restore_extra(state)
        return game

    def copy(self) -> Self:
        """An independent game in the same position (through the save format, which
        holds the whole state; it also works for the compiled build)."""
        return type(self).from_json(self.to_json())

    def fingerprint(self) -> tuple:
        """Everything that defines the position (for tests: refused actions change nothing)."""
        return (tuple(tuple(h) for h in self.hands), tuple(self.draw_pile), tuple(self.discard),
                self.side, self.colour, self.direction, self.turn, self.phase,
                json.dumps(self.pending, sort_keys=True), tuple(sorted(self.uno_called)),
                tuple(sorted(self.catchable)), tuple(self.active), tuple(self.scores),
                json.dumps(self.silence, sort_keys=True), json.dumps(self.slap, sort_keys=True),
                self.start_top, self.last_player, self.seq, self.rng.getstate())


def _copied(value: Any) -> Any:
    """A deep copy of the plain state values (lists, dicts, numbers, strings)."""
    if isinstance(value, list):
        return [_copied(v) for v in value]
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    return value


def _rng_to_json(state):
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _rng_from_json(data):
    version, internal, gauss = data
    return (version, tuple(internal), gauss)
