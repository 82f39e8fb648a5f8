"""End-to-end test 2 of the Minecraft issue: two real clients at one table. An out-of-turn play
is refused with a message; a stale chat click is refused; one client catches the other's missed
UNO and the penalty cards arrive."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import DevServer, require_prerequisites, run_node  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_prerequisites()
    s = DevServer(tmp_path_factory.mktemp("e2e-two"), {
        "game": {"single_round": False},
        "bots": {"fill_to": 0},            # two humans, no bots
        "timers": {"lobby": 3}})
    s.start()
    yield s
    s.stop()


def test_two_clients_refusals_and_a_caught_uno(server):
    r = run_node("two_players.js", server.port, timeout=300)
    assert "not your turn" in r["outOfTurn"].lower()
    assert r["handUnchanged"]
    assert "expired" in r["stale"]
    assert r["staleChangedNothing"]
    assert r["caught"].startswith("ann was caught without calling UNO and draws 2 cards")
    assert 1 in r["countsBetween"], r           # she played her next-to-last card and was catchable
    assert max(r["countsAfter"]) >= 3, r        # the two penalty cards arrived in her inventory
    assert r["penaltyDraw"].startswith("You drew 2 cards"), r
    assert r["bobStats"]["catches"] >= 1
    assert server.alive()
