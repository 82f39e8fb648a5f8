"""How much a process's memory grows over self-play matches with given options (a leak check).

    .venv-compiled/bin/python benchmarks/memory_growth.py --rules jump_in=true --matches 150
    .venv/bin/python benchmarks/memory_growth.py --rules seven_o=true draw_two_chain=stacking

Four strong bots, fixed seeds, a few warm-up matches first; VmRSS read after gc.collect().
"""

from __future__ import annotations

import argparse
import sys

from unocraft.bots import make_bot
from unocraft.engine_build import engine_build
from unocraft.rules.errors import ConfigError
from unocraft.rules.options import Options, parse_assignments
from unocraft.simulate import new_game, play_match
from unocraft.stress import process_memory


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="official")
    ap.add_argument("--rules", nargs="*", default=[], metavar="OPTION=VALUE")
    ap.add_argument("--matches", type=int, default=150)
    ap.add_argument("--warm-up", type=int, default=5)
    args = ap.parse_args(argv)
    if args.matches < 1 or args.warm_up < 0:
        ap.error("--matches must be positive and --warm-up not negative")
    try:
        options = Options.build(args.preset, **parse_assignments(args.rules))
    except ConfigError as e:
        ap.error(str(e))
    names = ["p1", "p2", "p3", "p4"]

    def match(seed: int) -> None:
        play_match(new_game(names, options, seed), [make_bot("strong", seed * 4 + i) for i in range(4)])

    for seed in range(args.warm_up):
        match(10_000 + seed)
    start = process_memory()
    for seed in range(args.matches):
        match(seed)
    end = process_memory()
    if start is None or end is None:
        print("no /proc/self/status here: memory not measured", file=sys.stderr)
        return 2
    print(f"{engine_build()}: {args.preset} {' '.join(args.rules)}: {end - start:+.1f} MB over {args.matches} matches"
          f" ({start:.1f} -> {end:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
