"""Starts and stops the dev server with the engine attached (`unocraft serve`) and runs the
mineflayer scripts of tests/e2e for the pytest end-to-end tests.

Needs the built plugin (plugin/devserver/target/unocraft-devserver.jar), Java 25 and
`npm ci` in tests/e2e; scripts/test prepares all three and sets UNOCRAFT_E2E=1, which turns a
missing prerequisite into a failure instead of a skip.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

E2E = Path(__file__).resolve().parent
ROOT = E2E.parents[1]
JAR = ROOT / "plugin" / "devserver" / "target" / "unocraft-devserver.jar"

BASE_CONFIG = {
    "language": "en",
    "game": {"preset": "official", "single_round": True},
    "table": {"seats": 4, "join_radius": 8},
    "bots": {"fill_to": 2, "kind": "random", "stand_in": "basic"},
    "timers": {"lobby": 1, "turn": 60, "turn_warning": 10, "rejoin": 120, "bot_think": 0.05,
               "catch_window": 0.5, "next_round": 0.5},
    "web": {"enabled": False},      # tests that read the web page turn it on, on a free port
}


#: Two human clients and nothing else moving: no bots, and timers too long to fire.
TWO_HUMANS = {"bots": {"fill_to": 0},
              "timers": {"lobby": 3, "turn": 300, "turn_warning": 10, "rejoin": 300}}


def two_humans_server(tmp_path_factory, name: str, seed: int):
    """A module fixture's body: a started dev server for two human clients (`TWO_HUMANS`)
    whose tables deal from `seed`, stopped after the module's tests."""
    from unocraft.tables.lifecycle import SEED_ENV
    require_prerequisites()
    server = DevServer(tmp_path_factory.mktemp(name), TWO_HUMANS, env={SEED_ENV: str(seed)})
    server.start()
    try:
        yield server
    finally:
        server.stop()


