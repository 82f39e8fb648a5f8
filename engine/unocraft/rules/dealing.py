"""Dealing and drawing: a match's set-up (`Game.new`, a scenario's `Game.rigged` position),
choosing the dealer (§2), each round's deal and start card (§2, §11's flip start),
drawing from the pile with its reshuffle (§3), Creepers drawn (§6), penalties
drawn, and the start of a turn with the closing of the catch windows (§7).
"""

from __future__ import annotations

from .cards import Card
from .errors import ConfigError
from .events import (ChooseColour, Creeper, Dealer, DealerDraw, Dealt, Draw, Reshuffle, StartCard, StartCardReturned,
                     Turn)
from .hooks import HAND_SIZE
from .pending import Choice
from .state import GameState


def deal_rigged(g: GameState, order: list[int], hands: list[list[int]] | None, start: list[int] | None) -> None:
    """A deal a scenario file gives: the draw pile in `order` (top first), dealt from
    unless `hands` are given, then the start card (given or turned)."""
    g.draw_pile = list(reversed(order))
    if hands is None:
        deal_from_pile(g)
    else:
        g.hands = [list(h) for h in hands]
    g.variant.lay_start(g, start)


def lay_start(g: GameState, start: list[int] | None) -> None:
    """A rigged game's start card: the one given, or turned from the pile."""
    if start and len(start) != 1:
        raise ConfigError("field start: one card")
    turn_start_card(g, start[0] if start else None)


def choose_dealer(g: GameState) -> int:
    """Every player draws a card; the highest number deals; actions and wilds
    count 0; tied players draw again (§2, 003)."""
    # each draw takes distinct cards from the shuffled deck: a sample is the same thing
    cards = g.rng.sample(range(g.deck.size), min(g.deck.size, 4 * len(g.names)))
    contenders = list(range(len(g.names)))
    while True:
        drawn = {p: cards.pop() for p in contenders}
        values = {p: (g.faces[0][c].number or 0) for p, c in drawn.items()}
        if g.record_events:
            g.emit(DealerDraw({g.names[p]: str(g.faces[0][c]) for p, c in drawn.items()}))
        best = max(values.values())
        contenders = [p for p in contenders if values[p] == best]
        if len(contenders) == 1 or len(cards) < len(contenders):
            g.emit(Dealer(g.names[contenders[0]]))
            return contenders[0]


def deal_round(g: GameState) -> None:
    # A uniform shuffle: sorting by random keys is uniform and, done in C, much
    # faster than random.shuffle (a new game is a third of a short game's cost).
    rand = g.rng.random
    keys = [rand() for _ in range(g.deck.size)]
    g.draw_pile = sorted(range(g.deck.size), key=keys.__getitem__)
    g.centre = []
    g.wild_colour = {}
    deal_from_pile(g)
    g.variant.turn_start_card(g, None)


def deal_from_pile(g: GameState) -> None:
    """Seven cards each, one at a time, starting left of the dealer."""
    n = len(g.names)
    order = [(g.dealer + 1 + i) % n for i in range(n)]
    order = [p for p in order if g.active[p]]
    hands = [g.hands[p] for p in order]
    take = g.draw_pile.pop
    for _ in range(HAND_SIZE):
        for hand in hands:
            hand.append(take())
    if g.record_events:
        for p in order:
            g.emit(Dealt(len(g.hands[p]), g.codes(g.hands[p]), to=g.names[p]))


def turn_start_card(g: GameState, start: int | list[int] | None) -> None:
    """Turn the start card (or put the given one down) and apply §2."""
    g.round_no += 1
    g.direction = 1
    g.side = 0
    g.discard = [start if isinstance(start, int) else g.draw_pile.pop()]
    while True:
        face = g.top_face
        if start_card_refused(g, face):
            refused = g.discard.pop()
            g.discard.append(g.draw_pile.pop())
            g.draw_pile.insert(g.rng.randrange(len(g.draw_pile) + 1), refused)
            g.emit(StartCardReturned(str(face)))
            continue
        if face.rank == "F" and g.opts.flip_start_card == "flip":
            g.emit(StartCard(str(face)))
            g.flip_piles()
            if start_card_refused(g, g.top_face) or g.top_face.rank == "F":
                g.flip_piles()
                refused = g.discard.pop()
                g.discard.append(g.draw_pile.pop())
                g.draw_pile.insert(g.rng.randrange(len(g.draw_pile) + 1), refused)
                continue
            face = g.top_face
        break
    g.start_top = True
    if g.record_events:
        g.emit(StartCard(str(face), g.names[g.dealer]))
    first = first_player(g)
    g.colour = face.colour or ""
    two = g.active_count == 2
    if face.rank == "S":
        begin_turn(g, g.next_seat(first), skipped=[first])
    elif face.rank == "R":
        if two:
            begin_turn(g, g.next_seat(first), skipped=[first])
        else:   # the player before the first (the dealer, unless lazy scoring) plays first
            g.direction = -1
            begin_turn(g, g.next_seat(first))
    elif face.rank in ("+2", "+1"):
        take(g, first, face.draw_amount, reason="start_card")
        begin_turn(g, g.next_seat(first), skipped=[first])
    elif face.is_wild:   # Wild or Creeper: the first player chooses the colour
        g.turn = first
        g.pending = Choice("colour", first, then=first)
        g.emit(ChooseColour(g.names[first]))
    else:
        begin_turn(g, first)


