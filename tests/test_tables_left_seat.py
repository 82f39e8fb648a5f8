"""A seat its player left in a game (`/uno leave`, or not back within `timers.rejoin`) is a bot's
for good: it keeps the player's name in the game, but the player no longer plays it, sees its
hand or hears its penalties, watching the table or not, and after an engine restart too
(`Table.seat_of`, `Lifecycle.seated_table`). A player who only disconnected gets the seat back
within the rejoin time (test_tables.py)."""

from __future__ import annotations

import pytest

from unocraft.rules.events import Draw
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables
from unocraft.tables.sounds import SOUND_PENALTY, Sounds
from unocraft.tables.store import TableStore
from unocraft.tables.table import SEED_ENV, Seat, Table
from unocraft.tables.notices import PlaySound
from test_tables import CONFIG, cmd, texts, tick_until_turn

TWO = {**CONFIG, "bots": {"fill_to": 0, "kind": "basic"}}


def left_and_watching(monkeypatch, store=None, how="leave"):
    """ann and bob play t1; bob leaves (`how`: types /uno leave, or is not back within the rejoin
    time) and watches it; ticked until the turn of the seat bob left (its bot has not moved yet).
    Returns the tables, t1 and the time."""
    monkeypatch.setenv(SEED_ENV, "7")
    tables = Tables(parse(TWO), store)
    tables.attach({"online": [], "vault": []}, 0)
    for name in ("ann", "bob"):
        tables.handle({"type": "join", "player": name, "locale": "en_us"}, 0)
        cmd(tables, name, "start" if name == "ann" else "join")
    tables.tick(10)
    tables.flush()
    table = tables.tables["t1"]
    now = 11.0
    if how == "leave":
        cmd(tables, "bob", "leave", now=now)
    else:
        tables.handle({"type": "quit", "player": "bob"}, now)
        for _ in range(61):         # timers.rejoin: 60 s
            now += 1
            tables.tick(now)
        tables.handle({"type": "join", "player": "bob", "locale": "en_us"}, now)
    cmd(tables, "bob", "spectate", "t1", now=now)
    tables.flush()
    assert table.seat("bob").bot == "basic" and "bob" in table.spectators
    now = tick_until_turn(tables, table, "bob", now)
    return tables, table, now


@pytest.mark.parametrize("how", ["leave", "not back in time"])
def test_a_player_who_left_cannot_play_the_seat_a_bot_now_holds(monkeypatch, how):
    tables, table, now = left_and_watching(monkeypatch, how=how)
    hand = list(table.game.view("bob").hand)
    before = table.game.to_json()
    cmd(tables, "bob", "draw", now=now)
    assert "You are not at a table. Join one with /uno join." in texts(tables.flush(), "bob")
    assert table.game.to_json() == before and len(table.game.view("bob").hand) == len(hand)


def test_a_player_who_left_is_not_shown_the_seats_hand_in_suggestions(monkeypatch):
    tables, table, now = left_and_watching(monkeypatch)
    hand = table.game.view("bob").hand
    assert "R7" not in hand      # the example without a hand: a red 7
    cmd(tables, "bob", "play", now=now)
    said = " ".join(texts(tables.flush(), "bob"))
    assert "/uno play R7" in said and not any(f"/uno play {code}" in said for code in hand), said
    cmd(tables, "bob", "play", hand[0] + "9", now=now)     # a mistyped card: no "did you mean" from that hand
    assert not any(t.startswith("Did you mean") for t in texts(tables.flush(), "bob"))
    tables.handle({"type": "respawn", "player": "bob"}, now)     # nor a redraw of it as theirs
    ops = tables.flush()
    assert not [op for op in ops if op["op"] in ("items", "complete", "title") and op.get("player") == "bob"]


def test_a_player_who_left_may_sit_down_elsewhere_while_watching(monkeypatch):
    tables, table, now = left_and_watching(monkeypatch)
    cmd(tables, "bob", "start", now=now, pos=(500, 40, 500))
    tables.flush()
    assert "bob" not in table.spectators and tables.where["bob"] != table.id
    assert tables.tables[tables.where["bob"]].seat("bob").human


def test_leaving_is_for_good_after_a_reconnection_and_an_engine_restart(monkeypatch, tmp_path):
    db = tmp_path / "tables.sqlite"
    tables, table, now = left_and_watching(monkeypatch, TableStore(db))
    tables.handle({"type": "quit", "player": "bob"}, now)
    tables.handle({"type": "join", "player": "bob", "locale": "en_us"}, now)
    cmd(tables, "bob", "spectate", "t1", now=now)
    tables.flush()
    assert tables.core.seated_table("bob") is None
    tables.save()
    tables.store.close()

    again = Tables(parse(TWO), TableStore(db))
    resumed = again.tables["t1"]
    assert resumed.seat("bob").bot == "basic" and again.where["bob"] == "t1"     # watching it
    again.attach({"online": ["ann", "bob"], "vault": ["ann"]}, now + 1)
    again.flush()
    before = resumed.game.to_json()
    cmd(again, "bob", "draw", now=now + 1)
    assert "You are not at a table. Join one with /uno join." in texts(again.flush(), "bob")
    assert resumed.game.to_json() == before


def test_a_penalty_of_the_seat_is_not_heard_by_the_player_who_left_it():
    t = Table(id="t1", owner="ann", pos=(0, 0, 0), preset="official",
              seats=[Seat("ann"), Seat("bob", bot="basic")], spectators={"bob": "en"})
    heard = Sounds().heard(t, [Draw("bob", 2, "draw_card", ["R1", "R2"]), Draw("ann", 2, "draw_card", ["R3", "R4"])])
    assert heard == [PlaySound("ann", SOUND_PENALTY)]
