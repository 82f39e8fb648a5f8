"""The `unocraft` command: scenario, sim, stress, house-rules, serve, mcpi.

Exit codes: 0 success, 1 a failed check (a scenario expectation, a self-play
check), 2 bad input (unknown option, malformed file, bad arguments).
"""

from __future__ import annotations

import argparse
import glob
import json
import sys

from .rules.errors import ConfigError


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse exits 2 too; keep its message short and clear
        self.print_usage(sys.stderr)
        print(f"unocraft: error: {message}", file=sys.stderr)
        sys.exit(2)


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="unocraft", description="UNO for Minecraft: rules engine, bots, server.")
    # which build of the rules engine runs: compiled with mypyc or plain Python (setup.py)
    from . import PROTOCOL, __version__
    from .engine_build import engine_build
    parser.add_argument("--version", action="version",
                        version=f"unocraft {__version__} (bridge protocol {PROTOCOL}; rules engine: {engine_build()})")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    sc = sub.add_parser("scenario", help="run scenario files (docs/scenarios.md)")
    sc.add_argument("files", nargs="+", help="scenario files or globs")
    sc.add_argument("--events", action="store_true", help="print every engine event as JSON lines")
    sc.add_argument("-q", "--quiet", action="store_true", help="print failures only")

    sim = sub.add_parser("sim", help="bot self-play")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--preset", default="official")
    sim.add_argument("--bots", default="strong,random,random,random",
                     help="comma-separated bot kinds, seat by seat (repeats when shorter)")
    sim.add_argument("--rules", nargs="*", default=[], metavar="OPTION=VALUE")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--check", action="store_true",
                     help="check card conservation after every action and that no game stalls")
    sim.add_argument("--one-round", action="store_true", help="a game is one round, not a match")
    sim.add_argument("--no-progress", action="store_true")

    stress = sub.add_parser("stress", help="checked self-play over random option sets")
    stress.add_argument("--matches", type=int, default=None, help="stop after this many matches")
    stress.add_argument("--seconds", type=float, default=None, help="stop after this long (default 60)")
    stress.add_argument("--seed", type=int, default=0)
    stress.add_argument("--memory-bound", type=float, default=None, metavar="MB",
                        help="memory growth that counts as a leak (default 16)")

    sub.add_parser("house-rules", help="print the house rules' options as the Markdown table of docs/engine.md")

    stats = sub.add_parser("stats", help="player statistics (see `unocraft stats migrate -h`)")
    stats_sub = stats.add_subparsers(dest="stats_command", parser_class=_Parser)
    stats_migrate = stats_sub.add_parser(
        "migrate", help="add a server's statistics to a shared database (a second run adds nothing)")
    stats_migrate.add_argument("--from", dest="source", required=True, metavar="sqlite:PATH",
                               help="the server's tables file (database: in its engine.yaml)")
    stats_migrate.add_argument("--to", dest="target", required=True, metavar="URL",
                               help="postgresql://user:password@host/db, mysql://... or sqlite:PATH")

    serve = sub.add_parser("serve", help="start the embedded Minecraft dev server with the engine attached",
                           add_help=False)
    serve.add_argument("rest", nargs=argparse.REMAINDER)

    mcpi = sub.add_parser("mcpi", help="an open-handed table on a Minecraft Pi API server (RaspberryJuice, pycraft)",
                          add_help=False)
    mcpi.add_argument("rest", nargs=argparse.REMAINDER)

    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["mcpi"]:   # parses its own arguments, like serve
        from .mcpi.run import main as mcpi_main
        return mcpi_main(argv[1:])
    if argv[:1] == ["serve"]:   # serve parses its own arguments (argparse.REMAINDER drops options)
        from . import serve as serve_module
        try:
            return serve_module.main(argv[1:])
        except ConfigError as e:
            print(f"unocraft: {e}", file=sys.stderr)
            return 2
    args = parser.parse_args(argv)
    try:
        if args.command == "scenario":
            return _scenario(args)
        if args.command == "sim":
            return _sim(args)
        if args.command == "stress":
            return _stress(args)
        if args.command == "house-rules":
            from .rules.house import docs_table
            print(docs_table(), end="")
            return 0
        if args.command == "stats":
            return _stats(args, stats)
        if args.command == "serve":
            from . import serve as serve_module
            return serve_module.main(args.rest)
    except ConfigError as e:
        print(f"unocraft: {e}", file=sys.stderr)
        return 2
    parser.print_help()
    return 2


