"""The game core: `GameCore`, the common rules (classic, minecraft, flip) with the
hooks through which a house rule joins them, and its serialization (`to_json`,
`from_json`, `copy`, `fingerprint`).

One game is one match (rounds until the target). Seats are integers; players
are named. Physical cards are integers, their faces come from `self.faces`.

`GameCore` is the top of one chain of single inheritance, one concern per module
(mypyc compiles native classes with one base each):
hooks (`HouseRule`) -> state (the fields, helpers, queries, the public hook API) ->
dealing (set-up, the deal, drawing, turns) -> round_end -> answers (draw cards,
challenge) -> plays (the `play` check and the cards' effects) -> verbs (draw, pass,
UNO, catch, colour) -> dispatch (the one legality path: `_check_<verb>` gives the
effect; `refusal`, `play`, the legal moves and `push`/`pop` all go through it) ->
core. The names the rest of the engine uses are all importable from here.

Each house rule (RULES.md §10) is a `HouseRule` in its own module under
`rules/house/`; `Game` (game.py) installs the active ones once per game into the
hook tuples (state.py), so a table without a house rule pays an empty loop for it
and nothing more. The core knows no house rule by name. DOS is a different game on
the same cards: see `dos.py`.
"""

from __future__ import annotations

import json
from typing import Any, Self

from .cards import Card
from .dispatch import Dispatch
from .editions import Deck
from .hooks import HAND_SIZE, MISTAKES, Apply, Check, HouseRule, State
from .options import Options
from .pending import pending_from_json, pending_to_json
from .state import _CHECKS, seat_to_act

__all__ = ["GameCore", "HouseRule", "State", "Apply", "Check", "HAND_SIZE", "MISTAKES", "seat_to_act", "_CHECKS"]


class GameCore(Dispatch):
    """One match of the common rules; `Game` (game.py) adds the house rules, the legal
    actions, the views and the scoring."""

    # ---------------------------------------------------------- persistence

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
            rng=_rng_to_json(self.rng.getstate()), pending=pending_to_json(self.pending))
        for rule_state, value in zip(self.STATES, self.house_state):
            state[rule_state.key] = rule_state.to_json(value)
        self._save_extra(state)
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
        for k in cls.STATE_FIELDS:
            setattr(game, k, state[k])
        game.pending = pending_from_json(state["pending"])
        game.uno_called = set(state["uno_called"])
        game.catchable = set(state["catchable"])
        game.revealed = {int(k): v for k, v in state["revealed"].items()}
        game.rng.setstate(_rng_from_json(state["rng"]))
        for i, rule_state in enumerate(cls.STATES):   # (a state newer than the save: as dealt)
            if rule_state.key in state:
                game.house_state[i] = rule_state.from_json(state[rule_state.key])
        game._restore_extra(state)
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
                json.dumps([s.to_json(v) for s, v in zip(self.STATES, self.house_state)], sort_keys=True),
                self.start_top, self.last_player, self.seq, self.rng.getstate())


def _rng_to_json(state: tuple[Any, ...]) -> list[Any]:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _rng_from_json(data: list[Any]) -> tuple[Any, ...]:
    version, internal, gauss = data
    return (version, tuple(internal), gauss)
