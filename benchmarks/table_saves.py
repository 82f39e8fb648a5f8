"""What a table save costs the engine loop's thread: with SQLite's defaults (synchronous=NORMAL, the
write-ahead log checkpointed in the commit that fills it, synced when it starts over) against the
store's way (its connection syncs nothing, the checkpointer thread checkpoints and syncs: store.py),
in the same process, interleaved. Each save writes one table's row as the engine writes it (a game of
four in play), cycling over `--tables` tables, one every `--pace-ms` for `--seconds` (long enough
for the checkpointer to run several times: it runs once a second); prints median, p99, p99.9 and
max per save, and how many took over 1 and over 2 ms.

    .venv/bin/python benchmarks/table_saves.py --seconds 8 --repeats 3
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from unocraft.rules.game import Game
from unocraft.tables.store import CHECKPOINT_EVERY, TableStore
from unocraft.tables.table import Seat, Table


def sample_row(n: int) -> dict:
    t = Table(id=f"t{n}", owner="ann", pos=(0, 64, 0), preset="classic", overrides={}, state="playing",
              seats=[Seat(name=p, bot=None, lang="en") for p in ("ann", "bob", "cid", "dan")])
    t.game = Game.new([s.name for s in t.seats], seed=n)
    return t.to_dict()


def run(folder: Path, name: str, own_checkpoints: bool, seconds: float, pace_ms: float, tables: int,
        checkpoint_every: float = CHECKPOINT_EVERY) -> list[float]:
    store = TableStore(folder / f"{name}.sqlite", checkpoint_every=checkpoint_every)
    if own_checkpoints:     # as the store was before its checkpointer: SQLite's defaults in WAL with
        store.checkpoints.stop()        # synchronous=NORMAL (the commit that fills 1000 pages copies
        store.checkpoints = None        # them; the first after the log starts over syncs it)
        store.db.execute("PRAGMA wal_autocheckpoint=1000")
        store.db.execute("PRAGMA synchronous=NORMAL")
    rows = [sample_row(n) for n in range(tables)]
    ms = []
    end = time.monotonic() + seconds
    i = 0
    while time.monotonic() < end:
        row = rows[i % tables]
        started = time.perf_counter()
        store.save({row["id"]: row})
        ms.append((time.perf_counter() - started) * 1000)
        i += 1
        time.sleep(pace_ms / 1000)
    store.close()
    return ms


def figures(ms: list[float]) -> str:
    s = sorted(ms)
    return (f"{len(s)} saves, median {statistics.median(s):.3f} ms, p99 {s[int(len(s) * 0.99)]:.3f} ms, "
            f"p99.9 {s[int(len(s) * 0.999)]:.2f} ms, max {s[-1]:.2f} ms, over 1 ms: {sum(v > 1 for v in s)}, "
            f"over 2 ms: {sum(v > 2 for v in s)}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--pace-ms", type=float, default=2.0)
    ap.add_argument("--checkpoint-every", type=float, default=CHECKPOINT_EVERY, help="seconds, the checkpointer's interval")
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        results: dict[str, list[list[float]]] = {"SQLite's defaults": [], "the checkpointer thread": []}
        for r in range(args.repeats):
            for label, own in (("SQLite's defaults", True), ("the checkpointer thread", False)):
                ms = run(folder, f"{r}-{own}", own, args.seconds, args.pace_ms, args.tables, args.checkpoint_every)
                results[label].append(ms)
                print(f"repeat {r + 1}, {label}: {figures(ms)}")
        print(f"a save of one of {args.tables} tables every {args.pace_ms:g} ms for {args.seconds:g} s, "
              f"{args.repeats} repeats interleaved; medians of the repeats:")
        slow = {}
        for label, runs in results.items():
            p99 = statistics.median(sorted(ms)[int(len(ms) * 0.99)] for ms in runs)
            worst = statistics.median(max(ms) for ms in runs)
            slow[label] = statistics.median(sum(v > 2 for v in ms) for ms in runs)
            print(f"  {label:<36} p99 {p99:.3f} ms, max {worst:.2f} ms, saves over 2 ms: {slow[label]:g}")
        a, b = slow.values()
        print(f"  saves over 2 ms, ratio: {a / max(b, 1):.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
