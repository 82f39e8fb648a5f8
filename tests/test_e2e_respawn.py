"""End-to-end, issue 33 (item 5): on the dev server a real client (mineflayer) dies mid-game
(`/devkill`): the death empties the inventory as a vanilla server does (no card is dropped, the own
items are in the vault), the dev server forwards the respawn, and the whole hand is back at once,
with nothing else changing at the table (it is the player's turn). The own items come back at the
end."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import DevServer, require_prerequisites, run_node  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java) and mineflayer clients


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_prerequisites()
    s = DevServer(tmp_path_factory.mktemp("e2e-respawn"), {"timers": {"turn": 300, "turn_warning": 10}})
    s.start()
    yield s
    s.stop()


def test_after_a_death_mid_game_the_hand_is_back_at_once_and_the_own_items_stay_safe(server):
    r = run_node("respawn.js", server.port, timeout=300)
    assert len(r["before"]) >= 7, r
    assert r["cardsAtDeath"] == 0, r                  # the death emptied the inventory
    assert r["after"] == r["before"], r               # the whole hand again, without a move at the table
    assert r["topBefore"] and r["topAfter"] == r["topBefore"], r   # and the top card in the off-hand
    assert r["ownWhilePlaying"] == {}, r              # the own items were in the vault, not dropped back
    assert r["end"] == {"diamond": 5} and r["cardsEnd"] == 0, r
