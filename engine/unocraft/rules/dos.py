"""DOS (RULES.md §1, §7, §12; source 001 and the publisher's printed rules).

DOS is played with its own 108-card deck and a different turn: instead of one
discard pile there is a *centre row* of face-up cards, and a turn is a series
of matches on it. `DosGame` reuses `Game` for everything the two games share:
choosing the dealer, dealing, drawing with reshuffle (`take`), the call and
catch machinery (`catchable`, `uno_called`, `_check_catch`), the mistake
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
from typing import Any, ClassVar

from . import views
from .actions import Action
from .cards import Card, COLOUR_NAMES, LIGHT_COLOURS
from .dos_events import Add, CentreRefill, CentreRow, ColourBonus, Dos, EndTurn, Match
from .dos_match import colour_match, match_numbers, values
from .errors import ConfigError, Refused
from .events import Reshuffle, StartCardReturned
from .editions import Deck
from .game import MISTAKES, Game
from .hooks import Apply
from .options import Options
from .pending import DosTurn
from .views import DosView

#: The verbs of a DOS turn; the others (pass, jump, challenge, uno, ...) are `bad_action`.
DOS_VERBS = ("play", "draw", "add", "end", "dos", "catch")
#: Refusals that count as a mistake under `mistake_penalty` (§16.10): the same as in the
#: other editions (a match that does not work is `illegal_card` there too).
DOS_MISTAKES = MISTAKES
CENTRE_SIZE = 2


class DosGame(Game):
    """One DOS match. The public API is `Game`'s; `centre` is the centre row."""

    STATE_FIELDS: ClassVar[tuple[str, ...]] = Game.STATE_FIELDS + ("centre",)
    VERBS: ClassVar[tuple[str, ...] | None] = DOS_VERBS
    MISTAKE_CODES: ClassVar[tuple[str, ...]] = DOS_MISTAKES
    MISTAKE_VERBS: ClassVar[tuple[str, ...]] = ("play", "add", "dos")

    def __init__(self, names: list[str], options: Options | None = None, seed: int = 0,
                 deck: Deck | None = None) -> None:
        options = options or Options.build("dos")
        if options.edition != "dos":
            raise ConfigError("DosGame plays the dos edition")
        super().__init__(names, options, seed, deck)
        self.centre: list[int] = []           # the centre row, left to right
        self.wild_colour: dict[int, str] = {}  # a Wild DOS added to the row: its colour

    def _lay_start(self, start: list[int] | None) -> None:
        """A rigged game's `start` is the centre row (card ids, left to right); a row
        of fewer than 2 cards is filled from the draw pile."""
        self._turn_start_card(list(start) if start else [])

    # ------------------------------------------------------------- set-up
    def _deal_round(self) -> None:
        self.centre = []
        self.wild_colour = {}
        super()._deal_round()

    def _turn_start_card(self, start: int | list[int] | None) -> None:
        """Lay the starting centre row (the given cards, then from the draw pile)
        and give the turn to the player left of the dealer."""
        self.round_no += 1
        self.direction = 1
        self.side = 0
        self.colour = ""
        self.discard = []
        self.centre = [start] if isinstance(start, int) else list(start or [])
        self.wild_colour = {}
        self.start_top = False
        while len(self.centre) < CENTRE_SIZE and self.draw_pile:
            card = self.draw_pile.pop()
            if self.opts.start_card == "number_only" and not self.face(card).is_number and self.draw_pile:
                # §16.5: turn the next card first, then shuffle the refused one in.
                nxt = self.draw_pile.pop()
                self.draw_pile.insert(self.rng.randrange(len(self.draw_pile) + 1), card)
                self.emit(StartCardReturned(str(self.face(card))))
                self.draw_pile.append(nxt)
                continue
            self.centre.append(card)
        self.emit(CentreRow(self.codes(self.centre), self.names[self.dealer]))
        self.begin_turn(self.next_seat(self.dealer))

    # -------------------------------------------------------------- helpers
    def centre_colour(self, card: int) -> str | None:
        """The colour a centre card asks for; None: a turned-up Wild DOS (the matcher chooses)."""
        face = self.face(card)
        return face.colour if face.colour is not None else self.wild_colour.get(card)

    def _centre_code(self, card: int) -> str:
        colour = self.wild_colour.get(card)
        return f"{self.face(card)} {COLOUR_NAMES[colour]}" if colour else str(self.face(card))

    def numbers_for(self, centre: int, cards: list[int], named: int | None = None) -> set[int]:
        """The numbers the first Wild # among `cards` can take so that `cards`
        match `centre` ({0} when no Wild # is involved and they match; empty: no match)."""
        return match_numbers(self.face(centre), [self.face(c) for c in cards], named)

    def is_colour_match(self, centre: int, cards: list[int]) -> bool:
        """All the cards have the centre card's colour. A Wild DOS played takes
        any colour; a turned-up Wild DOS in the row takes the colour of the cards."""
        return colour_match(self.centre_colour(centre), [self.face(c) for c in cards])

    def _find_centre(self, action: Action) -> int:
        ref = action.centre
        if ref is None:
            raise Refused("bad_action", "name the centre card: play CARD on CENTRE")
        if isinstance(ref, tuple):
            raise Refused("bad_action", "DOS cards have one face")
        for card in self.centre:
            if self.face(card) == ref:
                return card
        raise Refused("illegal_card", f"{ref} is not in the centre row")

    def _first_match(self, cards: list[int], number: int | None) -> int:
        """`play CARD` without `on`: the first centre card (left to right) the cards
        match, a colour match first (a right-click on a card in Minecraft)."""
        matches = [c for c in self.centre if self.numbers_for(c, cards, number)]
        if not matches:
            raise Refused("illegal_card", "the cards match no centre card")
        colour = [c for c in matches if self.is_colour_match(c, cards)]
        return (colour or matches)[0]

    def can_match(self, seat: int) -> bool:
        """Whether `seat` holds a single or double match on some centre card."""
        hand = self.hands[seat]
        for centre in self.centre:
            for card in hand:
                if self.numbers_for(centre, [card]):
                    return True
            for a, b in combinations(hand, 2):
                if self.numbers_for(centre, [a, b]):
                    return True
        return False

    def must_play(self, seat: int) -> bool:
        """Forced play in DOS forces a match: `seat` may not draw, nor add or end without one."""
        return self.forced_play and self.can_match(seat)

    def _turn_state(self, seat: int) -> DosTurn:
        p = self.pending
        return p if isinstance(p, DosTurn) else DosTurn(seat)

    def _reshuffle(self) -> bool:
        """The discard pile has no top card that matters in DOS: all of it is shuffled."""
        if not self.discard:
            return False
        pile = self.discard
        self.rng.shuffle(pile)
        self.draw_pile = pile
        self.discard = []
        self.emit(Reshuffle(len(pile)))
        return True

    # ---------------------------------------------------------------- match
    def _check_play(self, seat: int, action: Action, jump: bool = False) -> Apply:
        if seat != self.turn:
            raise Refused("not_your_turn")
        state = self._turn_state(seat)
        if state.added:
            raise Refused("bad_action", "the bonus cards come after the matches: end the turn")
        if len(action.cards) not in (1, 2):
            raise Refused("bad_action", "a match is one card, or two that add up")
        if action.colour is not None:
            raise Refused("bad_action", "a match names no colour")
        cards = [self.find_card(seat, action.cards[0])]
        if len(action.cards) == 2:
            cards.append(self.find_card(seat, action.cards[1], exclude=(cards[0],)))
        centre = self._find_centre(action) if action.centre is not None else \
            self._first_match(cards, action.number)
        faces = [self.face(c) for c in cards]
        if action.number is not None and not any(f.rank == "#" for f in faces):
            raise Refused("bad_action", "only a Wild # names a number")
        numbers = self.numbers_for(centre, cards, action.number)
        if not numbers:
            what = " + ".join(map(str, faces))
            raise Refused("illegal_card", f"{what} does not match {self.face(centre)}")
        number = action.number if action.number is not None else (
            next(iter(numbers)) if len(numbers) == 1 and 0 not in numbers else None)
        colour_match = self.is_colour_match(centre, cards)
        return lambda: self._apply_match(seat, cards, centre, number, colour_match)

    def _apply_match(self, seat: int, cards: list[int], centre: int, number: int | None,
                     colour_match: bool) -> None:
        state = self._turn_state(seat)
        if self.pending is None:
            self._close_windows(seat, played=True)   # the turn begins: earlier catch windows close (§7)
        on = self._centre_code(centre)
        self.centre.remove(centre)
        self.wild_colour.pop(centre, None)
        self.discard.append(centre)
        for card in cards:
            self.hands[seat].remove(card)
            self.discard.append(card)
        double = len(cards) == 2
        if self.record_events:
            self.emit(Match(self.names[seat], self.codes(cards), on, double, colour_match, number))
        adds = state.adds + 1 if colour_match else state.adds
        state = DosTurn(seat, state.drew, state.matched + 1, adds, state.added)
        if colour_match:
            self.emit(ColourBonus(self.names[seat], double))
            if double:
                for q in self.others(seat):
                    self.take(q, 1, reason="colour_bonus")
        self.pending = state
        self._after_shed(seat, cards[-1])

    def _after_shed(self, seat: int, last: int) -> None:
        """The DOS call (§7) and going out, after a match or an add."""
        left = len(self.hands[seat])
        if self._call_due(left):
            if seat not in self.uno_called:
                self.catchable.add(seat)
        else:
            self.catchable.discard(seat)    # past two cards in this turn: no longer catchable
        if not left:
            self.out_of_cards(seat, self.face(last))

    # ----------------------------------------------------------------- draw
    def _check_draw(self, seat: int, action: Action) -> Apply:
        if seat != self.turn:
            raise Refused("not_your_turn")
        if self.pending is not None:
            if self._turn_state(seat).matched:
                raise Refused("bad_action", "you have matched: add your bonus cards or end the turn")
            raise Refused("bad_action", "you have drawn: match, or add a card to the centre row")
        if self.must_play(seat):
            raise Refused("must_play", "forced play: make the match you can")
        return lambda: self._apply_draw(seat)

    def _apply_draw(self, seat: int) -> None:
        self._close_windows(seat, played=False)
        state = self._turn_state(seat)
        self.pending = DosTurn(seat, True, state.matched, state.adds, state.added)
        while True:
            got = self.take(seat, 1, reason="turn")
            if not got or self.opts.draw != "until_playable" or self.can_match(seat):
                break

    # ------------------------------------------------------------------ add
    def _check_add(self, seat: int, action: Action) -> Apply:
        if seat != self.turn:
            raise Refused("not_your_turn")
        if len(action.cards) != 1 or action.number is not None:
            raise Refused("bad_action", "add one card")
        card = self.find_card(seat, action.cards[0])
        face = self.face(card)
        if face.rank == "W2":
            if action.colour is None:
                raise Refused("wild_needs_colour", "name the colour of the Wild DOS you add")
            if action.colour not in LIGHT_COLOURS:
                raise Refused("bad_action", f"{COLOUR_NAMES[action.colour]} is not a DOS colour")
        elif action.colour is not None:
            raise Refused("bad_action", f"{face} has its own colour")
        if self.pending is None:
            raise Refused("draw_first", "match, or draw before adding a card")
        state = self._turn_state(seat)
        if state.matched:
            if state.added >= state.adds:
                raise Refused("bad_action", "no colour-match bonus left: end the turn")
            return lambda: self._apply_add(seat, card, action.colour, bonus=True)
        if self.must_play(seat):
            raise Refused("must_play", "forced play: make the match you can")
        return lambda: self._apply_add(seat, card, action.colour, bonus=False)

    def _apply_add(self, seat: int, card: int, colour: str | None, bonus: bool) -> None:
        self.hands[seat].remove(card)
        self.centre.append(card)
        if colour is not None:
            self.wild_colour[card] = colour
        self.emit(Add(self.names[seat], str(self.face(card)), COLOUR_NAMES.get(colour or ""), bonus))
        if bonus:
            state = self._turn_state(seat)
            self.pending = DosTurn(seat, state.drew, state.matched, state.adds, state.added + 1)
        self._after_shed(seat, card)
        if self.phase == "play" and not bonus:
            self._end_turn(seat)

    # ------------------------------------------------------------------ end
    def _check_end(self, seat: int, action: Action) -> Apply:
        if seat != self.turn:
            raise Refused("not_your_turn")
        p = self.pending if isinstance(self.pending, DosTurn) else None
        if p is not None and p.matched:
            return lambda: self._end_turn(seat)
        if p is not None and p.drew and self.opts.dos_add_after_draw == "may":
            if self.must_play(seat):
                raise Refused("must_play", "forced play: make the match you can")
            return lambda: self._end_turn(seat)
        if p is not None and p.drew:
            raise Refused("nothing_to_end", "no match after the draw: add a card to the centre row")
        raise Refused("nothing_to_end", "match first, or draw")

    def _end_turn(self, seat: int) -> None:
        """Refill the centre row up to 2 cards, then the next player's turn."""
        refill = []
        while len(self.centre) < CENTRE_SIZE:
            card = self._pop_draw()
            if card is None:
                break
            self.centre.append(card)
            refill.append(card)
        self.emit(EndTurn(self.names[seat]))
        if refill:
            self.emit(CentreRefill(self.codes(refill)))
        self.begin_turn(self.next_seat(seat))

    # ------------------------------------------------------------- DOS call
    def _check_uno(self, seat: int, action: Action) -> Apply:
        raise Refused("bad_action", "in DOS the call is dos")

    def _call_due(self, cards: int) -> bool:
        """A hand of `cards` must have called DOS (option dos_call)."""
        return cards == 2 if self.opts.dos_call == "two" else 1 <= cards <= 2

    def _check_dos(self, seat: int, action: Action) -> Apply:
        if seat in self.catchable or (seat == self.turn and self._call_due(len(self.hands[seat]))
                                      and seat not in self.uno_called):
            return lambda: self._apply_dos(seat)
        if self.opts.dos_call == "two":
            raise Refused("nothing_to_call", "DOS is called when your own play leaves you 2 cards")
        raise Refused("nothing_to_call", "DOS is called when your own play leaves you 2 cards or fewer")

    def _apply_dos(self, seat: int) -> None:
        self.catchable.discard(seat)
        self.uno_called.add(seat)
        self.emit(Dos(self.names[seat]))

    # -------------------------------------------------------------- queries
    def total_cards(self) -> int:
        return super().total_cards() + len(self.centre)

    def all_cards(self) -> list[int]:
        return super().all_cards() + list(self.centre)

    def candidates(self, seat: int) -> list[Action]:
        """A DOS turn's candidates; `legal_actions` (legal.py, as in every edition) keeps those
        `refusal` accepts. Order (bots fall back to the first): the call, single matches,
        double matches, draw, adds, end, catches."""
        name = self.names[seat]
        if self.phase != "play" or not self.active[seat]:
            return []
        out = [Action(name, "dos")]
        if seat == self.turn:
            hand = self.hands[seat]
            unique = list(dict.fromkeys(self.face(c) for c in hand))
            by_face: dict[Card, list[int]] = {}
            for c in hand:
                by_face.setdefault(self.face(c), []).append(c)
            pairs = [(a, b) for a, b in combinations(unique, 2)] + \
                    [(f, f) for f in unique if len(by_face[f]) >= 2]
            centres = list(dict.fromkeys(self.face(c) for c in self.centre))
            centre_ids = {self.face(c): c for c in reversed(self.centre)}
            for cf in centres:
                centre = centre_ids[cf]
                for f in unique:
                    out.append(self._match_action(name, centre, [by_face[f][0]], cf))
            for cf in centres:
                centre = centre_ids[cf]
                for a, b in pairs:
                    cards = [by_face[a][0], by_face[b][0] if a != b else by_face[b][1]]
                    out.append(self._match_action(name, centre, cards, cf))
            out.append(Action(name, "draw"))
            for f in unique:
                if f.rank == "W2":
                    out += [Action(name, "add", (f,), colour=c) for c in LIGHT_COLOURS]
                else:
                    out.append(Action(name, "add", (f,)))
            out.append(Action(name, "end"))
        for q in sorted(self.catchable):
            if q != seat:
                out.append(Action(name, "catch", target=self.names[q]))
        return out

    def _match_action(self, name: str, centre: int, cards: list[int], centre_face: Card) -> Action:
        numbers = self.numbers_for(centre, cards)
        number = next(iter(numbers)) if len(numbers) == 1 and 0 not in numbers else None
        return Action(name, "play", tuple(self.face(c) for c in cards), number=number, centre=centre_face)

    def view(self, player: str | None, legal: bool = True) -> DosView:
        out = views.build(DosView, self, player, legal)
        out.centre = tuple([self._centre_code(c) for c in self.centre])
        out.centre_colours = tuple([COLOUR_NAMES.get(self.centre_colour(c) or "") for c in self.centre])
        return out

    # ---------------------------------------------------------- persistence
    def _save_extra(self, state: dict[str, Any]) -> None:
        state["wild_colour"] = {str(k): v for k, v in self.wild_colour.items()}

    def _restore_extra(self, state: dict[str, Any]) -> None:
        self.wild_colour = {int(k): v for k, v in state.get("wild_colour", {}).items()}

    def fingerprint(self) -> tuple[object, ...]:
        return super().fingerprint() + (tuple(self.centre), tuple(sorted(self.wild_colour.items())))


def new_dos_game(names: list[str], options: Options | None = None, seed: int = 0) -> DosGame:
    return DosGame.new(names, options or Options.build("dos"), seed)


__all__ = ["DosGame", "values", "new_dos_game"]
