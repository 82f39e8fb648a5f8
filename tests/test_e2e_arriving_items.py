"""Issue 30 end to end, with a real client (mineflayer) on the dev server: items given to a seated
player mid-game (as /give, a kit or another plugin's addItem gives them) survive the draws and plays
that follow and the game's end, none twice; and a /uno leave sent a few ms before or after the
supervised engine is killed ends with the player off the table, their own items back."""

import json
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import DevServer, finish_node, require_prerequisites, run_node, start_node, wait_for_file, write_whole  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java) and mineflayer clients


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_prerequisites()
    s = DevServer(tmp_path_factory.mktemp("e2e-arriving-items"),
                  {"game": {"single_round": True},
                   "bots": {"fill_to": 2, "kind": "random"},
                   "timers": {"lobby": 1, "bot_think": 0.3, "turn": 120, "turn_warning": 10, "rejoin": 120}})
    s.start()
    yield s
    s.stop()


def test_gifts_mid_game_survive_the_draws_and_the_games_end(server):
    r = run_node("arriving_items.js", server.port, "gifts", timeout=420)
    assert r["own"] == {"diamond": 5, "stone_sword": 1}, r
    assert r["dealt"] >= 7
    # seen in the inventory while seated (the own diamonds wait in the vault)
    assert r["seen"] == {"diamond": 2, "gold_ingot": 4, "iron_sword": 1}, f"a gift never showed up: {r}"
    assert r["movesAfter"] >= 3, r
    assert r["after"] == {"diamond": 7, "stone_sword": 1, "gold_ingot": 4, "iron_sword": 1}, r
    assert r["cardsAfter"] == 0, r


@pytest.mark.parametrize("offset_ms", [-10, 0, 5, 20])
def test_a_leave_as_the_engine_dies_ends_off_the_table_with_the_items(server, tmp_path, offset_ms):
    state, go = tmp_path / "state.json", tmp_path / "go"
    proc = start_node("arriving_items.js", server.port, "leave", state, go, str(offset_ms))
    wait_for_file(proc, "arriving_items.js", state)
    assert json.loads(state.read_text())["dealt"] >= 7
    time.sleep(1.0)             # the deal's save, and the engine idle again
    kill_at = int(time.time() * 1000) + 300
    write_whole(go, str(kill_at))
    while time.time() * 1000 < kill_at:
        time.sleep(0.0005)
    server.kill_supervised_engine()
    r = finish_node(proc, "arriving_items.js", timeout=180)
    print(f"leave {r['leftAtMs']} ms from the kill: own items back after {r['backAfterMs']} ms")
    assert r["engineAnswered"], r
    assert r["after"] == r["own"] and r["cardsAfter"] == 0, r
    assert "not at a table" in r["secondLeave"], f"the restarted engine still has the player seated: {r}"
    assert r["backAfterMs"] < 30000, r
