"""The tables layer without a server: plugin events in, display ops out, time passed in."""

import json

import pytest

from unocraft.presentation.faces import face_key
from unocraft.rules.cards import Card
from unocraft.rules.house.silent_twos import SILENCE, Silence
from unocraft.simulate import actor
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables
from unocraft.tables.store import TableStore

CONFIG = {"timers": {"lobby": 5, "turn": 30, "turn_warning": 10, "rejoin": 60, "bot_think": 0.5,
                     "catch_window": 1, "next_round": 2},
          "bots": {"fill_to": 3, "kind": "basic"}, "game": {"single_round": True}}


def tick_until_turn(tables, table, name, now, ops=None):
    """Ticks a second at a time (bots play) until `name` must act; returns the time then.
    The ops sent meanwhile are added to `ops` when given, else dropped."""
    while table.game.names[actor(table.game)] != name:
        now += 1
        tables.tick(now)
        sent = tables.flush()
        if ops is not None:
            ops += sent
    return now


def make(store=None, **extra):
    cfg = parse({**CONFIG, **extra})
    t = Tables(cfg, store)
    t.attach({"online": [], "vault": []}, 0)
    attach_ops = t.flush()
    assert {op["key"] for op in attach_ops if op["op"] == "face"} >= {"R0", "W+4", "back"}
    return t


def cmd(tables, player, *args, now=0.0, pos=(0, 40, 0)):
    tables.handle({"type": "command", "player": player, "args": list(args), "pos": list(pos)}, now)


def texts(ops, player=None):
    out = []
    for op in ops:
        if op["op"] == "msg" and (player is None or op["player"] == player):
            out.append("".join(c["text"] + "".join(e["text"] for e in c.get("extra", [])) for c in op["c"]))
    return out


def started(tables, player="ann", now=10.0):
    tables.handle({"type": "join", "player": player, "locale": "en_us"}, 0)
    cmd(tables, player, "start")
    tables.flush()
    tables.tick(now)
    return tables.flush()


def test_start_alone_deals_cards_as_map_items_with_bots_in_the_empty_seats():
    tables = make()
    ops = started(tables)
    table = next(iter(tables.tables.values()))
    assert [s.name for s in table.seats] == ["ann", "Bot-Steve", "Bot-Alex"]
    assert any("has started" in t for t in texts(ops, "ann"))
    faces = [op["key"] for op in ops if op["op"] == "face"]
    items = next(op for op in ops if op["op"] == "items" and op["player"] == "ann")
    hand = table.game.view("ann").hand
    cards = [v for v in items["slots"].values() if v and v["tag"].startswith("card:")]
    assert sorted(c["tag"][5:] for c in cards) == sorted(hand)
    for c in cards:        # every face is sent (at attach or in this batch) before the item that shows it
        assert c["face"] == face_key(Card.parse(c["tag"][5:])) and c["face"] in tables.faces_sent
    assert items["slots"]["40"]["tag"] == "top"
    assert all(len(op["pixels"]) > 1000 for op in ops if op["op"] == "face")


def test_every_later_batch_sends_only_changed_slots_and_faces_once():
    tables = make()
    started(tables)
    tables.tick(20)
    ops = tables.flush()
    sent = [op["key"] for op in ops if op["op"] == "face"]
    assert len(sent) == len(set(sent))


def play_human_turns(tables, table, name, now):
    """Plays the human's legal actions (first one) through commands until the round is over."""
    for step in range(2000):
        g = table.game
        if g is None or g.phase != "play" or table.id not in tables.tables:
            tables.tick(now + 1)
            tables.flush()
            return now
        if g.names[actor(g)] == name:
            legal = g.legal_actions(name)
            cmd(tables, name, *str(legal[0]).split(), f"#t{table.token}", now=now)
        now += 1.0
        tables.tick(now)
        tables.flush()
    raise AssertionError("the round did not end")


