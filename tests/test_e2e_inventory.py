"""End-to-end test 3 of the Minecraft issue: a player's own items are all back after the game,
after `/uno leave`, after the client disconnects mid-game and the server restarts, and after the
server crashes mid-game (a real client, mineflayer, against the dev server)."""

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import DevServer, finish_node, require_prerequisites, run_node, saved_tables, start_node, wait_for_file  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java) and mineflayer clients


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_prerequisites()
    s = DevServer(tmp_path_factory.mktemp("e2e-inventory"), {"game": {"single_round": True}})
    s.start()
    yield s
    s.stop()


def test_own_items_come_back_on_every_way_out(server, tmp_path):
    snapshot_file = tmp_path / "snapshot.json"
    r = run_node("inventory.js", server.port, "prepare", snapshot_file, timeout=300)
    snapshot = r["snapshot"]
    assert {i["name"] for i in snapshot} == {"diamond", "oak_log", "stone_sword", "bread"}, snapshot
    assert r["dealtCards"] >= 7 and r["ownItemsWhilePlaying"] == 0
    assert r["afterLeave"] == snapshot and r["cardsAfterLeave"] == 0
    assert r["afterGame"] == snapshot and r["cardsAfterGame"] == 0
    assert r["cardsBeforeQuit"] >= 7

    # the client left mid-game; the server (and engine) restart cleanly
    assert server.stop() == 0
    server.start()
    back = run_node("inventory.js", server.port, "back", snapshot_file)
    assert back["cardsOnReturn"] >= 1          # the table resumed from SQLite
    assert back["afterReturn"] == snapshot and back["cardsAfterReturn"] == 0

    # a crash (SIGKILL of server and engine) while the player holds cards: not before her client
    # has them (the table reaches SQLite as soon as it is dealt, her items a moment later)
    proc = start_node("inventory.js", server.port, "crash", snapshot_file)
    wait_for_file(proc, "inventory.js", Path(f"{snapshot_file}.dealt"))
    assert list(server.data_dir.glob("vault/*.inv")), "her items were not in the vault"   # named by her UUID
    deadline = time.monotonic() + 60
    # the table state reaches SQLite (the engine saves bot moves every 0.5 s): her game in play
    while not any(t["state"] == "playing" and t["game"] and any(s["name"] == "eve" for s in t["seats"])
                  for t in saved_tables(server.database)):
        assert time.monotonic() < deadline and proc.poll() is None, "her game never reached SQLite before the crash"
        time.sleep(0.1)
    server.kill()
    crash = finish_node(proc, "inventory.js", timeout=60)
    assert crash["cardsBeforeCrash"] >= 1
    server.start()
    back = run_node("inventory.js", server.port, "back", snapshot_file)
    assert back["afterReturn"] == snapshot and back["cardsAfterReturn"] == 0
    assert not list(server.data_dir.glob("vault/*.inv"))
