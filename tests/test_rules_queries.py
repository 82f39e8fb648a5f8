"""The rules' public queries agree with the decisions they replaced: who acts
(`actor`), whether anyone else may act (`may_act_out_of_turn`, fed by the house
rules' hooks) and forced play (`must_play`), checked at every step of self-play."""

from __future__ import annotations

import random

import pytest

from unocraft.rules import dos
from unocraft.rules.house.hand_slap import SLAP
from unocraft.rules.house.silent_twos import SILENCE
from unocraft.rules.match import load_game, new_game
from unocraft.rules.options import Options
from unocraft.simulate import actor


def old_out_of_turn(game) -> bool:
    """simulate.out_of_turn_possible before the rules answered it."""
    if game.catchable or SLAP.get(game) or SILENCE.get(game):
        return True
    return (game.opts.jump_in or game.opts.play_doubles == "sequential") and not game.start_top


def old_must_play(game, seat: int) -> bool:
    """house/forced_play.py's and dos.py's own tests before `must_play`."""
    if not game.opts.forced_play:
        return False
    if game.opts.edition == "dos":
        return dos.can_match(game, seat)
    p = game.pending
    if p is not None and p.kind == "drawn":
        return game.can_play(seat, p.card)
    return any(game.can_play(seat, c) for c in game.hands[seat])


@pytest.mark.parametrize("preset,overrides", [
    ("official", {"jump_in": True, "hand_slap": True, "forced_play": True}),
    ("official", {"play_doubles": "sequential", "silent_twos": "twos"}),
    ("official", {"silent_twos": "wilds", "play_doubles": "together", "forced_play": True}),
    ("flip", {"jump_in": True}),
    ("dos", {"forced_play": True}),
    ("dos", {}),
])
def test_queries_agree_with_the_decisions_they_replaced(preset, overrides):
    rng = random.Random(7)
    opened = 0
    for seed in range(6):
        game = new_game(["a", "b", "c"], Options.build(preset, **overrides), seed, events=False)
        for _ in range(300):
            if game.phase != "play":
                break
            assert game.actor() == actor(game)
            assert game.may_act_out_of_turn() == old_out_of_turn(game)
            opened += game.may_act_out_of_turn()
            for seat in range(3):
                if game.active[seat]:
                    assert game.must_play(seat) == old_must_play(game, seat)
            legal = game.legal_actions()
            game.play(rng.choice(legal))
    assert opened or preset == "dos"   # the out-of-turn cases were met


def test_load_game_picks_the_edition_class():
    for preset in ("official", "dos"):
        game = new_game(["a", "b"], Options.build(preset), 3)
        for saved in (game.to_json(), game.to_state()):
            loaded = load_game(saved)
            assert type(loaded) is type(game)
            assert loaded.fingerprint() == game.fingerprint()
    game = new_game(["a", "b"], Options.build("dos"), 3)
    state = game.to_state()
    load_game(state).hands[0].append(999)     # plain data is copied, not shared
    assert 999 not in game.hands[0]
