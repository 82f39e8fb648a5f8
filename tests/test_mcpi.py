"""`unocraft mcpi` against a real Minetest server with the pycraft mod (the Minecraft Pi API).

The server is Debian's minetest-server with minetest-mod-pycraft (installed when missing, see
tests/mcpi_server.py); players are stand-ins the test-only mod plays into pycraft's own callbacks,
so chat lines and punches reach the engine through pycraft's event queues, exactly as a player's
would. Every check reads the world back through the Pi API (`getBlock`, and pycraft's `getNode`
for the colour) or reads the public chat the server sent.
"""

from __future__ import annotations

import threading
import time

import pytest

from mcpi_server import MinetestServer, ensure_minetest

from unocraft.mcpi import board
from unocraft.mcpi.blocks import AIR, PALETTES
from unocraft.mcpi.run import mcpi_loop
from unocraft.presentation.faces import edition_face_keys
from unocraft.rules.editions import EDITIONS
from unocraft.mcpi.transport import McpiTransport
from unocraft.tables import config as config_mod

pytestmark = pytest.mark.e2e  # a real Minetest server with pycraft

SEED = "7"          # the deal of every table (UNOCRAFT_TABLE_SEED)


@pytest.fixture(scope="module")
def server():
    reason = ensure_minetest()
    if reason:
        pytest.skip(f"mcpi tests need a Minetest server with pycraft: {reason}")
    srv = MinetestServer().start()
    yield srv
    srv.stop()


class Engine:
    """`unocraft mcpi`'s loop on a thread, attached to the test server, and a second Pi API
    client that reads the world back."""

    def __init__(self, server: MinetestServer, **config):
        from mcpi.minecraft import Minecraft

        tree = {"timers": {"lobby": 0.3, "bot_think": 0.05, "catch_window": 0.1, "next_round": 0.3},
                "bots": {"fill_to": 2}, "table": {"seats": 2}, "game": {"single_round": True}}
        for section, values in config.items():
            tree.setdefault(section, {}).update(values)
        self.config = config_mod.parse(tree)
        self.server = server
        self.chat_from = len(server.chat_lines())     # the module's server is shared: this test's chat only
        self.transport = McpiTransport("127.0.0.1", server.api_port, lanes=self.config.seats)
        self.loop = mcpi_loop(self.config, self.transport, None)
        self.thread = threading.Thread(target=self.loop.run, daemon=True)
        self.thread.start()
        self.mc = Minecraft.create("127.0.0.1", server.api_port)
        self.mc.conn.socket.settimeout(10)
        # attached: connected, and the tables have taken the hello (rendering every face of the
        # edition then, seconds on a busy machine; players' events wait in pycraft meanwhile)
        faces = set(edition_face_keys(EDITIONS[self.config.options_for().edition]))
        wait_for(lambda: self.transport.mc is not None and faces <= self._copy(self.loop.tables.faces_sent),
                 "the engine to attach")

    @staticmethod
    def _copy(items) -> set:
        """A copy of a set the engine's thread is filling (retried when it grew under the copy)."""
        while True:
            try:
                return set(items)
            except RuntimeError:
                continue

    def stop(self) -> None:
        self.loop.stop.set()
        self.thread.join(10)
        self.mc.conn.socket.close()

    # the world, as the API says it is
    def node(self, pos) -> str:
        return self.mc.conn.sendReceive(b"world.getNode", *pos).split(",")[0]

    def nodes(self, area) -> dict:
        """The node names of every position of `area`, read in one pycraft ``getNodes`` call over
        its bounding box (the answer runs y, then x, then z)."""
        xs, ys, zs = zip(*area)
        box = (min(xs), min(ys), min(zs), max(xs), max(ys), max(zs))
        names = [n.split(",")[0] for n in self.mc.conn.sendReceive(b"world.getNodes", *box).split("|")]
        out, i = {}, 0
        for y in range(box[1], box[4] + 1):
            for x in range(box[0], box[3] + 1):
                for z in range(box[2], box[5] + 1):
                    out[(x, y, z)] = names[i]
                    i += 1
        return {pos: out[pos] for pos in area}

    def chat(self) -> list[str]:
        return self.server.chat_lines()[self.chat_from:]

    def said(self, text: str) -> bool:
        return any(text in line for line in self.chat())

    def table(self):
        """The engine's one table (read from this thread while the engine's runs: retried when a
        dict changed under the read)."""
        while True:
            try:
                return next(iter(list(self.loop.tables.tables.values())), None)
            except RuntimeError:
                continue


