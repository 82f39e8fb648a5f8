"""The end of a round: a player out of cards (§16.2: the next player still draws a
draw card's cards; until_the_last and seven_rounds go on through their hooks), a
round nobody can finish (every card held, or `turn_limit`), and dealing the next
round (the deal passes clockwise; lazy: the loser deals). The scoring itself, and
what a hand counts, are scoring.py's.
"""

from __future__ import annotations

from .cards import Card
from .dealing import begin_turn, deal_rigged, deal_round, penalize
from .errors import Refused
from .events import Blocked, Event
from .pending import Penalty
from .scoring import hand_points, score_round
from .state import GameState


# ------------------------------------------------------ end of a round
def out_of_cards(g: GameState, seat: int, face: Card, pending_amount: Penalty | None = None) -> bool:
    """`seat` has no card left. True when the round is over."""
    winner = seat
    for rule in g.out_hooks:
        if rule.went_out(g, seat):
            return False
        winner = rule.round_winner(g, winner)
    # §16.2: the round ends at once; the next player still draws the cards.
    victim = g.next_seat(seat)
    if pending_amount is not None:
        victim = pending_amount.victim
        penalize(g, victim, pending_amount.amount, g.colour)
    elif face.is_draw:
        penalize(g, victim, face.draw_amount, g.colour)
    end_round(g, winner, face)
    return True


def end_round(g: GameState, winner: int, last: Card | None) -> None:
    g.pending = None
    g.catchable.clear()
    g.reset_house_state(round_over=True)
    score_round(g, winner, last)


def start_next_round(g: GameState, rigged: tuple[list[int], list[list[int]] | None, list[int] | None] | None = None
                     ) -> list[Event]:
    """Deal the next round: the deal passes clockwise (lazy: the loser deals,
    the winner starts). `rigged` (a scenario file's `next_round`): the deal's
    (order, hands, start) as `rigged()` takes them, instead of a shuffle."""
    if g.phase == "play":
        raise Refused("round_not_over", "the round is still being played")
    if g.phase == "match_over" and g.opts.scoring != "lazy":
        raise Refused("game_over")
    g._undo.clear()
    g._events = []
    n = len(g.names)
    g.active = [not e for e in g.eliminated]
    if g.opts.scoring == "lazy" and g.round_loser is not None:
        g.dealer = g.round_loser
    else:
        seat = g.dealer
        for _ in range(n):
            seat = (seat + 1) % n
            if g.active[seat]:
                break
        g.dealer = seat
    g.hands = [[] for _ in range(n)]
    g.pending = None
    g.uno_called.clear()
    g.catchable.clear()
    g.reset_house_state()
    g.blocked = 0
    g.turns_this_round = 0
    g.revealed = {}
    g.last_player = None
    g.phase = "play"
    g.round_winner = None
    if rigged is None:
        deal_round(g)
    else:
        deal_rigged(g, *rigged)
    g.match_winners = []   # (read until now: with lazy scoring the last winner starts, dealing.first_player)
    g.seq += 1
    events, g._events = g._events, []
    return events


def nothing_to_draw(g: GameState, seat: int) -> None:
    """Every card is in a hand. When each player in turn has found nothing to
    draw, nobody can move on: the round ends blocked and the lowest hand wins
    (the sources are silent; without this a round could never end)."""
    g.blocked += 1
    if g.blocked >= g.active_count:
        end_blocked_round(g, "blocked")
        return
    begin_turn(g, g.next_seat(seat))


def end_blocked_round(g: GameState, reason: str) -> None:
    """A round nobody can finish (every card held, or `turn_limit` turns played):
    the player with the fewest points in hand wins it."""
    seats = [q for q in range(len(g.names)) if g.active[q]]
    winner = min(seats, key=lambda q: (hand_points(g, q), len(g.hands[q])))
    g.emit(Blocked(g.names[winner], reason))
    for rule in g.out_hooks:
        winner = rule.round_winner(g, winner)
    last = g.top_face if g.discard else None   # DOS: the pile may be empty
    end_round(g, winner, last)

