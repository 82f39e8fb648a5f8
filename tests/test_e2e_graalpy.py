"""Issue 41: a server with only Java. The dev server runs with no Python anywhere it can see (its
PATH holds only Java, no engine.python) and `engine.runtime: auto`: the plugin's EngineRuntime finds
no Python, fetches GraalPy's jars from Maven Central into an empty folder as a new server would
(each checked against its pinned SHA-256), unpacks the engine and its pure-Python dependencies (what
scripts/release puts in the plugin jar) and runs the engine on GraalPy. A real client plays a
whole round; then the engine is killed mid-game and the table goes on by itself with the client's
cards and items intact."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import JAR, ROOT, DevServer, finish_node, require_prerequisites, saved_tables, start_node, wait_for_file, write_whole  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java), GraalPy from Maven Central, mineflayer clients

#: a deal (UNOCRAFT_TABLE_SEED) in which the bot moves first, as in test_e2e_supervision.py
SEED = "3"
#: GraalPy runs the engine interpreted (no Graal compiler on a stock JDK): its start takes about a
#: minute on a quiet machine, several on a loaded one; the clients wait that long for it
PATIENCE_MS = 300_000
NODE_ENV = {"UNOCRAFT_E2E_PATIENCE_MS": str(PATIENCE_MS)}


def engine_resources(folder: Path) -> Path:
    """What scripts/release puts in the plugin jar's engine/: the wheel, its name, GraalPy's site."""
    from unocraft import graalpy_site
    engine = folder / "engine"
    engine.mkdir(parents=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(engine),
                    str(ROOT)], check=True, env=dict(os.environ, UNOCRAFT_COMPILE="0"))
    (wheel,) = engine.glob("unocraft-*.whl")
    (engine / "wheel.txt").write_text(wheel.name + "\n", encoding="utf-8")
    graalpy_site.build(engine / "graalpy-site.zip")
    return folder


class JavaOnlyServer(DevServer):
    """The dev server started as an operator's would be: java alone, nothing else on its PATH."""

    PROGRAM = "the dev server"

    def __init__(self, workdir: Path, resources: Path, config: dict | None = None, env: dict | None = None):
        super().__init__(workdir, config, env)
        self.resources = resources
        self.libraries = workdir / "graalpy-libraries"      # empty: fetched as by a new server

    def start(self, timeout: float = 900) -> None:
        from unocraft.serve import find_java
        java = Path(find_java()).resolve()
        self.starts += 1
        log = open(self.log_path, "a", encoding="utf-8")
        log.write(f"\n===== start {self.starts} =====\n")
        log.flush()
        env = {"PATH": str(java.parent), "HOME": str(self.workdir / "home"), "LANG": "C.UTF-8",
               **{k: v for k, v in (self.env or {}).items() if k.startswith("UNOCRAFT_")}}
        cmd = [str(java), "-jar", str(JAR), "--host", "127.0.0.1", "--port", str(self.port),
               "--bridge-port", str(self.bridge_port), "--data", str(self.data_dir),
               "--engine-runtime", "auto", "--engine-resources", str(self.resources),
               "--graalpy-libraries", str(self.libraries)]
        for arg in ("--database", str(self.database), "--config", str(self.config_file)):
            cmd += ["--engine-arg", arg]
        self.proc = subprocess.Popen(cmd, cwd=self.workdir, stdout=log, stderr=subprocess.STDOUT,
                                     start_new_session=True, env=env)
        self.wait_attached(timeout)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from unocraft.tables.lifecycle import SEED_ENV
    require_prerequisites()
    resources = engine_resources(tmp_path_factory.mktemp("graalpy-resources"))
    s = JavaOnlyServer(tmp_path_factory.mktemp("e2e-graalpy"), resources,
                       {"game": {"single_round": False},
                        "bots": {"fill_to": 2, "kind": "random"},
                        "timers": {"lobby": 1, "bot_think": 2.0, "turn": 300, "turn_warning": 10, "rejoin": 300}},
                       env={SEED_ENV: SEED})
    s.start()
    yield s
    assert s.stop(timeout=120) == 143      # SIGTERM: the JVM ends as signalled, after its shutdown hooks ran
    # the engine stopped as Python does (its tables saved), not by a JVM crash at the end
    log = s.log()
    assert "A fatal error has been detected" not in log and not list(s.workdir.rglob("hs_err_pid*.log")), log[-3000:]