def wait_for(cond, what: str, timeout: float = 60.0):   # generous: CI machines can be busy
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = cond()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def make_engine(server, monkeypatch):
    monkeypatch.setenv("UNOCRAFT_TABLE_SEED", SEED)
    engines = []

    def make(**config):
        engines.append(Engine(server, **config))
        return engines[-1]
    yield make
    for eng in engines:
        eng.stop()
    for name in ("alice", "bob"):     # pycraft forgets the stand-ins: the next test's get new ids
        server.leave(name)


@pytest.fixture
def engine(make_engine):
    return make_engine()


def expected_board(eng: Engine, table):
    blocks, targets = board.draw(table, "minetest", eng.config.seats)
    return blocks, targets


def differences(eng: Engine, blocks: dict, area: set) -> list:
    """The blocks of `area` in the world that are not the ones `blocks` says: (pos, got, wanted)."""
    nodes = PALETTES["minetest"].node
    wrong = []
    world = eng.nodes(area)
    for pos in sorted(area):
        want = blocks.get(pos, AIR)
        got = world[pos]
        if got != (nodes[want] if want != AIR else "air"):
            wrong.append((pos, got, want))
    return wrong


def assert_area_shows(eng: Engine, blocks: dict, area: set) -> None:
    """Every block of `area` in the world is the one the board drawing says."""
    wrong = differences(eng, blocks, area)
    assert not wrong, f"{len(wrong)} of {len(area)} blocks differ, e.g. {wrong[:5]}"


def top_area(eng: Engine, table) -> set:
    _, targets = board.draw(table, "minetest", eng.config.seats)
    return {pos for pos, t in targets.items() if t.kind == "top"}


def sit_alice(eng: Engine, server: MinetestServer, name: str = "alice", x: int = 0, z: int = 0):
    server.join(name, x, 1, z)
    server.chat(name, "uno start")     # pycraft does not tell names: the engine asks
    wait_for(lambda: any("uno iam" in line for line in eng.chat()), "the name question")
    server.chat(name, f"uno iam {name}")
    wait_for(lambda: any(line.startswith(f"{name} plays UNO here") for line in eng.chat()), "the greeting")
    server.chat(name, "uno start")
    return wait_for(lambda: (t := eng.table()) is not None and t.state == "playing" and t, "the deal")


def wait_turn(eng: Engine, name: str):
    def mine():
        t = eng.table()
        return t is not None and t.turn_actor == name and t.game.phase == "play" and t
    return wait_for(mine, f"{name}'s turn")


def wait_painted(eng: Engine, table) -> None:
    """The engine has sent the board of the table's current state."""
    wait_for(lambda: eng.transport.painter._drawn.get(table.id, (None,))[0] == table.token
             and not eng.loop.tables.dirty, "the board to be painted")
    # pycraft applies what it got in a later server step (later still on a busy machine): until the
    # world shows every block sent (what was cleared before them on the same connection is cleared)
    wait_for(lambda: (sent := sent_blocks(eng, table)) and not differences(eng, sent, set(sent)), "the world to show the board")


def sent_blocks(eng: Engine, table) -> dict:
    """The blocks the painter has sent for the table (the engine's loop thread may be adding some)."""
    while True:
        try:
            return dict(eng.transport.painter.sent.get(table.id, {}))
        except RuntimeError:
            continue


def test_board_shows_the_top_card_and_open_hands(engine, server):
    t = sit_alice(engine, server)
    t = wait_turn(engine, "alice")
    wait_painted(engine, t)
    blocks, targets = expected_board(engine, t)
    top = t.game.view("alice", legal=False).top
    # the top card's pixel art, block for block, read back through the API
    area = top_area(engine, t)
    assert len(area) > 200
    assert_area_shows(engine, blocks, area)
    # it is that card's art: its colour fills much of it (a Yellow card on this seed)
    assert top[0] == "Y", top
    yellow = sum(n == "wool:yellow" for n in engine.nodes(area).values())
    assert yellow > len(area) // 4
    # both hands lie open in their lanes, and every card block is there (getBlock: not air)
    for seat in t.seats:
        hand = t.game.view(seat.name, legal=False).hand
        cards = {(tg.code, pos) for pos, tg in targets.items() if tg.kind == "card" and tg.seat == seat.name}
        assert {code for code, _ in cards} == set(hand)
        for _, pos in sorted(cards)[:12]:
            assert engine.mc.getBlock(*pos) != 0
    # whose turn: alice's lane marker is yellow, the bot's black
    assert engine.node(board.to_world(t, 0, 0)) == "wool:yellow"
    assert engine.node(board.to_world(t, 0, board.LANE)) == "wool:black"
    # no buttons here: her prompt says what to type
    wait_for(lambda: engine.said("Your hand: ") and engine.said("[uno draw]"), "the prompt")
    prompt = next(line for line in engine.chat() if line.startswith("Your hand: "))
    assert "[uno play " in prompt and "#t" not in prompt


