"""CPython against GraalPy, side by side in one run, each in a process of its own as the plugin runs
the engine: the rules alone (random-move games of the official preset, engine_vs_rlcard's loop:
CPU µs an action), the engine's answer to a player (answer_path.py's events with 20 players beside
20 and 200 bot tables: CPU ms per answered event), and each process's peak memory (RSS).

GraalPy runs as the plugin runs it (interpreted: a stock JDK has no Graal compiler), from what
scripts/test-graalpy prepares in build/graalpy (its jars fetched from Maven Central, the engine's
dependencies as the plugin jar carries them):

    scripts/test-graalpy tests/test_cards.py          # once: prepares build/graalpy
    .venv/bin/python benchmarks/runtimes.py [--seconds 20] [--events 300]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def child_rules(seconds: float) -> dict:
    from engine_vs_rlcard import unocraft_games
    unocraft_games(min(seconds, 10.0), seed=99)       # warm-up (imports, caches; GraalPy's first calls)
    gps, steps = unocraft_games(seconds, seed=0)
    return {"us_per_action": 1e6 / (gps * steps), "games_per_s": gps}


def child_answer(bot_tables: int, events: int) -> dict:
    from answer_path import run
    run(20, bot_tables, max(events // 4, 20), None, [], {}, None, 0.0)     # warm-up
    _, cpu = run(20, bot_tables, events, None, [], {}, None, 0.0)
    return {"cpu_ms_median": statistics.median(cpu), "cpu_ms_p90": sorted(cpu)[int(len(cpu) * 0.9)]}


def graalpy_command() -> list[str]:
    from unocraft.serve import find_java
    out = ROOT / "build" / "graalpy"
    jars = sorted((out / "libraries").glob("*.jar"))
    core = sorted(p for p in (ROOT / "plugin" / "core" / "target").glob("unocraft-core-*.jar") if "sources" not in p.name)
    if not jars or not core or not (out / "site").is_dir():
        sys.exit("build/graalpy is not prepared: run scripts/test-graalpy tests/test_cards.py once")
    path = os.pathsep.join(str(p) for p in (ROOT / "engine", out / "site", HERE))
    return [find_java(), "-Dpolyglot.engine.WarnInterpreterOnly=false", "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow", "-cp", os.pathsep.join(map(str, [*jars, core[-1]])),
            "dev.unocraft.core.GraalPyMain", path, "runtimes"]


def measure(prefix: list[str], task: list[str]) -> dict:
    """Runs one child; its result, its CPU seconds and peak RSS (from the kernel: wait4)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE), str(ROOT / "engine")]))
    start = time.monotonic()
    proc = subprocess.Popen([*prefix, "--child", *task], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(task)} failed ({proc.returncode}): {out[-2000:]}")
    result = json.loads(out.strip().splitlines()[-1])
    result.update(process_cpu_s=usage.ru_utime + usage.ru_stime, peak_rss_mb=usage.ru_maxrss / 1024,
                  wall_s=time.monotonic() - start)
    return result


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    p.add_argument("--seconds", type=float, default=20.0, help="CPU seconds of rules play per runtime")
    p.add_argument("--events", type=int, default=300, help="answered events per measure")
    args = p.parse_args()
    if args.child:
        kind, *rest = args.child
        result = child_rules(float(rest[0])) if kind == "rules" else child_answer(int(rest[0]), int(rest[1]))
        print(json.dumps(result))
        return 0
    runtimes = {"CPython": [sys.executable, str(HERE / "runtimes.py")], "GraalPy": graalpy_command()}
    tasks = {"rules": ["rules", str(args.seconds)],
             "answer, 20 bot tables": ["answer", "20", str(args.events)],
             "answer, 200 bot tables": ["answer", "200", str(args.events)]}
    rows: dict[str, dict[str, dict]] = {}
    for task, argv in tasks.items():
        for name, prefix in runtimes.items():      # side by side: the same machine, one after the other
            rows.setdefault(task, {})[name] = r = measure(prefix, argv)
            print(f"{task:24} {name:8} " + ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}"
                                                      for k, v in r.items()), flush=True)
    print()
    rules = rows["rules"]
    print(f"rules, µs an action: CPython {rules['CPython']['us_per_action']:.1f}, GraalPy "
          f"{rules['GraalPy']['us_per_action']:.1f} ({rules['GraalPy']['us_per_action'] / rules['CPython']['us_per_action']:.1f}x)")
    for task in ("answer, 20 bot tables", "answer, 200 bot tables"):
        c, g = rows[task]["CPython"], rows[task]["GraalPy"]
        print(f"{task}: CPU per answered event, median: CPython {c['cpu_ms_median']:.2f} ms, GraalPy "
              f"{g['cpu_ms_median']:.2f} ms ({g['cpu_ms_median'] / c['cpu_ms_median']:.1f}x); peak RSS CPython "
              f"{c['peak_rss_mb']:.0f} MB, GraalPy {g['peak_rss_mb']:.0f} MB")
    print(f"(load {os.getloadavg()[0]:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
