"""Self-play: bots play whole matches; optional checks after every action.

The driver decides who acts: first any player with something to do out of turn
(catch, UNO, jump-in, slap) may react, then the player who must act (the turn,
the victim of a draw card, whoever owes a choice).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from .bots import Bot, make_bot
from .rules.state import seat_to_act
from .rules.errors import Refused
from .rules.match import new_game  # noqa: F401 - self-play's games (stress, the tests) are the rules'
from .rules.options import Options

MAX_ACTIONS_PER_ROUND = 20000


class Stalled(AssertionError):
    """A game that does not end, or a check that failed: always a bug."""


def actor(game) -> int:
    """The seat that must act now (`GameState.actor`), for any object shaped like a game
    (`play_match` takes wrappers): read from the two fields it depends on."""
    return seat_to_act(game.pending, game.turn)


@dataclass
class MatchResult:
    winners: list[str]
    rounds: int
    turns: int
    actions: int


@dataclass
class SimStats:
    games: int = 0
    wins: list[float] = field(default_factory=list)
    rounds: int = 0
    turns: int = 0
    actions: int = 0
    seconds: float = 0.0


def play_match(game, bots: list[Bot], check: bool = False, one_round: bool = False) -> MatchResult:
    names = game.names
    total = game.total_cards() if check else 0
    turns = actions = rounds = 0
    while True:
        in_round = 0
        while game.phase == "play":
            acted = False
            if game.may_act_out_of_turn():
                start = actor(game)
                for k in range(1, len(names)):
                    seat = (start + k) % len(names)
                    if not game.active[seat]:
                        continue
                    legal = game.legal_actions(names[seat])
                    if not legal:
                        continue
                    choice = bots[seat].react(game.view(names[seat], legal=False), legal)
                    if choice is not None:
                        turns += _apply(game, choice, check, total)
                        actions += 1
                        acted = True
                        break
            if not acted:
                seat = actor(game)
                legal = game.legal_actions(names[seat])
                if not legal:
                    raise Stalled(f"{names[seat]} must act but has no legal action "
                                  f"(pending {game.pending}, seed {game.seed})")
                choice = bots[seat].act(game.view(names[seat], legal=False), legal)
                turns += _apply(game, choice, check, total)
                actions += 1
            in_round += 1
            if in_round > MAX_ACTIONS_PER_ROUND:
                raise Stalled(f"round {game.round_no} did not end after {in_round} actions "
                              f"(seed {game.seed}, options {game.opts.changed()})")
        rounds += 1
        if game.phase == "match_over" or one_round:
            break
        game.start_next_round()
    winners = [names[s] for s in game.match_winners] if game.phase == "match_over" else \
        [names[game.round_winner]]
    return MatchResult(winners, rounds, turns, actions)


def _apply(game, action, check: bool, total: int) -> int:
    """Plays `action`; returns how many turns began (events or not, see `record_events`)."""
    turns = game.turns_this_round
    try:
        game.play(action)
    except Refused as e:
        raise Stalled(f"a legal action was refused: {action.player}: {action} -> {e.code}") from None
    if check and game.total_cards() != total:
        raise Stalled(f"card count changed to {game.total_cards()} (expected {total}) "
                      f"after {action.player}: {action}")
    return game.turns_this_round - turns


def simulate(games: int, players: int, options: Options, bot_kinds: list[str], seed: int = 0,
             check: bool = False, one_round: bool = False, progress=None) -> SimStats:
    names = [f"p{i + 1}" for i in range(players)]
    stats = SimStats(wins=[0.0] * players)
    t0 = time.perf_counter()
    for g in range(games):
        game = new_game(names, options, seed + g, events=False)
        bots = [make_bot(bot_kinds[i % len(bot_kinds)], seed * 7919 + g * 31 + i) for i in range(players)]
        result = play_match(game, bots, check=check, one_round=one_round)
        for w in result.winners:
            stats.wins[names.index(w)] += 1 / len(result.winners)
        stats.games += 1
        stats.rounds += result.rounds
        stats.turns += result.turns
        stats.actions += result.actions
        if progress:
            progress(1)
    stats.seconds = time.perf_counter() - t0
    return stats


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a win rate (Wilson score interval)."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
