"""When a table's clocks next need the engine: the wake-up time the lifecycle keeps in its heap
(lifecycle.py), computed from the table and the timers alone."""

from __future__ import annotations

from .config import Timers
from .table import Table


def wake_up(t: Table, now: float, timers: Timers) -> float | None:
    """When the table's clocks next need the engine (None: not until something happens to it):
    a lobby countdown, a bot's move, bots' out-of-turn reactions after the catch window, a
    turn-timer warning or timeout, a rejoin deadline, the next round."""
    if t.state == "lobby":
        return t.countdown_at
    if t.state != "playing" or t.game is None:
        return None
    if abandoned(t) or t.game.phase != "play" and t.next_round_at is None:
        return now          # closes, or the round is over: the tick sets the next round or closes
    due: list[float] = [s.away_since + timers.rejoin for s in t.humans() if s.away_since is not None]
    if t.game.phase != "play":
        return min(due + [t.next_round_at or now])
    seat = t.seat(t.actor_name() or "")     # no seat is named ""
    if seat is not None and seat.bot:
        due.append(t.changed_at + timers.bot_think)
    elif seat is not None:
        # the turn timer acts, as every clock of a game in play, only once the bots' think time since
        # the table's last change is over (lifecycle._drive): waking before would spin the loop (a
        # stand-in's UNO call after a timeout changes the table and leaves the turn to play)
        after = t.changed_at + timers.bot_think
        due.append(max(t.turn_started + timers.turn, after))
        if not t.warned and seat.away_since is None:
            due.append(max(t.turn_started + timers.turn - timers.turn_warning, after))
    # the bots' reactions are looked at once, when the catch window and their think time are
    # both over; waking up again until then would spin the loop
    react_at = t.changed_at + max(timers.catch_window, timers.bot_think)
    if now < react_at and any(s.bot for s in t.seats) and t.game.may_act_out_of_turn():
        due.append(react_at)
    return min(due, default=None)


def abandoned(t: Table) -> bool:
    """Nobody left at the table who is not a bot, and nobody watching: it closes."""
    return not any(s.human for s in t.seats) and not t.spectators
