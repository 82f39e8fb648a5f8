"""The engine as the plugin's child process (issue 8): it refuses a plugin of another bridge
protocol with a clear line on both sides and exit code 78 (which its supervisor does not restart),
it exits when the plugin holding its stdin is gone, and a restarted engine does not render the
card faces the plugin still shows."""

import json
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import unocraft
from unocraft.transport.base import IncompatiblePlugin
from unocraft.transport.py4j_bridge import check_protocol

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import free_port, plugin_without_engine  # noqa: E402

from test_tables import make  # noqa: E402


def test_the_engine_refuses_a_plugin_of_another_protocol_or_one_that_refused_it():
    check_protocol({"protocol": unocraft.PROTOCOL, "version": "0.1.0"})
    with pytest.raises(IncompatiblePlugin, match=r"the plugin \(unocraft 7.0.0\) speaks bridge protocol 7, this engine "
                                                 rf"\(unocraft {unocraft.__version__}\) speaks {unocraft.PROTOCOL}: "
                                                 "install the engine and the plugin of the same release"):
        check_protocol({"protocol": 7, "version": "7.0.0"})
    with pytest.raises(IncompatiblePlugin):
        check_protocol({"protocol": unocraft.PROTOCOL, "refused": "the plugin said no"})
    with pytest.raises(IncompatiblePlugin):
        check_protocol({})


def test_a_restarted_engine_does_not_render_the_faces_the_plugin_still_shows():
    t = make()
    first = {op["key"] for op in t.flush() if op["op"] == "face"}
    t.attach({"online": [], "vault": [], "faces": []}, 1)
    all_faces = {op["key"] for op in t.flush() if op["op"] == "face"}
    assert "R5" in all_faces and first == set()            # make() consumed the first attach's faces
    t.attach({"online": [], "vault": [], "faces": sorted(all_faces - {"R5"})}, 2)
    assert {op["key"] for op in t.flush() if op["op"] == "face"} == {"R5"}


def test_a_supervised_engine_exits_when_the_plugin_holding_its_stdin_is_gone(tmp_path):
    token = tmp_path / "token"
    token.write_text("x" * 64)
    proc = subprocess.Popen([sys.executable, "-m", "unocraft", "serve", "--attach", "--supervised",
                             "--bridge-port", str(free_port()), "--token-file", str(token),
                             "--database", str(tmp_path / "t.sqlite")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=lambda: [*map(lines.put, proc.stdout), lines.put(None)], daemon=True).start()
    out = []
    try:
        while not any("waiting for the unocraft plugin's bridge" in line for line in out):
            line = lines.get(timeout=60)
            assert line is not None, "".join(out)          # it exited before it waited for the plugin
            out.append(line)
        assert proc.poll() is None                         # waiting for the plugin (nothing listens)
        proc.stdin.close()                                 # the server died: its end of the pipe closes
        proc.stdin = None
        proc.wait(timeout=40)                # it may wait up to 15 s for a last statistics write
    finally:
        if proc.poll() is None:
            proc.kill()
    while (line := lines.get(timeout=10)) is not None:
        out.append(line)
    out = "".join(out)
    assert proc.returncode == 0, out
    assert "INFO unocraft.serve: the plugin is gone (stdin closed)" in out    # plain lines: the plugin adds the time


@pytest.fixture(scope="module")
def plugin(tmp_path_factory):
    yield from plugin_without_engine(tmp_path_factory, "protocol")


@pytest.mark.e2e       # the real plugin in the dev server (Java)
def test_engine_and_plugin_of_different_protocols_refuse_each_other_on_both_sides(plugin, tmp_path):
    # an engine that speaks protocol 99, against the real plugin (protocol 1)
    code = ("import sys, unocraft; unocraft.PROTOCOL = 99\n"
            "from unocraft.serve import main\n"
            f"sys.exit(main({json.dumps(['--attach', '--supervised', '--bridge-port', str(plugin['port']), '--token-file', str(plugin['token']), '--database', str(tmp_path / 't.sqlite')])}))")
    # stdin held open, as the supervising plugin does (closed, the engine would stop as told)
    run = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
    try:
        run.wait(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
    run.stdin.close()
    proc = subprocess.CompletedProcess(run.args, run.returncode, stderr=run.stderr.read())
    assert proc.returncode == 78, proc.stderr
    assert (f"ERROR unocraft.serve: the plugin (unocraft {unocraft.__version__}) speaks bridge protocol "
            f"{unocraft.PROTOCOL}, this engine (unocraft {unocraft.__version__}) speaks 99") in proc.stderr
    server_log = plugin["log"].read_text()
    assert (f"refused an engine (unocraft {unocraft.__version__}) that speaks bridge protocol 99; this plugin "
            f"(unocraft {unocraft.__version__}) speaks {unocraft.PROTOCOL}") in server_log
