"""End to end: the placeholders (issue 24 item 1) a real client's PlaceholderAPI request would get,
read through the dev server's /unoplaceholder, which answers from the same cache the expansion
reads: a new player's zeros and state, seated and playing at a table, the numbers after a
single-round match against a bot (as chat told them), the top lists, and unknown names (empty)."""

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import DevServer, require_prerequisites, run_node  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java) and a mineflayer client


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_prerequisites()
    s = DevServer(tmp_path_factory.mktemp("e2e-placeholders"), {"bots": {"fill_to": 2, "kind": "random"}})
    s.start()
    yield s
    s.stop()


def test_a_clients_placeholders_follow_its_table_and_its_statistics(server):
    r = run_node("placeholders.js", server.port, timeout=300)
    assert r["before"] == {"wins": "0", "matches": "0", "points": "0", "win_rate": "0", "rating": "",
                           "table": "", "state": "idle"}, r["before"]
    assert r["seated"]["table"] == "t1" and r["seated"]["state"] in ("seated", "playing"), r["seated"]
    assert r["playing"] == {"table": "t1", "state": "playing"}
    won = sum(1 for x in r["seen"] if x.startswith("You won the round"))
    points = sum(int(m.group(1)) for x in r["seen"] for m in [re.match(r"^You won the round and score (\d+) point", x)] if m)
    after = r["after"]
    assert after["matches"] == "1" and after["wins"] == str(won) and after["points"] == str(points), (after, r["seen"])
    assert after["win_rate"] == str(100 * won)
    assert after["table"] == "" and after["state"] == "idle"
    assert after["rating"] in ("",) or re.fullmatch(r"-?\d+(\.\d)?", after["rating"]), after   # a bot match: unrated
    top = r["top"]
    assert top["top_points_1_name"] == "ann" and top["top_points_1_value"] == str(points), top
    assert (top["top_wins_1_name"], top["top_wins_1_value"]) == (("ann", "1") if won else ("", "")), top
    assert top["top_wins_2_name"] == ""
    assert r["unknown"] == {"nonsense": "", "top_wins_11_name": "", "top_elo_1_name": ""}
