"""Engine restarts (issue 3, "How it runs"): the plugin tells seated players the game is paused
and keeps their inventories safe; when the engine is back, the table resumes from SQLite where
it was. The dev server and the engine run as two processes here (`unocraft serve --attach`)."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import SplitServer, finish_node, require_prerequisites, saved_table, start_node, wait_for_file  # noqa: E402

from unocraft.rules.game import Game  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java) and mineflayer clients


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
    before = json.loads(state.read_text())["before"]

    def as_finn_saw_it(row: dict) -> bool:     # his turn, his hand: what the engine resumes from
        return row["turn_actor"] == "finn" and sorted("card:" + c for c in Game.from_json(row["game"]).view("finn").hand) == before

    assert as_finn_saw_it(saved_table(server.database, until=as_finn_saw_it)), "the table as finn saw it never reached SQLite"
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
