"""Rollouts for the `lookahead` bot (search.py): a round played to its end from a
position, every player choosing as `strong` does (`rollout_move`, a copy of
`StrongBot.act` that reads the game instead of a view).

Compiled with the rules engine (setup.py): the rollouts are most of the search's
time, and the faster they run, the more worlds fit in a move's time budget. No
class here: a compiled module may not subclass the interpreted `Bot`.
"""

from __future__ import annotations

from typing import Any, Callable

from .rules.actions import Action
from .rules.cards import Card, RESTRICTED_WILDS
from .rules.game import Game

#: A rollout that has not ended after this many actions counts as half a win.
ROLLOUT_CAP = 400


def actor(game: Game) -> int:
    """The seat that must act now (the victim of a draw card, whoever owes a choice, else the turn)."""
    return seat_to_act(game.pending, game.turn)


def seat_to_act(pending: Any, turn: int) -> int:
    """`actor` from the two fields it reads, so that `simulate.actor` can serve any object
    shaped like a game (a wrapper, a test's counting game) while the rollouts keep a typed call."""
    if pending:
        if pending["kind"] == "penalty":
            return int(pending["victim"])
        if "who" in pending:
            return int(pending["who"])
    return turn


def rollout(game: Game, me: int, move: Action, depth: int, values: list[float]) -> float:
    """`me`'s chance to win the round after `move`, everyone playing `rollout_move`:
    1 or 0 when the round ends within `depth` actions, else the chance `values` gives
    for the hand sizes then (`value`). Without `values` (not two players) the round
    is played to its end."""
    game.play(move)
    limit = depth if values else ROLLOUT_CAP
    for _ in range(limit):
        if game.phase != "play":
            return 1.0 if game.round_winner == me else 0.0
        game.play(rollout_move(game, actor(game)))
    if game.phase != "play":
        return 1.0 if game.round_winner == me else 0.0
    return value(game, me, values) if values else 0.5


#: Hand sizes above this count as this many in `values`.
MAX_CARDS = 20


def _key(mine: int, theirs: int, to_act: bool) -> int:
    return (min(mine, MAX_CARDS) * (MAX_CARDS + 1) + min(theirs, MAX_CARDS)) * 2 + (1 if to_act else 0)


def value(game: Game, me: int, values: list[float]) -> float:
    """Two players: the chance that `me` wins from here, by the hand sizes and who acts."""
    other = 1 - me
    return values[_key(len(game.hands[me]), len(game.hands[other]), actor(game) == me)]


def fit_values(game_of_seed: Callable[[int], Game], rounds: int) -> list[float]:
    """The chance to win a two-player round by (my cards, their cards, whether I act),
    counted over `rounds` rounds of `rollout_move` self-play (`game_of_seed(seed)`: a
    new game), smoothed towards 1/2."""
    size = _key(MAX_CARDS, MAX_CARDS, True) + 1
    wins = [0.0] * size
    seen = [0.0] * size
    for seed in range(rounds):
        game = game_of_seed(seed)
        states: list[int] = []
        while game.phase == "play" and len(states) < 2 * ROLLOUT_CAP:
            seat = actor(game)
            a, b = len(game.hands[0]), len(game.hands[1])
            states.append(_key(a, b, seat == 0))
            states.append(_key(b, a, seat == 1) + size)
            game.play(rollout_move(game, seat))
        if game.phase == "play":
            continue
        won = 1.0 if game.round_winner == 0 else 0.0
        for k in states:
            if k >= size:
                wins[k - size] += 1.0 - won
                seen[k - size] += 1.0
            else:
                wins[k] += won
                seen[k] += 1.0
    return [(wins[k] + 1.0) / (seen[k] + 2.0) for k in range(size)]


def _points(face: Card) -> int:
    if face.is_number:
        return face.number or 0
    return 50 if face.is_wild else 20


_HITS = ("S", "+2", "+1", "+5", "E", "W+4", "W+2", "WC")


def rollout_move(game: Game, seat: int) -> Action:
    """`StrongBot.act` read off the game instead of a view (its rules, 50 times faster):
    the rollouts play as the opponent does."""
    name = game.names[seat]
    legal = game.legal_actions(name)
    hand = game.hands[seat]
    faces = game.faces[game.side]
    pending = game.pending
    kind = pending["kind"] if pending is not None else None
    plays: list[Action] = []
    other = None
    for a in legal:
        verb = a.verb
        if verb == "uno" and len(hand) == 2:
            return a
        if verb == "play" and len(a.cards) == 1:
            plays.append(a)
        elif verb in ("draw", "pass") and other is None:
            other = a
    counts: dict[str, int] = {}
    for c in hand:
        colour = faces[c].colour
        if colour is not None:
            counts[colour] = counts.get(colour, 0) + 1
    if kind is not None and kind not in ("drawn", "penalty"):
        return _choice(game, seat, legal, kind, counts)
    if kind == "penalty":
        if plays:
            return max(plays, key=lambda a: counts.get(a.colour, 0) if a.colour else 0)
        if pending["challengeable"] and len(game.hands[pending["source"]]) >= 6:
            for a in legal:
                if a.verb == "challenge":
                    return a
        return other or legal[0]
    if plays:
        nxt = len(game.hands[game._next(seat)])
        danger = any(len(game.hands[q]) <= 2 for q in game._others(seat))
        holds = game.colour in counts
        best, best_score = plays[0], -10 ** 9
        for a in plays:
            face = a.cards[0]
            score = _points(face)
            if face.is_wild:
                if not danger:
                    score -= 60
                if face.rank in RESTRICTED_WILDS and holds:
                    score -= 200 if nxt > 2 else 40
                if a.colour is not None:
                    score += 3 * counts.get(a.colour, 0)
            else:
                score += 3 * (counts.get(face.colour, 0) - 1)
            if nxt <= 3 and face.rank in _HITS:
                score += 40
            elif face.rank == "R" and nxt <= 2:
                score += 25
            if score > best_score:
                best, best_score = a, score
        if best_score > -50 or other is None:
            return best
    return other or legal[0]


def _choice(game: Game, seat: int, legal: list[Action], kind: str, counts: dict[str, int]) -> Action:
    """A colour, a swap or a card to give, as `strong` chooses them."""
    if kind == "colour":
        points: dict[str, float] = {}
        faces = game.faces[game.side]
        for c in game.hands[seat]:
            face = faces[c]
            if face.colour is not None:
                points[face.colour] = points.get(face.colour, 0) + 1 + _points(face) / 10
        colours = [a for a in legal if a.verb == "colour"]
        return max(colours, key=lambda a: points.get(a.colour or "", 0)) if colours else legal[0]
    swaps = [a for a in legal if a.verb == "swap"]
    if swaps:
        sizes = {game.names[q]: len(game.hands[q]) for q in range(len(game.names))}
        return min(swaps, key=lambda a: (sizes.get(a.target or "", 99),
                                         -_points(a.cards[0]) if a.cards else 0))
    gives = [a for a in legal if a.verb == "give"]
    if gives:
        return min(gives, key=lambda a: _points(a.cards[0]))
    return legal[0]