def test_a_round_played_to_its_end_gives_the_items_back():
    tables = make()
    started(tables)
    table = next(iter(tables.tables.values()))
    seen = []
    orig = tables.flush

    def spy():
        ops = orig()
        seen.extend(ops)
        return ops
    tables.flush = spy
    play_human_turns(tables, table, "ann", 20.0)
    assert not tables.tables
    assert {"op": "restore", "player": "ann"} in seen
    assert any("won the round" in t for t in texts(seen, "ann"))


def test_a_stale_click_an_out_of_turn_play_and_bad_arguments_change_nothing():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    tables.handle({"type": "join", "player": "bob"}, 0)
    started(tables)
    table = next(iter(tables.tables.values()))
    before = table.game.to_json()
    cmd(tables, "ann", "draw", f"#t{table.token - 1}", now=11)
    assert any("expired" in t for t in texts(tables.flush(), "ann"))
    if table.game.names[actor(table.game)] != "ann":
        cmd(tables, "ann", "play", table.game.view("ann").hand[0], now=11)
        assert any("not your turn" in t.lower() for t in texts(tables.flush(), "ann"))
    for bad in (["play"], ["catch"], ["colour", "mauve"], ["rules", "nosuch"]):
        cmd(tables, "ann", *bad, now=11)
        assert any(t.startswith("Usage: /uno") for t in texts(tables.flush(), "ann")), bad
    cmd(tables, "ann", "frobnicate", now=11)
    assert texts(tables.flush(), "ann") == ["Unknown command /uno frobnicate. Type /uno help."]
    cmd(tables, "bob", "play", "R5", now=11)
    assert any("not at a table" in t for t in texts(tables.flush(), "bob"))
    assert table.game.to_json() == before


def test_one_table_at_a_time_and_several_tables_at_once():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    started(tables, "ann")
    cmd(tables, "ann", "start", now=11)
    assert any("already at table" in t for t in texts(tables.flush(), "ann"))
    tables.handle({"type": "join", "player": "bob"}, 11)
    cmd(tables, "bob", "start", now=11, pos=(500, 40, 500))     # far away: a new table
    tables.flush()
    tables.tick(30)
    tables.flush()
    assert len(tables.tables) == 2
    assert {t.state for t in tables.tables.values()} == {"playing"}


def test_join_the_open_table_nearby_and_rules_by_the_owner_only():
    tables = make(bots={"fill_to": 0, "kind": "basic"})
    for p in ("ann", "bob"):
        tables.handle({"type": "join", "player": p}, 0)
    cmd(tables, "ann", "start")
    cmd(tables, "bob", "start", pos=(2, 40, 1))     # next to ann's table: joins it
    table = next(iter(tables.tables.values()))
    assert [s.name for s in table.seats] == ["ann", "bob"]
    cmd(tables, "bob", "rules", "ru-classic")
    assert any("Only ann" in t for t in texts(tables.flush(), "bob"))
    cmd(tables, "ann", "rules", "official", "jump_in=true")
    tables.flush()
    assert table.options().jump_in is True
    tables.tick(10)
    tables.flush()
    assert table.state == "playing" and table.game.opts.jump_in is True


def test_leave_mid_game_gives_the_items_back_and_a_bot_takes_the_seat():
    tables = make()
    started(tables)
    table = next(iter(tables.tables.values()))
    cmd(tables, "ann", "leave", now=11)
    ops = tables.flush()
    assert {"op": "restore", "player": "ann"} in ops
    assert "ann" not in tables.where
    assert table.id not in tables.tables or table.seat("ann").bot == "basic"


def test_an_absent_player_is_warned_then_a_bot_plays_the_turn():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    started(tables)
    table = next(iter(tables.tables.values()))
    now = tick_until_turn(tables, table, "ann", 10.0)
    start = table.turn_started
    tables.tick(start + 21)
    assert any("within 10 seconds" in t for t in texts(tables.flush(), "ann"))
    token = table.token
    tables.tick(start + 31)
    ops = tables.flush()
    assert "Time is up: a bot played your turn." in texts(ops, "ann")
    assert table.token > token


