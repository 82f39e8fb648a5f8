"""End-to-end test 1 of the Minecraft issue: a real client (mineflayer) types `/uno start`,
gets map items whose names match its hand and whose map pixels equal the engine's render of
those faces, and plays a round to the end against engine bots with right-clicks and chat
clicks, calling UNO by clicking a card."""

import base64
import json
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import PATIENCE, DevServer, finish_node, require_prerequisites, saved_tables, start_node  # noqa: E402

from unocraft.presentation.faces import face_key, face_pixels  # noqa: E402
from unocraft.presentation.lang import card_name  # noqa: E402
from unocraft.rules.cards import Card  # noqa: E402
from unocraft.rules.game import Game  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java) and mineflayer clients


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_prerequisites()
    # one weak bot; rounds go on until the client has called UNO by clicking and a round ended
    s = DevServer(tmp_path_factory.mktemp("e2e-round"), {"game": {"single_round": False},
                                                          "bots": {"fill_to": 2, "kind": "random"}})
    s.start()
    yield s
    s.stop()


def engine_hand(database: Path, player: str) -> list[str] | None:
    """The player's hand as the engine last saved it; None while no saved table seats them."""
    for t in saved_tables(database):
        if t["game"] and any(s["name"] == player for s in t["seats"]):
            return list(Game.from_json(t["game"]).view(player).hand)
    return None


def test_one_client_plays_a_round_against_bots(server, tmp_path):
    snapshot, go = tmp_path / "snapshot.json", tmp_path / "go"
    proc = start_node("round.js", server.port, snapshot, go)
    end = time.monotonic() + 60
    while not snapshot.exists():
        assert proc.poll() is None, finish_node(proc, "round.js")
        assert time.monotonic() < end, "no snapshot from the client"
        time.sleep(0.1)
    shot = json.loads(snapshot.read_text())
    # the engine saves a move after answering it: read until its hand is the one the client shows
    shown = Counter(c["tag"] for c in shot["cards"])
    end = time.monotonic() + PATIENCE
    hand = engine_hand(server.database, "ann")
    while Counter("card:" + h for h in hand or []) != shown and time.monotonic() < end:
        time.sleep(0.05)
        hand = engine_hand(server.database, "ann")
    assert hand is not None, "ann is at no saved table"
    go.write_text("go")

    # names of the card items are the engine's hand, card for card
    assert Counter(c["name"] for c in shot["cards"]) == Counter(card_name("en", Card.parse(h)) for h in hand)
    assert Counter(c["tag"] for c in shot["cards"]) == Counter("card:" + h for h in hand)
    # every card item is a map whose pixels are the engine's render of that face
    for c in shot["cards"]:
        code = c["tag"].split(":", 1)[1]
        pixels = base64.b64decode(shot["maps"][str(c["mapId"])])
        assert pixels == face_pixels(face_key(Card.parse(code))), code
    assert shot["top"]["tag"] == "top"

    result = finish_node(proc, "round.js", timeout=300)
    stats = result["stats"]
    assert stats["rightClickPlays"] >= 1, stats
    assert stats["chatClicks"] >= 1, stats
    assert stats["unoClicks"] >= 1, stats
    assert result["unoCalled"].startswith("You called UNO!")
    assert "won the round" in result["roundEnd"]
    assert server.alive()


def test_the_dev_server_starts_without_a_wall_of_jvm_warnings(server):
    """`unocraft serve` starts the dev server with sun.misc.Unsafe allowed: on Java 24+ Minestom's
    use of it printed four WARNING lines at every start, the first thing a newcomer read."""
    log = server.log()
    assert "unocraft dev server on" in log
    assert "sun.misc.Unsafe" not in log and "WARNING: A terminally deprecated method" not in log
