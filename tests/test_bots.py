"""Bots act in every edition and under every option, and `strong` beats `random` clearly."""

import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from unocraft.bots import make_bot
from unocraft.rules.options import Options
from unocraft.simulate import play_match, new_game, simulate, wilson

from test_properties import tables


@pytest.mark.slow      # long self-play: a win rate
def test_strong_beats_random_in_four_player_official_games():
    stats = simulate(400, 4, Options.build("official"), ["strong", "random", "random", "random"],
                     seed=11, one_round=True)
    low, _ = wilson(stats.wins[0], stats.games)
    print(f"strong vs 3 random, 400 rounds: {stats.wins[0] / stats.games:.1%}")
    assert low > 0.40, f"strong won only {stats.wins[0]} of {stats.games}"


def test_strong_beats_basic():
    stats = simulate(400, 2, Options.build("official"), ["strong", "basic"], seed=3, one_round=True)
    assert stats.wins[0] > stats.wins[1]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
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


# -- strong's strategy (unocraft.strategy.strong_move), position by position: what
#    `strong` and the lookahead bot's rollouts both play

from unocraft.rules.actions import Action  # noqa: E402
from unocraft.rules.cards import Card  # noqa: E402
from unocraft.strategy import strong_move  # noqa: E402


def _play(*codes: str, colour: str | None = None) -> Action:
    return Action("me", "play", tuple(Card.parse(c) for c in codes), colour)


def _wilds(code: str) -> list[Action]:
    return [_play(code, colour=c) for c in "RYGB"]


def _strong(legal, hand, colour="R", sizes=(5, 5, 5), next_seat=1, penalty_source=-1, active=None):
    names = ["me", "ann", "bob", "cid"][:len(sizes)]
    return strong_move(list(legal), [Card.parse(c) for c in hand], colour, names, list(sizes),
                       active or [True] * len(sizes), 0, next_seat, penalty_source)


DRAW, PASS, CHALLENGE = Action("me", "draw"), Action("me", "pass"), Action("me", "challenge")


def test_strong_sheds_its_highest_card_of_the_colour_it_holds_most_of():
    hand = ["R9", "R2", "G8", "G3", "G1"]
    assert _strong([_play("R9"), _play("R2"), _play("G8"), DRAW], hand) == _play("G8")
    assert _strong([_play("R9"), _play("R2"), DRAW], hand) == _play("R9")


def test_strong_keeps_a_wild_unless_an_opponent_is_about_to_go_out():
    hand = ["W", "R3", "G5"]
    legal = [_play("R3")] + _wilds("W") + [DRAW]
    assert _strong(legal, hand) == _play("R3")
    chosen = _strong(legal, hand, sizes=(3, 5, 2))        # bob (not next) has two cards
    assert chosen.cards == (Card.parse("W"),) and chosen.colour in "RG"


def test_strong_bluffs_a_wild_draw_four_only_on_a_next_player_about_to_go_out():
    hand = ["W+4", "R3", "B2"]
    legal = [_play("R3")] + _wilds("W+4") + [DRAW]
    assert _strong(legal, hand, sizes=(3, 5, 5)) == _play("R3")
    assert _strong(legal, hand, sizes=(3, 2, 5)).cards == (Card.parse("W+4"),)
    # no bluff without a card of the colour, but a wild is still kept while nobody is about to go out
    assert _strong([_play("B2")] + _wilds("W+4") + [DRAW], ["W+4", "B2"], colour="G") == _play("B2")


def test_strong_draws_rather_than_lay_a_bluff_and_lays_it_when_it_may_not_draw():
    hand = ["W+4", "R3"]      # (after drawing the wild: only it may be laid, or pass)
    assert _strong(_wilds("W+4") + [DRAW], hand) == DRAW
    assert _strong(_wilds("W+4") + [PASS], hand).cards == (Card.parse("W+4"),)
    assert _strong([PASS, DRAW], hand) == DRAW              # draw before pass, whatever the order
    assert _strong([Action("me", "uno"), PASS], hand + ["G1"]) == PASS     # then pass


def test_strong_hits_a_next_player_with_few_cards():
    greens = ["G9", "G8", "G7", "G6", "G5"]          # G9 scores 9 + 3 * 4 greens besides it
    legal = [_play("G9"), _play("BS"), DRAW]
    assert _strong(legal, greens + ["BS"], sizes=(6, 6, 6)) == _play("G9")
    assert _strong(legal, greens + ["BS"], sizes=(6, 3, 6)) == _play("BS")    # skip it
    assert _strong(legal, greens + ["BS"], sizes=(6, 6, 3)) == _play("G9")    # (not next)
    legal = [_play("G9"), _play("BR"), DRAW]
    assert _strong(legal, greens + ["BR"], sizes=(6, 3, 6)) == _play("G9")
    assert _strong(legal, greens + ["BR"], sizes=(6, 2, 6)) == _play("BR")    # turn it back


def test_strong_lays_a_double_together():
    hand = ["R4", "R4", "R9"]
    legal = [_play("R4"), _play("R9"), _play("R4", "R4"), DRAW]
    assert _strong(legal, hand) == _play("R4", "R4")       # 4 + 4 + 15 > 9


def test_strong_answers_a_draw_card_stacks_challenges_a_big_hand_else_draws():
    hand = ["G+2", "R+2", "R4"]
    stack = [_play("G+2"), _play("R+2"), DRAW]
    assert _strong(stack, hand, penalty_source=2) == _play("G+2")   # the first: only a wild names a colour
    assert _strong([DRAW, CHALLENGE], ["R4"], sizes=(1, 5, 6), penalty_source=2) == CHALLENGE
    assert _strong([DRAW, CHALLENGE], ["R4"], sizes=(1, 5, 5), penalty_source=2) == DRAW


def test_strong_calls_uno_names_its_best_colour_swaps_with_the_smallest_hand():
    uno = Action("me", "uno")
    assert _strong([_play("R3"), uno, DRAW], ["R3", "G4"]) == uno
    assert _strong([_play("R3"), uno, DRAW], ["R3", "G4", "G5"]) == _play("R3")
    colours = [Action("me", "colour", colour=c) for c in "RYGB"]
    assert _strong(colours, ["R1", "R2", "B9"]).colour == "R"      # 2.3 > 1.9
    assert _strong(colours, ["R1", "B9"]).colour == "B"            # 1.1 < 1.9: points count
    swaps = [Action("me", "swap", target=t) for t in ("ann", "bob", "cid")]
    assert _strong(swaps, ["R1"], sizes=(1, 6, 3, 4)).target == "bob"
    gives = [Action("me", "give", (Card.parse(c),)) for c in ("R9", "G1", "W")]
    assert _strong(gives, ["R9", "G1", "W"]) == gives[1]
