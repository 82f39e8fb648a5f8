"""The table store's write-ahead log is copied into the database by a thread of its own, never by a
save on the engine loop's thread (a checkpoint's fsync held a save up to ~6 ms: store.py)."""

from __future__ import annotations

import gc
import os
import re
import sys
from pathlib import Path

from unocraft.tables.store import TableStore
from waiting import until

PAGE = 4096
ROW = {"id": "t1", "data": "x" * 20_000}     # about five pages a save
DEADLINE = 30.0     # seconds: a busy machine may be slow, a broken checkpointer never gets there


def wal_size(path) -> int:
    wal = f"{path}-wal"
    return os.path.getsize(wal) if os.path.exists(wal) else 0


def save_many(store: TableStore, n: int) -> None:
    for i in range(n):
        store.save({f"t{i % 20}": {**ROW, "id": f"t{i % 20}", "n": i}})


def test_a_save_never_checkpoints_the_log(tmp_path):
    path = tmp_path / "tables.sqlite"
    store = TableStore(path, checkpoint_every=3600)     # the checkpointer stays asleep
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 0     # OFF: the checkpointer syncs
    save_many(store, 600)
    # SQLite's own checkpoint would have started the log over at 1000 pages (4 MB); it grew on
    assert wal_size(path) > 2 * 1000 * PAGE
    assert store.checkpoints.done == 0
    store.close()


def test_the_checkpointer_copies_the_log_and_the_log_stays_small(tmp_path):
    path = tmp_path / "tables.sqlite"
    store = TableStore(path, checkpoint_every=0.02)
    for burst in range(8):      # ~1 MB a burst, with a checkpoint after each
        done = store.checkpoints.done
        save_many(store, 50)
        until(lambda: store.checkpoints.done > done, "no checkpoint after a burst", DEADLINE)
    busy, frames, copied = store.checkpoints.last
    assert busy == 0 and frames > 0 and copied == frames
    # the writer started the log over after each full copy: it holds about one burst, not eight
    assert wal_size(path) < 3 * 50 * 6 * PAGE
    store.close()


def test_closing_copies_what_is_left_empties_the_log_and_ends_the_thread(tmp_path):
    path = tmp_path / "tables.sqlite"
    store = TableStore(path, checkpoint_every=3600)
    thread = store.checkpoints._thread
    assert thread.is_alive() and thread.name == "unocraft-checkpoints"
    save_many(store, 30)
    assert wal_size(path) > 0
    store.close()
    assert wal_size(path) == 0
    assert not thread.is_alive()
    again = TableStore(path)
    assert {d["id"]: d["n"] for d in again.load_all()} == {f"t{i % 20}": i for i in range(30)}
    again.close()


def test_a_dropped_store_ends_its_thread(tmp_path):
    store = TableStore(tmp_path / "tables.sqlite", checkpoint_every=0.01)
    store.save({"t1": ROW})
    thread = store.checkpoints._thread
    assert thread.is_alive()
    del store
    gc.collect()
    thread.join(DEADLINE)
    assert not thread.is_alive(), "the checkpointer outlived its store"


def test_a_store_in_memory_has_no_checkpointer():
    store = TableStore(":memory:")
    assert store.checkpoints is None
    store.save({"t1": ROW})
    assert [d["id"] for d in store.load_all()] == ["t1"]
    store.close()


def test_the_saves_benchmark_compares_both_ways_in_one_process(capsys):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import table_saves
    assert table_saves.main(["--seconds", "0.3", "--tables", "4", "--repeats", "1"]) == 0
    out = capsys.readouterr().out
    for label in ("SQLite's defaults", "the checkpointer thread"):
        assert re.search(rf"repeat 1, {label}: \d+ saves, median [\d.]+ ms, p99 [\d.]+ ms, p99.9 [\d.]+ ms, "
                         rf"max [\d.]+ ms, over 1 ms: \d+, over 2 ms: \d+", out), out
    assert re.search(r"saves over 2 ms, ratio: [\d.]+x", out), out
