"""End-to-end: the sidebar scoreboard as a real client sees it. Two clients at one table: both
sidebars show both players with their real card counts (equal to the cards in each client's
inventory) and the turn marker on the player to move; the counts change after a play; /uno leave
takes the sidebar down (the client gets the objective removed)."""

import os
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
    # UNOCRAFT_SIDEBAR_SEED (debugging only) fixes the deal, e.g. 12: a Wild start card
    seed = os.environ.get("UNOCRAFT_SIDEBAR_SEED")
    env = {"UNOCRAFT_TABLE_SEED": seed} if seed else None
    s = DevServer(tmp_path_factory.mktemp("e2e-sidebar"), {
        "bots": {"fill_to": 0},            # two humans, no bots
        "timers": {"lobby": 3}}, env=env)
    s.start()
    yield s
    s.stop()


def line_of(sidebar, name):
    return next(line for line in sidebar["lines"] if re.match(rf"^(▶)?\s*{name}\s", line))


def test_the_sidebar_shows_the_table_follows_a_play_and_goes_on_leave(server):
    r = run_node("sidebar.js", server.port, timeout=180)
    assert r["before"] == {"ann": None, "bob": None}, r            # nothing before a table
    dealt = r["dealt"]
    for viewer in ("ann", "bob"):
        sb = dealt[viewer]
        assert sb["title"] == "UNO · Official rules", sb
        assert len(sb["lines"]) == 2, sb                               # one line per seat
        assert re.search(rf"ann\s+{dealt['annCards']} cards", line_of(sb, "ann")), sb
        assert re.search(rf"bob\s+{dealt['bobCards']} cards", line_of(sb, "bob")), sb
        assert sb["lines"][0].lstrip("▶ ").startswith(viewer), sb    # your own seat on top
    # the marker is on the player to move, and on no one else, in both sidebars
    actor_index = ["ann", "bob"].index(r["actor"])
    for viewer in ("ann", "bob"):
        assert r["markerBefore"][viewer] == [i == actor_index for i in range(2)], r
    # the move changed the actor's count, and both sidebars show the new one
    after = r["afterMove"]
    assert after["actorCards"] != r["actorBefore"], r
    assert after["actorInAnns"] == after["actorInBobs"] == after["actorCards"], r
    assert after["ann"] != dealt["ann"] and after["bob"] != dealt["bob"], r
    # /uno leave: ann's sidebar is gone, bob's stays while he plays on; then bob's goes too
    assert r["afterAnnLeft"]["ann"] is None, r
    assert r["afterAnnLeft"]["bob"] is not None and line_of(r["afterAnnLeft"]["bob"], "ann"), r
    assert r["afterBobLeft"]["bob"] is None, r
    for events in (r["annEvents"], r["bobEvents"]):
        kinds = [e["ev"] for e in events]
        assert "created" in kinds and "deleted" in kinds, events
        assert any(e["ev"] == "position" and e["pos"] == 1 for e in events), events   # the sidebar slot
    assert server.alive()
