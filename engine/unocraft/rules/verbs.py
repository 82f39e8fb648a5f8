"""The verbs besides playing a card and challenging: `draw` (a turn's draw, or accepting
a draw card, §3, §4; `draw: until_playable`), `pass` (after the draw, or a house rule's
pass), the UNO call and the catch (§7), and the colour a wild's player chooses.
"""

from __future__ import annotations

from .actions import Action
from .answers import accept_penalty
from .cards import Colour, COLOUR_NAMES
from .dealing import begin_turn, close_windows, take
from .errors import Refused
from .events import Caught, ColourChosen, FalseCatch, MayPlayDrawn, Uno
from .hooks import Apply
from .pending import Choice, Drawn, Penalty, owed_by
from .round_end import nothing_to_draw
from .state import GameState


# ----------------------------------------------------------------- draw
def check_draw(g: GameState, seat: int, action: Action) -> Apply:
    p = g.pending
    if p is not None:
        if isinstance(p, Penalty):
            if seat != p.victim:
                raise Refused("not_your_turn")
            return lambda: accept_penalty(g, seat)
        if seat == owed_by(p):
            raise Refused("choose_first")
        if isinstance(p, Drawn) and seat == g.turn:
            raise Refused("only_drawn_card", "play the drawn card or pass")
        raise Refused("not_your_turn")
    if seat != g.turn:
        raise Refused("not_your_turn")
    for rule in g.draw_rules:
        rule.check_draw(g, seat)
    return lambda: apply_draw(g, seat)


def apply_draw(g: GameState, seat: int) -> None:
    close_windows(g, seat, played=False)
    until = g.opts.draw == "until_playable"
    while True:
        got = take(g, seat, 1, reason="turn")
        if not got:
            nothing_to_draw(g, seat)
            return
        card = got[0]
        if g.can_play(seat, card):
            g.pending = Drawn(card)
            if g.record_events:
                name = g.names[seat]
                g.emit(MayPlayDrawn(name, str(g.face(card)), to=name))
            return
        if not until:
            begin_turn(g, g.next_seat(seat))
            return


def check_pass(g: GameState, seat: int, action: Action) -> Apply:
    p = g.pending
    if p is not None:
        for rule in g.pass_rules:
            apply = rule.check_pass(g, seat, p)
            if apply is not None:
                return apply
    if isinstance(p, Drawn) and seat == g.turn:
        return lambda: begin_turn(g, g.next_seat(seat))
    if p is not None and seat == owed_by(p):
        raise Refused("choose_first")
    if isinstance(p, Penalty) and seat == p.victim:
        raise Refused("answer_first", "draw the cards or answer the draw card")
    if seat != g.turn or p is not None:
        raise Refused("not_your_turn")
    raise Refused("draw_first")


# -------------------------------------------------------------- UNO call
def check_uno(g: GameState, seat: int, action: Action) -> Apply:
    hand = g.hands[seat]
    if seat in g.catchable:
        if g.opts.uno_call == "before_play":
            raise Refused("uno_too_late", "the card is down: UNO is called as the next-to-last card is played")
        return lambda: apply_uno(g, seat, late=True)
    if seat == g.turn and len(hand) == 2 and seat not in g.uno_called and \
            (g.pending is None or isinstance(g.pending, (Drawn, Penalty))):
        return lambda: apply_uno(g, seat, late=False)
    raise Refused("nothing_to_call", "UNO is called with two cards before playing, "
                                     "or right after playing the next-to-last card")


def check_dos(g: GameState, seat: int, action: Action) -> Apply:
    raise Refused("bad_action", "DOS is called in the dos edition; here call uno")


def apply_uno(g: GameState, seat: int, late: bool) -> None:
    if late:
        g.catchable.discard(seat)
    else:
        g.uno_called.add(seat)
    g.emit(Uno(g.names[seat]))
    for rule in g.uno_hooks:
        rule.after_uno(g, seat)


def check_catch(g: GameState, seat: int, action: Action) -> Apply:
    target = g.seat_named(action.target or "")
    if target == seat:
        raise Refused("illegal_target", "you cannot catch yourself")
    if target in g.catchable:
        return lambda: apply_catch(g, seat, target)
    if g.opts.false_catch_penalty > 0:
        return lambda: apply_false_catch(g, seat, target)
    raise Refused("nothing_to_catch", f"{action.target} cannot be caught now")


def apply_catch(g: GameState, seat: int, target: int) -> None:
    g.catchable.discard(target)
    g.emit(Caught(g.names[seat], g.names[target], g.opts.uno_penalty))
    take(g, target, g.opts.uno_penalty, reason="uno_penalty")


def apply_false_catch(g: GameState, seat: int, target: int) -> None:
    g.emit(FalseCatch(g.names[seat], g.names[target], g.opts.false_catch_penalty))
    take(g, seat, g.opts.false_catch_penalty, reason="false_catch")


# --------------------------------------------------------- choices: colour
def check_colour(g: GameState, seat: int, action: Action) -> Apply:
    p = g.pending
    if not isinstance(p, Choice) or p.kind != "colour":
        raise Refused("bad_action", "no colour to choose now")
    if seat != p.who:
        raise Refused("not_your_turn")
    colour = action.colour
    if colour is None or colour not in g.side_colours:
        raise Refused("bad_action", f"{COLOUR_NAMES.get(action.colour or '', action.colour)} is not a colour of this side")
    then = p.then
    return lambda: apply_colour(g, seat, colour, then)


def apply_colour(g: GameState, seat: int, colour: Colour, then: int) -> None:
    g.colour = colour
    g.emit(ColourChosen(g.names[seat], COLOUR_NAMES[colour]))
    begin_turn(g, then)

