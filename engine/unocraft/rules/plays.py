"""Playing a card (§3, §4, §6, §11): the `play` and `jump` checks (in turn, the drawn
card, out of turn by a jump rule, a draw card answered, two cards with play_doubles:
together), restricted wilds and bluffing (§3, §5), laying the card, and its effect:
Skip, Reverse, Ender, Flip, draw cards, numbers (the house rules' effects).
"""

from __future__ import annotations

from .actions import Action
from .answers import after_lay_bookkeeping, check_answer, draw_card, new_colour, wild_colour
from .cards import Card, Colour, ColourInPlay, COLOUR_NAMES, RESTRICTED_WILDS
from .dealing import begin_turn, close_windows
from .errors import Refused
from .events import ChooseColour, Direction, Flip, JumpIn, Play
from .hooks import Apply
from .pending import Choice, Drawn, Penalty, owed_by
from .round_end import out_of_cards
from .state import GameState


# ----------------------------------------------------------------- play
def check_jump(g: GameState, seat: int, action: Action) -> Apply:
    return check_play(g, seat, action, jump=True)


def check_play(g: GameState, seat: int, action: Action, jump: bool = False) -> Apply:
    refs = action.cards
    pair_rule = g.pair_rule
    if len(refs) == 2:
        if pair_rule is None:
            raise Refused("option_off", "playing two cards at once needs play_doubles: together")
    elif len(refs) != 1:
        raise Refused("bad_action", "play one card")
    first = g.find_card(seat, refs[0])
    pending = g.pending
    if pending is not None and isinstance(pending, Drawn) and seat == g.turn \
            and g._names(refs[0], pending.card):
        first = pending.card         # identical copies: the one just drawn is meant
    cards = [first]
    if pair_rule is not None and len(refs) == 2:
        cards.append(pair_rule.second_card(g, seat, refs[1], first))
    face = g.faces[g.side][first]
    if pending is not None:   # (the common case, nothing pending, tests no class)
        if isinstance(pending, Penalty):
            if seat != pending.victim:
                if not g.jump_rules:
                    raise Refused("not_your_turn")
                # a jump-in (an identical card) answers the draw card in its victim's place (§10)
                check_jump_in(g, seat, face, cards, jump)
                return check_answer(g, seat, first, face, action.colour, jumped=True)
            if len(cards) != 1:
                raise Refused("illegal_card", "answer a draw card with one card")
            return check_answer(g, seat, first, face, action.colour)
        if isinstance(pending, Drawn):
            if seat != g.turn:
                raise Refused("not_your_turn")
            if first != pending.card or len(cards) != 1:
                raise Refused("only_drawn_card")
        elif seat == owed_by(pending):
            raise Refused("choose_first", f"choose ({pending.kind}) first")
        else:
            raise Refused("not_your_turn")
    if seat != g.turn:
        check_jump_in(g, seat, face, cards, jump)
        is_jump = True
    else:
        is_jump = False
        if not g.is_playable(face):
            raise Refused("illegal_card", f"{face} does not match {g.top_face} / {g.colour}")
    colour = wild_colour(g, face, action.colour) if face.is_wild else None
    guilty = face.is_wild and check_restricted(g, seat, face, first)
    return lambda: apply_play(g, seat, cards, colour, guilty, is_jump)


def check_jump_in(g: GameState, seat: int, face: Card, cards: list[int], named: bool) -> None:
    """A play out of turn: a house rule must allow it (jump_in, play_doubles:
    sequential). `named`: the player said `jump` (refused as option_off where no
    rule jumps in)."""
    for rule in g.jump_rules:
        if rule.allows_jump(g, seat, face, cards):
            return
    if named and not g.jump_rules:
        raise Refused("option_off", "this table plays without jump-in")
    raise Refused("not_your_turn")


