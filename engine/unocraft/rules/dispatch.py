"""The one legality path: every verb has a check (`check_<verb>`) that raises `Refused`
without touching the state and returns what applying it takes (`Apply`); `refusal`
runs only the check, `play` runs both (a refusal goes through the house rules'
`refused` hooks: mistake_penalty), and `push`/`pop` apply a checked action and
take it back (for bots that look ahead). An edition's verbs and their checks are a
table built once (`verb_table`, kept in its `Variant`); verbs only house rules know
are decided by those rules' `check`.
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .errors import Refused
from .events import Event
from .hooks import Apply
from .plays import check_play
from .round_end import end_blocked_round
from .state import STATE_FIELDS, Check, GameState, HouseRule
from .verbs import check_draw


def house_check(verb: str, rules: tuple[HouseRule, ...]) -> Check:
    """The check of a verb house rules decide: the first of `rules` that answers."""

    def check(game: GameState, seat: int, action: Action) -> Apply:
        for rule in rules:
            apply = rule.check(game, seat, action)
            if apply is not None:
                return apply
        raise Refused("bad_action", f"{verb} is not possible now")
    return check


def verb_table(checks: dict[str, Check], house: dict[str, tuple[HouseRule, ...]],
               allowed: tuple[str, ...] | None = None) -> dict[str, Check]:
    """An edition's verbs and their checks, built once: its own (`checks`), then the verbs
    only house rules decide, all limited to `allowed` (None: every one)."""
    table = dict(checks)
    for verb, rules in house.items():
        table.setdefault(verb, house_check(verb, rules))
    return {verb: check for verb, check in table.items() if allowed is None or verb in allowed}


# ------------------------------------------------------------- public API
def play(g: GameState, action: Action) -> list[Event]:
    """Check and apply `action`; return its events or raise `Refused` (which
    costs `mistake_penalty` cards when that option makes it a mistake). A play
    commits: earlier `push`es can no longer be popped."""
    g._events = []
    try:
        apply = check(g, action)
    except Refused as refused:
        for rule in g.refusal_hooks:
            rule.refused(g, action, refused)
        raise
    g._undo.clear()
    return _run(g, apply)


def push(g: GameState, action: Action) -> list[Event]:
    """Apply a legal `action` like `play` and remember the position before it,
    so that `pop` can take it back (python-chess's push/pop, for bots that look
    ahead). An illegal action is refused as by `play`, never penalized, and
    nothing is remembered."""
    g._events = []
    apply = check(g, action)
    before = _snapshot(g)
    events = _run(g, apply)
    g._undo.append(before)
    return events


def pop(g: GameState) -> None:
    """Take back the last `push`: the game is exactly as it was before it
    (cards, turn, pending choices, random state). IndexError without one."""
    if not g._undo:
        raise IndexError("pop: no pushed action to take back")
    _restore(g, g._undo.pop())


def _run(g: GameState, apply: Apply) -> list[Event]:
    apply()
    g.seq += 1
    if g.phase == "play" and g.pending is None and g.opts.turn_limit and \
            g.turns_this_round >= g.opts.turn_limit:
        end_blocked_round(g, "turn_limit")
    events, g._events = g._events, []
    return events


#: what an action can change besides the fields every edition saves (DOS's centre row
#: is empty in the other editions, and copied all the same)
_UNDONE = STATE_FIELDS + ("centre",)


def _snapshot(g: GameState) -> dict[str, Any]:
    """Copies of everything an action can change (the state of `to_json`)."""
    state = {k: _copied(getattr(g, k)) for k in _UNDONE}
    state["uno_called"] = set(g.uno_called)
    state["catchable"] = set(g.catchable)
    state["revealed"] = {k: list(v) for k, v in g.revealed.items()}
    state["wild_colour"] = dict(g.wild_colour)
    state["rng"] = g.rng.getstate()
    state["house_state"] = list(g.house_state)   # immutable values: the list is enough
    state["pending"] = g.pending                  # (immutable too)
    return state


def _restore(g: GameState, state: dict[str, Any]) -> None:
    for k in _UNDONE:
        setattr(g, k, state[k])
    g.uno_called = state["uno_called"]
    g.catchable = state["catchable"]
    g.revealed = state["revealed"]
    g.wild_colour = state["wild_colour"]
    g.rng.setstate(state["rng"])
    g.house_state = state["house_state"]
    g.pending = state["pending"]
    g._events = []


def refusal(g: GameState, action: Action) -> str | None:
    """None when `action` is legal now, else its refusal code. Never changes the state."""
    try:
        check(g, action)
    except Refused as refused:
        return refused.code
    return None


def check(g: GameState, action: Action) -> Apply:
    """What applying `action` takes, or its refusal (`Refused`); changes nothing."""
    if g.phase == "match_over":
        raise Refused("game_over")
    if g.phase == "round_over":
        raise Refused("round_over")
    seat = g.seat_of.get(action.player)
    if seat is None:
        seat = g.seat_named(action.player)    # refuses it
    if not g.active[seat]:
        raise Refused("not_your_turn", f"{action.player} is out of this round")
    verb = action.verb
    variant = g.variant
    # the most common verbs of the classic family, called directly (compiled: a native call)
    if variant.classic:
        if verb == "play":
            return check_play(g, seat, action)
        if verb == "draw":
            return check_draw(g, seat, action)
    found = variant.checks.get(verb)
    if found is None:
        raise Refused("bad_action", f"{verb} is not part of the {g.edition.name} edition")
    return found(g, seat, action)


def _copied(value: Any) -> Any:
    """A deep copy of the plain state values (lists, dicts, numbers, strings)."""
    if isinstance(value, list):
        return [_copied(v) for v in value]
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    return value

