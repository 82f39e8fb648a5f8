"""Dealing and drawing: a match's set-up (`new`, a scenario's `rigged` position),
choosing the dealer (§2), each round's deal and start card (§2, §11's flip start),
drawing from the pile with its reshuffle (§3), Creepers drawn (§6), penalties
drawn, and the start of a turn with the closing of the catch windows (§7).
"""

from __future__ import annotations

from typing import Self

from .cards import Card
from .editions import Deck
from .errors import ConfigError
from .events import (ChooseColour, Creeper, Dealer, DealerDraw, Dealt, Draw, Reshuffle, StartCard, StartCardReturned,
                     Turn)
from .hooks import HAND_SIZE
from .options import Options
from .pending import Choice
from .state import GameState


class Dealing(GameState):
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
                self.emit(DealerDraw({self.names[p]: str(self.faces[0][c]) for p, c in drawn.items()}))
            best = max(values.values())
            contenders = [p for p in contenders if values[p] == best]
            if len(contenders) == 1 or len(cards) < len(contenders):
                self.emit(Dealer(self.names[contenders[0]]))
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
                self.emit(Dealt(len(self.hands[p]), self.codes(self.hands[p]), to=self.names[p]))

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
                self.emit(StartCardReturned(str(face)))
                continue
            if face.rank == "F" and self.opts.flip_start_card == "flip":
                self.emit(StartCard(str(face)))
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
            self.emit(StartCard(str(face), self.names[self.dealer]))
        first = self.next_seat(self.dealer)
        self.colour = face.colour or ""
        two = self.active_count == 2
        if face.rank == "S":
            self.begin_turn(self.next_seat(first), skipped=[first])
        elif face.rank == "R":
            if two:
                self.begin_turn(self.next_seat(first), skipped=[first])
            else:
                self.direction = -1
                self.begin_turn(self.dealer)
        elif face.rank in ("+2", "+1"):
            self.take(first, face.draw_amount, reason="start_card")
            self.begin_turn(self.next_seat(first), skipped=[first])
        elif face.is_wild:   # Wild or Creeper: the first player chooses the colour
            self.turn = first
            self.pending = Choice("colour", first, then=first)
            self.emit(ChooseColour(self.names[first]))
        else:
            self.begin_turn(first)

    def _start_card_refused(self, face: Card) -> bool:
        if self.opts.start_card == "number_only":
            return not face.is_number
        if face.rank in ("W+4", "W+2", "WC", "W+10"):
            return True
        if self.opts.start_card == "no_wilds" and face.is_wild:   # 002: a Wild goes back too
            return True
        return face.rank == "F" and self.opts.flip_start_card == "redraw"


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
        self.emit(Reshuffle(len(pile)))
        return True

    def _pop_draw(self) -> int | None:
        if not self.draw_pile and not self._reshuffle():
            return None
        return self.draw_pile.pop()

    def take(self, seat: int, count: int | None, reason: str, until_colour: str | None = None,
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
            name = self.names[seat]
            self.emit(Draw(name, len(got), reason, self.codes(got), to=name))
        if got:
            self.uno_called.discard(seat)
            if len(self.hands[seat]) != 1:
                self.catchable.discard(seat)
        for _ in triggered:
            self._creeper(seat)
        return got

    def _creeper(self, seat: int) -> None:
        """§6: a Creeper drawn is shown; its drawer (or every other player) draws 3."""
        self.emit(Creeper(self.names[seat]))
        if self.opts.creeper_targets == "self":
            self.take(seat, 3, reason="creeper", creepers=False)
        else:
            for q in self.others(seat):
                self.take(q, 3, reason="creeper", creepers=False)

    def _penalize(self, seat: int, amount: int | None, colour: str | None, extra: int = 0,
                  reason: str = "draw_card") -> None:
        """Draw `amount` cards, or until `colour` (Wild Draw Colour), then `extra`."""
        if amount is None:
            self.take(seat, None, reason, until_colour=colour)
        elif amount:
            self.take(seat, amount, reason)
        if extra:
            self.take(seat, extra, reason)

    # ------------------------------------------------------------- turn flow
    def begin_turn(self, seat: int, skipped: list[int] | None = None) -> None:
        """`seat`'s turn begins (nothing pending); `skipped`: the seats passed over."""
        self.turn = seat
        self.turns_this_round += 1
        self.pending = None
        for rule in self.turn_hooks:
            rule.begin_turn(self, seat)
        if self.record_events:
            self.emit(Turn(self.names[seat], [self.names[s] for s in skipped] if skipped else []))

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

