"""A redraw sends only what changed, and what it sends adds up to what a full redraw shows.

display.py remembers per player what was sent (slots, sidebar, completion tree) and compares the
new render to it; render.py hands out shared item dicts so that the comparison is cheap. These
tests play real rounds through player commands and hold the ops against a client model: nothing
already shown is sent again, and the model always equals a fresh, full redraw.
"""

from __future__ import annotations

import logging
import re
import sys
import time

import pytest

from unocraft.rules.actions import Action
from unocraft.simulate import actor
from unocraft.tables.config import parse
from unocraft.tables.display import Display
from unocraft.tables import metrics
from unocraft.tables.loop import EngineLoop
from unocraft.tables.metrics import FIGURES_ENV, clocks as _clocks, long_rounds as _long_rounds
from unocraft.tables.manager import Tables
from unocraft.tables.render import TAG_PAGE
from unocraft.transport.base import Transport, TransportClosed

CONFIG = {"timers": {"lobby": 5, "turn": 30, "turn_warning": 10, "rejoin": 60, "bot_think": 0.5,
                     "catch_window": 1, "next_round": 2},
          "bots": {"fill_to": 3, "kind": "basic"}, "game": {"single_round": True}, "table": {"join_radius": 0}}


class Client:
    """What the plugin shows each player, built from the ops alone."""

    def __init__(self):
        self.slots: dict[str, dict[str, dict | None]] = {}
        self.sidebars: dict[str, dict] = {}
        self.trees: dict[str | None, dict] = {}

    def apply(self, ops: list[dict], strict: bool = True) -> None:
        """Applies ops; `strict`: fails on an op that shows a player what they already see."""
        for op in ops:
            player = op.get("player")
            if op["op"] == "items":
                shown = self.slots.setdefault(player, {})
                for slot, item in op["slots"].items():
                    assert not strict or slot not in shown or shown[slot] != item, f"slot {slot} of {player} sent again"
                    shown[slot] = item
            elif op["op"] == "sidebar":
                assert not strict or self.sidebars.get(player) != op, f"the sidebar of {player} sent again"
                self.sidebars[player] = op
            elif op["op"] == "sidebar_clear":
                self.sidebars.pop(player, None)
            elif op["op"] == "complete":
                assert not strict or self.trees.get(player) != op["tree"], f"the tree of {player} sent again"
                self.trees[player] = op["tree"]
            elif op["op"] == "restore":
                self.slots.pop(player, None)


def full_redraw(tables: Tables, table) -> Client:
    """What a display that sent nothing yet sends for `table`."""
    fresh = Display(tables.display.state, tables.display.menus, tables.core.hints.due)
    fresh.redraw(table)
    client = Client()
    client.apply(fresh.take())
    return client


def two_humans(single_round: bool = True):
    tables = Tables(parse({**CONFIG, "game": {"single_round": single_round}}))
    tables.attach({"online": [], "vault": []}, 0)
    client = Client()
    client.apply(tables.flush())
    for name in ("ann", "bob"):
        tables.handle({"type": "join", "player": name, "locale": "en_us"}, 0)
    tables.handle({"type": "command", "player": "ann", "args": ["start"], "pos": [0, 64, 0]}, 0)
    table = next(iter(tables.tables.values()))
    tables.handle({"type": "command", "player": "bob", "args": ["join", table.id]}, 0)
    tables.tick(10)
    client.apply(tables.flush())
    assert [s.name for s in table.seats] == ["ann", "bob", "Bot-Steve"] and table.state == "playing"
    return tables, table, client


def assert_shows_a_full_redraw(client: Client, tables: Tables, table) -> None:
    full = full_redraw(tables, table)
    for name in ("ann", "bob"):
        assert client.slots[name] == full.slots[name], name
        assert client.sidebars[name] == full.sidebars[name], name
        assert client.trees[name] == full.trees[name], name


def test_the_ops_of_a_match_add_up_to_a_full_redraw_and_repeat_nothing():
    tables, table, client = two_humans(single_round=False)
    now, checked, turned = 10.0, 0, 0
    for step in range(300):
        g = table.game
        who = g.names[actor(g)] if g.phase == "play" else None
        if who in ("ann", "bob"):
            legal = g.legal_actions(who)
            if who == "ann":    # ann never plays: her hand grows over a page
                legal = sorted(legal, key=lambda a: {"pass": 0, "draw": 1}.get(a.verb, 2))
            tables.handle({"type": "command", "player": who, "args": [*str(legal[0]).split(), f"#t{table.token}"]}, now)
        if step % 3 == 0 and g.phase == "play" and len(g.view("ann").hand) > 8:
            tables.handle({"type": "use", "player": "ann", "tag": TAG_PAGE}, now)
            turned += 1
        now += 1.0
        tables.tick(now)
        client.apply(tables.flush())
        if table.game.phase == "play":
            assert_shows_a_full_redraw(client, tables, table)
            checked += 1
    assert checked > 100 and turned > 5


