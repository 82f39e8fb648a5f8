"""What the web page's live streams cost the engine: engine CPU per bot move with no visitor and
with `--clients` open streams, in the same run.

The engine side runs in this process as the engine loop does, in real time: `--tables` tables of
bots tick, each flush publishes to the web feed, and the page's own server (uvicorn on its thread)
serves it. The visitors are another process (asyncio + httpx) holding `--clients` streams open on
`--page` (`/events`: the list of every table; `table`: each client one table's page), reading all
they are sent. Each phase runs `--seconds`; printed: the engine thread's CPU time per bot move and
per loop round (thread_time, so a busy machine's waits do not count), the wall time per round, and
what the clients received, and the web thread's own CPU time.

    .venv/bin/python benchmarks/web_streams.py --tables 50 --clients 500 --seconds 20
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import textwrap
import time

from unocraft.tables import metrics
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables
from unocraft.web.feed import WebFeed
from unocraft.web.server import WebServer

RECORDER = metrics.install(metrics.Recorder())    # counts the bot moves

CLIENTS = textwrap.dedent("""
    import asyncio, json, sys, time
    import httpx
    base, paths, seconds = sys.argv[1], json.loads(sys.argv[2]), float(sys.argv[3])
    got = {"events": 0, "bytes": 0, "connected": 0}
    async def one(client, path):
        try:
            async with client.stream("GET", path) as r:
                got["connected"] += 1
                async for line in r.aiter_lines():
                    got["bytes"] += len(line) + 1
                    if line.startswith("event:"):
                        got["events"] += 1
        except (httpx.HTTPError, asyncio.CancelledError):
            pass
    async def main():
        limits = httpx.Limits(max_connections=len(paths), max_keepalive_connections=0)
        async with httpx.AsyncClient(base_url=base, timeout=None, limits=limits) as client:
            tasks = [asyncio.create_task(one(client, p)) for p in paths]
            await asyncio.sleep(seconds)
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
    asyncio.run(main())
    print(json.dumps(got))
""")


def opened(n: int, feed: WebFeed) -> Tables:
    """`n` tables of bots (a spectator each, so they stay open), dealt and playing."""
    tables = Tables(parse({"bots": {"fill_to": 4, "kind": "basic"}, "game": {"single_round": False},
                           "timers": {"bot_think": 0.8, "lobby": 1}}))
    tables.listeners.append(feed.heard)
    owners = [f"p{i}" for i in range(n)]
    tables.attach({"online": owners + [f"w{i}" for i in range(n)], "vault": []}, 0)
    now = time.time()
    for i, owner in enumerate(owners):
        tables.handle({"type": "command", "player": owner, "args": ["start"], "pos": [i * 1000, 64, 0]}, now)
    while not all(t.state == "playing" for t in tables.tables.values()):    # in real time, as the loop
        time.sleep(0.05)
        now = time.time()
        tables.tick(now)
        tables.flush(save=False)
    for t in tables.tables.values():
        if t.seat(t.owner) is not None and t.seat(t.owner).human:
            tables.handle({"type": "command", "player": "w" + t.owner[1:], "args": ["spectate", t.id]}, now)
            tables.handle({"type": "command", "player": t.owner, "args": ["leave"]}, now)
    tables.flush(save=False)
    feed.publish(tables.tables, list(tables.tables))
    return tables


def thread_cpu(native_id: int) -> float:
    """CPU seconds (user + system) another thread of this process has used."""
    with open(f"/proc/self/task/{native_id}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run(tables: Tables, feed: WebFeed, seconds: float) -> tuple[float, float, list[float], int]:
    """The loop in real time for `seconds`: engine CPU (s), bot moves, wall per round (ms)."""
    moves = len(RECORDER.bot_waits)
    cpu0 = time.thread_time()
    rounds: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.perf_counter()
        now = time.time()
        tables.tick(now, 0.002)
        tables.flush(save=False)
        feed.publish(tables.tables, tables.flushed)
        rounds.append((time.perf_counter() - began) * 1000)
        time.sleep(max(0.001, min(tables.next_wakeup(time.time()), 0.05)))
    return time.thread_time() - cpu0, len(RECORDER.bot_waits) - moves, rounds, 0


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--clients", type=int, default=500)
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--page", choices=("events", "table"), default="events")
    args = p.parse_args()
    feed = WebFeed()
    tables = opened(args.tables, feed)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = WebServer(feed, "127.0.0.1", port)
    assert server.start()
    ids = sorted(tables.tables)
    paths = (["/events"] * args.clients if args.page == "events"
             else [f"/table/{ids[i % len(ids)]}/events" for i in range(args.clients)])
    try:
        run(tables, feed, 3)       # the bots under way
        results = {}
        for phase in ("no visitor", f"{args.clients} streams", "no visitor again"):
            clients = None
            if "streams" in phase:
                clients = subprocess.Popen([sys.executable, "-c", CLIENTS, server.address, json.dumps(paths),
                                            str(args.seconds + 3)], stdout=subprocess.PIPE, text=True)
                time.sleep(3)       # connected
            web0 = thread_cpu(server._thread.native_id)
            cpu, moves, rounds, _ = run(tables, feed, args.seconds)
            web = thread_cpu(server._thread.native_id) - web0
            got = json.loads(clients.communicate(timeout=120)[0]) if clients else None
            results[phase] = cpu / max(moves, 1) * 1e6
            print(f"{phase}: {moves} bot moves; engine CPU per move {results[phase]:.0f} µs; per round median "
                  f"{statistics.median(rounds):.3f} ms, p99 {sorted(rounds)[int(len(rounds) * 0.99)]:.3f} ms (wall); "
                  f"web thread CPU {web:.2f} s"
                  + (f"; clients connected {got['connected']}, events received {got['events']}, "
                     f"{got['bytes'] / 1e6:.1f} MB" if got else ""))
        base = (results["no visitor"] + results["no visitor again"]) / 2
        print(f"engine CPU per move with {args.clients} streams: {results[f'{args.clients} streams'] / base:.2f}x "
              f"that with no visitor ({args.tables} tables, page {args.page})")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