def plugin_without_engine(tmp_path_factory, name: str):
    """A module fixture's body: the dev server jar alone (no engine attached), for tests that talk
    to its bridge themselves; yields its bridge port, token file and log file."""
    require_prerequisites()
    from unocraft.serve import find_java
    data = tmp_path_factory.mktemp(name)
    port, bridge = free_port(), free_port()
    log = open(data / "server.log", "w")
    proc = subprocess.Popen([find_java(), "-jar", str(JAR), "--port", str(port), "--bridge-port", str(bridge),
                             "--data", str(data)], stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while "dev server on" not in (data / "server.log").read_text():
        assert proc.poll() is None and time.monotonic() < deadline, (data / "server.log").read_text()
        time.sleep(0.1)
    try:
        yield {"port": bridge, "token": data / "bridge.token", "log": data / "server.log", "mc_port": port, "data": data}
    finally:
        proc.terminate()
        proc.wait(timeout=30)


#: How long a wait for something that must happen may take before a test calls it a failure
#: (PATIENCE_MS in lib.js): a condition, not a speed. A passing test never waits this long (every
#: wait ends as soon as its condition holds); a CI machine under load can take seconds for what
#: takes milliseconds here. Speed is measured in benchmarks/.
PATIENCE = 60.0


def saved_tables(database: Path) -> list[dict]:
    """The rows of every table the engine saved to its SQLite file (none before its first save)."""
    if not database.exists():
        return []
    with sqlite3.connect(database) as db:
        try:
            return [json.loads(r[0]) for r in db.execute("SELECT data FROM tables")]
        except sqlite3.OperationalError:    # no tables table yet
            return []


def saved_table(database: Path, until=None, timeout: float = PATIENCE) -> dict:
    """The row of the one table the engine saved to its SQLite file. With `until`: read again until
    until(row) holds (the engine saves a move after answering it: a client can see the move before
    it is on disk), and after `timeout` the last row read, for the caller's assertion to show."""
    deadline = time.monotonic() + timeout
    while True:
        rows = saved_tables(database)
        if until is None or (len(rows) == 1 and until(rows[0])) or time.monotonic() > deadline:
            assert len(rows) == 1, rows
            return rows[0]
        time.sleep(0.05)


def saved_replay(database: Path, replay) -> dict:
    """The row of the one saved table once its game is the test's replay of the same moves (a
    rules Game), or after PATIENCE the last row read: the caller asserts the two are equal."""
    expected = json.loads(replay.to_json())
    return saved_table(database, until=lambda row: json.loads(type(replay).from_json(row["game"]).to_json()) == expected)


def require_prerequisites() -> None:
    missing = []
    if not JAR.exists():
        missing.append(f"{JAR.relative_to(ROOT)} (cd plugin && mvn package)")
    if not (E2E / "node_modules" / "mineflayer").exists():
        missing.append("tests/e2e/node_modules (cd tests/e2e && npm ci)")
    try:
        from unocraft.serve import find_java
        find_java()
    except Exception as e:  # noqa: BLE001
        missing.append(str(e))
    if missing:
        msg = "end-to-end prerequisites missing: " + "; ".join(missing)
        if os.environ.get("UNOCRAFT_E2E") == "1":
            pytest.fail(msg)
        pytest.skip(msg)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def deep_merge(base: dict, extra: dict) -> dict:
    out = dict(base)
    for k, v in extra.items():
        out[k] = deep_merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


class DevServer:
    """`unocraft serve --no-build` in a temporary folder, on free ports. `env`: extra environment
    variables for the engine (e.g. UNOCRAFT_TABLE_SEED, which fixes every table's deal)."""

    PROGRAM = "unocraft serve"      # what start() runs, as a failure names it

    def __init__(self, workdir: Path, config: dict | None = None, env: dict | None = None):
        self.env = dict(os.environ, **env) if env else None
        self.workdir = Path(workdir)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.bridge_port = free_port()
        self.config = deep_merge(BASE_CONFIG, config or {})
        self.config["server"] = {"host": "127.0.0.1", "port": self.port, "data_dir": "data"}
        self.config["bridge"] = {"host": "127.0.0.1", "port": self.bridge_port}
        self.config["database"] = "tables.sqlite"
        self.config_file = self.workdir / "engine.yaml"
        self.config_file.write_text(yaml.safe_dump(self.config), encoding="utf-8")
        self.proc: subprocess.Popen | None = None
        self.log_path = self.workdir / "serve.log"
        self.starts = 0

    @property
    def data_dir(self) -> Path:
        return self.workdir / "data"

    @property
    def database(self) -> Path:
        return self.workdir / "tables.sqlite"

    def start(self, timeout: float = 90) -> None:
        self.starts += 1
        log = open(self.log_path, "a", encoding="utf-8")
        log.write(f"\n===== start {self.starts} =====\n")
        log.flush()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "unocraft.serve", "--no-build", "--config", str(self.config_file)],
            cwd=self.workdir, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, env=self.env)
        self.wait_attached(timeout)

    def wait_attached(self, timeout: float) -> None:
        """Until the engine of this start attached (the log says so), or fails with the log's end."""
        mark = f"===== start {self.starts} ====="
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.PROGRAM} exited with {self.proc.returncode}:\n{self.log()[-3000:]}")
            text = self.log()
            if "attached to the minestom plugin" in text[text.rfind(mark):]:
                return
            time.sleep(0.2)
        raise RuntimeError(f"the engine did not attach in {timeout} s:\n{self.log()[-3000:]}")

    def engine_pids(self) -> list[int]:
        """The process ids of every engine the server's supervisor started, in order (from its log)."""
        return [int(m) for m in re.findall(r"\[engine\] started \(pid (\d+)\)", self.log())]

    def kill_supervised_engine(self) -> int:
        """SIGKILL to the engine the server supervises (not to the server); returns its pid."""
        pid = self.engine_pids()[-1]
        os.kill(pid, signal.SIGKILL)
        return pid

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace") if self.log_path.exists() else ""

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout: float = 45) -> int | None:
        """Ctrl-C-like stop: SIGTERM to `unocraft serve`, which stops the server in order."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        code = self.proc.returncode
        self.proc = None
        return code

    def kill(self) -> None:
        """A crash: SIGKILL to the engine and the server (its whole process group)."""
        if self.proc is None:
            return
        for pid in self._java_pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait(timeout=30)
        self.proc = None

    def _java_pids(self) -> list[int]:
        pids = []
        for d in Path("/proc").iterdir():
            if not d.name.isdigit():
                continue
            try:
                cmd = (d / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if any(b"unocraft-devserver.jar" in c for c in cmd) and str(self.data_dir).encode() in b" ".join(cmd):
                pids.append(int(d.name))
        return pids


def run_node(script: str, *args: str, timeout: float = 240, env: dict | None = None) -> dict:
    """Runs tests/e2e/<script> and returns its RESULT line as a dict; fails with its output."""
    proc = subprocess.run(["node", str(E2E / script), *map(str, args)], cwd=E2E, capture_output=True,
                          text=True, timeout=timeout, env=dict(os.environ, **(env or {})))
    result = None
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            result = json.loads(line[len("RESULT "):])
    if proc.returncode != 0 or result is None:
        stderr = "\n".join(l for l in proc.stderr.splitlines() if "EBADENGINE" not in l)
        raise AssertionError(f"{script} failed ({proc.returncode}):\nstdout:\n{proc.stdout[-3000:]}\n"
                             f"stderr:\n{stderr[-4000:]}")
    return result


def start_node(script: str, *args: str, env: dict | None = None) -> subprocess.Popen:
    return subprocess.Popen(["node", str(E2E / script), *map(str, args)], cwd=E2E, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=dict(os.environ, **(env or {})))


def finish_node(proc: subprocess.Popen, script: str, timeout: float = 240) -> dict:
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    result = None
    for line in out.splitlines():
        if line.startswith("RESULT "):
            result = json.loads(line[len("RESULT "):])
    if proc.returncode != 0 or result is None:
        err = "\n".join(l for l in err.splitlines() if "EBADENGINE" not in l)
        raise AssertionError(f"{script} failed ({proc.returncode}):\nstdout:\n{out[-3000:]}\nstderr:\n{err[-4000:]}")
    return result


def write_whole(path: Path, text: str) -> None:
    """Writes a file a client script waits for, whole or not at all (written beside it, renamed into
    place): the script never reads it created but still empty."""
    part = path.with_name(path.name + ".part")
    part.write_text(text)
    part.replace(path)


def wait_for_file(proc: subprocess.Popen, script: str, path: Path, timeout: float = PATIENCE) -> None:
    """Waits for the client script `proc` to write `path` (its signal to the test); fails with the
    script's output if it exits or the time runs out first."""
    deadline = time.monotonic() + timeout
    while not path.exists():
        assert proc.poll() is None and time.monotonic() < deadline, finish_node(proc, script)
        time.sleep(0.05)


