"""The mcpi side without a server: chat text, card art in blocks, the board and its diffs, the
chat ops posted once. (tests/test_mcpi.py runs it all against a real Minetest server.)"""

from __future__ import annotations

import socket
from collections import Counter

import pytest

from unocraft import cli
from unocraft.mcpi import board
from unocraft.mcpi.blocks import AIR, PALETTES, face_blocks
from unocraft.mcpi.chat_text import line_text, parse_chat
from unocraft.mcpi.transport import McpiTransport
from unocraft.presentation import chat
from unocraft.rules.actions import Action
from unocraft.rules.cards import Card
from unocraft.simulate import actor
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables
from unocraft.transport.base import TransportClosed

CONFIG = {"timers": {"lobby": 1, "bot_think": 0.5, "catch_window": 1}, "bots": {"fill_to": 2},
          "table": {"seats": 2}, "game": {"single_round": True}}


def test_buttons_become_the_words_to_type():
    line = [chat.text("Your hand: ", "gray"), chat.card_component(Card.parse("R7"), "en", 12),
            chat.text(" "), chat.draw_button("en", 12)]
    assert line_text(line) == "Your hand: [uno play R7] [uno draw]"
    assert line_text([chat.text("Join with /uno join t1. a|b")]) == "Join with uno join t1. a/b"


@pytest.mark.parametrize("message,args", [("uno play R7", ["play", "R7"]), ("UNO", []), ("/uno draw", ["draw"]),
                                          ("uno  uno", ["uno"]), ("hello uno", None), ("", None)])
def test_chat_commands(message, args):
    assert parse_chat(message) == args


def test_card_art_in_wool():
    red = PALETTES["minetest"].colour("R")
    seven = face_blocks("R7", board.CARD_W, board.CARD_H, "minetest")
    assert len(seven) == board.CARD_H and all(len(row) == board.CARD_W for row in seven)
    counts = Counter(b for row in seven for b in row)
    assert counts[red] >= 8 and counts[PALETTES["minetest"].by_name["white"]] >= 4   # red card, white oval
    top = face_blocks("G+2", board.TOP_W, board.TOP_H, "minecraft")
    assert Counter(b for row in top for b in row).most_common(1)[0][0] == PALETTES["minecraft"].colour("G")
    # a Minetest palette entry per distinct node: a block always reads back as the node it was set to
    nodes = list(PALETTES["minetest"].node.values())
    assert len(nodes) == len(set(nodes))
    assert PALETTES["minecraft"].colour("G") == (35, 5) and PALETTES["minetest"].colour("B") == (35, 11)


def dealt():
    tables = Tables(parse(CONFIG))
    tables.attach({"online": ["ann"], "vault": []}, 0)
    tables.handle({"type": "command", "player": "ann", "args": ["start"], "pos": [10.4, 5.0, -3.2]}, 0)
    tables.tick(2)
    tables.flush()
    return tables, next(iter(tables.tables.values()))


def test_the_board_shows_every_hand_open_and_what_each_block_does():
    tables, t = dealt()
    blocks, targets = board.draw(t, "minecraft", 2)
    assert board.origin(t) == (10, 5, -4)
    assert all(y == 5 for _, y, _ in blocks)        # flat, at the opener's feet
    for seat in t.seats:
        hand = t.game.view(seat.name, legal=False).hand
        mine = [tg.code for tg in targets.values() if tg.kind == "card" and tg.seat == seat.name]
        assert set(mine) == set(hand) and len(mine) >= len(hand) * 25     # 5 x 7 each, less the corners
    kinds = Counter(tg.kind for tg in targets.values())
    assert kinds["draw"] > 20 and kinds["top"] > 200
    # the marker of the seat whose turn it is
    turn = t.game.names[actor(t.game)]
    lane = [s.name for s in t.seats].index(turn)
    assert blocks[board.to_world(t, 0, lane * board.LANE)] == PALETTES["minecraft"].by_name["yellow"]


