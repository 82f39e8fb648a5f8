"""DOS (RULES.md §1, §7, §12; source 001 and the publisher's printed rules).

DOS is played with its own 108-card deck and a different turn: instead of one
discard pile there is a *centre row* of face-up cards, and a turn is a series
of matches on it. A DOS match is a `Game` with the `DOS` variant (at the end of this
module): its own verb table, set-up, reshuffle, forced play, candidates and view. It
shares the rest with the other editions: choosing the dealer, dealing, drawing
(`take`), the call and catch machinery (`catchable`, `uno_called`, `check_catch`), the mistake
penalty, going out, scoring (`scoring.score_round`: numbers face value, Wild DOS
20, Wild # 40) and the match to `target` (the dos preset: 200).

A turn, verb by verb (`play ... on X`, `draw`, `add`, `end`, `dos`, `catch`):

1. **Match** (`play CARD on CENTRE`, `play CARD CARD on CENTRE`): a single match
   is one card whose number equals the centre card's number; a double match is
   two cards whose numbers add up to it. Colour does not matter. Each
   centre-row card can be matched once per turn; every match is its own action.
   The matched centre card and the cards played on it go to the discard pile at
   once, so a centre card that is gone cannot be matched twice.
2. **Colour bonus**: a match whose card(s) all have the centre card's colour is
   a colour match and earns one `add` after the matches (an extra card of your
   choice from the hand into the centre row). A *double* colour match also makes
   every other player draw 1, at once, when the match is made (so they draw
   even when the matcher goes out with it, as §16.2 has the next player draw
   after going out on a draw card). Bonus adds are optional: `end` forfeits the
   ones not used. Once you have added a bonus card you make no more matches
   (the published rules place the bonus cards after all the matches).
3. **Draw**: at the start of the turn, instead of matching (whether or not you
   could), `draw` one card. After drawing you may match with any cards (not
   only the drawn one). If you make no match you may `add` any one card to the
   centre row, which ends the turn, or `end` it keeping your cards (001: "it is
   allowed to lay any card"); with `dos_add_after_draw: must` (the published
   rules) the `add` is required. `draw: until_playable` draws until the
   hand can make a match (or the piles are empty); `forced_play` refuses
   `draw` (and the no-match `add`) while a match is possible (`must_play`).
4. **End**: `end` finishes a turn in which you matched at least once, or drew
   (unless `dos_add_after_draw: must`); `nothing_to_end` otherwise. Then the centre row is refilled from the draw
   pile up to 2 cards (a row of 3 or more stays as it is) and the next player
   clockwise begins. A no-match `add` ends the turn the same way.
5. **Going out**: the round ends as soon as a hand is empty, whatever is left
   of the turn.

Wild cards:

- **Wild DOS** (`W2`) in the hand is a 2 of any colour; matching, it takes the
  centre card's colour (a single Wild DOS match is always a colour match; in a
  double match it never spoils one). Added to the centre row it needs a colour
  (`add W2 red`, else `wild_needs_colour`) and then is a red 2.
- **Wild #** (`R#`) in the hand is any number from 1 to 10 in its printed
  colour. The action may name the number (`play R# 5 on G5`); it may be left
  out, and then any number that makes the match work is taken. With two Wild #
  in one double match the number named is the first one's. A number that does
  not work is `illegal_card`; a number without a Wild # is `bad_action`.
  `legal_actions` names the number exactly when only one works.
- **Wild cards turned up into the centre row** (at the start of a round or when
  it is refilled) stay there: no redraw loop, and every card keeps being
  playable. A turned-up Wild DOS is a 2 whose colour the matcher chooses, so a
  match on it is a colour match when the card(s) played share one colour. A
  Wild # in the centre row keeps its colour and counts as whatever number from
  1 to 10 the match needs (a double match on it must add up to 10 or less).
  With `start_card: number_only` the cards of the starting row must be numbers:
  a wild turned for it is shuffled back into the draw pile after the next card
  is turned (§16.5).

The DOS call (§7, 001: "call DOS when you have only 2 cards in hand"): a player
whose own match or add leaves exactly 2 cards in the hand must have called `dos`;
until then they are catchable while they hold those 2 cards, until the next
player begins a turn (matches or draws). A turn that goes from 3 or more cards
straight to 1 or 0 held no moment to call: nothing to catch. The call is accepted
from a catchable player, and from the player whose turn it is while holding 2
cards (e.g. at the start of the turn). `dos_call: two_or_fewer` makes the call
due at 1 or 2 cards instead (the reading before it was an option). The source says whoever
notices first wins the race, so a catch may come before the call. Caught: draw
`uno_penalty` cards (1 in the dos preset). `uno` is refused (`bad_action`).

Refusals: `not_your_turn`, `not_in_hand`, `illegal_card` (the card or pair matches
no centre card: the cards do not add up, or the centre card named is not in the row;
the code of a card that does not match in every edition), `nothing_to_end` (`end` before a
match), `draw_first` (a no-match `add` before drawing), `wild_needs_colour`,
`must_play` (forced play), `nothing_to_call`, `nothing_to_catch`, and
`bad_action` for the rest (a second draw, a draw after matching, an add with no
bonus left, a match after a bonus add, a verb DOS has no use for, a malformed
match).

The DOS state is `centre` (card ids, left to right), `wild_colour` (the colour
chosen for a Wild DOS added to the row) and the turn state in `pending`
(kind `dos_turn`: who, drew, matched, adds earned, added).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from . import viewer
from .actions import Action
from .cards import Card, COLOUR_NAMES, LIGHT_COLOURS
from .dealing import begin_turn, close_windows, first_player, pop_draw, take
from .dispatch import verb_table
from .dos_events import Add, CentreRefill, CentreRow, ColourBonus, Dos, EndTurn, Match
from .dos_match import colour_match, match_numbers, values
from .errors import Refused
from .events import Reshuffle, StartCardReturned
from .hooks import MISTAKES, Apply
from .house import STATES as HOUSE_STATES, VERBS as HOUSE_VERBS
from .pending import DosTurn
from .round_end import out_of_cards
from .state import STATE_FIELDS, GameState, Variant
from .verbs import check_catch
from .views import DosView, View

#: The verbs of a DOS turn; the others (pass, jump, challenge, uno, ...) are `bad_action`.
DOS_VERBS = ("play", "draw", "add", "end", "dos", "catch")
#: Refusals that count as a mistake under `mistake_penalty` (§16.10): the same as in the
#: other editions (a match that does not work is `illegal_card` there too).
DOS_MISTAKES = MISTAKES
CENTRE_SIZE = 2


def lay_start(g: GameState, start: list[int] | None) -> None:
    """A rigged game's `start` is the centre row (card ids, left to right); a row
    of fewer than 2 cards is filled from the draw pile."""
    turn_start_card(g, list(start) if start else [])


# ------------------------------------------------------------- set-up
def turn_start_card(g: GameState, start: int | list[int] | None) -> None:
    """Lay the starting centre row (the given cards, then from the draw pile)
    and give the turn to the first player (left of the dealer; lazy scoring: the last winner)."""
    g.round_no += 1
    g.direction = 1
    g.side = 0
    g.colour = ""
    g.discard = []
    g.centre = [start] if isinstance(start, int) else list(start or [])
    g.wild_colour = {}
    g.start_top = False
    while len(g.centre) < CENTRE_SIZE and g.draw_pile:
        card = g.draw_pile.pop()
        if g.opts.start_card == "number_only" and not g.face(card).is_number and g.draw_pile:
            # §16.5: turn the next card first, then shuffle the refused one in.
            nxt = g.draw_pile.pop()
            g.draw_pile.insert(g.rng.randrange(len(g.draw_pile) + 1), card)
            g.emit(StartCardReturned(str(g.face(card))))
            g.draw_pile.append(nxt)
            continue
        g.centre.append(card)
    g.emit(CentreRow(g.codes(g.centre), g.names[g.dealer]))
    begin_turn(g, first_player(g))


# -------------------------------------------------------------- helpers
def centre_colour(g: GameState, card: int) -> str | None:
    """The colour a centre card asks for; None: a turned-up Wild DOS (the matcher chooses)."""
    face = g.face(card)
    return face.colour if face.colour is not None else g.wild_colour.get(card)


def centre_code(g: GameState, card: int) -> str:
    colour = g.wild_colour.get(card)
    return f"{g.face(card)} {COLOUR_NAMES[colour]}" if colour else str(g.face(card))


def numbers_for(g: GameState, centre: int, cards: list[int], named: int | None = None) -> set[int]:
    """The numbers the first Wild # among `cards` can take so that `cards`
    match `centre` ({0} when no Wild # is involved and they match; empty: no match)."""
    return match_numbers(g.face(centre), [g.face(c) for c in cards], named)


def is_colour_match(g: GameState, centre: int, cards: list[int]) -> bool:
    """All the cards have the centre card's colour. A Wild DOS played takes
    any colour; a turned-up Wild DOS in the row takes the colour of the cards."""
    return colour_match(centre_colour(g, centre), [g.face(c) for c in cards])


def find_centre(g: GameState, action: Action) -> int:
    ref = action.centre
    if ref is None:
        raise Refused("bad_action", "name the centre card: play CARD on CENTRE")
    if isinstance(ref, tuple):
        raise Refused("bad_action", "DOS cards have one face")
    for card in g.centre:
        if g.face(card) == ref:
            return card
    raise Refused("illegal_card", f"{ref} is not in the centre row")


def first_match(g: GameState, cards: list[int], number: int | None) -> int:
    """`play CARD` without `on`: the first centre card (left to right) the cards
    match, a colour match first (a right-click on a card in Minecraft)."""
    matches = [c for c in g.centre if numbers_for(g, c, cards, number)]
    if not matches:
        raise Refused("illegal_card", "the cards match no centre card")
    colour = [c for c in matches if is_colour_match(g, c, cards)]
    return (colour or matches)[0]


def can_match(g: GameState, seat: int) -> bool:
    """Whether `seat` holds a single or double match on some centre card."""
    hand = g.hands[seat]
    for centre in g.centre:
        for card in hand:
            if numbers_for(g, centre, [card]):
                return True
        for a, b in combinations(hand, 2):
            if numbers_for(g, centre, [a, b]):
                return True
    return False


def must_play(g: GameState, seat: int) -> bool:
    """Forced play in DOS forces a match: `seat` may not draw, nor add or end without one."""
    return g.forced_play and can_match(g, seat)


def turn_state(g: GameState, seat: int) -> DosTurn:
    p = g.pending
    return p if isinstance(p, DosTurn) else DosTurn(seat)


def reshuffle(g: GameState) -> bool:
    """The discard pile has no top card that matters in DOS: all of it is shuffled."""
    if not g.discard:
        return False
    pile = g.discard
    g.rng.shuffle(pile)
    g.draw_pile = pile
    g.discard = []
    g.emit(Reshuffle(len(pile)))
    return True


# ---------------------------------------------------------------- match
def check_play(g: GameState, seat: int, action: Action, jump: bool = False) -> Apply:
    if seat != g.turn:
        raise Refused("not_your_turn")
    state = turn_state(g, seat)
    if state.added:
        raise Refused("bad_action", "the bonus cards come after the matches: end the turn")
    if len(action.cards) not in (1, 2):
        raise Refused("bad_action", "a match is one card, or two that add up")
    if action.colour is not None:
        raise Refused("bad_action", "a match names no colour")
    cards = [g.find_card(seat, action.cards[0])]
    if len(action.cards) == 2:
        cards.append(g.find_card(seat, action.cards[1], exclude=(cards[0],)))
    centre = find_centre(g, action) if action.centre is not None else \
        first_match(g, cards, action.number)
    faces = [g.face(c) for c in cards]
    if action.number is not None and not any(f.rank == "#" for f in faces):
        raise Refused("bad_action", "only a Wild # names a number")
    numbers = numbers_for(g, centre, cards, action.number)
    if not numbers:
        what = " + ".join(map(str, faces))
        raise Refused("illegal_card", f"{what} does not match {g.face(centre)}")
    number = action.number if action.number is not None else (
        next(iter(numbers)) if len(numbers) == 1 and 0 not in numbers else None)
    colour_match = is_colour_match(g, centre, cards)
    return lambda: apply_match(g, seat, cards, centre, number, colour_match)


def apply_match(g: GameState, seat: int, cards: list[int], centre: int, number: int | None,
                 colour_match: bool) -> None:
    state = turn_state(g, seat)
    if g.pending is None:
        close_windows(g, seat, played=True)   # the turn begins: earlier catch windows close (§7)
    on = centre_code(g, centre)
    g.centre.remove(centre)
    g.wild_colour.pop(centre, None)
    g.discard.append(centre)
    for card in cards:
        g.hands[seat].remove(card)
        g.discard.append(card)
    double = len(cards) == 2
    if g.record_events:
        g.emit(Match(g.names[seat], g.codes(cards), on, double, colour_match, number))
    adds = state.adds + 1 if colour_match else state.adds
    state = DosTurn(seat, state.drew, state.matched + 1, adds, state.added)
    if colour_match:
        g.emit(ColourBonus(g.names[seat], double))
        if double:
            for q in g.others(seat):
                take(g, q, 1, reason="colour_bonus")
    g.pending = state
    after_shed(g, seat, cards[-1])


def after_shed(g: GameState, seat: int, last: int) -> None:
    """The DOS call (§7) and going out, after a match or an add."""
    left = len(g.hands[seat])
    if call_due(g, left):
        if seat not in g.uno_called:
            g.catchable.add(seat)
    else:
        g.catchable.discard(seat)    # past two cards in this turn: no longer catchable
    if not left:
        out_of_cards(g, seat, g.face(last))


# ----------------------------------------------------------------- draw
def check_draw(g: GameState, seat: int, action: Action) -> Apply:
    if seat != g.turn:
        raise Refused("not_your_turn")
    if g.pending is not None:
        if turn_state(g, seat).matched:
            raise Refused("bad_action", "you have matched: add your bonus cards or end the turn")
        raise Refused("bad_action", "you have drawn: match, or add a card to the centre row")
    if must_play(g, seat):
        raise Refused("must_play", "forced play: make the match you can")
    return lambda: apply_draw(g, seat)


def apply_draw(g: GameState, seat: int) -> None:
    close_windows(g, seat, played=False)
    state = turn_state(g, seat)
    g.pending = DosTurn(seat, True, state.matched, state.adds, state.added)
    while True:
        got = take(g, seat, 1, reason="turn")
        if not got or g.opts.draw != "until_playable" or can_match(g, seat):
            break


# ------------------------------------------------------------------ add
def check_add(g: GameState, seat: int, action: Action) -> Apply:
    if seat != g.turn:
        raise Refused("not_your_turn")
    if len(action.cards) != 1 or action.number is not None:
        raise Refused("bad_action", "add one card")
    card = g.find_card(seat, action.cards[0])
    face = g.face(card)
    if face.rank == "W2":
        if action.colour is None:
            raise Refused("wild_needs_colour", "name the colour of the Wild DOS you add")
        if action.colour not in LIGHT_COLOURS:
            raise Refused("bad_action", f"{COLOUR_NAMES[action.colour]} is not a DOS colour")
    elif action.colour is not None:
        raise Refused("bad_action", f"{face} has its own colour")
    if g.pending is None:
        raise Refused("draw_first", "match, or draw before adding a card")
    state = turn_state(g, seat)
    if state.matched:
        if state.added >= state.adds:
            raise Refused("bad_action", "no colour-match bonus left: end the turn")
        return lambda: apply_add(g, seat, card, action.colour, bonus=True)
    if must_play(g, seat):
        raise Refused("must_play", "forced play: make the match you can")
    return lambda: apply_add(g, seat, card, action.colour, bonus=False)


def apply_add(g: GameState, seat: int, card: int, colour: str | None, bonus: bool) -> None:
    g.hands[seat].remove(card)
    g.centre.append(card)
    if colour is not None:
        g.wild_colour[card] = colour
    g.emit(Add(g.names[seat], str(g.face(card)), COLOUR_NAMES.get(colour or ""), bonus))
    if bonus:
        state = turn_state(g, seat)
        g.pending = DosTurn(seat, state.drew, state.matched, state.adds, state.added + 1)
    after_shed(g, seat, card)
    if g.phase == "play" and not bonus:
        end_turn(g, seat)


# ------------------------------------------------------------------ end
def check_end(g: GameState, seat: int, action: Action) -> Apply:
    if seat != g.turn:
        raise Refused("not_your_turn")
    p = g.pending if isinstance(g.pending, DosTurn) else None
    if p is not None and p.matched:
        return lambda: end_turn(g, seat)
    if p is not None and p.drew and g.opts.dos_add_after_draw == "may":
        if must_play(g, seat):
            raise Refused("must_play", "forced play: make the match you can")
        return lambda: end_turn(g, seat)
    if p is not None and p.drew:
        raise Refused("nothing_to_end", "no match after the draw: add a card to the centre row")
    raise Refused("nothing_to_end", "match first, or draw")


def end_turn(g: GameState, seat: int) -> None:
    """Refill the centre row up to 2 cards, then the next player's turn."""
    refill = []
    while len(g.centre) < CENTRE_SIZE:
        card = pop_draw(g)
        if card is None:
            break
        g.centre.append(card)
        refill.append(card)
    g.emit(EndTurn(g.names[seat]))
    if refill:
        g.emit(CentreRefill(g.codes(refill)))
    begin_turn(g, g.next_seat(seat))


# ------------------------------------------------------------- DOS call
def call_due(g: GameState, cards: int) -> bool:
    """A hand of `cards` must have called DOS (option dos_call)."""
    return cards == 2 if g.opts.dos_call == "two" else 1 <= cards <= 2


def check_dos(g: GameState, seat: int, action: Action) -> Apply:
    if seat in g.catchable or (seat == g.turn and call_due(g, len(g.hands[seat]))
                                  and seat not in g.uno_called):
        return lambda: apply_dos(g, seat)
    if g.opts.dos_call == "two":
        raise Refused("nothing_to_call", "DOS is called when your own play leaves you 2 cards")
    raise Refused("nothing_to_call", "DOS is called when your own play leaves you 2 cards or fewer")


def apply_dos(g: GameState, seat: int) -> None:
    g.catchable.discard(seat)
    g.uno_called.add(seat)
    g.emit(Dos(g.names[seat]))


# -------------------------------------------------------------- queries
def candidates(g: GameState, seat: int) -> list[Action]:
    """A DOS turn's candidates; `legal_actions` (legal.py, as in every edition) keeps those
    `refusal` accepts. Order (bots fall back to the first): the call, single matches,
    double matches, draw, adds, end, catches."""
    name = g.names[seat]
    if g.phase != "play" or not g.active[seat]:
        return []
    out = [Action(name, "dos")]
    if seat == g.turn:
        hand = g.hands[seat]
        unique = list(dict.fromkeys(g.face(c) for c in hand))
        by_face: dict[Card, list[int]] = {}
        for c in hand:
            by_face.setdefault(g.face(c), []).append(c)
        pairs = [(a, b) for a, b in combinations(unique, 2)] + \
                [(f, f) for f in unique if len(by_face[f]) >= 2]
        centres = list(dict.fromkeys(g.face(c) for c in g.centre))
        centre_ids = {g.face(c): c for c in reversed(g.centre)}
        for cf in centres:
            centre = centre_ids[cf]
            for f in unique:
                out.append(match_action(g, name, centre, [by_face[f][0]], cf))
        for cf in centres:
            centre = centre_ids[cf]
            for a, b in pairs:
                cards = [by_face[a][0], by_face[b][0] if a != b else by_face[b][1]]
                out.append(match_action(g, name, centre, cards, cf))
        out.append(Action(name, "draw"))
        for f in unique:
            if f.rank == "W2":
                out += [Action(name, "add", (f,), colour=c) for c in LIGHT_COLOURS]
            else:
                out.append(Action(name, "add", (f,)))
        out.append(Action(name, "end"))
    for q in sorted(g.catchable):
        if q != seat:
            out.append(Action(name, "catch", target=g.names[q]))
    return out


def match_action(g: GameState, name: str, centre: int, cards: list[int], centre_face: Card) -> Action:
    numbers = numbers_for(g, centre, cards)
    number = next(iter(numbers)) if len(numbers) == 1 and 0 not in numbers else None
    return Action(name, "play", tuple(g.face(c) for c in cards), number=number, centre=centre_face)


def view(g: GameState, player: str | None, legal: bool = True) -> View:
    out = viewer.build(DosView, g, player, legal)
    out.centre = tuple([centre_code(g, c) for c in g.centre])
    out.centre_colours = tuple([COLOUR_NAMES.get(centre_colour(g, c) or "") for c in g.centre])
    return out


# ---------------------------------------------------------- persistence
def save_extra(g: GameState, state: dict[str, Any]) -> None:
    state["wild_colour"] = {str(k): v for k, v in g.wild_colour.items()}


def restore_extra(g: GameState, state: dict[str, Any]) -> None:
    g.wild_colour = {int(k): v for k, v in state.get("wild_colour", {}).items()}


#: DOS, as the variant of the rules it is: its own verbs (house rules' verbs are not
#: part of it), set-up, reshuffle, forced play, candidates, view and centre row
DOS = Variant(
    "dos", classic=False,
    checks=verb_table({"play": check_play, "draw": check_draw, "add": check_add, "end": check_end,
                       "dos": check_dos, "catch": check_catch}, HOUSE_VERBS, DOS_VERBS),
    saved=STATE_FIELDS + ("centre",), mistake_codes=DOS_MISTAKES, mistake_verbs=("play", "add", "dos"),
    states=HOUSE_STATES, turn_start_card=turn_start_card, lay_start=lay_start, reshuffle=reshuffle,
    must_play=must_play, candidates=candidates, view=view, save_extra=save_extra, restore_extra=restore_extra)

__all__ = ["DOS", "values"]
