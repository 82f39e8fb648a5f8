"""What an operator reads while the engine attaches: one INFO line while it waits for the plugin,
one WARNING naming the cause and the fix when something is wrong (no server after a while, a
wrong token: which file), and never py4j's ERROR lines with tracebacks. Against the real plugin
core in the dev server jar, and with no server at all."""

import logging
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import JAR, free_port  # noqa: E402

from unocraft.transport import Py4jTransport, TransportClosed  # noqa: E402

ROOT = Path(__file__).parents[1]


def require_jar():
    """The dev server jar and Java 25 (scripts/test builds the jar; no client is needed here)."""
    from unocraft.rules.errors import ConfigError
    from unocraft.serve import find_java
    if not JAR.exists():
        pytest.skip(f"{JAR.relative_to(ROOT)} is not built (cd plugin && mvn package)")
    try:
        find_java()
    except ConfigError as e:
        pytest.skip(str(e))


def noisy(records):
    """Records an operator should not see: errors, tracebacks."""
    return [r for r in records if r.levelno >= logging.ERROR or r.exc_info]


def lines(records, level, text):
    return [r.getMessage() for r in records if r.levelno == level and text in r.getMessage()]


@pytest.mark.slow      # two connect timeouts of 2.5 s
def test_no_server_one_info_line_then_one_warning_naming_the_fix(tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    token = tmp_path / "bridge.token"
    token.write_text("x" * 64)
    port = free_port()
    t = Py4jTransport("127.0.0.1", port, token, connect_timeout=2.5, patience=1.0)
    for _ in range(2):                       # the engine loop retries: still said only once
        with pytest.raises(TransportClosed):
            t.connect()
    assert noisy(caplog.records) == []
    assert len(lines(caplog.records, logging.INFO, "waiting for the unocraft plugin's bridge")) == 1
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1, warnings
    assert f"127.0.0.1:{port}" in warnings[0] and "--bridge-port" in warnings[0]


def test_an_unreadable_token_file_is_a_warning_naming_the_file(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    token = tmp_path / "empty.token"
    token.write_text("")
    t = Py4jTransport("127.0.0.1", free_port(), token, connect_timeout=0.5)
    with pytest.raises(TransportClosed):
        t.connect()
    assert noisy(caplog.records) == []
    assert [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING] == [
        f"cannot attach: cannot read the bridge token from {token}: empty token file {token}"]


@pytest.fixture(scope="module")
def dev_server(tmp_path_factory):
    require_jar()
    from unocraft.serve import find_java
    data = tmp_path_factory.mktemp("logs")
    port, bridge = free_port(), free_port()
    log = open(data / "server.log", "w")
    proc = subprocess.Popen([find_java(), "-jar", str(JAR), "--host", "127.0.0.1", "--port", str(port),
                             "--bridge-port", str(bridge), "--data", str(data)],
                            stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while "dev server on" not in (data / "server.log").read_text():
        assert proc.poll() is None and time.monotonic() < deadline, (data / "server.log").read_text()
        time.sleep(0.1)
    yield {"bridge": bridge, "token": data / "bridge.token"}
    proc.terminate()
    proc.wait(timeout=30)


@pytest.mark.e2e       # the dev server (Java)
def test_a_wrong_token_is_one_warning_naming_the_token_file(dev_server, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    wrong = tmp_path / "copied.token"
    wrong.write_text("0" * 64)
    t = Py4jTransport("127.0.0.1", dev_server["bridge"], wrong, connect_timeout=2)
    with pytest.raises(TransportClosed):
        t.connect()
    assert noisy(caplog.records) == []
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1, warnings
    assert "refused the token" in warnings[0] and str(wrong) in warnings[0] and "bridge.token" in warnings[0]
    right = Py4jTransport("127.0.0.1", dev_server["bridge"], dev_server["token"], connect_timeout=10)
    try:
        assert right.connect()["platform"] == "minestom"      # the real engine still gets in
    finally:
        right.close()


def start_serve(args):
    """`unocraft serve ARGS` with its output readable line by line as it comes (read_until)."""
    proc = subprocess.Popen([sys.executable, "-m", "unocraft.cli", "serve", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    os.set_blocking(proc.stdout.fileno(), False)
    return proc


def read_until(proc, out: list, until: str, timeout: float) -> None:
    """Adds the process's output lines to `out` until one contains `until` or the time is up."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not any(until in line for line in out):
        line = proc.stdout.readline()
        if line:
            out.append(line)
        else:
            time.sleep(0.05)


def run_serve(args, until, timeout=120, then: float = 0):
    """`unocraft serve ARGS` until a line containing `until` (or the timeout), `then` seconds more,
    then SIGINT; the output."""
    proc = start_serve(args)
    out = []
    try:
        read_until(proc, out, until, timeout)
        read_until(proc, out, "never printed", then)
    finally:
        proc.send_signal(signal.SIGINT)
        rest, _ = proc.communicate(timeout=60)
    return "".join(out) + (rest or "")


@pytest.mark.e2e       # the dev server (Java)
def test_serve_starting_the_dev_server_logs_no_error_while_it_waits(tmp_path):
    require_jar()
    args = ["--no-build", "--port", str(free_port()), "--bridge-port", str(free_port()),
            "--data-dir", str(tmp_path / "data"), "--database", str(tmp_path / "tables.db")]
    for start in ("first", "second"):     # the second finds the token file before the port is open
        out = run_serve(args, until="attached to the minestom plugin")
        assert "attached to the minestom plugin" in out, (start, out[-3000:])
        assert "Traceback" not in out and "ERROR py4j" not in out and "ERROR root" not in out, (start, out[-3000:])
        assert out.count("waiting for the unocraft plugin's bridge") <= 1, (start, out)


@pytest.mark.slow      # watches 4 s of retries
def test_serve_attach_with_the_server_down_says_it_waits_once_and_no_traceback(tmp_path):
    token = tmp_path / "bridge.token"
    token.write_text("x" * 64)
    config = tmp_path / "engine.yaml"
    config.write_text(f"bridge:\n  port: {free_port()}\n  token_file: {token}\n")
    # started (an interpreter on a busy machine may take seconds), then 4 s of retries
    out = run_serve(["--attach", "--config", str(config), "--database", str(tmp_path / "tables.db")],
                    until="waiting for the unocraft plugin's bridge", then=4)
    assert "Traceback" not in out and "ERROR" not in out, out
    assert out.count("waiting for the unocraft plugin's bridge") == 1, out


def test_ctrl_c_while_waiting_for_the_plugin_stops_at_once(tmp_path):
    """Stopping an engine that is still waiting for its plugin ends the wait: the retry pause
    watches the stop, so nobody waits out the connect timeout (before: about 15 s)."""
    token = tmp_path / "bridge.token"
    token.write_text("x" * 64)
    config = tmp_path / "engine.yaml"
    config.write_text(f"bridge:\n  port: {free_port()}\n  token_file: {token}\n")
    proc = start_serve(["--attach", "--config", str(config), "--database", str(tmp_path / "tables.db")])
    out = []
    try:
        read_until(proc, out, "waiting for the unocraft plugin's bridge", 120)
        assert proc.poll() is None, out
        proc.send_signal(signal.SIGINT)
        # it ends the wait: an engine waiting out its connect timeout (120 s) would still run (a
        # generous bound, the machine may be busy; no speed is asserted)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    os.set_blocking(proc.stdout.fileno(), True)
    out = "".join(out) + proc.stdout.read()
    assert "Traceback" not in out and proc.returncode == 0, out


def test_a_stop_ends_the_transports_retry_pause(tmp_path, caplog):
    """The stop comes once the transport has said it waits (it then retries, pausing between tries);
    the connect timeout is an hour, so an ended connect can only be the stop's doing."""
    token = tmp_path / "bridge.token"
    token.write_text("x" * 64)
    t = Py4jTransport("127.0.0.1", free_port(), token, connect_timeout=3600)
    stop, waiting = threading.Event(), threading.Event()

    class Said(logging.Handler):
        def emit(self, record):
            if "waiting for the unocraft plugin's bridge" in record.getMessage():
                waiting.set()

    caplog.set_level(logging.INFO, logger="unocraft.transport")
    said = Said()
    logging.getLogger("unocraft.transport").addHandler(said)
    ended: list[BaseException] = []

    def attach():
        try:
            t.connect(stop)
        except BaseException as e:  # noqa: BLE001 - handed to the test's thread
            ended.append(e)

    thread = threading.Thread(target=attach, daemon=True)
    try:
        thread.start()
        assert waiting.wait(60), "the transport never said it waits"
        stop.set()
        thread.join(60)
    finally:
        logging.getLogger("unocraft.transport").removeHandler(said)
        stop.set()
    assert not thread.is_alive(), "the stop did not end the retries"
    assert len(ended) == 1 and isinstance(ended[0], TransportClosed), ended
    assert str(ended[0]) == "the engine is stopping"