def test_the_painter_sends_only_what_changed_and_clears_a_closed_table():
    tables, t = dealt()
    painter = board.Painter("minecraft", 2)
    first = painter.changes(tables.tables)
    full, _ = board.draw(t, "minecraft", 2)
    assert dict(first) == full                                   # a new board: every block
    assert painter.changes(tables.tables) == []                  # nothing changed: nothing sent
    # one play: only the blocks that differ
    who = t.game.names[actor(t.game)]
    play = next(a for a in t.legal(who) if a.verb in ("play", "draw"))
    t.apply(Action.parse(who, str(play)), 3)
    diff = painter.changes(tables.tables)
    after, _ = board.draw(t, "minecraft", 2)
    assert 0 < len(diff) < len(after) // 2
    for pos, block in diff:
        assert after.get(pos, AIR) == block
    assert {pos for pos, b in full.items() if after.get(pos, AIR) != b} <= {pos for pos, _ in diff}
    # a hit maps back to its card
    code = t.game.view(t.seats[0].name, legal=False).hand[0]
    pos = board.to_world(t, board.FIRST_CARD_COL + 2, 3)
    assert painter.target_at(pos) == (t.id, board.Target("card", t.seats[0].name, code))
    # closed: every block it drew is air again, and hits mean nothing
    tables.handle({"type": "command", "player": "ann", "args": ["close"], "pos": [10, 5, -3], "admin": True}, 4)
    assert not tables.tables
    cleared = painter.changes(tables.tables)
    assert {pos for pos, _ in cleared} == set(after) and all(b == AIR for _, b in cleared)
    assert painter.target_at(pos) is None


class FakeMc:
    def __init__(self):
        self.posted = []

    def postToChat(self, text):
        self.posted.append(text)


def test_chat_ops_are_posted_once_and_a_personal_line_names_its_player():
    tr = McpiTransport("127.0.0.1", 4711)
    tr.mc = FakeMc()
    tr.names = {1: "ann", 2: "bob"}
    line = [chat.text("ann played Red 7", "red")]
    tr.apply([{"op": "msg", "player": "ann", "c": line}, {"op": "msg", "player": "bob", "c": line},
              {"op": "items", "player": "ann", "slots": {}},
              {"op": "msg", "player": "bob", "c": [chat.text("It is not your turn.", "red")]}])
    assert tr.mc.posted == ["ann played Red 7", "bob: It is not your turn."]


def test_bad_command_line():
    with pytest.raises(SystemExit) as e:
        cli.main(["mcpi", "--port", "70000"])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        cli.main(["mcpi", "--blocks", "glass"])
    assert e.value.code == 2


@pytest.mark.parametrize("preset", ["official", "minecraft", "ru-classic", "flip", "dos"])
def test_every_edition_draws_and_redraws_through_a_whole_round(preset):
    """Bots play a round of each edition; after every step the painter's blocks are exactly the
    drawing of the table (so a Flip card turning or a DOS centre row shows), and every hand card
    block points back at a card of that seat's hand."""
    tables = Tables(parse({**CONFIG, "bots": {"fill_to": 3}, "table": {"seats": 3},
                           "timers": {"lobby": 1, "bot_think": 0, "catch_window": 0}}))
    tables.attach({"online": ["ann"], "vault": []}, 0)
    tables.handle({"type": "command", "player": "ann", "args": ["start", preset], "pos": [0, 5, 0]}, 0)
    tables.tick(2)
    t = next(iter(tables.tables.values()))
    t.seats[0].bot = "basic"            # ann lets a bot play for her
    painter = board.Painter("minetest", 3)
    shown: dict = {}
    now = 2.0
    for _ in range(3000):
        for pos, block in painter.changes(tables.tables):
            shown[pos] = block
        if t.id not in tables.tables or t.game.phase != "play":
            break
        blocks, targets = board.draw(t, "minetest", 3)
        assert {p: b for p, b in shown.items() if b != AIR} == blocks
        for tg in targets.values():
            if tg.kind == "card":
                assert tg.code in t.game.view(tg.seat, legal=False).hand
        now += 1
        tables.tick(now)
        tables.flush()
    assert t.game.phase != "play" or t.id not in tables.tables, f"{preset}: the round did not end"


def test_an_unreachable_server_is_named_once_in_the_log(caplog):
    with socket.socket() as s:            # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    tr = McpiTransport("127.0.0.1", port, connect_timeout=0.5)
    for _ in range(2):
        with pytest.raises(TransportClosed):
            tr.connect()
    warnings = [r for r in caplog.records if r.levelname == "WARNING" and "cannot reach the Minecraft Pi API" in r.message]
    assert len(warnings) == 1 and f"127.0.0.1:{port}" in warnings[0].message and not warnings[0].exc_info
