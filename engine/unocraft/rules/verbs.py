"""The verbs besides playing a card and challenging: `draw` (a turn's draw, or accepting
a draw card, §3, §4; `draw: until_playable`), `pass` (after the draw, or a house rule's
pass), the UNO call and the catch (§7), and the colour a wild's player chooses.
"""

from __future__ import annotations

from .actions import Action
from .cards import Colour, COLOUR_NAMES
from .errors import Refused
from .events import Caught, ColourChosen, FalseCatch, MayPlayDrawn, Uno
from .hooks import Apply
from .pending import Choice, Drawn, Penalty, owed_by
from .plays import Plays


class Verbs(Plays):
    # ----------------------------------------------------------------- draw
    def _check_draw(self, seat: int, action: Action) -> Apply:
        p = self.pending
        if p is not None:
            if isinstance(p, Penalty):
                if seat != p.victim:
                    raise Refused("not_your_turn")
                return lambda: self._accept_penalty(seat)
            if seat == owed_by(p):
                raise Refused("choose_first")
            if isinstance(p, Drawn) and seat == self.turn:
                raise Refused("only_drawn_card", "play the drawn card or pass")
            raise Refused("not_your_turn")
        if seat != self.turn:
            raise Refused("not_your_turn")
        for rule in self.draw_rules:
            rule.check_draw(self, seat)
        return lambda: self._apply_draw(seat)


    def _apply_draw(self, seat: int) -> None:
        self._close_windows(seat, played=False)
        until = self.opts.draw == "until_playable"
        while True:
            got = self.take(seat, 1, reason="turn")
            if not got:
                self._nothing_to_draw(seat)
                return
            card = got[0]
            if self.can_play(seat, card):
                self.pending = Drawn(card)
                if self.record_events:
                    name = self.names[seat]
                    self.emit(MayPlayDrawn(name, str(self.face(card)), to=name))
                return
            if not until:
                self.begin_turn(self.next_seat(seat))
                return


    def _check_pass(self, seat: int, action: Action) -> Apply:
        p = self.pending
        if p is not None:
            for rule in self.pass_rules:
                apply = rule.check_pass(self, seat, p)
                if apply is not None:
                    return apply
        if isinstance(p, Drawn) and seat == self.turn:
            return lambda: self.begin_turn(self.next_seat(seat))
        if p is not None and seat == owed_by(p):
            raise Refused("choose_first")
        if isinstance(p, Penalty) and seat == p.victim:
            raise Refused("answer_first", "draw the cards or answer the draw card")
        if seat != self.turn or p is not None:
            raise Refused("not_your_turn")
        raise Refused("draw_first")


    # -------------------------------------------------------------- UNO call
    def _check_uno(self, seat: int, action: Action) -> Apply:
        hand = self.hands[seat]
        if seat in self.catchable:
            return lambda: self._apply_uno(seat, late=True)
        if seat == self.turn and len(hand) == 2 and seat not in self.uno_called and \
                (self.pending is None or isinstance(self.pending, (Drawn, Penalty))):
            return lambda: self._apply_uno(seat, late=False)
        raise Refused("nothing_to_call", "UNO is called with two cards before playing, "
                                         "or right after playing the next-to-last card")

    def _check_dos(self, seat: int, action: Action) -> Apply:
        raise Refused("bad_action", "DOS is called in the dos edition; here call uno")

    def _apply_uno(self, seat: int, late: bool) -> None:
        if late:
            self.catchable.discard(seat)
        else:
            self.uno_called.add(seat)
        self.emit(Uno(self.names[seat]))
        for rule in self.uno_hooks:
            rule.after_uno(self, seat)

    def _check_catch(self, seat: int, action: Action) -> Apply:
        target = self.seat_named(action.target or "")
        if target == seat:
            raise Refused("illegal_target", "you cannot catch yourself")
        if target in self.catchable:
            return lambda: self._apply_catch(seat, target)
        if self.opts.false_catch_penalty > 0:
            return lambda: self._apply_false_catch(seat, target)
        raise Refused("nothing_to_catch", f"{action.target} cannot be caught now")

    def _apply_catch(self, seat: int, target: int) -> None:
        self.catchable.discard(target)
        self.emit(Caught(self.names[seat], self.names[target], self.opts.uno_penalty))
        self.take(target, self.opts.uno_penalty, reason="uno_penalty")

    def _apply_false_catch(self, seat: int, target: int) -> None:
        self.emit(FalseCatch(self.names[seat], self.names[target], self.opts.false_catch_penalty))
        self.take(seat, self.opts.false_catch_penalty, reason="false_catch")

    # --------------------------------------------------------- choices: colour
    def _check_colour(self, seat: int, action: Action) -> Apply:
        p = self.pending
        if not isinstance(p, Choice) or p.kind != "colour":
            raise Refused("bad_action", "no colour to choose now")
        if seat != p.who:
            raise Refused("not_your_turn")
        colour = action.colour
        if colour is None or colour not in self.side_colours:
            raise Refused("bad_action", f"{COLOUR_NAMES.get(action.colour or '', action.colour)} is not a colour of this side")
        then = p.then
        return lambda: self._apply_colour(seat, colour, then)

    def _apply_colour(self, seat: int, colour: Colour, then: int) -> None:
        self.colour = colour
        self.emit(ColourChosen(self.names[seat], COLOUR_NAMES[colour]))
        self.begin_turn(then)