def test_a_disconnected_player_can_come_back_and_is_replaced_after_the_rejoin_time():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    started(tables)
    table = next(iter(tables.tables.values()))
    tables.handle({"type": "quit", "player": "ann"}, 11)
    tables.flush()
    assert table.seat("ann").away_since == 11
    tables.handle({"type": "join", "player": "ann"}, 12)
    ops = tables.flush()
    assert table.seat("ann").away_since is None
    assert any(op["op"] == "items" and op["player"] == "ann" for op in ops)   # the hand is dealt again
    tables.handle({"type": "quit", "player": "ann"}, 13)
    tables.tick(13 + 61)
    tables.flush()
    assert table.id not in tables.tables or table.seat("ann").bot is not None


def test_spectators_see_what_happens_but_get_no_cards():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    started(tables)
    tables.handle({"type": "join", "player": "zoe"}, 10)
    cmd(tables, "zoe", "spectate", now=10)
    tables.flush()
    seen = []
    for n in range(30):
        tables.tick(11 + n)
        seen += tables.flush()
    assert not [op for op in seen if op["op"] == "items" and op["player"] == "zoe"]
    assert any(op["op"] == "actionbar" and op["player"] == "zoe" for op in seen)


def test_tables_resume_from_sqlite_after_an_engine_restart(tmp_path):
    db = tmp_path / "tables.sqlite"
    tables = make(store=TableStore(db), bots={"fill_to": 2, "kind": "basic"})
    started(tables)
    table = next(iter(tables.tables.values()))
    state = table.game.to_json()
    tables.store.close()

    again = Tables(parse({**CONFIG, "bots": {"fill_to": 2, "kind": "basic"}}), TableStore(db))
    resumed = again.tables[table.id]
    assert json.loads(resumed.game.to_json()) == json.loads(state)
    assert again.where["ann"] == table.id
    again.attach({"online": ["ann"], "vault": ["ann", "zed"]}, 20)
    ops = again.flush()
    assert any(op["op"] == "items" and op["player"] == "ann" for op in ops)
    assert {"op": "restore", "player": "zed"} in ops        # nobody holds zed's cards any more
    assert {"op": "restore", "player": "ann"} not in ops


@pytest.mark.parametrize("locale, word", [("ru_ru", "Ваш ход"), ("sk_sk", "Si na ťahu")])
def test_players_read_their_own_language(locale, word):
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    tables.handle({"type": "join", "player": "ivan", "locale": locale}, 0)
    cmd(tables, "ivan", "start")
    tables.flush()
    tables.tick(10)
    ops = tables.flush()
    table = next(iter(tables.tables.values()))
    tick_until_turn(tables, table, "ivan", 10.0, ops)
    titles = [op for op in ops if op["op"] == "title" and op["player"] == "ivan"]
    assert titles and titles[-1]["title"]["text"].startswith(word[:3])


def test_the_lobby_passes_to_the_next_player_when_its_owner_leaves():
    tables = make(bots={"fill_to": 0, "kind": "basic"})
    for p in ("ann", "bob"):
        tables.handle({"type": "join", "player": p}, 0)
    cmd(tables, "ann", "start")
    cmd(tables, "bob", "join")
    cmd(tables, "ann", "leave")
    table = next(iter(tables.tables.values()))
    assert table.owner == "bob" and [s.name for s in table.seats] == ["bob"]
    cmd(tables, "bob", "rules", "official", "uno_penalty=4")
    tables.flush()
    assert table.options().uno_penalty == 4


def test_only_an_admin_closes_a_table_and_everyone_gets_their_items_back():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    started(tables)
    tables.handle({"type": "join", "player": "op"}, 10)
    cmd(tables, "op", "close", "t1", now=11)
    assert any("not allowed" in t for t in texts(tables.flush(), "op"))
    tables.handle({"type": "command", "player": "op", "args": ["close", "t1"], "admin": True}, 12)
    ops = tables.flush()
    assert not tables.tables
    assert {"op": "restore", "player": "ann"} in ops


