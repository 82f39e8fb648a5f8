"""Draw cards and their answers (§5, §9, §16.1): a draw card laid makes its victim
draw at once or, when it can be answered (a challenge, a house rule's answer), leaves
a `penalty` pending; the answers (`check_answer`, reached from the `play` check),
accepting the draw, and the challenge of a Wild Draw Four (§5). Also what laying a
card and answering with one share: the colour a card sets, and the UNO call's
bookkeeping after a card leaves the hand (§7).
"""

from __future__ import annotations

from .actions import Action
from .cards import Card, Colour, ColourInPlay, COLOUR_NAMES, RESTRICTED_WILDS
from .dealing import begin_turn, close_windows, penalize, take
from .errors import Refused
from .events import CardReturned, Challenge, JumpIn, MustAnswer, Play, UnoSafe
from .hooks import Apply
from .pending import Penalty
from .round_end import out_of_cards
from .state import GameState, HouseRule


# --------------------------------------------------- laying a card (shared)
def wild_colour(g: GameState, face: Card, colour: Colour | None) -> Colour | None:
    if not face.is_wild:
        return None
    if g.colour_rule is not None:
        return None  # decided when applied, by the rule
    if colour is None:
        raise Refused("wild_needs_colour", f"name a colour for {face}")
    if colour not in g.side_colours:
        raise Refused("bad_action", f"{COLOUR_NAMES[colour]} is not a colour of this side")
    return colour


def new_colour(g: GameState, face: Card, chosen: Colour | None) -> ColourInPlay:
    if not face.is_wild:
        return face.colour or ""
    if g.colour_rule is not None:
        return g.colour_rule.new_colour(g, face)
    return chosen or ""


def after_lay_bookkeeping(g: GameState, seat: int, face: Card, prev_colour: ColourInPlay) -> None:
    """UNO call state (§7), and the house rules' bookkeeping, after a card is laid."""
    left = len(g.hands[seat])
    if left == 1:
        if seat in g.uno_called:
            if g.record_events:
                g.emit(UnoSafe(g.names[seat]))
        else:
            g.catchable.add(seat)
    g.uno_called.discard(seat)
    for rule in g.lay_hooks:
        rule.after_lay(g, seat, face, prev_colour)


# ------------------------------------------------------------ draw cards
def answerable(g: GameState, rank: str) -> bool:
    """Whether the victim of a draw card gets to answer it (§16.1): a house rule
    gives an answer to it."""
    return any(rule.answerable(g, rank) for rule in g.answer_rules)


def draw_card(g: GameState, seat: int, card: int, face: Card, guilty: bool, prev_colour: ColourInPlay) -> None:
    victim = g.next_seat(seat)
    challengeable = face.rank in RESTRICTED_WILDS and g.opts.challenge != "off"
    if challengeable or answerable(g, face.rank):
        g.turn = victim
        g.pending = Penalty(victim, seat, face.rank, face.draw_amount, card, guilty, prev_colour,
                               challengeable, tuple(g.hands[seat]) + (card,))
        if g.record_events:
            g.emit(MustAnswer(g.names[victim], str(face), face.draw_amount))
    else:
        # A draw dealt at once is no turn of the victim's: catch windows stay open.
        penalize(g, victim, face.draw_amount, g.colour)
        begin_turn(g, g.next_seat(victim), skipped=[victim])


def answer_kind(g: GameState, face: Card) -> str | None:
    """How `face` answers the pending draw card, or None (§9, §10, §16.4): the
    first house rule that gives an answer."""
    for rule in g.answer_rules:
        answer = rule.answer_kind(g, face)
        if answer is not None:
            return answer
    return None


def check_answer(g: GameState, seat: int, card: int, face: Card, colour: Colour | None,
                 jumped: bool = False) -> Apply:
    """`card` answers the pending draw card under the first house rule it fits (`jumped`: played
    out of turn by a jump-in, in the victim's place)."""
    for rule in g.answer_rules:
        answer = rule.answer_kind(g, face)
        if answer is not None:
            chosen = wild_colour(g, face, colour)
            given: str = answer
            return lambda: apply_answer(g, seat, card, chosen, rule, given, jumped)
    raise Refused("illegal_card", f"{face} does not answer a {g.penalty().rank}")


def apply_answer(g: GameState, seat: int, card: int, colour: Colour | None, rule: HouseRule,
                  answer: str, jumped: bool = False) -> None:
    close_windows(g, seat, played=True)
    if jumped:
        g.emit(JumpIn(g.names[seat]))
    answered = g.penalty()
    face = g.face(card)
    prev_colour = g.colour
    hand_then = list(g.hands[seat])
    g.hands[seat].remove(card)
    g.discard.append(card)
    g.last_player = seat
    g.blocked = 0
    g.colour = new_colour(g, face, colour)
    g.emit(Play(g.names[seat], str(face), COLOUR_NAMES.get(g.colour, ""), answer))
    after_lay_bookkeeping(g, seat, face, prev_colour)
    p = rule.apply_answer(g, seat, card, face, answered, prev_colour, hand_then)
    if not g.hands[seat]:
        if out_of_cards(g, seat, face, pending_amount=p):
            return
    g.pending = p
    g.turn = p.victim
    g.emit(MustAnswer(g.names[p.victim], p.rank, p.amount))


def accept_penalty(g: GameState, seat: int) -> None:
    p = g.penalty()
    close_windows(g, seat, played=False)
    g.pending = None
    penalize(g, seat, p.amount, g.colour)
    begin_turn(g, g.next_seat(seat), skipped=[seat])


# -------------------------------------------------------------- challenge
def check_challenge(g: GameState, seat: int, action: Action) -> Apply:
    p = g.pending
    if g.opts.challenge == "off":
        raise Refused("option_off", "this table plays without challenges")
    if not isinstance(p, Penalty) or not p.challengeable:
        raise Refused("nothing_to_challenge")
    if seat != p.victim:
        raise Refused("not_your_turn", "only the player who must draw may challenge")
    return lambda: apply_challenge(g, seat)


def apply_challenge(g: GameState, seat: int) -> None:
    p = g.penalty()
    offender = p.source
    close_windows(g, seat, played=False)
    g.pending = None
    guilty = p.guilty
    amount = p.amount if guilty else (None if p.amount is None else p.amount + 2)
    if g.record_events:
        g.emit(Challenge(g.names[seat], g.names[offender], guilty, amount,
                            g.codes(list(p.hand_then)), to=g.names[seat]))
    g.revealed = {seat: list(p.hand_then)}
    if guilty:
        if g.opts.challenge == "ru":
            card = p.card
            # it goes back unless a reshuffle took it (under a second card played
            # with it, play_doubles) or it must stay as the only card of the pile
            if card in g.discard and (len(g.discard) > 1 or g.draw_pile):
                g.discard.remove(card)
                if not g.discard:   # the +4 was alone on the pile (just reshuffled)
                    g.discard.append(g.draw_pile.pop())
                g.hands[offender].append(card)
                g.colour = p.prev_colour
                g.catchable.discard(offender)
                g.emit(CardReturned(g.names[offender], str(g.face(card))))
            take(g, offender, 4 if p.amount is None else p.amount, reason="challenge")
        else:
            penalize(g, offender, p.amount, g.colour, reason="challenge")
        begin_turn(g, seat)
    else:
        penalize(g, seat, p.amount, g.colour, extra=2, reason="challenge")
        begin_turn(g, g.next_seat(seat), skipped=[seat])

