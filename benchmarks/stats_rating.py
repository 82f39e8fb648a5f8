"""The skill rating's cost beside the statistics write it rides with (issue 24).

A match's end hands the statistics thread one batch: its players' counters and, with the rating,
the match's finishing order, applied in the same transaction (`StatsStore.apply`: the counters'
upsert, then the players' ratings read under their rows' lock, updated with OpenSkill's
Plackett-Luce model and written back). For each database (SQLite, PostgreSQL, MariaDB) this writes
`--matches` such batches of 4 players drawn from `--players`, one transaction each as a server
finishing matches one at a time would, first counters only, then counters with the rating, and
prints batches per second, the median and p99 of one, and the rating updates (players rated) per
second; beside it, the model alone (`rating.update`, no database).

    python benchmarks/stats_rating.py [--players 1000] [--matches 2000] [--only sqlite,postgresql,mysql]

PostgreSQL and MariaDB come from `scripts/services` (started and stopped here); one that cannot
start is left out with the reason.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "engine"))

from unocraft.stats import rating  # noqa: E402
from unocraft.stats.store import StatsStore, database_url  # noqa: E402
from databases import database_urls  # noqa: E402

SEATS = 4


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(q * len(s) + 0.5)) - 1))]


def matches(players: int, count: int, seed: int) -> list[tuple[dict, list]]:
    """`count` matches: 4 players each, the first the winner, the others by points (two may tie)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        names = rng.sample([f"player{i:05d}" for i in range(players)], SEATS)
        ranks = [0, 1, rng.choice((1, 2)), 3]
        counters = {n: {"matches_played": 1, "matches_won": int(i == 0), "rounds_played": 3,
                        "points": rng.randint(0, 300) if i == 0 else 0, "cards_played": rng.randint(10, 40)}
                    for i, n in enumerate(names)}
        out.append((counters, [[r, [n]] for r, n in zip(ranks, names)]))
    return out


def write(store: StatsStore, writer: str, batch: list[tuple[dict, list]], rated: bool) -> list[float]:
    times = []
    for number, (counters, result) in enumerate(batch, 1):
        t0 = time.perf_counter()
        store.apply(writer, [(number, counters, {}, [result] if rated else [])])
        times.append((time.perf_counter() - t0) * 1000)
    return times


def line(label: str, times: list[float], rated: int) -> str:
    per_s = len(times) / (sum(times) / 1000)
    text = f"  {label:<22} {per_s:7.0f} batches/s, median {statistics.median(times):5.2f} ms, p99 {pct(times, 0.99):5.2f} ms"
    return text + (f" | {rated * per_s / len(times):7.0f} rating updates/s" if rated else "")


def measure(kind: str, url: str, players: int, count: int, tmp: Path) -> list[str]:
    store = StatsStore(database_url(kind, url, tmp / f"{kind}.sqlite"))
    write(store, "warm-up", matches(players, 200, 0), rated=True)       # rows exist, pool and caches warm
    plain = write(store, "plain", matches(players, count, 1), rated=False)
    rated = write(store, "rated", matches(players, count, 2), rated=True)
    store.close()
    return [f"{kind}: {count} match batches of {SEATS} players, one transaction each",
            line("counters only", plain, 0), line("counters + rating", rated, SEATS * count)]


def model_alone(count: int) -> str:
    batch = matches(1000, count, 3)
    ratings: dict = {}
    t0 = time.perf_counter()
    for _, result in batch:
        ratings.update(rating.update(result, ratings))
    took = time.perf_counter() - t0
    return (f"the model alone (rating.update, {SEATS} players): {count / took:,.0f} matches/s, "
            f"{SEATS * count / took:,.0f} rating updates/s")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--matches", type=int, default=2000, help="per database and kind of batch")
    ap.add_argument("--only", default="sqlite,postgresql,mysql")
    args = ap.parse_args(argv)
    kinds = [k for k in args.only.split(",") if k]
    print(model_alone(args.matches), flush=True)
    with tempfile.TemporaryDirectory(prefix="unocraft-bench-") as tmp_name:
        tmp = Path(tmp_name)
        tmp.chmod(0o755)
        with database_urls(kinds, tmp) as urls:
            for kind in kinds:
                if urls.get(kind) is None:
                    print(f"{kind}: left out, its server did not start (scripts/services)")
                    continue
                for text in measure(kind, urls[kind], args.players, args.matches, tmp):
                    print(text, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
