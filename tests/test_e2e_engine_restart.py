"""Engine restarts (issue 3, "How it runs"): the plugin tells seated players the game is paused
and keeps their inventories safe; when the engine is back, the table resumes from SQLite where
it was. The dev server and the engine run as two processes here (`unocraft serve --attach`)."""

import json
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import SplitServer, finish_node, require_prerequisites, start_node, wait_for_file  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_prerequisites()
    s = SplitServer(tmp_path_factory.mktemp("e2e-engine-restart"), {"timers": {"turn": 120, "turn_warning": 10}})
    s.start()
    yield s
    s.stop()


def test_the_game_pauses_while_the_engine_is_away_and_resumes_after(server, tmp_path):
    state, go = tmp_path / "state.json", tmp_path / "go"
    proc = start_node("engine_restart.js", server.port, state, go)
    wait_for_file(proc, "engine_restart.js", state)
    time.sleep(1.5)          # the table state reaches SQLite (bot moves are written every 0.5 s)
    server.kill_engine()
    wait_for_file(proc, "engine_restart.js", Path(str(go) + ".paused"))
    assert server.alive()
    server.start_engine()
    r = finish_node(proc, "engine_restart.js", timeout=120)
    assert "paused" in r["paused"]
    assert r["whilePaused"] == r["before"]       # the cards stay while the engine is away
    assert r["after"] == r["before"]             # and the table resumed where it was
    assert r["ownAfter"] == r["own"]
    assert json.loads(state.read_text())["before"] == r["before"]