def test_a_name_is_claimed_once_and_checked_with_the_server(engine, server):
    sit_alice(engine, server)
    server.join("bob", 30, 1, 30)
    server.chat("bob", "uno iam alice")         # not his name: getPlayerId says so
    wait_for(lambda: engine.said("alice is not your name on this server"), "the refusal")
    server.chat("bob", "uno join")
    wait_for(lambda: sum("uno iam <your name>" in line for line in engine.chat()) >= 2, "the name question to bob")
    assert [s.name for s in engine.table().seats] == ["alice", "Bot-Steve"]


def test_a_hit_on_your_card_plays_it_and_the_board_follows(make_engine, server):
    engine = make_engine(timers={"bot_think": 4})    # the bot waits: the board after her play holds still
    t = sit_alice(engine, server)
    t = wait_turn(engine, "alice")
    wait_painted(engine, t)
    legal = t.legal("alice")
    plays = [a for a in legal if a.verb == "play" and not a.colour]
    assert plays, f"seed {SEED}: alice has no plain card to play ({legal})"
    code = str(plays[0].cards[0])
    _, targets = expected_board(engine, t)
    pos = next(p for p, tg in sorted(targets.items()) if tg.kind == "card" and tg.seat == "alice" and tg.code == code)
    hand_before = len(t.game.view("alice", legal=False).hand)

    # hitting the bot's card does nothing but a hint
    bot_pos = next(p for p, tg in sorted(targets.items()) if tg.kind == "card" and tg.seat != "alice")
    token = t.token
    server.punch("alice", *bot_pos)
    wait_for(lambda: any("in Bot-Steve's lane" in line for line in engine.chat()), "the wrong-lane hint")
    assert t.token == token

    # a typo changes nothing and says how the command goes
    server.chat("alice", "uno play ZZ")
    wait_for(lambda: engine.said("Usage: uno play <card> [colour]"), "the usage line")
    assert t.token == token and len(t.game.view("alice", legal=False).hand) == hand_before

    server.punch("alice", *pos)
    wait_for(lambda: any(line.startswith("You played") for line in engine.chat()), "alice's play")
    assert not engine.said("Your first game here")      # the hints speak of a hotbar the board does not have
    t = engine.table()
    wait_painted(engine, t)
    assert len(t.game.view("alice", legal=False).hand) == hand_before - 1
    blocks, _ = expected_board(engine, t)
    # the top card on the board is now the card she hit
    assert t.game.view(None, legal=False).top == code
    area = top_area(engine, t)
    assert_area_shows(engine, blocks, area)
    colour = PALETTES["minetest"].node[PALETTES["minetest"].colour(code[0])]
    assert sum(n == colour for n in engine.nodes(area).values()) > len(area) // 4
    # alice's lane has one card fewer: the block after her last card is air again
    last = board.FIRST_CARD_COL + (hand_before - 1) * (board.CARD_W + 1)
    assert engine.mc.getBlock(*board.to_world(t, last + 2, 3)) == 0


