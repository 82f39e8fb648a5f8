"""The hooks through which a house rule joins the common rules: `HouseRule`, the
base class of every rule in rules/house/, with the core's behaviour as each hook's
default, and the small types the game's checks share (`Apply`, `Check`).

The lowest module of the game: the game classes (state.py up to core.py) are built
on it. So the hooks take the game as `Any` here (naming `GameCore` would be an
import cycle); each rule's own hooks annotate it as `GameCore`, a narrower type
that mypy accepts for a parameter typed `Any`.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar

from .actions import Action, CardRef
from .cards import Card, Colour, ColourInPlay
from .errors import Refused
from .options import Options, is_on
from .pending import Pending, Penalty

HAND_SIZE = 7
#: Refusals that count as a mistake under `mistake_penalty` (§10, §16.10).
MISTAKES = ("illegal_card", "not_your_turn", "only_drawn_card", "nothing_to_call")

#: What a check returns: the action's effect, applied by `play` once it is accepted.
Apply = Callable[[], None]
#: A verb's check, called as `check(game, seat, action)`: a `_check_<verb>` taken from the
#: class (not bound to a game), or the check of a verb house rules decide.
Check = Callable[[Any, int, Action], Apply]

T = TypeVar("T")


def _same(value: Any) -> Any:
    return value


class State(Generic[T]):
    """A house rule's own state, declared in its module: the game keeps it in its slot
    (`game.house_state[index]`, numbered by the registry) and saves, restores, undoes and
    fingerprints it without knowing whose it is. The value is immutable (replaced, never
    changed in place), so that undo copies only the list of slots."""

    def __init__(self, key: str, fresh: Callable[[int], T], to_json: Callable[[T], Any] = _same,
                 from_json: Callable[[Any], T] = _same, cleared_at_round_end: bool = False,
                 view: Callable[[T], dict[str, Any]] | None = None) -> None:
        #: its key in the game's saved state (`GameCore.to_state`)
        self.key = key
        #: the value at the start of a game and of each round, for a game of n players
        self.fresh = fresh
        #: the value as plain JSON data, and back
        self.to_json = to_json
        self.from_json = from_json
        #: the value goes back to `fresh` when a round ends (before it is scored)
        self.cleared_at_round_end = cleared_at_round_end
        #: what every player's view shows of it (views.py adds these entries)
        self.view = view
        #: its slot in `game.house_state` (house/__init__.py numbers the states)
        self.index = -1

    def get(self, game: Any) -> T:
        """The value in `game` (a cast, no check: the slot holds only what `set` put there)."""
        value: T = game.house_state[self.index]
        return value

    def set(self, game: Any, value: T) -> None:
        game.house_state[self.index] = value


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

    def install(self, game: Any) -> None:
        """Join `game` (whose options turn the rule on): add self to its hooks."""

    # -- its own verbs (`verbs`), at every table
    def check(self, game: Any, seat: int, action: Action) -> Apply | None:
        """The effect of `action` (one of `verbs`), or a refusal; None: another rule's."""
        return None

    # -- playing a card
    def allows_jump(self, game: Any, seat: int, face: Card, cards: list[int]) -> bool:
        """`seat` may play `cards` (of `face`) out of turn now, or a refusal; False:
        not under this rule (game.jump_rules)."""
        return False

    def second_card(self, game: Any, seat: int, ref: CardRef, first: int) -> int:
        """The second card of a play naming two (game.pair_rule)."""
        raise Refused("option_off")

    def lay_second(self, game: Any, seat: int, card: int, colour: Colour | None) -> None:
        """Lay the second card of a two-card play, after the first (game.pair_rule)."""

    def new_colour(self, game: Any, face: Card) -> ColourInPlay:
        """The colour a wild sets, chosen by no player (game.colour_rule)."""
        return ""

    def after_lay(self, game: Any, seat: int, face: Card, prev_colour: ColourInPlay) -> None:
        """A card was laid (game.lay_hooks)."""

    def effect(self, game: Any, seat: int, card: int, face: Card, gone: bool) -> bool:
        """The effect of a number card; True when it took the turn on (game.effect_hooks).
        `gone`: the player laid its last card."""
        return False

    # -- answering a draw card (§9, §10)
    def answerable(self, game: Any, rank: str) -> bool:
        """The victim of a draw card of `rank` gets to answer it (game.answer_rules)."""
        return False

    def answer_kind(self, game: Any, face: Card) -> str | None:
        """How `face` answers the pending draw card under this rule, or None."""
        return None

    def apply_answer(self, game: Any, seat: int, card: int, face: Card, p: Penalty,
                     prev_colour: ColourInPlay, hand_then: list[int]) -> Penalty:
        """The pending draw after `seat` answered `p` with `card`."""
        return p

    # -- turns, calls and windows
    def begin_turn(self, game: Any, seat: int) -> None:
        """`seat`'s turn begins (game.turn_hooks)."""

    def close_windows(self, game: Any, seat: int) -> None:
        """`seat` plays, draws or answers (game.window_hooks)."""

    def after_uno(self, game: Any, seat: int) -> None:
        """`seat` called UNO (game.uno_hooks)."""

    def check_draw(self, game: Any, seat: int) -> None:
        """Refuse `seat`'s turn draw (game.draw_rules)."""

    def check_pass(self, game: Any, seat: int, p: Pending) -> Apply | None:
        """A pass while `p` is due: its effect, a refusal, or None: the core decides
        (game.pass_rules)."""
        return None

    # -- the candidates of legal.candidates (a superset of the legal actions)
    def pair_candidates(self, game: Any, seat: int, out: list[Action]) -> None:
        """Add `seat`'s plays of two cards (game.pair_rule)."""

    def candidates(self, game: Any, seat: int, kind: str | None, out: list[Action]) -> None:
        """Add `seat`'s answers to the choice of `kind` due, or None (game.candidate_hooks)."""

    def call_candidates(self, game: Any, seat: int, out: list[Action]) -> None:
        """Add what `seat` may call or do out of turn (game.call_hooks)."""

    def open_to_all(self, game: Any) -> bool:
        """Something is open to every player now, not only to the one who must act (a
        call due from everyone): `game.may_act_out_of_turn` (game.call_hooks)."""
        return False

    def refused(self, game: Any, action: Action, refused: Refused) -> None:
        """`action` was refused (game.refusal_hooks)."""

    # -- end of a round
    def went_out(self, game: Any, seat: int) -> bool:
        """`seat` has no card left; True: the round goes on (game.out_hooks)."""
        return False

    def round_winner(self, game: Any, seat: int) -> int:
        """The round's winner when `seat` finished it (game.out_hooks)."""
        return seat

    def hand_points(self, game: Any, seat: int) -> int:
        """What `seat`'s hand counts, or -1: the edition's points (game.points_rules)."""
        return -1

    def score(self, game: Any, points: list[int], winner: int, last: Card | None) -> None:
        """Change the round's `points` (game.score_hooks)."""

    def round_loser(self, game: Any, loser: int) -> int:
        """The round's loser (game.score_hooks)."""
        return loser
