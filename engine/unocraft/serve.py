"""`unocraft serve`: build the plugin if needed, start the embedded Minecraft dev server and
attach the engine to it, in the foreground; Ctrl-C or SIGTERM stops both cleanly.

    unocraft serve                         # dev server on 127.0.0.1:25565, offline mode
    unocraft serve --config engine.yaml    # settings from a file (see server-config/engine.yaml)
    unocraft serve --attach                # engine only, beside a Spigot/Paper server with the plugin

The dev server starts and supervises the engine itself (the plugin's EngineSupervisor, as on
Spigot/Paper): this process builds and starts the server and waits for it; the engine runs as the
server's child, `python -m unocraft serve --attach --supervised`, with this interpreter.

Relative paths in a config file are relative to that file; without a file, to the current
directory.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

from .devserver_build import ALLOW_UNSAFE, DEVSERVER_JAR, build_plugin, find_java, repo_plugin_dir
from .rules.errors import ConfigError
from .tables import config as config_mod
from .tables.loop import EngineLoop
from .tables.store import TableStore
from .transport.base import IncompatiblePlugin
from .transport.py4j_bridge import Py4jTransport
from .web.feed import WebFeed

log = logging.getLogger("unocraft.serve")

EXIT_INCOMPATIBLE = 78    # EngineSupervisor.EXIT_INCOMPATIBLE: the plugin does not restart the engine


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="unocraft serve", description=__doc__.split("\n\n")[0])
    p.add_argument("--config", help="engine YAML (default: built-in defaults, as in server-config/engine.yaml)")
    p.add_argument("--attach", action="store_true", help="only start the engine, attaching to a running server's plugin")
    p.add_argument("--host", help="dev server address (default 127.0.0.1)")
    p.add_argument("--port", type=int, help="dev server port (default 25565)")
    p.add_argument("--bridge-port", type=int, help="plugin bridge port (default 25333)")
    p.add_argument("--data-dir", help="dev server data folder (token, vault, faces, player inventories)")
    p.add_argument("--database", help="SQLite file with the table state")
    p.add_argument("--token-file", help="the plugin's bridge token (default: bridge.token_file of the config)")
    p.add_argument("--supervised", action="store_true",
                   help="(with --attach) run as the plugin's child: plain log lines, exit when stdin closes")
    p.add_argument("--java", help="Java 25+ executable for the dev server")
    p.add_argument("--no-build", action="store_true", help="do not run Maven; use the jar as it is")
    p.add_argument("--rebuild", action="store_true", help="run Maven even if the jar looks up to date")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def load_config(args: argparse.Namespace) -> config_mod.EngineConfig:
    cfg = config_mod.load(args.config) if args.config else config_mod.parse({}, base_dir=os.getcwd())
    changes = {}
    if args.host:
        changes["server_host"] = args.host
    if args.port:
        changes["server_port"] = args.port
    if args.bridge_port:
        changes["bridge_port"] = args.bridge_port
    if args.data_dir:
        changes["data_dir"] = str(Path(args.data_dir).resolve())
    if args.database:
        changes["database"] = str(Path(args.database).resolve())
    return dataclasses.replace(cfg, **changes)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    level = logging.DEBUG if args.verbose else logging.INFO
    # supervised, the plugin adds the time and an [engine] prefix to every line
    fmt = "%(levelname)s %(name)s: %(message)s" if args.supervised else "%(asctime)s %(levelname)s %(name)s: %(message)s"
    logging.basicConfig(level=level, format=fmt)
    logging.getLogger("py4j").setLevel(logging.WARNING)
    try:
        cfg = load_config(args)
    except ConfigError as e:
        print(f"unocraft serve: config error: {e}", file=sys.stderr)
        return 2
    stop = threading.Event()

    def on_signal(signum, frame):
        log.info("stopping (%s)", signal.Signals(signum).name)
        stop.set()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    if args.attach:
        reload = (lambda: load_config(args)) if args.config else None
        return run_engine(cfg, Path(args.token_file) if args.token_file else cfg.path(cfg.token_file), stop,
                          args.supervised, reload)
    try:
        server = start_dev_server(cfg, args)
    except ConfigError as e:
        print(f"unocraft serve: {e}", file=sys.stderr)
        return 2
    if cfg.web_enabled:
        log.info("the web page of the tables: %s (served by the engine once it is attached)",
                 cfg.web_public_url or f"http://{cfg.web_host}:{cfg.web_port}/")
    code = 0
    try:
        while not stop.is_set():
            if server.poll() is not None:
                log.error("the dev server exited with code %s", server.returncode)
                code = 1
                break
            stop.wait(0.2)
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)    # its shutdown hook gives back every saved inventory, stops the engine
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        log.info("stopped")
    return code


def start_dev_server(cfg: config_mod.EngineConfig, args: argparse.Namespace) -> subprocess.Popen:
    """Builds the plugin if needed and starts the dev server, which starts and supervises the engine."""
    plugin = repo_plugin_dir()
    if plugin is None:
        raise ConfigError("cannot find the plugin sources (plugin/pom.xml); set UNOCRAFT_PLUGIN_DIR")
    java = find_java(args.java)
    jar = plugin / DEVSERVER_JAR if args.no_build else build_plugin(plugin, java, force=args.rebuild)
    data_dir = cfg.path(cfg.data_dir).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    token_file = data_dir / "bridge.token"
    cmd = [java, ALLOW_UNSAFE, "-jar", str(jar), "--host", cfg.server_host, "--port", str(cfg.server_port),
           "--bridge-port", str(cfg.bridge_port), "--data", str(data_dir), "--token-file", str(token_file),
           "--engine-python", sys.executable]
    engine_args = ["--database", str(cfg.path(cfg.database).resolve())]
    if args.config:
        engine_args += ["--config", str(Path(args.config).resolve())]
    if args.verbose:
        engine_args.append("-v")
    for a in engine_args:
        cmd += ["--engine-arg", a]
    if cfg.admins:
        cmd += ["--admins", ",".join(cfg.admins)]
    log.info("starting the dev server: %s", " ".join(cmd))
    # its own process group: the terminal's Ctrl-C reaches us, and we stop it in order
    return subprocess.Popen(cmd, start_new_session=True)


def run_engine(cfg: config_mod.EngineConfig, token_file: Path, stop: threading.Event, supervised: bool,
               reload=None) -> int:
    """The engine attached to a running plugin, until `stop` (a signal; supervised: stdin closing or
    `/uno engine restart`). Exit 78 when the plugin speaks another bridge protocol (the supervisor
    does not restart it). `reload` re-reads the config for `/uno reload`."""
    store = TableStore(cfg.path(cfg.database))
    transport = Py4jTransport(cfg.bridge_host, cfg.bridge_port, token_file, connect_timeout=120)
    feed = WebFeed() if cfg.web_enabled else None
    loop = EngineLoop(cfg, transport, store, changed=feed.publish if feed is not None else None)
    web = None
    if feed is not None:
        loop.tables.listeners.append(feed.heard)
        feed.house_cut = lambda: loop.tables.config.stakes_house_cut     # as `/uno reload` leaves it
        from .web.server import WebServer    # Starlette and uvicorn: imported only where the page is on
        web = WebServer(feed, cfg.web_host, cfg.web_port, loop.tables.stats.store, cfg.language, cfg.web_public_url)
        web.start()
    loop.tables.admin.reload = reload
    if supervised:   # the engine exits; its supervisor starts it again at once
        loop.tables.admin.restart = loop.stop.set
    code = 0

    def engine() -> None:
        nonlocal code
        try:
            loop.run()
        except IncompatiblePlugin as e:
            log.error("%s", e)
            code = EXIT_INCOMPATIBLE
        finally:
            stop.set()

    if supervised:
        threading.Thread(target=_stop_when_stdin_closes, args=(stop,), name="unocraft-stdin", daemon=True).start()
    thread = threading.Thread(target=engine, name="unocraft-engine", daemon=True)
    thread.start()
    try:
        while not stop.is_set():
            stop.wait(0.2)
    finally:
        loop.stop.set()
        if web is not None:
            web.stop()
        thread.join(timeout=15)     # its last statistics write may wait for the connect timeout (5 s)
        store.close()
        log.info("stopped")
    return code


def _stop_when_stdin_closes(stop: threading.Event) -> None:
    """The plugin holds our stdin open while it runs: end of file means it is gone (even killed)."""
    # os.read on the descriptor, not sys.stdin's buffered reader: a daemon thread blocked inside the
    # buffered reader's lock aborts the interpreter when the engine exits on its own (exit 78,
    # `/uno engine restart`) while the plugin still holds the pipe open
    try:
        while os.read(sys.stdin.fileno(), 4096):
            pass
    except (OSError, ValueError):
        pass
    log.info("the plugin is gone (stdin closed)")
    stop.set()


if __name__ == "__main__":
    sys.exit(main())
