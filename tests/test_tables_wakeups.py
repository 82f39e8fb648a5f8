"""The lifecycle core's wake-up heap (issue 9): a tick runs the tables that are due and no other,
`next_wakeup` is what a scan of every table would say, and a table whose bots have nothing to do
out of turn does not keep the engine loop awake."""

import random

from test_tables import cmd, make, started, tick_until_turn
from unocraft.tables.config import parse

TIMERS = {"lobby": 2, "turn": 8, "turn_warning": 3, "rejoin": 5, "bot_think": 0.5, "catch_window": 1,
          "next_round": 2}


def scan(tables, now):
    """The earliest wake-up of every table, computed afresh (what the loop did before the heap)."""
    times = [tables.core.wake_up(t, now) for t in tables.tables.values()]
    return min((x for x in times if x is not None), default=None)


def due(tables, now):
    return {t.id for t in tables.tables.values() if (tables.core.wake_up(t, now) or now + 1) <= now}


def test_the_heap_agrees_with_a_scan_of_every_table_through_busy_play():
    rng = random.Random(7)
    tables = make(timers=TIMERS, game={"single_round": False})
    players = [f"p{i}" for i in range(10)]
    for i, p in enumerate(players):
        tables.handle({"type": "join", "player": p, "locale": "en_us"}, 0)
        if i % 3 == 0:
            cmd(tables, p, "start", *(["official", "jump_in=true"] if i % 2 else []), pos=(i * 100, 40, 0))
    now, kinds = 0.0, set()
    for _ in range(1500):
        now += rng.choice((0.05, 0.3, 0.7, 1.5, 4.0))
        p, r = rng.choice(players), rng.random()
        t = tables.core.seated_table(p)
        if r < 0.4 and t is not None and t.legal(p):
            kinds.add("act")
            cmd(tables, p, *str(rng.choice(t.legal(p))).split(), now=now)
        elif r < 0.45:
            kinds.add("quit")
            tables.handle({"type": "quit", "player": p}, now)
        elif r < 0.52:
            kinds.add("join")
            tables.handle({"type": "join", "player": p}, now)
        elif r < 0.55:
            kinds.add("leave")
            cmd(tables, p, "leave", now=now)
        elif r < 0.62:
            kinds.add("start")
            cmd(tables, p, "start", now=now, pos=(rng.randrange(5) * 100, 40, 0))
        elif r < 0.65:
            kinds.add("spectate")
            cmd(tables, p, "spectate", now=now, pos=(rng.randrange(5) * 100, 40, 0))
        tables.flush()
        tables.tick(now)
        tables.flush()
        assert tables.core.next_wakeup(now) == scan(tables, now), now
    assert kinds == {"act", "quit", "join", "leave", "start", "spectate"}
    assert len(tables.core.registry.wakes) <= 2 * len(tables.tables) + 64      # stale entries do not pile up


def test_a_tick_runs_the_tables_that_are_due_and_no_other(monkeypatch):
    tables = make(timers=TIMERS)
    for i in range(12):
        name = f"p{i}"
        tables.handle({"type": "join", "player": name, "locale": "en_us"}, 0)
        cmd(tables, name, "start", now=i * 0.25, pos=(i * 100, 40, 0))     # countdowns a quarter second apart
    tables.flush()
    visited = []
    run = tables.core._tick_table
    monkeypatch.setattr(tables.core, "_tick_table", lambda t, now: (visited.append(t.id), run(t, now)))
    smaller = 0
    now = 0.0
    while now < 30:
        now += 0.1
        expected = due(tables, now)
        visited.clear()
        tables.tick(now)
        tables.flush()
        assert sorted(visited) == sorted(expected), now
        smaller += 0 < len(expected) < len(tables.tables)
    assert smaller > 20          # most ticks had something due, and not every table


def test_the_owner_starting_the_lobby_wakes_the_loop_at_once():
    tables = make(timers=TIMERS)
    tables.handle({"type": "join", "player": "ann", "locale": "en_us"}, 0)
    cmd(tables, "ann", "start", now=0)
    tables.flush()
    assert tables.core.next_wakeup(0.5) == 2.0                 # the countdown (lobby: 2 s)
    cmd(tables, "ann", "start", now=0.5)
    assert tables.next_wakeup(0.5) == 0.0
    tables.tick(0.5)
    assert next(iter(tables.tables.values())).state == "playing"


def test_a_reload_moves_the_wake_ups_to_the_new_timers():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    started(tables)
    table = next(iter(tables.tables.values()))
    now = tick_until_turn(tables, table, "ann", 10.0)
    tables.flush()
    warning = table.turn_started + 30 - 10                   # turn 30 s, warned 10 s before
    assert tables.core.next_wakeup(now) == warning
    tables.admin.reload = lambda: parse({"timers": {"turn": 12, "turn_warning": 4}})
    tables.handle({"type": "console", "args": ["reload"]}, now)
    tables.flush()
    assert tables.core.next_wakeup(now) == table.turn_started + 8


