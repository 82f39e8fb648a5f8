"""Capacity benchmark (issue 9, item 4): many tables on one engine and one dev server.

`--tables` light protocol clients each open a table of their own and sit idle (the engine's bots
play, and the turn timer plays the idle seat with a stand-in bot), and `--players` mineflayer
players each play a table of their own through chat clicks; every client opens its next table
when its match ends, so every table is in play however long joining takes; after every table has
started, the run lasts `--seconds`; a table made progress if a move was announced at it or its
match ended in that window. The clients are spread over several Node processes (`benchmarks/capacity.js`,
`--per-process` light clients or `--players-per-process` players each), and each process reports
its event loop's lag: the generator must keep up, or the figures measure it instead of the server.
Prints the engine's CPU %, the engine's and the server's RSS, memory per table, the server-thread
time per op batch and per tick (median, p99, max; from the plugin's stats line), how often a tick's
time budget carried ops to the next tick, where a player's input spends its time on the bridge, the
bots' turn delay beyond the configured `bot_think`, the errors (must be 0) and whether every table
made progress.

    python benchmarks/capacity.py [--tables 200] [--players 20] [--seconds 60] [--bot-think 0.5]
    python benchmarks/capacity.py --profile engine.prof     # cProfile of the engine during the run

Loopback only. Needs what the end-to-end tests need (scripts/test prepares it): the built plugin,
Java 25 and `npm ci` in tests/e2e.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from harness import E2E, DevServer  # noqa: E402

from bridge_latency import legs_report, pct  # noqa: E402  (this folder is the script's, first on sys.path)

CLOCK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (its threads included)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def loadavg() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


class Generator:
    """One load-generator process (capacity.js) with its share of the clients: it says READY once
    its tables have started, measures the window it is sent, and ends with its RESULT line."""

    def __init__(self, port: int, first_table: int, tables: int, first_player: int, players: int, bot_think: float):
        self.label = f"tables {first_table + 1}-{first_table + tables}" if tables else f"players {first_player + 1}-{first_player + players}"
        self.proc = subprocess.Popen(
            ["node", str(ROOT / "benchmarks" / "capacity.js"), *map(str, (port, first_table, tables, first_player, players, bot_think))],
            cwd=E2E, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.err: list[str] = []
        threading.Thread(target=lambda: [self.lines.put(line) for line in self.proc.stdout], daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()

    def _read_errors(self) -> None:
        for line in self.proc.stderr:     # kicks and failures, as they happen
            self.err.append(line)
            if "EBADENGINE" not in line:
                print(f"capacity.js ({self.label}): {line.rstrip()}", file=sys.stderr)

    def expect(self, prefix: str, deadline: float) -> dict:
        while True:
            try:
                line = self.lines.get(timeout=1)
            except queue.Empty:
                if time.monotonic() < deadline and self.proc.poll() is None:
                    continue
                raise AssertionError(f"capacity.js ({self.label}): no {prefix} line (exit code {self.proc.poll()}); "
                                     f"stderr:\n{''.join(self.err)[-3000:]}") from None
            if line.startswith(prefix + " "):
                return json.loads(line[len(prefix) + 1:])
            print(f"capacity.js ({self.label}): {line.rstrip()}", file=sys.stderr)

    def go(self, start_ms: int, until_ms: int) -> None:
        self.proc.stdin.write(f"GO {start_ms} {until_ms}\n")
        self.proc.stdin.flush()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


def split(n: int, per: int) -> list[tuple[int, int]]:
    """(first, count) shares of n clients, at most `per` in each."""
    return [(i, min(per, n - i)) for i in range(0, n, max(1, per))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=200, help="tables of bots, each opened by an idle light client")
    ap.add_argument("--players", type=int, default=20, help="mineflayer players, each playing at a table of its own")
    ap.add_argument("--seconds", type=float, default=60, help="how long the measured window lasts")
    ap.add_argument("--bot-think", type=float, default=0.5, help="timers.bot_think: how long a bot waits before its move")
    ap.add_argument("--turn", type=float, default=2.0, help="timers.turn: the idle seat's turn, played by a stand-in bot after this long")
    ap.add_argument("--single-round", action="store_true", help="a match is one round (its table closes and is opened again sooner)")
    ap.add_argument("--per-process", type=int, default=20, help="light clients per load-generator process")
    ap.add_argument("--players-per-process", type=int, default=5, help="mineflayer players per load-generator process")
    ap.add_argument("--profile", metavar="FILE", help="write a cProfile of the engine process to FILE")
    args = ap.parse_args(argv)
    env = {"UNOCRAFT_FIGURES_EVERY": "5",      # the engine's own figures in the log every 5 s
           # each client spawns 160 blocks from the last, beyond the others' view (5 chunks), as
           # players at 200 tables would stand: at one spot every client is sent every other's
           # movements and equipment, packets that grow with the square of the clients and made
           # the load generator fall behind (the dev server's flag, DevServer.SPAWN_SPACING)
           "JAVA_TOOL_OPTIONS": "-Dunocraft.spawnSpacing=160"}
    if args.profile:
        env["UNOCRAFT_PROFILE"] = str(Path(args.profile).resolve())
    with tempfile.TemporaryDirectory() as tmp:
        server = DevServer(Path(tmp), {
            "game": {"single_round": args.single_round},
            "table": {"seats": 4, "join_radius": 0},
            "bots": {"fill_to": 4, "kind": "random"},
            "timers": {"lobby": 0.5, "bot_think": args.bot_think, "turn": args.turn, "turn_warning": min(1.0, args.turn),
                       "next_round": 0.5, "catch_window": min(1.0, args.bot_think)}}, env=env)
        started = time.monotonic()
        server.start(timeout=180)
        gens: list[Generator] = []
        try:
            # the engine is the child process the plugin supervises (not `unocraft serve`, which waits)
            engine_pid = server.engine_pids()[-1]
            java_pid = server._java_pids()[0]
            idle_engine_mb, idle_java_mb = rss_mb(engine_pid), rss_mb(java_pid)
            peak_engine = peak_java = 0.0
            # one process at a time (a dozen Node processes loading minecraft-data at once starve
            # the clients already in, which then miss keep-alives); the players' first: a full
            # client takes long to spawn beside hundreds of others
            shares = [(0, 0, first, n) for first, n in split(args.players, args.players_per_process)]
            shares += [(first, n, 0, 0) for first, n in split(args.tables, args.per_process)]
            for share in shares:
                g = Generator(server.port, *share, args.bot_think)
                gens.append(g)
                deadline = time.monotonic() + 180 + 6 * share[1] + 30 * share[3]
                while g.lines.empty() and g.proc.poll() is None and time.monotonic() < deadline:
                    peak_engine, peak_java = max(peak_engine, rss_mb(engine_pid)), max(peak_java, rss_mb(java_pid))
                    time.sleep(0.2)
                g.expect("READY", deadline)
                print(f"capacity.js ({g.label}) ready after {time.monotonic() - started:.0f} s; load {loadavg()}", file=sys.stderr)
            joining = time.monotonic() - started
            # the window: the same for every process, once every table has started
            start_ms = int(time.time() * 1000) + 300
            until_ms = start_ms + int(args.seconds * 1000)
            for g in gens:
                g.go(start_ms, until_ms)
            time.sleep(max(0.0, start_ms / 1000 - time.time()))
            node_pids = [g.proc.pid for g in gens]
            cpu0, java_cpu0, wall0 = cpu_seconds(engine_pid), cpu_seconds(java_pid), time.monotonic()
            node_cpu0 = sum(cpu_seconds(pid) for pid in node_pids)
            while time.time() * 1000 < until_ms:
                peak_engine, peak_java = max(peak_engine, rss_mb(engine_pid)), max(peak_java, rss_mb(java_pid))
                time.sleep(0.5)
            cpu1, java_cpu1, wall1 = cpu_seconds(engine_pid), cpu_seconds(java_pid), time.monotonic()
            node_cpu1 = sum(cpu_seconds(pid) for pid in node_pids)
            load = loadavg()
            results = [g.expect("RESULT", time.monotonic() + 120) for g in gens]
        finally:
            for g in gens:
                g.stop()
            server.stop(timeout=90)
        log = server.log()
    tables = [t for r in results for t in r["tables"]]
    players = [p for r in results for p in r["players"]]
    lags = [v for r in results for v in r["lags"]]
    n = len(tables) + len(players)
    errors = [f"{t['name']}: {e}" for t in tables for e in t["errors"]]
    errors += [line for line in log.splitlines()
               if re.search(r"\bSEVERE\b|\bERROR\b|Traceback|bad op|applying ops failed|Exception", line)]
    # progress: a move, or a match finished (the client then opens its next table)
    stalled = [t["name"] for t in tables if t["moves"] + t["matches"] == 0] + [
        p["name"] for p in players if p["chatPlays"] + p["draws"] + p["rightClickPlays"] == 0]
    delay = [g / 1000 for t in tables for g in t["gaps"]]
    moves = sum(t["moves"] for t in tables)
    window = wall1 - wall0
    print(f"capacity: {len(tables)} tables of bots + {len(players)} mineflayer players at tables of their own, "
          f"{window:.0f} s measured (start-up and joining took {joining:.0f} s, whole run {time.monotonic() - started:.0f} s); "
          f"load average at the end {load} on {os.cpu_count()} cores")
    print(f"engine CPU: {100 * (cpu1 - cpu0) / window:.0f} % of one core; server CPU: {100 * (java_cpu1 - java_cpu0) / window:.0f} %")
    print(f"load generator: {len(gens)} Node processes, CPU {100 * (node_cpu1 - node_cpu0) / window:.0f} % in all; "
          f"their event loops' lag: median {statistics.median(lags):.0f} ms, p99 {pct(lags, .99):.0f} ms, max {max(lags):.0f} ms "
          f"(while joining: max {max(r['joiningLagMax'] for r in results):.0f} ms) "
          f"-> {'kept up' if max(lags) < 1000 else 'FELL BEHIND: the client-side figures measure the generator'}")
    print(f"RSS: engine {idle_engine_mb:.0f} MB idle -> {peak_engine:.0f} MB peak, server {idle_java_mb:.0f} MB -> {peak_java:.0f} MB; "
          f"per table: engine {(peak_engine - idle_engine_mb) / n * 1024:.0f} KB, server {(peak_java - idle_java_mb) / n * 1024:.0f} KB")
    for pattern in (r"unocraft: (op batches applied: .*)", r"unocraft: (slowest op batch .*)"):
        m = re.findall(pattern, log)
        if m:
            print(f"server thread: {m[-1]}")
    slow = re.findall(r"an op took .*", log)
    if slow:
        print(f"ops over 5 ms on the server thread (the plugin logs the first 20): {len(slow)}"
              + "".join(f"\n  {line[:160]}" for line in slow[:8]))
    for line in legs_report(log):
        print(line)
    m = re.findall(r"engine time per answered event batch: median ([\d.]+) ms, p99 ([\d.]+) ms \((\d+)", log)
    if m:
        med, p99, k = m[-1]
        print(f"engine time per answered event batch (to the ops handed over): median {float(med):.2f} ms, p99 {float(p99):.2f} ms ({k})")
    m = re.findall(r"of it Python alone \(events, redraw\): median ([\d.]+) ms, p99 ([\d.]+) ms; then the save: median ([\d.]+) ms, "
                   r"p99 ([\d.]+) ms; the Python part's CPU time: median ([\d.]+) ms, p99 ([\d.]+) ms", log)
    if m:
        print(f"  of it Python alone: median {m[-1][0]} ms, p99 {m[-1][1]} ms (the rest is the bridge call), its CPU time: "
              f"median {m[-1][4]} ms, p99 {m[-1][5]} ms; the SQLite save after it: median {m[-1][2]} ms, p99 {m[-1][3]} ms")
    print(f"moves at the bot tables: {moves} ({moves / window / max(1, len(tables)):.2f} per table per second)")
    print(f"matches finished (tables closed; each client then opened its next): {sum(t['matches'] for t in tables)} at the bot tables "
          f"in the window, {sum(t['matchesInAll'] for t in tables)} in the whole run; "
          f"{sum(p['matches'] for p in players)} by the mineflayer players; tables opened again after their match: "
          f"{sum(max(0, t['starts'] - 1) for t in tables) + sum(max(0, p['starts'] - 1) for p in players)}")
    m = re.findall(r"bot moves: (\d+), time from the table's last change to the move: median (\d+) ms, p99 (\d+) ms, max (\d+) ms", log)
    if m:
        k, med, p99, mx = (int(v) for v in m[-1])
        think = 1000 * args.bot_think
        print(f"bot turn delay beyond bot_think {args.bot_think} s, in the engine ({k} bot moves, the whole run): "
              f"median {med - think:.0f} ms, p99 {p99 - think:.0f} ms, max {mx - think:.0f} ms")
    else:
        print("bot turn delay beyond bot_think, in the engine: not in the log (the engine logs it with UNOCRAFT_FIGURES_EVERY)")
    if delay:
        print(f"bot turn delay beyond bot_think {args.bot_think} s, as the idle clients saw it (announcement to announcement, "
              f"{len(delay)} moves in the window; includes the generator's lag above): "
              f"median {1000 * statistics.median(delay):.0f} ms, p90 {1000 * pct(delay, .9):.0f} ms, p99 {1000 * pct(delay, .99):.0f} ms, "
              f"max {1000 * max(delay):.0f} ms")
    sent: dict[str, int] = {}
    for r in results:
        for name, k in r.get("packets", {}).items():
            sent[name] = sent.get(name, 0) + k
    top = sorted(sent.items(), key=lambda kv: -kv[1])[:8]
    print(f"packets the light clients were sent, the whole run (the generator's load): {sum(sent.values())}; most: "
          + ", ".join(f"{name} {k}" for name, k in top))
    print(f"errors: {len(errors)}" + ("".join(f"\n  {e}" for e in errors[:10])))
    print(f"tables that made no progress: {len(stalled)}" + (f" ({', '.join(stalled[:10])})" if stalled else ""))
    if args.profile:
        print(f"engine profile: {args.profile} (python -m pstats {args.profile})")
    return 0 if not errors and not stalled else 1


if __name__ == "__main__":
    sys.exit(main())
