"""Rollouts for the `lookahead` bot (bots/search.py): a round played to its end from a
position, every player choosing as `strong` does (`rollout_move`: `strategy.strong_move`,
the strategy `StrongBot.act` plays, fed from the game instead of a view).

Compiled with the rules engine (setup.py): the rollouts are most of the search's
time, and the faster they run, the more worlds fit in a move's time budget. No
class here: a compiled module may not subclass the interpreted `Bot`.
"""

from __future__ import annotations

from typing import Callable

from .rules.actions import Action
from .rules.game import Game
from .rules.pending import Penalty
from .strategy import strong_move

#: A rollout that has not ended after this many actions counts as half a win.
ROLLOUT_CAP = 400


def actor(game: Game) -> int:
    """The seat that must act now: the rules say (`GameState.actor`)."""
    return game.actor()


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


def rollout_move(game: Game, seat: int) -> Action:
    """`strong`'s move (`strategy.strong_move`) from the game's state instead of a view:
    the rollouts play as the opponent does."""
    pending = game.pending
    source = pending.source if isinstance(pending, Penalty) else -1
    faces = game.faces[game.side]
    return strong_move(game.legal_actions(game.names[seat]), [faces[c] for c in game.hands[seat]],
                       game.colour, game.names, [len(h) for h in game.hands], game.active,
                       seat, game.next_seat(seat), source)