def test_a_player_whose_view_did_not_change_is_sent_nothing_new():
    tables, table, client = two_humans()
    tables.core.changed(table)         # redrawn with nothing changed
    ops = tables.flush()
    assert {op["op"] for op in ops} <= {"actionbar"}, ops
    # a page turned with one page of cards: nothing to show anyone
    assert len(table.game.view("ann").hand) <= 8
    tables.handle({"type": "use", "player": "ann", "tag": TAG_PAGE}, 10)
    assert {op["op"] for op in tables.flush()} <= {"actionbar"}


def test_a_play_sends_the_changed_slots_and_lines_exactly():
    tables, table, client = two_humans()
    now = 10.0
    while table.game.names[actor(table.game)] != "ann":
        now += 1
        tables.tick(now)
        client.apply(tables.flush())
    play = next(a for a in table.game.legal_actions("ann") if a.verb == "play") \
        if any(a.verb == "play" for a in table.game.legal_actions("ann")) else Action.parse("ann", "draw")
    before = {name: dict(client.slots[name]) for name in ("ann", "bob")}
    tables.handle({"type": "command", "player": "ann", "args": [*str(play).split(), f"#t{table.token}"]}, now)
    ops = tables.flush()
    client.apply(ops)
    full = full_redraw(tables, table)
    for name in ("ann", "bob"):
        changed = {slot for slot in full.slots[name] if full.slots[name][slot] != before[name].get(slot)}
        sent = [op for op in ops if op["op"] == "items" and op["player"] == name]
        assert {slot for op in sent for slot in op["slots"]} == changed, name
        assert len(sent) == (1 if changed else 0)
    assert client.sidebars["bob"] == full.sidebars["bob"]    # ann's play changed bob's sidebar (her count)
    assert any(op["op"] == "sidebar" and op["player"] == "bob" for op in ops)


def test_the_tables_are_completed_from_the_shared_tree_sent_when_a_table_opens_or_closes():
    tables, table, client = two_humans()
    assert client.trees[None]["join"] == [table.id] == client.trees[None]["spectate"]
    assert client.trees["#console"]["close"] == [table.id]
    assert "join" not in client.trees["ann"]     # not with every change of a hand
    tables.handle({"type": "command", "player": "cid", "args": ["start"], "pos": [5000, 64, 0]}, 11)
    ops = tables.flush()
    client.apply(ops)
    other = next(t for t in tables.tables.values() if t is not table)
    assert client.trees[None]["join"] == sorted([table.id, other.id]) == client.trees["#console"]["close"]
    assert not [op for op in ops if op["op"] == "complete" and op.get("player") in ("ann", "bob")]
    assert not [op for op in tables.flush() if op["op"] == "complete"]      # sent once
    tables.handle({"type": "command", "player": "cid", "args": ["leave"]}, 12)
    client.apply(tables.flush())
    assert other.id not in tables.tables
    assert client.trees[None]["join"] == [table.id] == client.trees["#console"]["close"]


class Scripted(Transport):
    """A plugin that sends one player's commands, then goes away (the connection is lost)."""

    def __init__(self, events: list[dict], stop):
        self.events = list(events)
        self.stop = stop
        self.applied: list[list[dict]] = []

    def connect(self, stop=None):
        return {"protocol": 1, "platform": "test", "online": ["ann"], "vault": []}

    def poll(self, max_wait_ms):
        if not self.events:
            raise TransportClosed("the plugin went away")
        return [self.events.pop(0)]

    def apply(self, ops):
        self.applied.append(ops)

    def close(self):
        pass


def test_the_loop_logs_its_figures_when_the_connection_is_lost_and_every_few_seconds(monkeypatch, caplog, tmp_path):
    cfg = parse({"language": "en"}, base_dir=str(tmp_path))
    events = [{"type": "command", "player": "ann", "args": ["help"]}] * 5
    monkeypatch.setenv(FIGURES_ENV, "0.000001")      # at every round of the loop
    monkeypatch.setattr(metrics, "probe", metrics.Probe())   # the loop installs a recorder; undone after
    loop = EngineLoop(cfg, None, None)
    loop.transport = Scripted(events, loop.stop)
    with caplog.at_level(logging.INFO, logger="unocraft.engine"):
        try:
            loop.run(reconnect=False)
        except TransportClosed:
            pass
    lines = [r.getMessage() for r in caplog.records if "engine time per answered event batch" in r.getMessage()]
    # every round after the first answer, and once more when the connection was lost
    assert len(lines) >= 5, lines
    assert "(5 batches)" in lines[-1] and "the Python part's CPU time: median" in lines[-1]
    # each batch was one `/uno help` (answered to ann, no table to redraw)
    shape = [r.getMessage() for r in caplog.records if "handling the events" in r.getMessage()]
    assert shape and re.search(r"handling the events: median [\d.]+ ms, p99 [\d.]+ ms \(the rest redraws\); "
                               r"events per answered batch: median 1, p99 1, max 1; "
                               r"tables redrawn per answer: median 0, p99 0, max 0$", shape[-1]), shape
    rounds = [r.getMessage() for r in caplog.records if "engine loop rounds between two polls" in r.getMessage()]
    assert rounds and rounds[-1].endswith("(5 rounds)"), rounds     # each poll's answer began a round
    long = [r.getMessage() for r in caplog.records if "engine loop rounds of 5 ms or more" in r.getMessage()]
    assert long and re.search(r": (none|\d+) of 5\b", long[-1]), long


