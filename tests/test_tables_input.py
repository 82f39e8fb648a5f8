"""Input that reaches the game by the side door: an inventory click on a card calls UNO only when a
call is possible now (a stray click is no false call: no `mistake_penalty`, no refusal, no sound),
and a game action typed before the deal says when the game starts."""

from __future__ import annotations

import pytest

from unocraft.simulate import actor
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables
from unocraft.tables.table import SEED_ENV
from test_tables import CONFIG, cmd, texts


def two_humans(monkeypatch, **options):
    """ann and bob dealt at t1 (no bot), the table's options `options`."""
    monkeypatch.setenv(SEED_ENV, "7")
    tables = Tables(parse({**CONFIG, "bots": {"fill_to": 0, "kind": "basic"}}))
    tables.attach({"online": [], "vault": []}, 0)
    for name in ("ann", "bob"):
        tables.handle({"type": "join", "player": name, "locale": "en_us"}, 0)
    cmd(tables, "ann", "start", *(f"{k}={v}" for k, v in options.items()))
    cmd(tables, "bob", "join")
    tables.tick(10)
    tables.flush()
    return tables, tables.tables["t1"]


def click(tables, player, code, now):
    tables.handle({"type": "click", "player": player, "slot": 9, "tag": "card:" + code}, now)


@pytest.mark.parametrize("penalty", [0, 2])
def test_a_stray_click_on_a_card_changes_nothing_and_says_nothing(monkeypatch, penalty):
    tables, table = two_humans(monkeypatch, mistake_penalty=penalty)
    assert table.game.opts.mistake_penalty == penalty
    before = table.game.to_json()
    for name in ("ann", "bob"):
        click(tables, name, table.game.view(name).hand[0], 11)
    ops = tables.flush()
    assert [len(table.game.view(n).hand) for n in ("ann", "bob")] == [7, 7]
    assert table.game.to_json() == before
    assert not [op for op in ops if op["op"] in ("msg", "sound")], ops


def test_a_click_on_a_card_calls_uno_when_a_call_is_possible(monkeypatch):
    tables, table = two_humans(monkeypatch, mistake_penalty=2)
    now = 11.0
    for _ in range(400):       # both play their first legal action until one may call UNO
        g = table.game
        assert g.phase == "play", "nobody could call UNO"
        who = g.names[actor(g)]
        legal = g.legal_actions(who)
        if any(a.verb == "uno" for a in legal) and len(g.view(who).hand) == 2:
            break
        cmd(tables, who, *str(next(a for a in legal if a.verb != "uno")).split(), now=now)
        tables.flush()
        now += 1
    click(tables, who, g.view(who).hand[0], now)
    ops = tables.flush()
    assert len(table.game.view(who).hand) == 2
    assert next(p for p in table.game.view(who).players if p.name == who).called_uno
    assert any("UNO" in line for line in texts(ops))


def test_a_game_action_in_the_lobby_says_when_the_game_starts(monkeypatch):
    tables = Tables(parse({**CONFIG, "bots": {"fill_to": 0, "kind": "basic"}}))
    tables.attach({"online": [], "vault": []}, 0)
    for name in ("ann", "bob", "cid"):
        tables.handle({"type": "join", "player": name, "locale": "en_us"}, 0)
        cmd(tables, name, "start")
    tables.flush()
    table = tables.tables["t1"]
    assert len(table.seats) == 3 and table.countdown_at == 5
    cmd(tables, "cid", "draw", now=2)
    assert texts(tables.flush(), "cid") == ["The cards are not dealt yet: the game starts in 3 seconds."]
    cmd(tables, "cid", "draw", now=4.5)
    assert texts(tables.flush(), "cid") == ["The cards are not dealt yet: the game starts in 1 second."]
    table.countdown_at = 0        # due, the deal waits for the next tick (or a stake on its way)
    cmd(tables, "cid", "draw", now=6)
    assert texts(tables.flush(), "cid") == ["The cards are not dealt yet: the game starts in a moment."]
