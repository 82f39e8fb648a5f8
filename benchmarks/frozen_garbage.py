"""What the collector's hourly thaw (tables/collector.py) still finds: tables open and close on a
simulated clock (answer_path.py's tables: `--players` humans who start a new match when theirs
ends, `--bot-tables` tables of bots), with SQLite saves and statistics as the loop makes them and
the loop's collector policy on that clock; every `--thaw-every` simulated seconds everything is
unfrozen and collected, and what that collection frees (cyclic garbage that was frozen) is
printed by type. Without a cycle anywhere the figures stay 0.

    .venv/bin/python benchmarks/frozen_garbage.py --seconds 300 --thaw-every 20
"""

from __future__ import annotations

import argparse
import collections
import gc
import tempfile
import time
from pathlib import Path

from answer_path import choice, next_time, prompts, setup
from unocraft.tables.collector import Collector
from unocraft.tables.store import TableStore


def thaw() -> collections.Counter:
    """Unfreezes and collects everything; the types of what the full pass freed (it was frozen:
    the young collections before each freeze leave nothing else)."""
    gc.unfreeze()
    gc.collect(1)
    gc.set_debug(gc.DEBUG_SAVEALL)     # what is collected is kept in gc.garbage to be counted
    gc.collect()
    gc.set_debug(0)
    kinds = collections.Counter(f"{type(o).__module__}.{type(o).__name__}" for o in gc.garbage)
    gc.garbage.clear()
    gc.collect()                       # and freed
    gc.freeze()
    return kinds


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, default=20)
    p.add_argument("--bot-tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=300, help="real seconds the run lasts")
    p.add_argument("--thaw-every", type=float, default=20, help="simulated seconds between thaws")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tables, now = setup(args.players, args.bot_tables, TableStore(Path(tmp) / "tables.sqlite"))
        humans = [f"h{i}" for i in range(args.players)]
        collector = Collector(now)
        collector.freeze_all(now)
        start, thawed_at, latest, answered = now, now, {}, set()
        open_ids, closed, found = set(tables.tables), 0, collections.Counter()
        end = time.monotonic() + args.seconds
        while time.monotonic() < end:
            now = next_time(tables, now)
            for name in humans:
                if name not in tables.where:
                    tables.handle({"type": "command", "player": name, "args": ["start"]}, now)
            tables.tick(now)
            prompts(tables.flush(save=False), latest)
            tables.maybe_save(now)
            for name, commands in sorted(latest.items()):
                click = choice(commands)
                if click is not None and (name, click) not in answered:
                    answered.add((name, click))
                    tables.handle({"type": "command", "player": name, "args": click.split(" ")[1:]}, now)
                    prompts(tables.flush(save=False), latest)
                    tables.save_flushed()
            closed += len(open_ids - set(tables.tables))
            open_ids = set(tables.tables)
            collector.settle(now)
            if now >= thawed_at + args.thaw_every:
                kinds = thaw()
                found += kinds
                thawed_at = now
                print(f"thaw at {now - start:.0f} s ({closed} tables closed so far): {sum(kinds.values())} objects "
                      + ", ".join(f"{k} {n}" for k, n in kinds.most_common(6)), flush=True)
        tables.close()
    print(f"{now - start:.0f} simulated s, {closed} tables closed: the thaws found {sum(found.values())} objects "
          + ", ".join(f"{k} {n}" for k, n in found.most_common(10)))


if __name__ == "__main__":
    main()
