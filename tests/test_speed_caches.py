"""The caches of the hot path: shared between games, bounded, and invisible to callers."""

from __future__ import annotations

from unocraft.rules import legal
from unocraft.rules.game import Game
from unocraft.rules.options import Options


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