def first_player(g: GameState) -> int:
    """Who plays first in a round, and so whom the start card acts on (§2): the player left
    of the dealer; with lazy scoring, the last round's winner (000)."""
    if g.opts.scoring == "lazy" and g.match_winners and g.active[g.match_winners[0]]:
        return g.match_winners[0]
    return g.next_seat(g.dealer)


def start_card_refused(g: GameState, face: Card) -> bool:
    if g.opts.start_card == "number_only":
        return not face.is_number
    if face.rank in ("W+4", "W+2", "WC", "W+10"):
        return True
    if g.opts.start_card == "no_wilds" and face.is_wild:   # 002: a Wild goes back too
        return True
    return face.rank == "F" and g.opts.flip_start_card == "redraw"


# --------------------------------------------------------------- drawing
def reshuffle(g: GameState) -> bool:
    """Draw pile empty: shuffle the discard pile but its top card into a new one (§3)."""
    if len(g.discard) <= 1:
        return False
    top = g.discard.pop()
    pile = g.discard
    g.rng.shuffle(pile)
    g.draw_pile = pile
    g.discard = [top]
    g.emit(Reshuffle(len(pile)))
    return True


def pop_draw(g: GameState) -> int | None:
    if not g.draw_pile and not g.variant.reshuffle(g):
        return None
    return g.draw_pile.pop()


def take(g: GameState, seat: int, count: int | None, reason: str, until_colour: str | None = None,
          creepers: bool = True) -> list[int]:
    """`seat` draws `count` cards (or until `until_colour`, §11). A Creeper from
    the draw pile goes off (§6) unless `creepers` is False."""
    got: list[int] = []
    triggered: list[int] = []
    while count is None or len(got) < count:
        card = g.draw_pile.pop() if g.draw_pile else pop_draw(g)   # (fewer calls)
        if card is None:
            break
        got.append(card)
        g.hands[seat].append(card)
        face = g.faces[g.side][card]
        if creepers and face.rank == "C":
            triggered.append(card)
        if until_colour is not None and count is None and face.colour == until_colour:
            break
    if (got or count) and g.record_events:
        name = g.names[seat]
        g.emit(Draw(name, len(got), reason, g.codes(got), to=name))
    if got:
        g.uno_called.discard(seat)
        if len(g.hands[seat]) != 1:
            g.catchable.discard(seat)
    for _ in triggered:
        creeper(g, seat)
    return got


def creeper(g: GameState, seat: int) -> None:
    """§6: a Creeper drawn is shown; its drawer (or every other player) draws 3."""
    g.emit(Creeper(g.names[seat]))
    if g.opts.creeper_targets == "self":
        take(g, seat, 3, reason="creeper", creepers=False)
    else:
        for q in g.others(seat):
            take(g, q, 3, reason="creeper", creepers=False)


def penalize(g: GameState, seat: int, amount: int | None, colour: str | None, extra: int = 0,
              reason: str = "draw_card") -> None:
    """Draw `amount` cards, or until `colour` (Wild Draw Colour), then `extra`."""
    if amount is None:
        take(g, seat, None, reason, until_colour=colour)
    elif amount:
        take(g, seat, amount, reason)
    if extra:
        take(g, seat, extra, reason)


# ------------------------------------------------------------- turn flow
def begin_turn(g: GameState, seat: int, skipped: list[int] | None = None) -> None:
    """`seat`'s turn begins (nothing pending); `skipped`: the seats passed over."""
    g.turn = seat
    g.turns_this_round += 1
    g.pending = None
    for rule in g.turn_hooks:
        rule.begin_turn(g, seat)
    if g.record_events:
        g.emit(Turn(g.names[seat], [g.names[s] for s in skipped] if skipped else []))


def close_windows(g: GameState, seat: int, played: bool) -> None:
    """`seat` begins its turn (`played` a card, or drew, accepted or challenged a
    draw card): catch windows close as `catch_until` says (§7); with last_card
    they stay open while the player who missed the call holds the card."""
    if g.catchable:
        window = g.opts.catch_until
        if window == "next_turn" or (window == "next_play" and played):
            g.catchable.clear()
    for rule in g.window_hooks:
        rule.close_windows(g, seat)