def _stats(args, parser) -> int:
    if args.stats_command != "migrate":
        parser.print_help()
        return 2
    from sqlalchemy.exc import SQLAlchemyError
    from .stats.importer import migrate
    from .tables.store import describe
    try:
        print(migrate(args.source, args.target, describe))
    except SQLAlchemyError as e:
        print(f"unocraft stats migrate: the database failed: {str(getattr(e, 'orig', None) or e).strip().splitlines()[0]}",
              file=sys.stderr)
        return 1
    return 0


def _stress(args) -> int:
    from .stress import MEMORY_GROWTH_BOUND, run
    if (args.matches is not None and args.matches < 1) or (args.seconds is not None and args.seconds <= 0):
        raise ConfigError("--matches and --seconds must be positive")
    if args.memory_bound is not None and not args.memory_bound > 0:
        raise ConfigError("--memory-bound must be a positive number of MB")
    seconds = 60.0 if args.matches is None and args.seconds is None else args.seconds
    bound = MEMORY_GROWTH_BOUND if args.memory_bound is None else args.memory_bound
    report = run(args.matches, seconds, args.seed, memory_bound=bound)
    for failure in report.failures:
        print(f"FAIL {failure}")
    if report.memory_start is not None and report.memory_end is not None:
        print(f"memory {report.memory_start:.1f} MB after the first match, {report.memory_end:.1f} MB at the end"
              f" ({report.memory_end - report.memory_start:+.1f} MB; bound {bound:g} MB)")
    else:
        print("memory: not measured (no /proc/self/status on this system)")
    if report.leak:
        print(f"FAIL {report.leak}")
    failures = len(report.failures) + (report.leak is not None)
    print(f"{report.matches} matches over random option sets, {failures} failures")
    return 1 if failures else 0


def _scenario(args) -> int:
    from .rules.scenario import load, run
    files = []
    for pattern in args.files:
        matched = sorted(glob.glob(pattern, recursive=True))
        files += matched or [pattern]
    worst = 0
    passed = failed = 0
    for path in files:
        try:
            sc = load(path)
            on_event = (lambda ev: print(ev.to_json())) if args.events else None
            result = run(sc, on_event)
        except ConfigError as e:
            print(f"ERROR {e}", file=sys.stderr)
            worst = 2
            continue
        if result.ok:
            passed += 1
            if not args.quiet:
                print(f"ok    {path}")
        else:
            failed += 1
            worst = max(worst, 1)
            print(f"FAIL  {path}: {result.message}")
    if len(files) > 1:
        print(f"{passed} passed, {failed} failed")
    return worst


def _sim(args) -> int:
    from .bots import BOTS
    from .rules.editions import find_edition
    from .rules.options import Options, parse_assignments
    from .simulate import Stalled, simulate, wilson

    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    for k in kinds:
        if k not in BOTS:
            raise ConfigError(f"unknown bot {k!r}; known: {', '.join(BOTS)}")
    options = Options.build(args.preset, **parse_assignments(args.rules))
    find_edition(options.edition).check_players(args.players)
    if args.games < 1:
        raise ConfigError("--games must be at least 1")
    bar = None
    if not args.no_progress and args.games >= 50 and sys.stderr.isatty():
        from tqdm import tqdm  # type: ignore[import-untyped]
        bar = tqdm(total=args.games, unit="game", file=sys.stderr)
    try:
        stats = simulate(args.games, args.players, options, kinds, seed=args.seed, check=args.check,
                         one_round=args.one_round, progress=bar.update if bar else None)
    except Stalled as e:
        print(f"unocraft sim: check failed: {e}", file=sys.stderr)
        return 1
    finally:
        if bar:
            bar.close()
    print(f"preset {args.preset}, {args.players} players, {stats.games} "
          f"{'rounds' if args.one_round else 'matches'}, options {json.dumps(options.changed())}")
    for i, w in enumerate(stats.wins):
        lo, hi = wilson(w, stats.games)
        print(f"  seat {i + 1} ({kinds[i % len(kinds)]:>6}): win rate {w / stats.games:6.1%}  "
              f"95% CI [{lo:.1%}, {hi:.1%}]")
    print(f"  turns per round {stats.turns / stats.rounds:.1f}, per match {stats.turns / stats.games:.1f}, "
          f"rounds per match {stats.rounds / stats.games:.2f}")
    print(f"  {stats.games / stats.seconds:.1f} games/s ({stats.actions / stats.seconds:.0f} actions/s)"
          + (", card conservation checked after every action" if args.check else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
