"""The table in the world (tables/stage.py): what players around a table see, decided by the engine
and sent as `stage` ops: created in the lobby, updated with each batch by what changed only, a played
card moving in from its player's seat, hands only ever as backs, removed when the table closes, sent
whole again after an attach, nothing when `world.table` is off."""

import pytest

from unocraft.presentation.faces import BACK, face_key
from unocraft.rules.errors import ConfigError
from unocraft.tables.config import parse
from unocraft.tables.render import face_of
from test_tables import CONFIG, make


def stages(ops, table=None):
    return [op for op in ops if op["op"].startswith("stage") and (table is None or op.get("table") == table)]


def plain(component):
    if isinstance(component, str):
        return component
    if isinstance(component, list):
        return "".join(plain(c) for c in component)
    return component.get("text", "") + "".join(plain(c) for c in component.get("extra", []))


def opened(tables, player="ann", world="world", pos=(10.5, 64, -3.5), args=()):
    tables.handle({"type": "join", "player": player, "locale": "en_us", "world": world, "pos": list(pos)}, 0)
    tables.handle({"type": "command", "player": player, "args": ["start", *args], "pos": list(pos), "world": world}, 0)
    return tables.flush()


def dealt(tables, **kw):
    opened(tables, **kw)
    tables.tick(10.0)
    return tables.flush()


def shown(tables):
    """What the plugin shows now of every table, by replaying every stage op sent: table -> id -> prop."""
    return tables.stage.sent


def test_the_lobby_shows_the_table_where_it_opened_in_its_world():
    tables = make()
    ops = stages(opened(tables))
    assert len(ops) == 1
    op = ops[0]
    assert op["op"] == "stage" and op["reset"] is True and op["world"] == "world" and op["at"] == [10.5, 64, -3.5]
    assert op["put"]["felt"]["kind"] == "block" and op["drop"] == []
    assert plain(op["put"]["seat.0"]["text"]) == "ann"
    assert "/uno join t1" in plain(op["put"]["centre"]["text"])
    assert tables.tables["t1"].to_dict()["world"] == "world"      # saved with the table


def test_the_deal_shows_each_seat_count_the_top_card_face_up_and_hands_only_as_backs():
    tables = make(bots={"fill_to": 3, "kind": "basic"})
    ops = dealt(tables)
    t = tables.tables["t1"]
    props = shown(tables)["t1"]
    view = t.view(None)
    for i, p in enumerate(view.players):
        label = plain(props[f"seat.{i}"]["text"])
        assert p.name in label and f"{p.cards} cards" in label
        assert props[f"hand.{i}"]["face"] == BACK
    card, dark = face_of(view.top, view.side)
    assert props["pile"]["face"] == face_key(card, dark)
    assert props["draw"]["face"] == BACK
    # no hidden card anywhere: the only faces are the top card's and backs
    assert {p["face"] for p in props.values() if "face" in p} == {BACK, props["pile"]["face"]}
    # whose turn it is is marked, and only there
    turn = [k for k, p in props.items() if k.startswith("seat.") and plain(p["text"]).startswith("▶ ")]
    assert turn == [f"seat.{[p.name for p in view.players].index(view.turn)}"]
    # the faces the stage shows were sent (at the attach or in this batch) before it
    stage_at = ops.index(stages(ops)[0])
    assert "face" not in [op["op"] for op in ops[stage_at:]]
    assert props["pile"]["face"] in tables.display.faces_sent


