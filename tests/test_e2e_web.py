"""Issue 32 end to end: the web page of the tables in a real headless Chromium (Debian's, driven by
playwright-core), served by the engine that the dev server supervises, while a real client
(mineflayer) plays: the open table is listed and followed live, its moves are told in words, it
leaves the list within a second of closing; two players' round ends on its table page and the
winner is on /top; the engine is killed under the open page, which says it is reconnecting and then
goes on updating; a phone-sized page fits, Russian by the browser's language, a missing table is a
404 page."""

import os
import re
import shutil
import signal
import sys
import time
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import E2E, DevServer, finish_node, free_port, require_prerequisites, start_node, wait_for_file, write_whole  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java), mineflayer and Chromium

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_prerequisites()
    if not Path(CHROMIUM).exists() or not (E2E / "node_modules" / "playwright-core").exists():
        msg = "no Chromium (scripts/services install) or no playwright-core (cd tests/e2e && npm ci)"
        if os.environ.get("UNOCRAFT_E2E") == "1":
            pytest.fail(msg)
        pytest.skip(msg)
    s = DevServer(tmp_path_factory.mktemp("e2e-web"),
                  {"web": {"enabled": True, "port": free_port()},
                   "timers": {"bot_think": 0.3, "lobby": 3}})     # time for a second player to join
    s.start()
    yield s
    s.stop()


#: where the browser's screenshots go (look at them: build/test-artifacts/web/*.png)
SHOTS = E2E.parents[1] / "build" / "test-artifacts" / "web"


def test_the_web_page_follows_a_game_live_in_a_real_browser(server, tmp_path):
    web_port = server.config["web"]["port"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    ready, killed = tmp_path / "ready", tmp_path / "killed"
    proc = start_node("web_page.js", server.port, web_port, CHROMIUM, SHOTS, ready, killed)
    wait_for_file(proc, "web_page.js", ready, timeout=600)
    first = server.kill_supervised_engine()
    write_whole(killed, str(int(time.time() * 1000)))
    r = finish_node(proc, "web_page.js", timeout=600)
    print({k: v for k, v in r.items() if k.endswith("Ms") or k in ("statuses", "winner", "rowsAfterRestart")})
    assert "wen" in r["indexText"] and "Turn:" in r["indexText"], r
    assert r["topCardLoaded"], "the top card's art did not load"
    assert r["sideways"] <= 0, f"a phone-sized page scrolls sideways by {r['sideways']} px"
    assert r["stillSamePage"], "the page reloaded instead of updating"
    assert r["liveAfterMs"] < 5000, r
    assert "Latest moves" in r["tableText"] and ("wen played" in r["tableText"] or "wen drew" in r["tableText"]), r
    assert r["goneAfterMs"] < 1500, f"the closed table stayed on the list {r['goneAfterMs']} ms"
    assert "has ended" in r["tableEnded"]
    assert r["emptyShown"] and r["emptyText"].startswith("No table is open"), r
    # a round to its end: the row inserted, the result on the table's page, the winner on /top
    assert r["emptyHiddenAgain"], "the 'no table' line stayed beside a listed table"
    assert r["winner"] in ("ann", "bob") and re.match(rf"{r['winner']} won the round and scores \d+ points?\.", r["roundResult"]), r
    assert r["stillSamePageAfterRound"], r
    assert f"1. {r['winner']}: 1 win" in r["topWins"], r["topWins"]
    # the engine killed under the open list: reconnecting, live again, the same page updating
    pids = server.engine_pids()
    assert pids[-2] == first and pids[-1] != first, pids
    assert "Reconnecting…" in r["statuses"] and r["statuses"][-1] == "Live", r["statuses"]
    assert r["resumedId"] in r["rowsAfterRestart"] and len(r["rowsAfterRestart"]) == 2, r
    assert r["stillSamePageAfterRestart"], "the page reloaded instead of reconnecting"
    assert r["missingStatus"] == 404 and "There is no table t999" in r["missingText"]
    assert r["russianHeading"] == "Открытые столы"
    assert r["topStatus"] == 200 and r["topHeading"] == "Рейтинги"
    assert r["slovakTopHeading"] == "Rebríčky"
    assert all((SHOTS / f).stat().st_size > 1000 for f in ("phone.png", "table.png", "round.png", "top.png",
                                                           "restarted.png", "ru.png", "sk-top.png"))
    assert f"the web page of the tables: http://127.0.0.1:{web_port}/" in server.log()


def page_answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
            return r.status == 200
    except OSError:
        return False


def test_a_server_killed_and_started_again_at_once_brings_the_page_back(tmp_path):
    """Issue 43: the Java server killed, then started again at once. Its engine, still stopping
    (it saves the tables when its standard input closes), holds the web port a moment; the new
    engine's page waits for the port and answers once it is free (it was off for the whole run)."""
    require_prerequisites()
    web_port = free_port()
    s = DevServer(tmp_path / "restart", {"web": {"enabled": True, "port": web_port}})
    s.start()
    try:
        end = time.monotonic() + 60
        while not page_answers(web_port):
            assert time.monotonic() < end, "the first engine's page never answered"
            time.sleep(0.1)
        old_engine = s.engine_pids()[-1]
        for pid in s._java_pids():          # the server alone, as a crash takes it: its engine stops by itself
            os.kill(pid, signal.SIGKILL)
        s.proc.wait(timeout=30)
        s.proc = None
        s.start()
        end = time.monotonic() + 120
        while Path(f"/proc/{old_engine}").exists():
            assert time.monotonic() < end, "the old engine never stopped"
            time.sleep(0.02)
        freed = time.monotonic()
        while not page_answers(web_port):
            assert time.monotonic() < freed + 30, "the new engine's page did not come up after the port was free:\n" + s.log()[-3000:]
            time.sleep(0.05)
        print(f"the page answered {time.monotonic() - freed:.2f} s after the old engine exited"
              + ("; it had waited for the port" if "the web page waits for port" in s.log() else ""))
        assert "the web page is off" not in s.log()
    finally:
        s.stop()
