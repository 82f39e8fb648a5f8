"""Draw cards and their answers (§5, §9, §16.1): a draw card laid makes its victim
draw at once or, when it can be answered (a challenge, a house rule's answer), leaves
a `penalty` pending; the answers (`_check_answer`, reached from the `play` check),
accepting the draw, and the challenge of a Wild Draw Four (§5). Also what laying a
card and answering with one share: the colour a card sets, and the UNO call's
bookkeeping after a card leaves the hand (§7).
"""

from __future__ import annotations

from .actions import Action
from .cards import Card, Colour, ColourInPlay, COLOUR_NAMES, RESTRICTED_WILDS
from .errors import Refused
from .events import CardReturned, Challenge, MustAnswer, Play, UnoSafe
from .hooks import Apply, HouseRule
from .pending import Penalty
from .round_end import RoundEnd


class Answers(RoundEnd):
    # --------------------------------------------------- laying a card (shared)
    def _wild_colour(self, face: Card, colour: Colour | None) -> Colour | None:
        if not face.is_wild:
            return None
        if self.colour_rule is not None:
            return None  # decided when applied, by the rule
        if colour is None:
            raise Refused("wild_needs_colour", f"name a colour for {face}")
        if colour not in self.side_colours:
            raise Refused("bad_action", f"{COLOUR_NAMES[colour]} is not a colour of this side")
        return colour


    def _new_colour(self, face: Card, chosen: Colour | None) -> ColourInPlay:
        if not face.is_wild:
            return face.colour or ""
        if self.colour_rule is not None:
            return self.colour_rule.new_colour(self, face)
        return chosen or ""

    def after_lay_bookkeeping(self, seat: int, face: Card, prev_colour: ColourInPlay) -> None:
        """UNO call state (§7), and the house rules' bookkeeping, after a card is laid."""
        left = len(self.hands[seat])
        if left == 1:
            if seat in self.uno_called:
                if self.record_events:
                    self.emit(UnoSafe(self.names[seat]))
            else:
                self.catchable.add(seat)
        self.uno_called.discard(seat)
        for rule in self.lay_hooks:
            rule.after_lay(self, seat, face, prev_colour)


    # ------------------------------------------------------------ draw cards
    def _answerable(self, rank: str) -> bool:
        """Whether the victim of a draw card gets to answer it (§16.1): a house rule
        gives an answer to it."""
        return any(rule.answerable(self, rank) for rule in self.answer_rules)

    def _draw_card(self, seat: int, card: int, face: Card, guilty: bool, prev_colour: ColourInPlay) -> None:
        victim = self.next_seat(seat)
        challengeable = face.rank in RESTRICTED_WILDS and self.opts.challenge != "off"
        if challengeable or self._answerable(face.rank):
            self.turn = victim
            self.pending = Penalty(victim, seat, face.rank, face.draw_amount, card, guilty, prev_colour,
                                   challengeable, tuple(self.hands[seat]) + (card,))
            if self.record_events:
                self.emit(MustAnswer(self.names[victim], str(face), face.draw_amount))
        else:
            # A draw dealt at once is no turn of the victim's: catch windows stay open.
            self._penalize(victim, face.draw_amount, self.colour)
            self.begin_turn(self.next_seat(victim), skipped=[victim])

    def answer_kind(self, face: Card) -> str | None:
        """How `face` answers the pending draw card, or None (§9, §10, §16.4): the
        first house rule that gives an answer."""
        for rule in self.answer_rules:
            answer = rule.answer_kind(self, face)
            if answer is not None:
                return answer
        return None

    def _check_answer(self, seat: int, card: int, face: Card, colour: Colour | None) -> Apply:
        """`card` answers the pending draw card under the first house rule it fits."""
        for rule in self.answer_rules:
            answer = rule.answer_kind(self, face)
            if answer is not None:
                chosen = self._wild_colour(face, colour)
                given: str = answer
                return lambda: self._apply_answer(seat, card, chosen, rule, given)
        raise Refused("illegal_card", f"{face} does not answer a {self.penalty().rank}")

    def _apply_answer(self, seat: int, card: int, colour: Colour | None, rule: HouseRule,
                      answer: str) -> None:
        self._close_windows(seat, played=True)
        answered = self.penalty()
        face = self.face(card)
        prev_colour = self.colour
        hand_then = list(self.hands[seat])
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.last_player = seat
        self.blocked = 0
        self.colour = self._new_colour(face, colour)
        self.emit(Play(self.names[seat], str(face), COLOUR_NAMES.get(self.colour, ""), answer))
        self.after_lay_bookkeeping(seat, face, prev_colour)
        p = rule.apply_answer(self, seat, card, face, answered, prev_colour, hand_then)
        if not self.hands[seat]:
            if self.out_of_cards(seat, face, pending_amount=p):
                return
        self.pending = p
        self.turn = p.victim
        self.emit(MustAnswer(self.names[p.victim], p.rank, p.amount))


    def _accept_penalty(self, seat: int) -> None:
        p = self.penalty()
        self._close_windows(seat, played=False)
        self.pending = None
        self._penalize(seat, p.amount, self.colour)
        self.begin_turn(self.next_seat(seat), skipped=[seat])


    # -------------------------------------------------------------- challenge
    def _check_challenge(self, seat: int, action: Action) -> Apply:
        p = self.pending
        if self.opts.challenge == "off":
            raise Refused("option_off", "this table plays without challenges")
        if not isinstance(p, Penalty) or not p.challengeable:
            raise Refused("nothing_to_challenge")
        if seat != p.victim:
            raise Refused("not_your_turn", "only the player who must draw may challenge")
        return lambda: self._apply_challenge(seat)

    def _apply_challenge(self, seat: int) -> None:
        p = self.penalty()
        offender = p.source
        self._close_windows(seat, played=False)
        self.pending = None
        guilty = p.guilty
        amount = p.amount if guilty else (None if p.amount is None else p.amount + 2)
        if self.record_events:
            self.emit(Challenge(self.names[seat], self.names[offender], guilty, amount,
                                self.codes(list(p.hand_then)), to=self.names[seat]))
        self.revealed = {seat: list(p.hand_then)}
        if guilty:
            if self.opts.challenge == "ru":
                card = p.card
                # it goes back unless a reshuffle took it (under a second card played
                # with it, play_doubles) or it must stay as the only card of the pile
                if card in self.discard and (len(self.discard) > 1 or self.draw_pile):
                    self.discard.remove(card)
                    if not self.discard:   # the +4 was alone on the pile (just reshuffled)
                        self.discard.append(self.draw_pile.pop())
                    self.hands[offender].append(card)
                    self.colour = p.prev_colour
                    self.catchable.discard(offender)
                    self.emit(CardReturned(self.names[offender], str(self.face(card))))
                self.take(offender, 4 if p.amount is None else p.amount, reason="challenge")
            else:
                self._penalize(offender, p.amount, self.colour, reason="challenge")
            self.begin_turn(seat)
        else:
            self._penalize(seat, p.amount, self.colour, extra=2, reason="challenge")
            self.begin_turn(self.next_seat(seat), skipped=[seat])

