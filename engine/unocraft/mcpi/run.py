"""`unocraft mcpi --host H --port 4711`: the engine attached to a Minecraft Pi API server."""

from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import signal
import sys
from pathlib import Path

from ..rules.errors import ConfigError
from ..tables.api import EngineLoop, TableStore, load_config, parse_config
from .blocks import PALETTES
from .transport import McpiTransport

log = logging.getLogger("unocraft.mcpi")


def mcpi_loop(cfg, transport: McpiTransport, store: TableStore | None) -> EngineLoop:
    """The engine loop for a Pi API server: no hints (they speak of hotbars and chat buttons;
    mcpi.hello explains the board), and the boards that changed painted after each op batch."""
    return EngineLoop(cfg, transport, store, hints=False, after_send=transport.paint)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="unocraft mcpi", description=__doc__.split("\n\n")[0])
    p.add_argument("--host", default="127.0.0.1", help="the server's Pi API address (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=4711, help="the Pi API port (default 4711)")
    p.add_argument("--config", help="engine YAML (rules, bots, timers, database, admins: server.admins)")
    p.add_argument("--database", help="SQLite file with the table state and statistics")
    p.add_argument("--blocks", choices=["auto", *PALETTES], default="auto",
                   help="which coloured blocks to draw with (default: minetest on pycraft, else minecraft)")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    if not 0 < args.port < 65536:
        p.error(f"--port: {args.port} is not a port")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        cfg = load_config(args.config) if args.config else parse_config({}, base_dir=os.getcwd())
    except ConfigError as e:
        print(f"unocraft mcpi: config error: {e}", file=sys.stderr)
        return 2
    if args.database:
        cfg = dataclasses.replace(cfg, database=str(Path(args.database).resolve()))
    store = TableStore(cfg.path(cfg.database))
    transport = McpiTransport(args.host, args.port, language=cfg.language, lanes=cfg.seats,
                              palette=args.blocks, admins=cfg.admins, connect_timeout=5.0)
    loop = mcpi_loop(cfg, transport, store)

    def on_signal(signum, frame):      # the loop ends at its next turn (within a second)
        log.info("stopping (%s)", signal.Signals(signum).name)
        loop.stop.set()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        loop.run()                     # reconnects until stopped
    finally:
        store.close()
    return 0
