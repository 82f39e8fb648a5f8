"""benchmarks/engine_vs_rlcard.py's count of our actions a game by verb (`action_mix`): it
counts the games the timed loop plays, per game, with every verb a real one."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import engine_vs_rlcard  # noqa: E402

from unocraft.rules.game import Game  # noqa: E402
from unocraft.rules.options import Options  # noqa: E402


def test_action_mix_counts_each_action_of_the_games_once():
    mix = engine_vs_rlcard.action_mix(games=4, seed=3)
    assert mix == engine_vs_rlcard.action_mix(games=4, seed=3)   # the same seeded games
    assert set(mix) <= {"play", "draw", "pass", "uno", "catch", "challenge", "colour"}, mix
    assert max(mix, key=mix.__getitem__) == "play" and mix["draw"] > 0
    # every action a game takes is counted once: the games' own action counters say how many
    options, names, total = Options.build("official"), ["a", "b", "c", "d"], 0
    rng = engine_vs_rlcard.random.Random(3)
    for g in range(4):
        game = Game.new(names, options, 3 + g, events=False)
        while game.phase == "play":
            legal = game.legal_actions(names[engine_vs_rlcard.actor(game)])
            game.play(rng.choice([a for a in legal if a.verb == "play"] or legal))
        total += game.seq
    assert abs(sum(mix.values()) * 4 - total) < 1e-9, (mix, total)
