"""The one legality path: every verb has a `_check_<verb>` that raises `Refused`
without touching the state and returns what applying it takes (`Apply`); `refusal()`
runs only the check, `play()` runs both (a refusal goes through the house rules'
`refused` hooks: mistake_penalty), and `push()`/`pop()` apply a checked action and
take it back (for bots that look ahead). The check of a verb is found once per game
class (`_CHECKS`); verbs only house rules know are decided by those rules' `check`.
"""

from __future__ import annotations

from typing import Any, Callable

from .actions import VERBS as ACTION_VERBS, Action
from .errors import Refused
from .events import Event
from .hooks import Apply, Check
from .verbs import Verbs


def _house_check(verb: str) -> Check:
    """The check of a verb house rules decide: the first of the game's rules for it that answers."""

    def check(game: Dispatch, seat: int, action: Action) -> Apply:
        for rule in game.HOUSE_VERBS[verb]:
            apply = rule.check(game, seat, action)
            if apply is not None:
                return apply
        raise Refused("bad_action", f"{verb} is not possible now")
    return check


class Dispatch(Verbs):
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
        state["house_state"] = list(self.house_state)   # immutable values: the list is enough
        state["pending"] = self.pending                  # (immutable too)
        self._save_extra(state)
        return state

    def _restore(self, state: dict[str, Any]) -> None:
        for k in self.STATE_FIELDS:
            setattr(self, k, state[k])
        self.uno_called = state["uno_called"]
        self.catchable = state["catchable"]
        self.revealed = state["revealed"]
        self.rng.setstate(state["rng"])
        self.house_state = state["house_state"]
        self.pending = state["pending"]
        self._restore_extra(state)
        self._events = []

    def refusal(self, action: Action) -> str | None:
        """None when `action` is legal now, else its refusal code. Never changes the state."""
        try:
            self._check(action)
        except Refused as refused:
            return refused.code
        return None

    def _check(self, action: Action) -> Apply:
        if self.phase == "match_over":
            raise Refused("game_over")
        if self.phase == "round_over":
            raise Refused("round_over")
        seat = self.seat_of.get(action.player)
        if seat is None:
            seat = self.seat_named(action.player)    # refuses it
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



def _copied(value: Any) -> Any:
    """A deep copy of the plain state values (lists, dicts, numbers, strings)."""
    if isinstance(value, list):
        return [_copied(v) for v in value]
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    return value

