"""The end of a round: a player out of cards (§16.2: the next player still draws a
draw card's cards; until_the_last and seven_rounds go on through their hooks), a
round nobody can finish (every card held, or `turn_limit`), the hand's points, and
dealing the next round (the deal passes clockwise; lazy: the loser deals). The
scoring itself is `Game`'s (scoring.py).
"""

from __future__ import annotations

from .cards import Card
from .dealing import Dealing
from .errors import Refused
from .events import Blocked, Event
from .pending import Penalty


class RoundEnd(Dealing):
    # ------------------------------------------------------ end of a round
    def out_of_cards(self, seat: int, face: Card, pending_amount: Penalty | None = None) -> bool:
        """`seat` has no card left. True when the round is over."""
        winner = seat
        for rule in self.out_hooks:
            if rule.went_out(self, seat):
                return False
            winner = rule.round_winner(self, winner)
        # §16.2: the round ends at once; the next player still draws the cards.
        victim = self.next_seat(seat)
        if pending_amount is not None:
            victim = pending_amount.victim
            self._penalize(victim, pending_amount.amount, self.colour)
        elif face.is_draw:
            self._penalize(victim, face.draw_amount, self.colour)
        self._end_round(winner, face)
        return True

    def hand_points(self, seat: int) -> int:
        """What `seat`'s hand counts (§8): a house rule's count, else the edition's points."""
        for rule in self.points_rules:
            points = rule.hand_points(self, seat)
            if points >= 0:
                return points
        return sum(self.edition.points(self.face(c)) for c in self.hands[seat])

    def _end_round(self, winner: int, last: Card | None) -> None:
        self.pending = None
        self.catchable.clear()
        self.reset_house_state(round_over=True)
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
        self.reset_house_state()
        self.blocked = 0
        self.turns_this_round = 0
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
                self.begin_turn(starter)
        self.match_winners = []
        self.seq += 1
        events, self._events = self._events, []
        return events


    def _nothing_to_draw(self, seat: int) -> None:
        """Every card is in a hand. When each player in turn has found nothing to
        draw, nobody can move on: the round ends blocked and the lowest hand wins
        (the sources are silent; without this a round could never end)."""
        self.blocked += 1
        if self.blocked >= self.active_count:
            self._end_blocked_round("blocked")
            return
        self.begin_turn(self.next_seat(seat))

    def _end_blocked_round(self, reason: str) -> None:
        """A round nobody can finish (every card held, or `turn_limit` turns played):
        the player with the fewest points in hand wins it."""
        seats = [q for q in range(len(self.names)) if self.active[q]]
        winner = min(seats, key=lambda q: (self.hand_points(q), len(self.hands[q])))
        self.emit(Blocked(self.names[winner], reason))
        for rule in self.out_hooks:
            winner = rule.round_winner(self, winner)
        last = self.top_face if self.discard else None   # DOS: the pile may be empty
        self._end_round(winner, last)