def test_the_engine_sleeps_while_a_player_thinks():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    started(tables)
    table = next(iter(tables.tables.values()))
    now = tick_until_turn(tables, table, "ann", 10.0)
    # ann's turn: nothing is due before the turn warning (or the 1 s cap), no busy polling
    assert tables.next_wakeup(now + 0.5) > 0.4


def test_silent_twos_a_chat_message_during_silence_costs_two_cards_and_other_chat_nothing():
    tables = make(game={"single_round": True, "options": {"silent_twos": "twos"}})
    started(tables)
    table = next(iter(tables.tables.values()))
    game = table.game
    ann = game.seat_of["ann"]
    before = len(game.hands[ann])
    tables.handle({"type": "chat", "player": "ann"}, 11.0)      # no silence: nothing happens
    assert len(game.hands[ann]) == before
    SILENCE.set(game, Silence("twos", seat=(ann + 1) % 3))       # as after a 2 by the next player
    tables.handle({"type": "chat", "player": "ann"}, 12.0)
    assert len(game.hands[ann]) == before + 2 and SILENCE.get(game) is None
    assert any("broke the silence" in t for t in texts(tables.flush(), "ann"))


def test_help_lists_every_command_in_the_players_language():
    tables = make()
    tables.handle({"type": "join", "player": "ivan", "locale": "ru_ru"}, 0)
    cmd(tables, "ivan", "help")
    lines = texts(tables.flush(), "ivan")
    for command in ("/uno start", "/uno accept", "/uno play", "/uno stats"):
        assert any(line.startswith("  " + command) for line in lines), command
    assert lines[:2] == ["Команды UNO (нажмите, чтобы ввести):", "Столы"]
    assert any("за ближайший" not in line and "сесть за стол" in line for line in lines)
    tables.handle({"type": "command", "player": "ivan", "args": ["help"], "admin": True}, 1)
    assert any(line.startswith("  /uno close") and "закрыть стол" in line for line in texts(tables.flush(), "ivan"))


def test_the_test_seed_variable_fixes_a_new_tables_deal(monkeypatch):
    from unocraft.tables.lifecycle import SEED_ENV
    monkeypatch.setenv(SEED_ENV, "1234")
    deals = []
    for _ in range(2):
        tables = make()
        started(tables)
        table = next(iter(tables.tables.values()))
        assert table.seed == 1234
        deals.append(table.game.to_json())
    assert deals[0] == deals[1]
    monkeypatch.delenv(SEED_ENV)
    tables = make()
    cmd(tables, "ann", "start", now=3.0)
    assert next(iter(tables.tables.values())).seed != 1234


def test_a_wild_played_without_its_colour_asks_for_it_with_a_button_per_colour():
    """`/uno play w` (lower case) and a right-click on a wild both answer "Choose a colour" with a
    button for each colour; the action is made once where the input entered (issue 44)."""
    from test_tables import tick_until_turn
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    started(tables)
    t = next(iter(tables.tables.values()))
    now = tick_until_turn(tables, t, "ann", 10.0)
    g = t.game
    ann, faces = g.names.index("ann"), g.faces[g.side]
    wild = next(c for c in g.draw_pile if str(faces[c]) == "W")
    g.draw_pile[g.draw_pile.index(wild)], g.hands[ann][0] = g.hands[ann][0], wild     # a swap: no card made
    tables.flush()
    for how in ("typed", "right-click"):
        if how == "typed":
            cmd(tables, "ann", "play", "w", now=now)
        else:
            tables.handle({"type": "use", "player": "ann", "tag": "card:W"}, now)
        ops = tables.flush()
        line = next(op["c"] for op in ops if op["op"] == "msg" and op["player"] == "ann")
        buttons = [part["click"]["command"] for part in line if isinstance(part, dict) and "click" in part]
        assert [b.split()[:4] for b in buttons] == [["/uno", "play", "W", c] for c in ("red", "yellow", "green", "blue")], (how, line)
        assert str(faces[g.hands[ann][0]]) == "W"       # nothing played yet
