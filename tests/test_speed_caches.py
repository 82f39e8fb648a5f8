"""The caches of the hot path: shared between games, bounded, and invisible to callers."""

from __future__ import annotations

import gc
import random
import weakref

import pytest

from unocraft.rules import legal
from unocraft.rules.actions import VERBS, Action
from unocraft.rules.game import Game
from unocraft.rules.options import Options
from unocraft.simulate import new_game


def test_changed_options_are_a_fresh_dict_each_time():
    opts = Options.build("official", jump_in="true")
    first = opts.changed()
    first["jump_in"] = "tampered"
    first["extra"] = 1
    assert opts.changed() == {"jump_in": True}
    assert Options.build("official", jump_in="true").changed() == {"jump_in": True}


def test_legal_actions_are_interned_across_games_of_the_same_players():
    opts = Options.build("official")
    a, b = Game.new(["ann", "bob"], opts, 1, events=False), Game.new(["ann", "bob"], opts, 1, events=False)
    legal_a, legal_b = a.legal_actions(a.turn_player), b.legal_actions(b.turn_player)
    assert legal_a == legal_b and all(x is y for x, y in zip(legal_a, legal_b))
    # other players: their own actions, named for them
    c = Game.new(["cid", "dan"], opts, 1, events=False)
    assert {x.player for x in c.legal_actions(c.turn_player)} == {c.turn_player}


def test_the_shared_action_cache_is_bounded():
    opts = Options.build("official")
    for i in range(legal.MAX_CACHED + 5):
        Game.new([f"p{i}", "q"], opts, i, events=False)
    assert len(legal._CACHES) <= legal.MAX_CACHED
    game = Game.new(["ann", "bob"], opts, 3, events=False)   # still answers after a clear
    assert game.legal_actions(game.turn_player)


#: A table of each edition with the house rules it allows on, so that every check the core caches
#: (its own verbs, DOS's, and the verbs only house rules decide) is asked.
EVERY_EDITION = {
    "classic": Options.build("official", seven_o=True, five_swap=True, hand_slap=True, silent_twos="twos",
                             jump_in=True, draw_two_chain="stacking", reverse_deflect=True,
                             mistake_penalty=2, forced_play=True),
    "minecraft": Options.build("minecraft", play_doubles="together", colour_rotation=True, seven_rounds=True),
    "flip": Options.build("flip", silent_twos="wilds", until_the_last=True, h2o_scoring=True, scoring="alternative"),
    "dos": Options.build("dos", mistake_penalty=1, forced_play=True),
}


def play_every_verb(game, steps: int) -> None:
    """Every verb asked at every step (mostly refused: their checks run), and
    a random legal action played, for `steps` actions or until the match ends."""
    rng = random.Random(game.seed)
    for _ in range(steps):
        if game.phase == "round_over":
            game.start_next_round()
        if game.phase != "play":
            break
        for name in game.names:
            hand = game.hands[game.seat_of[name]]
            card = (game.ref(hand[0]),) if hand else ()
            for verb in VERBS:
                game.refusal(Action(name, verb, card if verb in ("play", "jump", "give", "add") else (),
                                    target=game.names[0] if verb in ("catch", "swap") else None))
        game.play(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("edition", EVERY_EDITION)
def test_a_dropped_game_is_freed_by_its_reference_count(edition):
    # The tables' loop freezes what lives long (tables/collector.py): a game that only the cyclic
    # collector can free would stay in memory. The game's own random generator (a Python object, a
    # compiled game takes no weak reference) is freed with the game.
    gc.disable()
    try:
        game = new_game(["ann", "bob", "cid", "dan"], EVERY_EDITION[edition], 7)
        play_every_verb(game, 60)
        assert game.variant.checks is new_game(["a", "b"], EVERY_EDITION[edition]).variant.checks   # built once
        copy = game.copy()
        play_every_verb(copy, 5)
        freed = [weakref.ref(game.rng), weakref.ref(copy.rng)]
        del game, copy
        assert [ref() for ref in freed] == [None, None]
    finally:
        gc.enable()
