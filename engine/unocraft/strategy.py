"""The `strong` bot's strategy, in one place: `strong_move` chooses an action from the
few facts it weighs (its hand, the current colour, the hand sizes, who is next, who
laid the draw card it must answer).

Two callers: `bots.StrongBot`, which reads them off its view, and the lookahead
bot's rollouts (`rollout.rollout_move`), which read them off the game: the rollouts
play as the opponent does. Compiled with the rules engine (setup.py): the rollouts
call it for every move of every world, so the search's time budget holds more worlds.

The strategy, and why:

- Calls UNO when it will have one card left.
- Picks the colour it holds most points of; seven-o / five swap: takes the smallest
  hand, gives away its highest card (and gives back its lowest).
- Answers a draw card with a stacking / passing / deflecting card when it has one
  (of the colour it holds most of); challenges a wild draw card when the player who
  laid it held many cards (more cards, more likely it held the colour); else draws.
- Chooses the card by `play_score`: shed high-point cards first, keep wilds for when
  it has no other play (or when an opponent is about to go out), hit the next player
  with skips and draw cards when that player has few cards, prefer cards whose
  colour it holds most of, so its next turn has a play. Never bluffs a wild draw
  card unless the next player is about to go out: it draws rather than play a card
  that scores too low.
"""

from __future__ import annotations

from .rules.actions import Action, named_face
from .rules.cards import Card, RESTRICTED_WILDS
from .rules.views import View
from .rules.vocab import HOUSE_CHOICES, VERBS

#: Ranks that skip the next player or make it draw: worth playing when it has few cards.
HITS = ("S", "+2", "+1", "+5", "E", "W+4", "W+2", "WC")
#: A play scoring this or less is not worth it when drawing is allowed (a bluff, a wild too early).
NOT_WORTH = -50
#: A wild draw card whose player held this many cards is challenged.
CHALLENGE_FROM = 6


def points(face: Card) -> int:
    """What a card costs its holder when another player goes out: what to shed first."""
    if face.is_number:
        return face.number or 0
    return 50 if face.is_wild else 20


def colour_counts(hand: list[Card]) -> dict[str, int]:
    """How many cards of each colour the hand holds."""
    counts: dict[str, int] = {}
    for face in hand:
        colour = face.colour
        if colour is not None:
            counts[colour] = counts.get(colour, 0) + 1
    return counts


def colour_points(hand: list[Card]) -> dict[str, float]:
    """Each colour's worth in the hand (a card counts 1 + its points / 10): the colour to name."""
    worth: dict[str, float] = {}
    for face in hand:
        colour = face.colour
        if colour is not None:
            worth[colour] = worth.get(colour, 0) + 1 + points(face) / 10
    return worth


def about_to_go_out(sizes: list[int], active: list[bool], seat: int) -> bool:
    """Whether an opponent of `seat` still playing has two cards or fewer (`play_score`'s `danger`)."""
    for q in range(len(sizes)):
        if q != seat and active[q] and sizes[q] <= 2:
            return True
    return False


def play_score(action: Action, counts: dict[str, int], colour: str, next_cards: int, danger: bool) -> int:
    """How much `strong` likes a play: `counts` of its hand (`colour_counts`), the current
    `colour`, the next player's cards, whether an opponent has two cards or fewer."""
    face = named_face(action.cards[0])
    score = points(face)
    if len(action.cards) == 2:    # a double (play_doubles): both cards shed
        score += points(face) + 15
    if face.is_wild:
        if not danger:
            score -= 60
        if face.rank in RESTRICTED_WILDS and colour in counts:   # a bluff
            score -= 200 if next_cards > 2 else 40
        if action.colour is not None:
            score += 3 * counts.get(action.colour, 0)
    else:
        score += 3 * (counts.get(face.colour or "", 0) - 1)
    if face.rank in HITS and next_cards <= 3:
        score += 40
    elif face.rank == "R" and next_cards <= 2:
        score += 25
    return score


def strong_move(legal: list[Action], hand: list[Card], colour: str, names: list[str], sizes: list[int],
                active: list[bool], seat: int, next_seat: int, penalty_source: int) -> Action:
    """`strong`'s choice among `legal` (the actions of `seat`, who must act): `hand` its
    faces in play, `colour` the current colour's letter, `sizes` every seat's hand size,
    `active` who still plays, `next_seat` whose turn comes next, `penalty_source` the
    seat whose draw card is pending (-1: none)."""
    plays: list[Action] = []
    first: dict[str, Action] = {}     # the first action of every other verb
    for a in legal:
        if a.verb == "play":
            plays.append(a)
        elif a.verb not in first:
            first[a.verb] = a
    draw = first.get("draw")
    uno = first.get("uno")
    if uno is not None and len(hand) == 2:
        return uno
    if "colour" in first:
        worth = colour_points(hand)
        return max(_all(legal, "colour"), key=lambda a: worth.get(a.colour or "", 0))
    for choice in HOUSE_CHOICES:     # a swap: with the smallest hand; a card to give: the cheapest
        if choice in first:
            if VERBS[choice].names == "player":
                by_name = dict(zip(names, sizes))
                return min(_all(legal, choice),
                           key=lambda a: (by_name.get(a.target or "", 99), -points(named_face(a.cards[0])) if a.cards else 0))
            return min(_all(legal, choice), key=lambda a: points(named_face(a.cards[0])))
    counts = colour_counts(hand)
    if penalty_source >= 0:
        if plays:
            return max(plays, key=lambda a: counts.get(a.colour, 0) if a.colour is not None else 0)
        challenge = first.get("challenge")
        if challenge is not None and sizes[penalty_source] >= CHALLENGE_FROM:
            return challenge
        return draw if draw is not None else legal[0]
    if plays:
        next_cards = sizes[next_seat]
        danger = about_to_go_out(sizes, active, seat)
        best, best_score = plays[0], play_score(plays[0], counts, colour, next_cards, danger)
        for i in range(1, len(plays)):
            score = play_score(plays[i], counts, colour, next_cards, danger)
            if score > best_score:
                best, best_score = plays[i], score
        if best_score > NOT_WORTH or draw is None:
            return best
    if draw is not None:
        return draw
    return first.get("pass", legal[0])


def _all(legal: list[Action], verb: str) -> list[Action]:
    return [a for a in legal if a.verb == verb]


def face_of(view: View, action: Action) -> Card:
    """The face in play of the (first) card an action names."""
    ref = action.cards[0]
    if isinstance(ref, tuple):
        return ref[1] if view.side == "dark" else ref[0]
    return ref


def by_verb(legal: list[Action]) -> dict[str, list[Action]]:
    """The legal actions grouped by verb, in their order."""
    out: dict[str, list[Action]] = {}
    for a in legal:
        out.setdefault(a.verb, []).append(a)
    return out
