"""What the rules and the house rules share below the game's state: `State` (a house
rule's own state, kept in the game's slots), `Apply` (what a check returns), the hand
size and the refusals that are mistakes. The hooks themselves (`HouseRule`) are the
game's (state.py): they take the game, and the game keeps them.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, Protocol, TypeVar

HAND_SIZE = 7
#: Refusals that count as a mistake under `mistake_penalty` (§10, §16.10).
MISTAKES = ("illegal_card", "not_your_turn", "only_drawn_card", "nothing_to_call")

#: What a check returns: the action's effect, applied by `play` once it is accepted.
Apply = Callable[[], None]

T = TypeVar("T")


class Slots(Protocol):
    """What a `State` reads of a game: its slots (the game is state.py's, above this module)."""
    house_state: list[Any]


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
        #: its key in the game's saved state (`Game.to_state`)
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

    def get(self, game: Slots) -> T:
        """The value in `game` (a cast, no check: the slot holds only what `set` put there)."""
        value: T = game.house_state[self.index]
        return value

    def set(self, game: Slots, value: T) -> None:
        game.house_state[self.index] = value