class SplitServer(DevServer):
    """The dev server and the engine as two processes (as beside a Spigot server:
    `unocraft serve --attach`), so the engine alone can die and come back."""

    def __init__(self, workdir: Path, config: dict | None = None, env: dict | None = None):
        super().__init__(workdir, config, env)
        self.config["bridge"]["token_file"] = "data/bridge.token"
        self.config_file.write_text(yaml.safe_dump(self.config), encoding="utf-8")
        self.java: subprocess.Popen | None = None
        self.engine: subprocess.Popen | None = None

    def start(self, timeout: float = 90) -> None:
        from unocraft.serve import find_java
        self.data_dir.mkdir(parents=True, exist_ok=True)
        log = open(self.workdir / "java.log", "a", encoding="utf-8")
        self.java = subprocess.Popen([find_java(), "-jar", str(JAR), "--port", str(self.port), "--bridge-port",
                                      str(self.bridge_port), "--data", str(self.data_dir)],
                                     cwd=self.workdir, stdout=log, stderr=subprocess.STDOUT)
        end = time.monotonic() + timeout
        while "dev server on" not in (self.workdir / "java.log").read_text(errors="replace"):
            assert self.java.poll() is None and time.monotonic() < end, (self.workdir / "java.log").read_text()
            time.sleep(0.1)
        self.start_engine(timeout)

    def start_engine(self, timeout: float = 60) -> None:
        self.starts += 1
        log = open(self.log_path, "a", encoding="utf-8")
        mark = f"===== engine {self.starts} ====="
        log.write(f"\n{mark}\n")
        log.flush()
        self.engine = subprocess.Popen([sys.executable, "-m", "unocraft.serve", "--attach", "--config", str(self.config_file)],
                                       cwd=self.workdir, stdout=log, stderr=subprocess.STDOUT, env=self.env)
        end = time.monotonic() + timeout
        while True:
            text = self.log()
            if "attached to the minestom plugin" in text[text.rfind(mark):]:
                return
            assert self.engine.poll() is None and time.monotonic() < end, text[-3000:]
            time.sleep(0.1)

    def kill_engine(self) -> None:
        self.engine.kill()
        self.engine.wait(timeout=30)

    def alive(self) -> bool:
        return self.java is not None and self.java.poll() is None

    def stop(self, timeout: float = 45) -> int | None:
        for proc in (self.engine, self.java):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        return self.java.returncode if self.java else None
