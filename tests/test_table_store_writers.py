"""The engine loop's saves and the statistics thread write to the same SQLite file by default: they
take turns through one lock of the process (store.write_lock), so a save never sleeps in SQLite's
busy handler waiting for a statistics write."""

from __future__ import annotations

import threading
from pathlib import Path

from unocraft.stats.store import StatsStore
from unocraft.tables.store import TableStore, write_lock

WAIT = 30.0     # seconds: a generous bound for a thread that must finish once the lock is free


def blocked_while_held(lock: threading.Lock, write) -> None:
    """`write` (run on a thread) waits while `lock` is held, and finishes once it is released."""
    done = threading.Event()
    started = threading.Event()

    def run():
        started.set()
        write()
        done.set()

    with lock:
        worker = threading.Thread(target=run, daemon=True)
        worker.start()
        assert started.wait(WAIT)
        assert not done.wait(0.3), "the write went ahead while another writer held the file"
    assert done.wait(WAIT), "the write did not finish once the file was free"
    worker.join(WAIT)


def test_one_lock_per_file_whatever_the_path_is_spelled(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    a = write_lock(tmp_path / "tables.sqlite")
    assert write_lock("tables.sqlite") is a
    assert write_lock(str(tmp_path / "sub" / ".." / "tables.sqlite")) is a
    assert write_lock(tmp_path / "other.sqlite") is not a


def test_the_default_statistics_share_the_tables_lock(tmp_path):
    path = tmp_path / "tables.sqlite"
    store = TableStore(path)
    stats = StatsStore(path)
    assert store.lock is stats._file_lock is write_lock(path)
    elsewhere = StatsStore(tmp_path / "stats.sqlite")
    assert elsewhere._file_lock is not store.lock
    store.close()
    stats.close()
    elsewhere.close()


def test_a_save_waits_for_the_files_lock_then_writes(tmp_path):
    path = tmp_path / "tables.sqlite"
    store = TableStore(path)
    blocked_while_held(write_lock(path), lambda: store.save({"t1": {"id": "t1", "n": 1}}))
    assert [d["n"] for d in store.load_all()] == [1]
    store.close()


def test_a_statistics_write_waits_for_the_files_lock_then_writes(tmp_path):
    path = tmp_path / "tables.sqlite"
    stats = StatsStore(path)
    blocked_while_held(write_lock(path), lambda: stats.add({"ann": {"rounds_played": 1}}))
    blocked_while_held(write_lock(path), lambda: stats.apply("engine-a", [(1, {"ann": {"rounds_played": 2}}, {})]))
    assert stats.get("ann")["rounds_played"] == 3
    stats.close()


def test_statistics_in_memory_take_no_files_lock():
    stats = StatsStore(":memory:")
    done = threading.Event()
    with write_lock(Path(":memory:").resolve()):     # whatever a file of that name would take
        threading.Thread(target=lambda: (stats.add({"ann": {"rounds_played": 1}}), done.set()), daemon=True).start()
        assert done.wait(WAIT), "a statistics write in memory waited for a file's lock"
    assert stats.get("ann")["rounds_played"] == 1
    stats.close()