def attach_times(log: str) -> list[int]:
    """Seconds from each engine start to its attach, by the log's clock (whole seconds): printed
    for docs/performance.md, not a verdict on a shared machine."""
    import re
    clock = [(int(h) * 3600 + int(m) * 60 + int(sec), what) for h, m, sec, what in
             re.findall(r"^(\d\d):(\d\d):(\d\d) .*?(\[engine\] started|attached to the minestom plugin)", log, re.M)]
    starts = [t for t, what in clock if what.startswith("[engine]")]
    attaches = [t for t, what in clock if not what.startswith("[engine]")]
    return [a - s for s, a in zip(starts, attaches)]


def test_with_no_python_the_plugin_runs_the_engine_on_graalpy_fetched_from_maven_central(server):
    log = server.log()
    print(f"GraalPy: from the engine's start to attached: {attach_times(log)} s")
    assert "[engine] runtime: GraalPy" in log and "no Python 3.11 or newer found" in log, log[-3000:]
    assert "fetching GraalPy" in log and "from https://repo.maven.apache.org/maven2/" in log
    jars = sorted(p.name for p in server.libraries.iterdir())
    assert "python-language-25.0.3.jar" in jars and not [j for j in jars if j.endswith(".part")], jars
    assert not (server.data_dir / "engine-venv").exists(), "a Python environment was made"


def test_a_client_plays_a_whole_round_on_graalpy(server, tmp_path):
    go = tmp_path / "go"
    go.write_text("go")
    proc = start_node("round.js", server.port, tmp_path / "snapshot.json", go, env=NODE_ENV)
    result = finish_node(proc, "round.js", timeout=900)
    stats = result["stats"]
    assert stats["rightClickPlays"] >= 1 and stats["chatClicks"] >= 1 and stats["unoClicks"] >= 1, stats
    assert result["unoCalled"].startswith("You called UNO!")
    assert "won the round" in result["roundEnd"]
    assert server.alive()


def test_the_engine_killed_mid_game_comes_back_on_graalpy_and_the_table_goes_on(server, tmp_path):
    state, killed = tmp_path / "state.json", tmp_path / "killed"
    proc = start_node("supervised_crash.js", server.port, state, killed, env=NODE_ENV)
    wait_for_file(proc, "supervised_crash.js", state, timeout=PATIENCE_MS / 1000)
    assert not json.loads(state.read_text())["myTurn"], "the seeded deal must give the first move to the bot"
    # kim's deal is in SQLite (the round's table of ann may be there too, waiting for her to come back)
    end = time.monotonic() + PATIENCE_MS / 1000
    while not any(t["state"] == "playing" and any(seat["name"] == "kim" for seat in t["seats"])
                  for t in saved_tables(server.database)):
        assert time.monotonic() < end, "kim's deal never reached SQLite"
        time.sleep(0.1)
    before = server.engine_pids()
    first = server.kill_supervised_engine()
    write_whole(killed, str(int(time.time() * 1000)))
    r = finish_node(proc, "supervised_crash.js", timeout=900)
    print(f"GraalPy, after the kill: paused {r['pausedAfterMs']} ms, resumed {r['resumedAfterMs']} ms, "
          f"the game went on {r['movedAfterMs']} ms ({r['moved']}); start to attached {attach_times(server.log())} s")
    pids = server.engine_pids()
    assert len(pids) == len(before) + 1 and pids[-2] == first and pids[-1] != first, pids
    assert server.log().count("[engine] runtime: GraalPy") == 1     # chosen once; a restart runs the same
    assert "paused" in r["paused"] and r["resumed"], r
    assert r["whilePaused"] == r["before"]        # no card lost or added while the engine was away
    assert r["kept"], r
    assert r["ownAfter"] == r["own"] and len(r["own"]) == 1      # the player's own items, back on leave
    assert server.alive()
