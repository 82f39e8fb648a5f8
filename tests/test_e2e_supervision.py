"""The plugin starts and supervises the engine (issue 8): the dev server runs the engine as its
child with the same EngineSupervisor the Spigot plugin uses. Killed mid-game (SIGKILL), the engine
is started again and the same game goes on by itself, hands and items intact (how soon is printed:
a figure for the benchmarks, not a test's verdict on a shared machine)."""

import json
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import PATIENCE, DevServer, finish_node, require_prerequisites, saved_table, start_node, wait_for_file, write_whole  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java) and mineflayer clients

#: a deal (UNOCRAFT_TABLE_SEED) in which the bot moves first, so the engine dies with a bot to move
SEED = "3"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from unocraft.tables.lifecycle import SEED_ENV
    require_prerequisites()
    s = DevServer(tmp_path_factory.mktemp("e2e-supervision"),
                  {"bots": {"fill_to": 2, "kind": "random"},
                   "timers": {"lobby": 1, "bot_think": 2.0, "turn": 120, "turn_warning": 10, "rejoin": 120}},
                  env={SEED_ENV: SEED})
    s.start()
    yield s
    s.stop()


def test_a_killed_engine_is_restarted_and_the_game_goes_on_by_itself(server, tmp_path):
    state, killed = tmp_path / "state.json", tmp_path / "killed"
    proc = start_node("supervised_crash.js", server.port, state, killed)
    wait_for_file(proc, "supervised_crash.js", state)
    assert not json.loads(state.read_text())["myTurn"], "the seeded deal must give the first move to the bot"
    # the deal is in SQLite (written at most SAVE_INTERVAL after it): what a crash cannot take back
    assert saved_table(server.database, until=lambda row: row["state"] == "playing")["state"] == "playing", \
        "the deal never reached SQLite"
    first = server.kill_supervised_engine()
    write_whole(killed, str(int(time.time() * 1000)))
    r = finish_node(proc, "supervised_crash.js", timeout=120)

    print(f"after the kill: paused {r['pausedAfterMs']} ms, resumed {r['resumedAfterMs']} ms, "
          f"the game went on {r['movedAfterMs']} ms ({r['moved']})")
    pids = server.engine_pids()
    assert len(pids) == 2 and pids[0] == first and pids[1] != first, pids
    assert "exited with code 137" in server.log()
    assert "paused" in r["paused"] and r["resumed"], r
    assert r["whilePaused"] == r["before"]        # no card lost or added while the engine was away
    assert r["kept"], r                           # every card of the hand is still there afterwards
    assert r["ownAfter"] == r["own"] and len(r["own"]) == 1
    assert server.alive()


def test_stopping_the_server_stops_the_engine_it_supervises(tmp_path):
    require_prerequisites()
    s = DevServer(tmp_path / "stop")
    s.start()
    pid = s.engine_pids()[-1]
    assert Path(f"/proc/{pid}").exists()
    assert s.stop() == 0
    end = time.monotonic() + PATIENCE
    while Path(f"/proc/{pid}").exists() and time.monotonic() < end:
        time.sleep(0.1)
    assert not Path(f"/proc/{pid}").exists(), "the engine outlived the server"