def test_without_a_benchmark_asking_the_loop_measures_nothing_and_logs_no_figures(monkeypatch, caplog, tmp_path):
    cfg = parse({"language": "en"}, base_dir=str(tmp_path))
    monkeypatch.delenv(FIGURES_ENV, raising=False)
    monkeypatch.setattr(metrics, "probe", metrics.Probe())
    loop = EngineLoop(cfg, None, None)
    loop.transport = Scripted([{"type": "command", "player": "ann", "args": ["help"]}] * 3, loop.stop)
    with caplog.at_level(logging.INFO, logger="unocraft.engine"):
        try:
            loop.run(reconnect=False)
        except TransportClosed:
            pass
    assert type(metrics.probe) is metrics.Probe
    assert not [r for r in caplog.records if "engine time per" in r.getMessage() or "loop rounds" in r.getMessage()]
    assert any(op["op"] == "msg" for batch in loop.transport.applied for op in batch)   # it did answer


def test_long_rounds_are_told_by_what_they_spent_their_time_on():
    # parts (wall ms, CPU ms, waits, preemptions): events and answer, its save, clocks, their answer,
    # the interval's save, collector
    long = [(10.0, 3.0, ((2.0, 2.0, 0, 0), (8.0, 1.0, 3, 0), (0.0, 0.0, 0, 0), (0.0, 0.0, 0, 0), (0.0, 0.0, 0, 0), (0.0, 0.0, 0, 0))),
            (20.0, 5.0, ((2.0, 1.0, 1, 0), (3.0, 1.0, 0, 0), (15.0, 3.0, 0, 2), (0.0, 0.0, 0, 0), (0.0, 0.0, 0, 0), (0.0, 0.0, 0, 0)))]
    line = _long_rounds(4, long)
    # the two long rounds of four: 30 ms, of it 4 answering, 11 saving, 15 on the clocks; 8 ms CPU
    assert line.startswith("2 of 4, 15.0 ms on average, of it CPU 4.0 ms; "), line
    assert "events and answer 13 % (most of 0; CPU 75 %)" in line
    assert "its save 37 % (most of 1; CPU 18 %)" in line
    assert "clocks 50 % (most of 1; CPU 20 %)" in line
    assert "collector 0 % (most of 0; CPU 0 %)" in line
    # 4 waits and 2 preemptions over the two rounds, and where
    assert line.endswith("; the loop's thread waited 2.0 times a round (1 in events and answer, 3 in its save) "
                         "and was preempted 1.0 times a round (2 in clocks)"), line
    assert _long_rounds(2, []) == "none of 2"


def test_the_statistics_names_send_the_shared_tree_again_only_when_they_change():
    """The statistics thread's answer with the names it knows may come any time after the
    connection: with nobody new in it, the tree sent at the connection holds, and is not sent again."""
    tables = Tables(parse(CONFIG))
    tables.attach({"online": [], "vault": []}, 0)
    display = tables.display
    display.known_stats_names(["ann"])
    display.take()
    display.known_stats_names(["ann"])           # the same names again: nothing to send
    assert display.take() == []
    display.known_stats_names(["ann", "bob"])    # bob is new: the shared tree with him
    trees = [op["tree"] for op in display.take() if op["op"] == "complete" and "player" not in op]
    assert len(trees) == 1 and trees[0]["stats"] == ["ann", "bob"]
    display.new_stats_names(["cid"])
    assert [op["tree"]["stats"] for op in display.take()] == [["cid", "ann", "bob"]]
    display.known_stats_names(["ann", "bob"])    # cid, added by this engine, stays: nothing changed
    assert display.take() == [] and display.stats_names == ["cid", "ann", "bob"]
    display.known_stats_names(["dan"])
    assert [op["tree"]["stats"] for op in display.take()] == [["cid", "ann", "bob", "dan"]]


def test_the_loop_reads_every_language_file_before_the_first_player_asks(tmp_path):
    """A Russian or Slovak player's first click must not wait for their language file's YAML."""
    from unocraft.presentation import lang
    lang.messages.cache_clear()
    lang._message.cache_clear()
    cfg = parse({"language": "en"}, base_dir=str(tmp_path))
    loop = EngineLoop(cfg, None, None)
    loop.transport = Scripted([{"type": "command", "player": "ann", "args": ["help"]}], loop.stop)
    try:
        loop.run(reconnect=False)
    except TransportClosed:
        pass
    assert lang.messages.cache_info().currsize == len(lang.LANGUAGES)   # an English table read all of them


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a thread's context switches are counted on Linux only")
def test_the_loops_clocks_count_its_threads_waits():
    before = _clocks()
    time.sleep(0.01)      # gives the core up: a wait
    after = _clocks()
    assert after[0] - before[0] >= 0.01 and after[1] - before[1] < 0.01
    assert after[2] > before[2]
