"""Playing a card (§3, §4, §6, §11): the `play` and `jump` checks (in turn, the drawn
card, out of turn by a jump rule, a draw card answered, two cards with play_doubles:
together), restricted wilds and bluffing (§3, §5), laying the card, and its effect:
Skip, Reverse, Ender, Flip, draw cards, numbers (the house rules' effects).
"""

from __future__ import annotations

from .actions import Action
from .answers import Answers
from .cards import Card, Colour, ColourInPlay, COLOUR_NAMES, RESTRICTED_WILDS
from .errors import Refused
from .events import ChooseColour, Direction, Flip, JumpIn, Play
from .hooks import Apply
from .pending import Choice, Drawn, Penalty, owed_by


class Plays(Answers):
    # ----------------------------------------------------------------- play
    def _check_jump(self, seat: int, action: Action) -> Apply:
        return self._check_play(seat, action, jump=True)

    def _check_play(self, seat: int, action: Action, jump: bool = False) -> Apply:
        refs = action.cards
        pair_rule = self.pair_rule
        if len(refs) == 2:
            if pair_rule is None:
                raise Refused("option_off", "playing two cards at once needs play_doubles: together")
        elif len(refs) != 1:
            raise Refused("bad_action", "play one card")
        first = self.find_card(seat, refs[0])
        pending = self.pending
        if pending is not None and isinstance(pending, Drawn) and seat == self.turn \
                and self._names(refs[0], pending.card):
            first = pending.card         # identical copies: the one just drawn is meant
        cards = [first]
        if pair_rule is not None and len(refs) == 2:
            cards.append(pair_rule.second_card(self, seat, refs[1], first))
        face = self.faces[self.side][first]
        if pending is not None:   # (the common case, nothing pending, tests no class)
            if isinstance(pending, Penalty):
                if seat != pending.victim:
                    raise Refused("not_your_turn")
                if len(cards) != 1:
                    raise Refused("illegal_card", "answer a draw card with one card")
                return self._check_answer(seat, first, face, action.colour)
            if isinstance(pending, Drawn):
                if seat != self.turn:
                    raise Refused("not_your_turn")
                if first != pending.card or len(cards) != 1:
                    raise Refused("only_drawn_card")
            elif seat == owed_by(pending):
                raise Refused("choose_first", f"choose ({pending.kind}) first")
            else:
                raise Refused("not_your_turn")
        if seat != self.turn:
            self._check_jump_in(seat, face, cards, jump)
            is_jump = True
        else:
            is_jump = False
            if not self.is_playable(face):
                raise Refused("illegal_card", f"{face} does not match {self.top_face} / {self.colour}")
        colour = self._wild_colour(face, action.colour) if face.is_wild else None
        guilty = face.is_wild and self._check_restricted(seat, face, first)
        return lambda: self._apply_play(seat, cards, colour, guilty, is_jump)

    def _check_jump_in(self, seat: int, face: Card, cards: list[int], named: bool) -> None:
        """A play out of turn: a house rule must allow it (jump_in, play_doubles:
        sequential). `named`: the player said `jump` (refused as option_off where no
        rule jumps in)."""
        for rule in self.jump_rules:
            if rule.allows_jump(self, seat, face, cards):
                return
        if named and not self.jump_rules:
            raise Refused("option_off", "this table plays without jump-in")
        raise Refused("not_your_turn")

    def _check_restricted(self, seat: int, face: Card, card: int) -> bool:
        """+4 / Wild Draw Two / Colour only without a card of the current colour (§3).
        Returns whether the play is guilty (judged now, §5)."""
        if face.rank not in RESTRICTED_WILDS:
            return False
        guilty = self.holds_colour(seat, self.colour, except_card=card)
        if guilty and not self.opts.bluffing:
            raise Refused("illegal_card", f"{face} only without a card of the current colour")
        return guilty

    def _apply_play(self, seat: int, cards: list[int], colour: Colour | None, guilty: bool,
                    is_jump: bool) -> None:
        self._close_windows(seat, played=True)
        if is_jump:
            self.emit(JumpIn(self.names[seat]))
            self.turn = seat
        self.pending = None
        if not self.lay_card(seat, cards[0], colour, guilty) or len(cards) == 1:
            return
        if self.pair_rule is not None:
            self.pair_rule.lay_second(self, seat, cards[1], colour)

    def lay_card(self, seat: int, card: int, colour: Colour | None, guilty: bool) -> bool:
        """Put `card` from `seat`'s hand on the pile and apply it. False: the round ended."""
        face = self.faces[self.side][card]
        prev_colour = self.colour
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.start_top = False
        self.last_player = seat
        self.blocked = 0
        self.colour = self._new_colour(face, colour)
        if self.record_events:
            self.emit(Play(self.names[seat], str(face), COLOUR_NAMES.get(self.colour, "")))
        self.after_lay_bookkeeping(seat, face, prev_colour)
        if not self.hands[seat]:
            if self.out_of_cards(seat, face):
                return False
        self._effect(seat, card, face, guilty, prev_colour)
        return self.phase == "play"


    def _effect(self, seat: int, card: int, face: Card, guilty: bool, prev_colour: ColourInPlay) -> None:
        rank = face.rank
        if rank == "S":
            victim = self.next_seat(seat)
            self.begin_turn(self.next_seat(seat, 2), skipped=[victim])
        elif rank == "E":
            self.begin_turn(seat if self.active[seat] else self.next_seat(seat),
                             skipped=self.others(seat))
        elif rank == "R":
            if self.active_count == 2:
                victim = self.next_seat(seat)
                self.begin_turn(self.next_seat(seat, 2), skipped=[victim])
            else:
                self.direction = -self.direction
                if self.record_events:
                    self.emit(Direction(self.direction_name))
                self.begin_turn(self.next_seat(seat))
        elif rank == "F":
            self._flip_piles()
            self.emit(Flip(self.side_name, str(self.top_face)))
            if self.top_face.is_wild:   # the player of the Flip chooses (the next one if it went out)
                chooser = seat if self.active[seat] else self.next_seat(seat)
                self.colour = ""
                self.turn = chooser
                self.pending = Choice("colour", chooser, then=self.next_seat(seat))
                self.emit(ChooseColour(self.names[chooser]))
            else:
                self.colour = self.top_face.colour or ""
                self.begin_turn(self.next_seat(seat))
        elif face.is_draw:
            self._draw_card(seat, card, face, guilty, prev_colour)
        else:
            if self.effect_hooks:
                gone = not self.hands[seat]   # until_the_last: out, no swap or rotation (§16.11)
                for rule in self.effect_hooks:
                    if rule.effect(self, seat, card, face, gone):
                        return
            self.begin_turn(self.next_seat(seat))

