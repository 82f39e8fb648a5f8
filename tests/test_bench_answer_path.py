"""benchmarks/answer_path.py measures what it says: each human at a table of their own (with a
bot, as the latency benchmark's players), beside tables of bots with a spectator each, and every
answered event timed."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import answer_path  # noqa: E402

pytestmark = pytest.mark.slow  # runs the benchmark (its tables, bots and saves)


def test_each_human_plays_at_a_table_of_their_own():
    tables, _ = answer_path.setup(players=4, bot_tables=3)
    humans = [f"h{i}" for i in range(4)]
    ids = [tables.where[h] for h in humans]
    assert len(set(ids)) == 4, ids          # not four humans at one table
    for tid in ids:
        t = tables.tables[tid]
        assert [s.name for s in t.humans()] == [h for h in humans if tables.where[h] == tid]
        assert len(t.seats) == 2            # filled with one bot
    bot_tables = [t for t in tables.tables.values() if t.id not in ids]
    assert len(bot_tables) == 3 and all(len(t.spectators) == 1 and not t.humans() for t in bot_tables)


def test_the_next_match_is_at_a_table_of_their_own_too():
    tables, now = answer_path.setup(players=4, bot_tables=0)
    for h in ("h0", "h1", "h2", "h3"):        # every match over at once: all four start again
        tables.handle({"type": "command", "player": h, "args": ["leave"]}, now)
        assert h not in tables.where
    for h in ("h0", "h1", "h2", "h3"):
        tables.handle(answer_path.start(h), now)
    assert len({tables.where[h] for h in ("h0", "h1", "h2", "h3")}) == 4


def test_every_answered_event_is_timed():
    sizes: list[int] = []
    kinds: dict[str, int] = {}
    wall, cpu = answer_path.run(players=3, bot_tables=2, events=40, profiler=None, sizes=sizes, kinds=kinds)
    assert len(wall) == len(cpu) == len(sizes) >= 40
    assert all(w > 0 for w in wall) and all(b > 0 for b in sizes)
    assert {"items", "msg"} <= set(kinds)


def test_a_pause_before_each_event_is_slept_and_not_timed(monkeypatch):
    """The benchmark's clock is a fake one that only a sleep moves: each pause is slept, and an
    event's time, read around its answer, holds none of it."""
    slept: list[float] = []

    class Clock:
        thread_time = staticmethod(time.thread_time)

        @staticmethod
        def sleep(seconds):
            slept.append(seconds)

        @staticmethod
        def perf_counter():
            return sum(slept)

    monkeypatch.setattr(answer_path, "time", Clock)
    wall, _ = answer_path.run(players=2, bot_tables=0, events=20, profiler=None, sizes=[], kinds={}, pause=0.01)
    assert len(wall) >= 20 and slept == [0.01] * len(wall)         # it slept before each
    assert wall == [0.0] * len(wall)                                # and the sleep is not in the times