def check_restricted(g: GameState, seat: int, face: Card, card: int) -> bool:
    """+4 / Wild Draw Two / Colour only without a card of the current colour (§3).
    Returns whether the play is guilty (judged now, §5)."""
    if face.rank not in RESTRICTED_WILDS:
        return False
    guilty = g.holds_colour(seat, g.colour, except_card=card)
    if guilty and not g.opts.bluffing:
        raise Refused("illegal_card", f"{face} only without a card of the current colour")
    return guilty


def apply_play(g: GameState, seat: int, cards: list[int], colour: Colour | None, guilty: bool,
                is_jump: bool) -> None:
    close_windows(g, seat, played=True)
    if is_jump:
        g.emit(JumpIn(g.names[seat]))
        g.turn = seat
    g.pending = None
    if not lay_card(g, seat, cards[0], colour, guilty) or len(cards) == 1:
        return
    if g.pair_rule is not None:
        g.pair_rule.lay_second(g, seat, cards[1], colour)


def lay_card(g: GameState, seat: int, card: int, colour: Colour | None, guilty: bool) -> bool:
    """Put `card` from `seat`'s hand on the pile and apply it. False: the round ended."""
    face = g.faces[g.side][card]
    prev_colour = g.colour
    g.hands[seat].remove(card)
    g.discard.append(card)
    g.start_top = False
    g.last_player = seat
    g.blocked = 0
    g.colour = new_colour(g, face, colour)
    if g.record_events:
        g.emit(Play(g.names[seat], str(face), COLOUR_NAMES.get(g.colour, "")))
    after_lay_bookkeeping(g, seat, face, prev_colour)
    if not g.hands[seat]:
        if out_of_cards(g, seat, face):
            return False
    effect(g, seat, card, face, guilty, prev_colour)
    return g.phase == "play"


def effect(g: GameState, seat: int, card: int, face: Card, guilty: bool, prev_colour: ColourInPlay) -> None:
    rank = face.rank
    if rank == "S":
        victim = g.next_seat(seat)
        begin_turn(g, g.next_seat(seat, 2), skipped=[victim])
    elif rank == "E":
        begin_turn(g, seat if g.active[seat] else g.next_seat(seat),
                         skipped=g.others(seat))
    elif rank == "R":
        if g.active_count == 2:
            victim = g.next_seat(seat)
            begin_turn(g, g.next_seat(seat, 2), skipped=[victim])
        else:
            g.direction = -g.direction
            if g.record_events:
                g.emit(Direction(g.direction_name))
            begin_turn(g, g.next_seat(seat))
    elif rank == "F":
        g.flip_piles()
        g.emit(Flip(g.side_name, str(g.top_face)))
        if g.top_face.is_wild:   # the player of the Flip chooses (the next one if it went out)
            chooser = seat if g.active[seat] else g.next_seat(seat)
            g.colour = ""
            g.turn = chooser
            g.pending = Choice("colour", chooser, then=g.next_seat(seat))
            g.emit(ChooseColour(g.names[chooser]))
        else:
            g.colour = g.top_face.colour or ""
            begin_turn(g, g.next_seat(seat))
    elif face.is_draw:
        draw_card(g, seat, card, face, guilty, prev_colour)
    else:
        if g.effect_hooks:
            gone = not g.hands[seat]   # until_the_last: out, no swap or rotation (§16.11)
            for rule in g.effect_hooks:
                if rule.effect(g, seat, card, face, gone):
                    return
        begin_turn(g, g.next_seat(seat))


def classic_must_play(g: GameState, seat: int) -> bool:
    """Forced play (the forced_play option) binds `seat` now: it holds a card it may
    play (after a draw: the drawn card), so it may neither draw nor pass. The one
    place this is decided: the refusals (house/forced_play.py) and the legal actions
    (legal.py) ask it through `GameState.must_play` (DOS forces a match: dos.py)."""
    if not g.forced_play:
        return False
    p = g.pending
    if isinstance(p, Drawn):
        return g.can_play(seat, p.card)
    return any(g.can_play(seat, c) for c in g.hands[seat])