def test_a_round_ends_and_the_board_is_cleared(engine, server):
    """Alice plays a whole round from the board and the chat: her cards by hitting them, wilds
    and passes typed, the draw pile hit to draw; the round ends, the table closes (one-round
    matches here) and every board block is air again."""
    t = sit_alice(engine, server)
    _, targets = expected_board(engine, t)
    drawn = set()
    deadline = time.monotonic() + 180
    while True:
        t = engine.table()
        if t is None or t.game is None or t.game.phase != "play":
            break
        drawn |= set(engine.transport.painter.sent.get(t.id, {}))
        if t.turn_actor != "alice":
            time.sleep(0.05)
            assert time.monotonic() < deadline, "the round did not end"
            continue
        wait_painted(engine, t)
        legal = t.legal("alice")
        verbs = {a.verb for a in legal}
        _, targets = expected_board(engine, t)
        plain = [a for a in legal if a.verb == "play" and not a.colour]
        token = t.token
        if plain:
            code = str(plain[0].cards[0])
            pos = next(p for p, tg in sorted(targets.items()) if tg.kind == "card" and tg.seat == "alice" and tg.code == code)
            server.punch("alice", *pos)
        elif "play" in verbs:   # a wild and its colour: typed, as the prompt says
            server.chat("alice", f"uno {next(a for a in legal if a.verb == 'play')}")
        elif "draw" in verbs:
            pos = next(p for p, tg in targets.items() if tg.kind == "draw")
            server.punch("alice", *pos)
        else:                   # a pass, ...: typed
            server.chat("alice", f"uno {legal[0]}")
        wait_for(lambda: engine.table() is None or engine.table().token != token, "alice's move to count")
        assert time.monotonic() < deadline, "the round did not end"
    wait_for(lambda: any(" won the round" in line for line in engine.chat()),
             "the end of the round")
    wait_for(lambda: engine.table() is None, "the table to close")
    wait_for(lambda: not engine.transport.painter.sent, "the board to be cleared")
    assert drawn
    # pycraft applies what it got in a later server step
    wait_for(lambda: all(engine.mc.getBlock(*pos) == 0 for pos in sorted(drawn)[:400]), "the board's blocks to be air")
    server.chat("alice", "uno stats")            # the round counts in her statistics
    wait_for(lambda: engine.said("1 round played"), "her statistics")


def test_after_a_lost_connection_the_board_and_the_claimed_names_hold(engine, server):
    import socket as socket_module

    t = sit_alice(engine, server)
    t = wait_turn(engine, "alice")
    wait_painted(engine, t)
    old, old_painter = engine.transport.mc, engine.transport.painter
    old.conn.socket.shutdown(socket_module.SHUT_RDWR)        # the connection drops under the engine
    wait_for(lambda: engine.transport.painter is not old_painter, "the reconnect")
    wait_painted(engine, t)
    blocks, targets = expected_board(engine, t)
    assert_area_shows(engine, blocks, top_area(engine, t))
    token = t.token
    assert engine.transport.flavour == "minetest" and engine.transport.names, engine.transport.names
    server.punch("alice", *next(p for p, tg in sorted(targets.items()) if tg.kind == "draw"))
    try:
        wait_for(lambda: t.token != token, "alice's draw")    # no second `uno iam` needed
    except AssertionError as e:
        raise AssertionError(f"{e}; the chat said: {engine.chat()[-6:]}") from None
    assert not any("uno iam <your name>" in line for line in engine.chat()[-5:])


def test_the_command_runs_a_table_keeps_it_in_the_database_and_stops_on_sigterm(server, tmp_path, monkeypatch):
    import signal
    import sqlite3
    import subprocess
    import sys

    monkeypatch.setenv("UNOCRAFT_TABLE_SEED", SEED)
    config = tmp_path / "engine.yaml"
    config.write_text("timers: {lobby: 0.3}\nbots: {fill_to: 2}\ntable: {seats: 2}\n", encoding="utf-8")
    db = tmp_path / "tables.sqlite"
    chat_from = len(server.chat_lines())
    proc = subprocess.Popen([sys.executable, "-m", "unocraft.cli", "mcpi", "--port", str(server.api_port),
                             "--config", str(config), "--database", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        said = lambda text: any(text in line for line in server.chat_lines()[chat_from:])   # noqa: E731
        server.join("carol", 40, 1, 40)
        deadline = time.monotonic() + 60
        while not said("carol plays UNO here"):   # until the engine is attached (it drops older events) and heard her
            server.chat("carol", "uno iam carol")
            time.sleep(1.5)
            assert time.monotonic() < deadline, "unocraft mcpi did not answer"
        server.chat("carol", "uno start")
        wait_for(lambda: said("The game has started"), "the deal")
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        server.leave("carol")
    rows = sqlite3.connect(db).execute("SELECT data FROM tables").fetchall()
    assert len(rows) == 1 and '"carol"' in rows[0][0]       # the table resumes after a restart
