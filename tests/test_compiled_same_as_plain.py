"""The compiled build (mypyc) plays exactly the games the plain Python build plays.

`scripts/test` runs the rules tests a second time on `.venv-compiled` and sets
UNOCRAFT_PLAIN_PYTHON to the plain interpreter: this test then plays the same
seeded self-play matches in both builds, under every preset, and compares the
complete event logs, the acting players' views and the saved states byte for byte.
Run on one build alone there is nothing to compare it with, so it is skipped there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from unocraft.rules import game as game_module

pytestmark = pytest.mark.slow  # the compiled build: self-play under every preset in both builds

ROOT = Path(__file__).resolve().parent.parent
PLAIN = os.environ.get("UNOCRAFT_PLAIN_PYTHON")

#: Plays the matches and prints one JSON line per preset: every event, the final state.
SCRIPT = r"""
import json, random, sys
from unocraft.bots import make_bot
from unocraft.rules.options import PRESETS, Options
from unocraft.simulate import actor, new_game
from unocraft.rules import game as game_module
plain = game_module.__file__.endswith(".py")
for preset in sorted(PRESETS):
    opts = Options.build(preset)
    players = 3 if opts.edition == "dos" else 4
    names = [f"p{i}" for i in range(players)]
    game = new_game(names, opts, 2024)
    bots = [make_bot(kind, i) for i, kind in enumerate(["strong", "basic", "random", "strong"][:players])]
    rng = random.Random(7)
    log = [e.to_json() for e in game.setup_events]
    views = []
    for _ in range(600):
        if game.phase != "play":
            if game.phase == "match_over":
                break
            log += [e.to_json() for e in game.start_next_round()]
            continue
        seat = actor(game)
        legal = game.legal_actions(names[seat])
        view = game.view(names[seat], legal=False)
        views.append(view.to_dict())   # (as plain data: the views' classes differ between the builds)
        action = bots[seat].act(view, legal)
        log += [e.to_json() for e in game.play(action)]
    print(json.dumps({"preset": preset, "plain": plain, "log": log, "views": views, "state": game.to_json()}))
"""


def play(python: str, env: dict[str, str] | None = None) -> list[dict]:
    out = subprocess.run([python, "-c", SCRIPT], capture_output=True, text=True, check=True,
                         env=env, cwd=ROOT, timeout=600).stdout
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.skipif(not PLAIN, reason="needs both builds: scripts/test runs it on the compiled one")
def test_compiled_build_plays_the_same_games_as_plain_python():
    assert not game_module.__file__.endswith(".py"), "this interpreter should run the compiled build"
    compiled = play(sys.executable)
    # the plain build: the sources of this checkout, first on the path
    env = dict(os.environ, PYTHONPATH=str(ROOT / "engine"))
    plain = play(PLAIN, env)
    assert [r["preset"] for r in compiled] == [r["preset"] for r in plain] and len(plain) >= 5
    assert all(r["plain"] for r in plain) and not any(r["plain"] for r in compiled)
    for ours, theirs in zip(compiled, plain):
        assert len(ours["log"]) > 50, f"{ours['preset']}: too short a game to compare"
        assert ours["log"] == theirs["log"], f"{ours['preset']}: the builds' events differ"
        assert json.dumps(ours["views"]) == json.dumps(theirs["views"]), f"{ours['preset']}: the builds' views differ"
        assert ours["state"] == theirs["state"], f"{ours['preset']}: the builds' states differ"


@pytest.mark.skipif(not PLAIN, reason="needs both builds: scripts/test runs it on the compiled one")
def test_version_says_which_build_runs():
    version = "from unocraft.cli import main; main(['--version'])"
    compiled = subprocess.run([sys.executable, "-c", version], capture_output=True, text=True, cwd=ROOT)
    plain = subprocess.run([PLAIN, "-c", version], capture_output=True, text=True, cwd=ROOT,
                           env=dict(os.environ, PYTHONPATH=str(ROOT / "engine")))
    assert compiled.returncode == plain.returncode == 0
    assert "rules engine: compiled with mypyc" in compiled.stdout, compiled.stdout
    assert "rules engine: plain Python" in plain.stdout, plain.stdout