def test_bots_with_nothing_to_do_out_of_turn_do_not_keep_the_loop_awake():
    """Jump-in is on, so the bots may act out of turn; basic bots never jump in. Once the catch
    window and their think time are over they have been asked: the loop sleeps until the turn
    timer's warning, not 0 ms again and again (the scan of every table woke it at once until
    catch window + think time had passed)."""
    tables = make(timers=TIMERS, bots={"fill_to": 3, "kind": "basic"})
    tables.handle({"type": "join", "player": "ann", "locale": "en_us"}, 0)
    cmd(tables, "ann", "start", "official", "jump_in=true")
    tables.flush()
    table = next(iter(tables.tables.values()))
    now = 2.0
    tables.tick(now)
    now = tick_until_turn(tables, table, "ann", now)
    tables.flush()
    assert table.game.may_act_out_of_turn()
    asked = table.changed_at + max(TIMERS["catch_window"], TIMERS["bot_think"])
    tables.tick(asked)
    assert table.actor_name() == "ann"                        # nobody jumped in
    after = asked + 0.1
    tables.tick(after)
    warning = table.turn_started + TIMERS["turn"] - TIMERS["turn_warning"]
    assert tables.core.next_wakeup(after) == warning > after + 1
    assert tables.next_wakeup(after) == 1.0                    # the loop's longest wait


def test_a_tick_with_a_spent_budget_runs_the_table_longest_due_and_leaves_the_rest_due(monkeypatch):
    """The loop bounds the clocks' work per round (a player's event waits meanwhile): what did not
    fit stays due, runs at the next ticks longest due first, and nothing is lost."""
    tables = make(timers=TIMERS)
    for i in range(4):
        name = f"p{i}"
        tables.handle({"type": "join", "player": name, "locale": "en_us"}, 0)
        cmd(tables, name, "start", now=1 - i * 0.25, pos=(i * 100, 40, 0))     # the last opened is due first
    tables.flush()
    visited = []
    run = tables.core._tick_table
    monkeypatch.setattr(tables.core, "_tick_table", lambda t, now: (visited.append(t.id), run(t, now)))
    now = 30.0
    expected = due(tables, now)
    assert len(expected) == 4
    order = sorted(expected, key=lambda tid: tables.core.wake_up(tables.tables[tid], now))
    for n in range(4):
        tables.tick(now, budget=0.0)      # spent at once: one table a tick
        assert visited == order[:n + 1]
        assert sorted(due(tables, now)) == sorted(order[n + 1:])
    assert all(t.state == "playing" for t in tables.tables.values())


def test_the_loop_wakes_on_a_grid_so_one_round_serves_every_table_due_within_it():
    """Two lobbies whose countdowns end 10 ms apart: the loop sleeps to the grid point after both
    (not to each), and one tick there deals both; a table already due wakes it at once."""
    from unocraft.tables.manager import WAKE_GRID
    tables = make(timers=TIMERS)
    for i, (p, at) in enumerate((("ann", 0.301), ("bob", 0.311))):
        tables.handle({"type": "join", "player": p, "locale": "en_us"}, at)
        cmd(tables, p, "start", now=at, pos=(i * 100, 40, 0))
    tables.flush()
    first = tables.core.next_wakeup(1.9)
    assert first == 2.301                                     # the first countdown, exactly
    wake = 1.9 + tables.next_wakeup(1.9)
    assert 2.311 <= wake < 2.311 + WAKE_GRID                  # one wake-up for both, on the grid
    assert abs(wake / WAKE_GRID - round(wake / WAKE_GRID)) < 1e-9
    tables.tick(wake)
    assert [t.state for t in tables.tables.values()] == ["playing", "playing"]
    assert tables.next_wakeup(3.0) < 1.0                        # a bot or turn clock is next
    cmd(tables, "ann", "leave", now=3.0)                        # ... and a table that must close: at once
    assert tables.next_wakeup(3.0) == 0.0


def test_idle_players_whose_turns_time_out_do_not_spin_the_loop():
    """Tables where a seated player never acts (the capacity benchmark's idle clients): the stand-in
    plays their turns when the timer runs out. The loop, run as loop.py runs it on a simulated clock,
    wakes about once per move, not every millisecond while a stand-in's move waits for the bots'
    think time (it did: 26 ticks a move, 20 times the rounds)."""
    import math
    fast = {"lobby": 0.5, "bot_think": 0.5, "turn": 2.0, "turn_warning": 1.0, "next_round": 0.5, "catch_window": 0.5}
    tables = make(timers=fast, game={"single_round": False})
    for i in range(6):
        tables.handle({"type": "join", "player": f"idle{i}", "locale": "en_us"}, 0)
        cmd(tables, f"idle{i}", "start", now=0, pos=(i * 100, 40, 0))
    ticks = []
    tick_table = tables.core._tick_table
    tables.core._tick_table = lambda t, now: ticks.append(t.id) or tick_table(t, now)
    now, rounds = 0.0, 0
    while now < 60:
        now += max(0.001, math.ceil(tables.next_wakeup(now) * 1000) / 1000)
        tables.tick(now, 0.002)
        tables.flush(now)
        rounds += 1
    moves = sum(t.game.seq for t in tables.tables.values() if t.game is not None)
    assert moves > 300                                  # the tables played (the stand-ins too)
    assert len(ticks) < 2 * moves and rounds < moves, (len(ticks), rounds, moves)
