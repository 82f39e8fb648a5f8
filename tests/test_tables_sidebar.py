"""The sidebar scoreboard: the table at a glance, from a rules view only, and its life (shown at
the deal, updated when the view changes, taken down on leave, close and for a spectator who goes)."""

import re

import pytest

from unocraft.simulate import actor
from unocraft.tables import sidebar
from test_tables import cmd, make, started
from view_values import made_view


def plain(line):
    return "".join(part["text"] for part in line)


def view(**extra):
    v = {"you": "ann", "phase": "play", "turn": "bob", "direction": "cw", "round": 2, "options": {},
         "players": [{"name": "ann", "cards": 7, "score": 0, "active": True, "called_uno": False},
                     {"name": "bob", "cards": 1, "score": 120, "active": True, "called_uno": True},
                     {"name": "cid", "cards": 0, "score": 40, "active": False, "called_uno": False}]}
    v.update(extra)
    return made_view(**v)


def test_one_line_per_seat_in_play_order_from_the_viewer_with_names_counts_and_the_turn():
    lines = [plain(x) for x in sidebar.sidebar_lines(view(), "en")]
    assert len(lines) == 3
    assert lines[0] == "  ann  7 cards"
    assert lines[1].startswith("▶ bob  1 card") and "UNO!" in lines[1]      # whose turn, and the UNO call
    assert lines[2] == "  cid  out"
    parts = sidebar.sidebar_lines(view(), "en")
    assert parts[2][1].get("strikethrough") and parts[0][1]["colour"] == "green"   # out; yourself
    # the other way round after a reverse: the player after ann is cid
    assert [plain(x).split()[0:2] for x in sidebar.sidebar_lines(view(direction="ccw"), "en")][1] == ["cid", "out"]
    # a spectator (no seat): from the first seat
    assert plain(sidebar.sidebar_lines(view(you=None), "en")[0]).strip().startswith("ann")


def test_the_match_score_only_when_the_table_keeps_one():
    assert not any("pts" in plain(x) for x in sidebar.sidebar_lines(view(), "en", match=False))
    lines = [plain(x) for x in sidebar.sidebar_lines(view(), "en", match=True)]
    assert lines[1].endswith("120 pts") and lines[0].endswith("0 pts")
    assert lines[-1] == "Round 2"
    lazy = [plain(x) for x in sidebar.sidebar_lines(view(options={"scoring": "lazy"}), "en", match=True)]
    assert not any("pts" in x or "Round" in x for x in lazy)


def test_no_turn_marker_once_the_round_is_over():
    assert not any("▶" in plain(x) for x in sidebar.sidebar_lines(view(phase="round_over"), "en"))


@pytest.mark.parametrize("lang, cards, one, title", [
    ("ru", "7 карт", "1 карта", "UNO · Официальные правила"),
    ("sk", "7 kariet", "1 karta", "UNO · Oficiálne pravidlá"),
])
def test_russian_and_slovak_lines(lang, cards, one, title):
    op = sidebar.sidebar_op("ann", view(), lang, "official", match=True)
    text = [plain(x) for x in op["lines"]]
    assert cards in text[0] and one in text[1]
    assert op["title"]["text"] == title
    assert ("очков" if lang == "ru" else "bodov") in text[1]
    assert ("вне игры" if lang == "ru" else "mimo hry") in text[2]


def test_at_most_fifteen_lines():
    players = [{"name": f"p{i}", "cards": 3, "score": 0, "active": True} for i in range(20)]
    assert len(sidebar.sidebar_lines(view(players=players, you="p0"), "en", match=True)) == 15


def sidebars(ops, player):
    return [op for op in ops if op["op"] in ("sidebar", "sidebar_clear") and op["player"] == player]


def test_the_deal_shows_the_real_counts_a_play_updates_them_and_leave_takes_it_down():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    ops = started(tables)
    table = next(iter(tables.tables.values()))
    shown = [op for op in sidebars(ops, "ann") if op["op"] == "sidebar"]
    assert len(shown) == 1
    lines = [plain(x) for x in shown[0]["lines"]]
    for p in table.game.view(None).players:
        assert any(re.search(rf"\b{re.escape(p.name)}  {p.cards} cards", x) for x in lines), (p, lines)
    assert shown[0]["title"]["text"] == "UNO · Official rules"
    # nothing changed: nothing is sent again
    tables.dirty.add(table.id)
    assert not sidebars(tables.flush(), "ann")
    # the game moves on (bots, or ann's own move): the counts follow
    now = 10.0
    updates = []
    while len(updates) < 2 and now < 60:
        if table.game.names[actor(table.game)] == "ann":
            legal = table.game.legal_actions("ann")
            cmd(tables, "ann", *str(legal[0]).split(), now=now)
        now += 1
        tables.tick(now)
        updates += [op for op in sidebars(tables.flush(), "ann") if op["op"] == "sidebar"]
    assert updates
    last = [plain(x) for x in updates[-1]["lines"]]
    for p in table.game.view(None).players:
        assert any(f"{p.name}  {p.cards} card" in x for x in last), (p, last)
    cmd(tables, "ann", "leave", now=now)
    assert sidebars(tables.flush(), "ann") == [{"op": "sidebar_clear", "player": "ann"}]


def test_spectators_get_one_and_lose_it_when_they_leave_or_the_table_closes():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    started(tables)
    tables.handle({"type": "join", "player": "zoe", "locale": "ru_ru"}, 10)
    cmd(tables, "zoe", "spectate", now=10)
    ops = tables.flush()
    shown = [op for op in sidebars(ops, "zoe") if op["op"] == "sidebar"]
    assert shown and "карт" in plain(shown[0]["lines"][0])
    assert not any("▶" in plain(x) and "zoe" in plain(x) for x in shown[0]["lines"])
    cmd(tables, "zoe", "leave", now=11)
    assert sidebars(tables.flush(), "zoe") == [{"op": "sidebar_clear", "player": "zoe"}]
    cmd(tables, "zoe", "spectate", now=12)
    assert sidebars(tables.flush(), "zoe")[-1]["op"] == "sidebar"
    tables.handle({"type": "command", "player": "op", "args": ["close", "t1"], "admin": True}, 13)
    ops = tables.flush()
    assert {"op": "sidebar_clear", "player": "zoe"} in ops and {"op": "sidebar_clear", "player": "ann"} in ops


def test_a_player_who_comes_back_gets_it_again_and_a_reattached_plugin_loses_stale_ones():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    started(tables)
    tables.handle({"type": "quit", "player": "ann"}, 11)
    assert not sidebars(tables.flush(), "ann")          # the plugin takes it down on a quit by itself
    tables.handle({"type": "join", "player": "ann"}, 12)
    assert [op["op"] for op in sidebars(tables.flush(), "ann")] == ["sidebar"]
    tables.attach({"online": ["ann", "zed"], "vault": []}, 13)
    ops = tables.flush()
    assert {"op": "sidebar_clear", "player": "zed"} in ops             # at no table
    assert [op["op"] for op in sidebars(ops, "ann")] == ["sidebar"]    # resent to the new plugin
