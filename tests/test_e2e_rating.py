"""End to end: the skill rating (issue 24 item 2) with two real clients: a single-round match
between two humans changes both ratings (as the placeholders read them: what a PlaceholderAPI
request would get), `/uno stats` shows it and `/uno top rating` lists both, the winner first."""

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import DevServer, require_prerequisites, run_node  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java) and two mineflayer clients


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_prerequisites()
    s = DevServer(tmp_path_factory.mktemp("e2e-rating"), {"bots": {"fill_to": 0}, "timers": {"lobby": 3}})
    s.start()
    yield s
    s.stop()


def test_a_match_of_two_humans_rates_both_and_top_rating_lists_them(server):
    r = run_node("rating.js", server.port, timeout=360)
    assert r["before"] == {"rating": ""}                      # unrated before the first match
    winner = "ann" if r["won"].startswith("You won") else r["won"].split()[0]
    loser = "bob" if winner == "ann" else "ann"
    after = {"ann": r["annAfter"], "bob": r["bobAfter"]}
    # newcomers: the winner 138, the loser -73 (docs/statistics.md)
    assert after[winner] == {"rating": "138", "matches": "1", "wins": "1"}, r
    assert after[loser] == {"rating": "-73", "matches": "1", "wins": "0"}, r
    assert r["stats"] == f"Rating {after['ann']['rating']} (1 rated match)", r["stats"]
    lines = [x for x in r["top"] if re.match(r"^\d\. ", x)]
    assert lines[:2] == [f"1. {winner}: 138 (1 rated match)", f"2. {loser}: -73 (1 rated match)"], r["top"]
    assert r["top"][0] == "Top 10: rating", r["top"]
    assert server.alive()
