"""Bots act in every edition and under every option, and `strong` beats `random` clearly."""

import random

from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from unocraft.bots import make_bot
from unocraft.rules.options import Options
from unocraft.simulate import play_match, new_game, simulate, wilson

from test_properties import tables


def test_strong_beats_random_in_four_player_official_games():
    stats = simulate(400, 4, Options.build("official"), ["strong", "random", "random", "random"],
                     seed=11, one_round=True)
    low, _ = wilson(stats.wins[0], stats.games)
    print(f"strong vs 3 random, 400 rounds: {stats.wins[0] / stats.games:.1%}")
    assert low > 0.40, f"strong won only {stats.wins[0]} of {stats.games}"


def test_strong_beats_basic():
    stats = simulate(400, 2, Options.build("official"), ["strong", "basic"], seed=3, one_round=True)
    assert stats.wins[0] > stats.wins[1]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(table=tables(), seed=st.integers(0, 10**6), kinds=st.lists(st.sampled_from(["random", "basic", "strong"]),
                                                                  min_size=1, max_size=3))
def test_bots_finish_rounds_under_any_options(table, seed, kinds):
    options, players = table
    names = [f"p{i}" for i in range(players)]
    game = new_game(names, options, seed)
    bots = [make_bot(kinds[i % len(kinds)], seed + i) for i in range(players)]
    result = play_match(game, bots, check=True, one_round=True)
    assert result.rounds == 1 and result.winners


def test_bots_see_only_their_view():
    """A bot's decision depends only on its view: two games that differ in hidden
    cards but give the same view get the same action."""
    from test_properties import hidden_card_swap
    game = new_game(["a", "b", "c"], Options.build("official"), 4)
    rng = random.Random(1)
    other = hidden_card_swap(game, game.turn, rng)
    name = game.turn_player
    for kind in ("basic", "strong"):
        one = make_bot(kind, 9).act(game.view(name, legal=False), game.legal_actions(name))
        two = make_bot(kind, 9).act(other.view(name, legal=False), other.legal_actions(name))
        assert one == two
