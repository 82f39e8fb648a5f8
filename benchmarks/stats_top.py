"""`/uno top` latency with 100,000 players' statistics (issue 11; target: p99 within 20 ms through
the engine).

For each database (SQLite in the tables' file, PostgreSQL, MariaDB), fills 100,000 players' rows,
then runs the engine's own loop (`EngineLoop`, with an in-process transport in place of the
plugin) and measures, for each list (wins, points, rate), from a player's `/uno top` event handed
to the engine to the op batch that carries the list back: the read runs on the statistics thread,
the loop passes the answer on. Beside it, the query alone (`StatsStore.top`). Prints medians and p99.

    python benchmarks/stats_top.py [--players 100000] [--queries 300] [--only sqlite,postgresql,mysql]

PostgreSQL and MariaDB come from `scripts/services` (started and stopped here); one that cannot
start is left out with the reason.
"""

from __future__ import annotations

import argparse
import queue
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import sqlalchemy as sa

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "engine"))

from unocraft.presentation import faces  # noqa: E402
from unocraft.tables.config import parse  # noqa: E402
from unocraft.tables.loop import EngineLoop  # noqa: E402
from unocraft.stats.store import TOP_KINDS, StatsStore, database_url  # noqa: E402
from databases import database_urls  # noqa: E402
from unocraft.tables.store import TableStore  # noqa: E402
from unocraft.transport.base import Transport  # noqa: E402


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(q * len(s) + 0.5)) - 1))]


class InProcess(Transport):
    """The plugin's side in this process: events go in through a queue, op batches come out to
    a callback (the moment a batch is handed over is the moment the plugin would get it)."""

    def __init__(self, on_ops):
        self.events: queue.Queue = queue.Queue()
        self.on_ops = on_ops

    def connect(self, stop=None) -> dict:
        return {"protocol": 1, "platform": "bench", "online": ["ann"], "vault": []}

    def poll(self, max_wait_ms: int) -> list[dict]:
        try:
            first = self.events.get(timeout=max(0, max_wait_ms) / 1000)
        except queue.Empty:
            return []
        out = [first]
        while not self.events.empty():
            out.append(self.events.get_nowait())
        return out

    def apply(self, ops: list[dict]) -> None:
        self.on_ops(ops)

    def close(self) -> None:
        pass


def fill(store: StatsStore, players: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    chunk = {}
    for i in range(players):
        played = rng.randint(0, 60)
        won = rng.randint(0, played)
        rounds = played * 3 + rng.randint(0, 5)
        chunk[f"player{i:06d}"] = {"matches_played": played, "matches_won": won, "rounds_played": rounds,
                                   "rounds_won": rng.randint(0, rounds), "points": rng.randint(0, 40 * rounds),
                                   "uno_calls": rng.randint(0, rounds), "caught": rng.randint(0, 9),
                                   "cards_played": rng.randint(0, 20 * rounds)}
        if len(chunk) == 5000:
            store.add(chunk, now=float(i))
            chunk = {}
    if chunk:
        store.add(chunk)
    # the planner's statistics, as a table that has lived a while has them (the databases refresh
    # them on their own after enough changes; right after a bulk fill they still describe an empty table)
    analyze = {"mysql": "ANALYZE TABLE player_stats"}.get(store.dialect, "ANALYZE player_stats")
    with store.engine.begin() as conn:
        conn.execute(sa.text(analyze))


def measure(kind: str, url: str, players: int, queries: int, tmp: Path) -> list[str]:
    tables_file = tmp / f"{kind}-tables.sqlite"
    cfg = parse({"statistics": {"storage": kind, **({"url": url} if url else {})}, "language": "en"},
                base_dir=str(tmp))
    store = StatsStore(database_url(kind, url, tables_file))
    started = time.perf_counter()
    fill(store, players)
    filled = time.perf_counter() - started
    assert len(store.top("wins")) == 10
    direct = {k: [] for k in TOP_KINDS}
    for k in TOP_KINDS:
        for _ in range(queries):
            t0 = time.perf_counter()
            store.top(k)
            direct[k].append((time.perf_counter() - t0) * 1000)
    store.close()

    answered = threading.Event()

    def on_ops(ops):
        if any(op.get("op") == "msg" and op.get("player") == "ann" and "Top 10" in str(op.get("c")) for op in ops):
            answered.set()

    # the steady state: the faces the engine renders in a thread of its own at start (seconds of
    # CPU, holding the GIL in turns with the loop) are rendered first, as on a server running a while
    faces.warm_up(cfg.options_for().edition).join()
    transport = InProcess(on_ops)
    loop = EngineLoop(cfg, transport, TableStore(tables_file))
    engine = threading.Thread(target=loop.run, daemon=True)
    engine.start()
    through = {k: [] for k in TOP_KINDS}
    for k in TOP_KINDS:
        for i in range(queries + 20):                       # the first 20: warm-up, not counted
            answered.clear()
            t0 = time.perf_counter()
            transport.events.put({"type": "command", "player": "ann", "args": ["top", k]})
            if not answered.wait(10):
                raise SystemExit(f"{kind}: /uno top {k} got no answer")
            if i >= 20:
                through[k].append((time.perf_counter() - t0) * 1000)
    loop.stop.set()
    engine.join(10)
    lines = [f"{kind}: {players} players filled in {filled:.1f} s"]
    for k in TOP_KINDS:
        lines.append(f"  /uno top {k:<6} through the engine: median {statistics.median(through[k]):6.2f} ms, "
                     f"p99 {pct(through[k], 0.99):6.2f} ms | query alone: median {statistics.median(direct[k]):6.2f} ms, "
                     f"p99 {pct(direct[k], 0.99):6.2f} ms")
    return lines


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=100_000)
    ap.add_argument("--queries", type=int, default=300, help="per list and database")
    ap.add_argument("--only", default="sqlite,postgresql,mysql")
    args = ap.parse_args(argv)
    kinds = [k for k in args.only.split(",") if k]
    with tempfile.TemporaryDirectory(prefix="unocraft-bench-") as tmp_name:
        tmp = Path(tmp_name)
        tmp.chmod(0o755)
        with database_urls(kinds, tmp) as urls:
            print(f"/uno top latency, {args.players} players' rows, {args.queries} queries per list")
            for kind in kinds:
                if urls.get(kind) is None:
                    print(f"{kind}: left out, its server did not start (scripts/services)")
                    continue
                for line in measure(kind, urls[kind], args.players, args.queries, tmp):
                    print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
