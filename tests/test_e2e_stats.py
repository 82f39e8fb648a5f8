"""End-to-end: player statistics as a real client sees them. A client plays a single-round table
against a bot to its end, then types /uno stats and reads its own numbers: one match and one round
played, the round won or not as chat said, exactly as many cards played, UNO calls and catches as
chat told of. /uno stats nosuchplayer and /uno top nonsense answer clearly; the row in SQLite
equals what the client read."""

import re
import sqlite3
import sys
from uuid import UUID
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import DevServer, require_prerequisites, run_node  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java) and mineflayer clients


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_prerequisites()
    s = DevServer(tmp_path_factory.mktemp("e2e-stats"), {"bots": {"fill_to": 2, "kind": "random"}})
    s.start()
    yield s
    s.stop()


def count(lines, pattern):
    return sum(1 for line in lines if re.search(pattern, line))


def test_a_client_reads_its_statistics_after_a_round(server):
    r = run_node("stats.js", server.port, timeout=300)
    assert any("You have no UNO statistics yet" in x for x in r["beforeLines"]), r["beforeLines"]
    seen, stats = r["seen"], r["stats"]
    won = count(seen, r"^You won the round")
    points = sum(int(m.group(1)) for x in seen for m in [re.match(r"^You won the round and score (\d+) point", x)] if m)
    plays, calls, caught = count(seen, r"^You played "), count(seen, r"^You called UNO!"), \
        count(seen, r"^You were caught without calling UNO")
    assert plays >= 1, seen
    assert "UNO statistics of ann" in stats, stats
    assert f"1 match played, {won} won ({100 * won}%)" in stats, stats
    assert f"1 round played, {won} won" in stats, stats
    assert (f"{points} point scored" if points == 1 else f"{points} points scored") in stats, stats
    assert (f"{plays} card played" if plays == 1 else f"{plays} cards played") in stats, stats
    assert (f"UNO called {calls} time" + ("" if calls == 1 else "s")) in stats, stats
    assert (f"Caught without UNO {caught} time" + ("" if caught == 1 else "s")) in stats, stats
    assert any("There are no UNO statistics for nosuchplayer" in x for x in r["none"]), r["none"]
    assert any('There is no list "nonsense"' in x for x in r["badTop"]), r["badTop"]
    # the wins list: ann with her win, or nobody yet
    assert r["top"][-1] == ("1. ann: 1 win" if won else "Nobody is on this list yet."), r["top"]
    with sqlite3.connect(server.database) as db:
        row = db.execute("SELECT matches_played, rounds_played, rounds_won, points, cards_played, uno_calls, caught "
                         "FROM player_stats WHERE name_key = 'ann'").fetchone()
        bots = db.execute("SELECT COUNT(*) FROM player_stats WHERE name_key LIKE 'bot-%'").fetchone()[0]
        uuid, key = db.execute("SELECT uuid, key FROM player_stats WHERE name_key = 'ann'").fetchone()
    assert row == (1, 1, won, points, plays, calls, caught)
    assert bots == 0
    assert str(UUID(uuid)) == uuid == key                 # the plugin sends the player's UUID: the row's key
    assert server.alive()
