"""End-to-end: a DOS table (`/uno start dos`) with two real clients. The deal is fixed through
UNOCRAFT_TABLE_SEED, so the test replays the same game in the engine alongside: ann, first to
play, sees the centre row and exactly the engine's legal matches as buttons; illegal DOS commands
are refused with a message and change nothing; clicking a match button takes the card out of her
inventory and the centre card out of the row, and the saved table state is the replay's."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import run_node, saved_replay, two_humans_server  # noqa: E402

from unocraft.rules.actions import Action  # noqa: E402
from unocraft.rules.cards import Card  # noqa: E402
from unocraft.rules.game import Game  # noqa: E402
from unocraft.rules.options import Options  # noqa: E402
from unocraft.simulate import actor, new_game  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java) and mineflayer clients

PLAYERS = ["ann", "bob"]          # seat order: ann opens the table, bob joins it


def deal(seed: int) -> Game:
    return new_game(PLAYERS, Options.build("dos"), seed)


def illegal_match(game: Game) -> str | None:
    """`play X on C` with a number card X of ann's hand that does not match the number card C."""
    view = game.view("ann", legal=False)
    for code in view.hand:
        x = Card.parse(code)
        for centre in view.centre:
            c = Card.parse(centre)
            if x.number is not None and c.number is not None and x.number != c.number:
                return f"play {code} on {centre}"
    return None


def choose_seed() -> int:
    """The first seed where ann plays first, has a single-card match and a non-matching card."""
    for seed in range(1000):
        g = deal(seed)
        if g.names[actor(g)] != "ann" or illegal_match(g) is None:
            continue
        if any(a.verb == "play" and len(a.cards) == 1 and a.number is None for a in g.legal_actions("ann")):
            return seed
    raise AssertionError("no seed gives ann a first turn with a match")


SEED = choose_seed()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from two_humans_server(tmp_path_factory, "e2e-dos", SEED)


def saved_game(database: Path, replay: Game) -> Game:
    row = saved_replay(database, replay)      # (saved after the answer the clients saw)
    assert row["preset"] == "dos" and row["seed"] == SEED
    return Game.from_json(row["game"])


def centre_text(view) -> str:
    """The centre row line as the player reads it: "Centre row: [8] [4]" (a Wild DOS shows 2)."""
    ranks = [Card.parse(code.split()[0]).rank for code in view.centre]
    return "Centre row: " + " ".join(f"[{'2' if r == 'W2' else r}]" for r in ranks)


def untokened(command: str) -> str:
    return command.rsplit(" ", 1)[0]


def test_a_dos_table_shows_the_centre_row_refuses_illegal_commands_and_plays_a_match(server):
    game = deal(SEED)
    illegal = illegal_match(game)
    centre_before = game.view("ann", legal=False).centre
    r = run_node("dos.js", server.port, illegal, timeout=120)

    assert "DOS" in r["started"], r["started"]
    # the centre row and the match buttons are the engine's, before anything was played
    assert r["centre"] == centre_text(game.view("ann", legal=False))
    legal = game.legal_actions("ann")
    shown = [untokened(c) for c in r["buttons"] if c.startswith("/uno play ")]
    assert shown == [f"/uno {a}" for a in legal if a.verb == "play"]
    assert f"/uno {illegal}" not in shown
    assert any(c.startswith("/uno draw ") for c in r["buttons"])
    assert not r["bobPrompted"]            # bob waits: no buttons for him
    assert r["handBefore"] == sorted(game.view("ann", legal=False).hand)

    # illegal commands: a clear refusal each, the hand and the turn token unchanged
    assert r["noMatch"] == "Not now: the cards do not match the centre card", r["noMatch"]
    assert r["cannotEnd"] == "Not now: the turn cannot end yet", r["cannotEnd"]
    assert "not your turn" in r["bobOutOfTurn"].lower(), r["bobOutOfTurn"]
    assert r["handAfterRefusals"] == r["handBefore"]
    assert r["tokenAfterRefusals"] == r["firstToken"]

    # the match: the replay plays the clicked command and nothing else
    clicked = untokened(r["click"])[len("/uno "):]
    game.play(Action.parse("ann", clicked))
    after = game.view("ann", legal=False)
    assert r["matched"].startswith("You matched ") and r["bobSaw"] == r["matched"].replace("You", "ann", 1)
    before = list(r["handBefore"])
    before.remove(r["card"])
    assert r["handAfter"] == before == sorted(after.hand)      # the card left the inventory
    row = list(centre_before)
    row.remove(r["centreCard"])
    assert list(after.centre) == row                                  # (the engine's own row, replayed)
    assert r["centreAfter"] == centre_text(after)
    assert r["centreAfter"] != r["centre"]                         # the matched card left the row
    assert any(c.startswith("/uno end ") for c in r["buttonsAfter"])
    # the engine's saved state is exactly the replay's: the refused commands changed nothing
    assert json.loads(saved_game(server.database, game).to_json()) == json.loads(game.to_json())
    assert server.alive()
