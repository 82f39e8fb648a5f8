"""End-to-end, issue 21: on the dev server a real client (mineflayer) at a table cannot pick items up
or take them from a chest (told why), an item given by command during the game is kept beside the
own items at the end, and nothing is lost or doubled."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import DevServer, require_prerequisites, run_node  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java) and mineflayer clients


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_prerequisites()
    s = DevServer(tmp_path_factory.mktemp("e2e-items"), {"game": {"single_round": True}})
    s.start()
    yield s
    s.stop()


def test_items_near_a_seated_player_are_never_lost_or_doubled(server):
    r = run_node("items.js", server.port, timeout=300)
    assert r["before"] == {"diamond": 5, "bread": 3}, r
    assert r["dealtCards"] >= 7, r
    assert r["emeraldsWhilePlaying"] == 0, r          # the pickup was cancelled (and ivy told why)
    assert r["chestBefore"] == 5 and r["applesWhilePlaying"] == 0, r
    assert r["after"] == {"diamond": 5, "bread": 3, "gold_ingot": 7, "emerald": 3}, r
    assert r["cardsAfter"] == 0, r
    assert r["chestAfter"] == 5, r                    # the chest kept its apples: nothing doubled
