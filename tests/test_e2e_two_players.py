"""End-to-end test 2 of the Minecraft issue: two real clients at one table. An out-of-turn play
is refused with a message; a stale chat click is refused; one client catches the other's missed
UNO and the penalty cards arrive. Along the way, the sound packets each client receives: its
turn, a refusal, the catch, an UNO call."""

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import DevServer, require_prerequisites, run_node  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java) and mineflayer clients


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
    assert r["caught"].startswith("You were caught without calling UNO and draw 2 cards")
    assert 1 in r["countsBetween"], r           # she played her next-to-last card and was catchable
    assert max(r["countsAfter"]) >= 3, r        # the two penalty cards arrived in her inventory
    assert r["penaltyDraw"].startswith("You drew 2 cards"), r
    assert r["bobStats"]["catches"] >= 1
    # sounds, as sound packets the real clients received: the turn's pling to the player to move
    # only, a villager's no to the refused and to the caught player, the UNO call to both
    assert any(re.search(r"^block\.note_block\.pling 1 1\.2$", s) for s in r["turnSound"]), r["turnSound"]
    assert not any("pling" in s for s in r["waitingSounds"]), r["waitingSounds"]
    assert any(re.search(r"^entity\.villager\.no 1 1$", s) for s in r["refusalSound"]), r["refusalSound"]
    assert any(re.search(r"^entity\.villager\.no 1 1$", s) for s in r["caughtSound"]), r["caughtSound"]
    if r["unoSounds"] is not None:
        for heard in r["unoSounds"]:
            assert any(re.search(r"^entity\.experience_orb\.pickup 1 1$", s) for s in heard), r["unoSounds"]
    assert server.alive()