def test_a_play_sends_only_what_changed_and_the_card_comes_from_its_players_seat():
    tables = make(bots={"fill_to": 2, "kind": "basic"}, timers={"bot_think": 0})
    dealt(tables)
    t = tables.tables["t1"]
    before = dict(shown(tables)["t1"])
    now = 10.0
    for _ in range(60):        # bots play; ann draws (and passes) until a bot has played a card
        top = t.view(None).top
        now += 1.0
        if t.view(None).turn == "ann":
            tables.handle({"type": "command", "player": "ann", "args": ["draw"]}, now)
            tables.handle({"type": "command", "player": "ann", "args": ["pass"]}, now)
        else:
            tables.tick(now)
        ops = stages(tables.flush())
        if t.view(None).top != top and ops and "pile" in ops[-1]["put"]:
            break
    else:
        pytest.fail("no card was played")
    op = ops[-1]
    assert "felt" not in op["put"] and "rim" not in op["put"]            # unchanged: not sent again
    assert "reset" not in op
    pile = op["put"]["pile"]
    seats = {k: p for k, p in before.items() if k.startswith("seat.")}
    assert [pile["came"][0], pile["came"][2]] in [[p["at"][0], p["at"][2]] for p in seats.values()]
    # each seat's label says its count now
    for i, p in enumerate(t.view(None).players):
        assert f"{p.cards} card" in plain(shown(tables)["t1"][f"seat.{i}"]["text"])


def test_closing_removes_the_table_and_an_attach_names_the_tables_and_sends_them_whole():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    dealt(tables)
    tables.attach({"online": ["ann"], "vault": []}, 11.0)
    ops = tables.flush()
    assert stages(ops)[0] == {"op": "stage_tables", "tables": ["t1"]}
    again = [op for op in stages(ops) if op["op"] == "stage"]
    assert len(again) == 1 and again[0]["reset"] is True and "felt" in again[0]["put"]
    tables.handle({"type": "command", "player": "ann", "args": ["leave"]}, 12.0)
    tables.handle({"type": "console", "args": ["close", "t1"]}, 12.0)
    ops = stages(tables.flush())
    assert {"op": "stage_remove", "table": "t1"} in ops
    assert shown(tables) == {}


def test_nothing_in_the_world_when_world_table_is_off_or_the_world_is_unknown():
    tables = make(world={"table": False})
    assert stages(dealt(tables)) == []
    tables = make()
    tables.handle({"type": "command", "player": "ann", "args": ["start"], "pos": [0, 64, 0]}, 0)   # no world
    assert stages(tables.flush()) == []


def test_the_words_on_the_table_are_the_servers_language():
    tables = make(language="ru", bots={"fill_to": 2, "kind": "basic"})
    dealt(tables)
    text = " ".join(plain(p["text"]) for p in shown(tables)["t1"].values() if "text" in p)
    assert "карт" in text and "cards" not in text


@pytest.mark.parametrize("key, value", [("size", 0.1), ("size", "big"), ("height", 9), ("table", "yes")])
def test_a_bad_world_setting_is_refused_naming_the_key(key, value):
    with pytest.raises(ConfigError, match=f"world.{key}"):
        parse({**CONFIG, "world": {key: value}})


def test_size_and_height_move_and_scale_the_table():
    small = make(world={"size": 0.5, "height": 0.5})
    big = make(world={"size": 2, "height": 1.5})
    opened(small), opened(big)
    s, b = shown(small)["t1"], shown(big)["t1"]
    assert b["felt"]["scale"][0] == 4 * s["felt"]["scale"][0]
    assert b["felt"]["at"][1] - s["felt"]["at"][1] == pytest.approx(1.0)


def test_a_minecraft_table_shows_its_own_faces_and_backs():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    dealt(tables, args=("minecraft",))
    assert tables.tables["t1"].options().edition == "minecraft"
    props = shown(tables)["t1"]
    faces = {p["face"] for p in props.values() if "face" in p}
    assert "back@mc" in faces and "back" not in faces
    assert props["pile"]["face"].endswith("@mc") or props["pile"]["face"] == "C"     # the Creeper keeps its key


def test_the_colour_in_play_shows_under_the_pile_and_in_the_line_above_it():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    dealt(tables)
    view = tables.tables["t1"].view(None)
    props = shown(tables)["t1"]
    name = {"red": "red", "yellow": "yellow", "green": "lime", "blue": "blue"}.get(view.colour, "black")
    assert props["colour"]["block"] == f"minecraft:{name}_concrete"
    assert props["centre"]["text"][0]["colour"] == {"red": "red", "yellow": "yellow", "green": "green", "blue": "blue"}.get(view.colour, "white")
