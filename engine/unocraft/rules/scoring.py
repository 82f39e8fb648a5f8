"""End of a round and of the match (RULES.md §8; the house rules' score hooks)."""

from __future__ import annotations

from .cards import Card
from .events import Eliminated, MatchOver, RoundOver
from .state import GameState


def partner(seat: int) -> int:
    return (seat + 2) % 4


def hand_points(game: GameState, seat: int) -> int:
    """What `seat`'s hand counts (§8): a house rule's count, else the edition's points."""
    for rule in game.points_rules:
        points = rule.hand_points(game, seat)
        if points >= 0:
            return points
    return sum(game.edition.points(game.face(c)) for c in game.hands[seat])


def score_round(game: GameState, winner: int, last: Card | None) -> None:
    opts = game.opts
    n = len(game.names)
    hand = [hand_points(game, s) for s in range(n)]
    points = [0] * n
    mode = opts.scoring
    if mode in ("standard", "lazy"):
        if opts.partners:
            team = (winner, partner(winner))
            won = sum(hand[s] for s in range(n) if s not in team)
            for s in team:
                points[s] = won
        else:
            points[winner] = sum(hand[s] for s in range(n) if s != winner)
    else:  # alternative, ru_loser, elimination: each player's own hand
        points = [0 if game.eliminated[s] else hand[s] for s in range(n)]
    for rule in game.score_hooks:
        rule.score(game, points, winner, last)
    game.round_points = points
    game.round_winner = winner
    loser = max((s for s in range(n) if not game.eliminated[s]), key=lambda s: (hand[s], -s))
    for rule in game.score_hooks:
        loser = rule.round_loser(game, loser)
    game.round_loser = loser
    if mode != "lazy":
        for s in range(n):
            game.scores[s] += points[s]
    if game.record_events:
        game.emit(RoundOver(game.names[winner], game.names[loser], dict(zip(game.names, points)),
                            dict(zip(game.names, game.scores)),
                            {game.names[s]: game.codes(game.hands[s]) for s in range(n)}))
    winners = _match_winners(game, hand, winner)
    if winners:
        game.phase = "match_over"
        game.match_winners = winners
        game.emit(MatchOver([game.names[s] for s in winners], dict(zip(game.names, game.scores))))
    else:
        game.phase = "round_over"


def _match_winners(game: GameState, hand: list[int], winner: int) -> list[int]:
    opts = game.opts
    n = len(game.names)
    scores = game.scores
    seated = [s for s in range(n) if not game.eliminated[s]]
    mode = opts.scoring
    if mode == "lazy":
        return [winner]
    if mode == "standard":
        if max(scores) >= opts.target:
            best = max(scores)
            top = [s for s in range(n) if scores[s] == best]
            if opts.partners:
                return sorted(set(top) | {partner(s) for s in top})
            return top
        return []
    reached = [s for s in seated if scores[s] >= opts.target]
    if not reached:
        return []
    if mode == "alternative":
        low = min(scores[s] for s in seated)
        return [s for s in seated if scores[s] == low]
    if mode == "ru_loser":
        return [s for s in seated if scores[s] < opts.target] or \
            [min(seated, key=lambda s: scores[s])]
    # elimination: out at the target until two remain; of the last two, the one who
    # reaches the target loses.
    if len(seated) > 2:
        for s in sorted(reached, key=lambda s: -scores[s]):
            if sum(1 for q in range(n) if not game.eliminated[q]) > 2:
                game.eliminated[s] = True
                game.emit(Eliminated(game.names[s]))
        left = [s for s in range(n) if not game.eliminated[s]]
        if len(left) > 2 or not any(scores[s] >= opts.target for s in left):
            return []
        return [min(left, key=lambda s: scores[s])]
    return [s for s in seated if scores[s] < opts.target] or [min(seated, key=lambda s: scores[s])]
