"""Issue 32 end to end: the web page of the tables in a real headless Chromium (Debian's, driven by
playwright-core), served by the engine that the dev server supervises, while a real client
(mineflayer) plays: the open table is listed and followed live, its moves are told in words, it
leaves the list within a second of closing, a phone-sized page fits, Russian by the browser's
language, a missing table is a 404 page."""

import os
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import E2E, DevServer, free_port, require_prerequisites, run_node  # noqa: E402

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
                   "timers": {"bot_think": 0.3}})
    s.start()
    yield s
    s.stop()


#: where the browser's screenshots go (look at them: build/test-artifacts/web/*.png)
SHOTS = E2E.parents[1] / "build" / "test-artifacts" / "web"


def test_the_web_page_follows_a_game_live_in_a_real_browser(server):
    web_port = server.config["web"]["port"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    r = run_node("web_page.js", server.port, web_port, CHROMIUM, SHOTS, timeout=300)
    assert "wen" in r["indexText"] and "Turn:" in r["indexText"], r
    assert r["topCardLoaded"], "the top card's art did not load"
    assert r["sideways"] <= 0, f"a phone-sized page scrolls sideways by {r['sideways']} px"
    assert r["stillSamePage"], "the page reloaded instead of updating"
    assert r["liveAfterMs"] < 5000, r
    assert "Latest moves" in r["tableText"] and ("wen played" in r["tableText"] or "wen drew" in r["tableText"]), r
    assert r["goneAfterMs"] < 1500, f"the closed table stayed on the list {r['goneAfterMs']} ms"
    assert "has ended" in r["tableEnded"]
    assert r["missingStatus"] == 404 and "There is no table t999" in r["missingText"]
    assert r["russianHeading"] == "Открытые столы"
    assert r["topStatus"] == 200 and r["topHeading"] == "Рейтинги"
    assert r["slovakTopHeading"] == "Rebríčky"
    assert all((SHOTS / f).stat().st_size > 1000 for f in ("phone.png", "table.png", "ru.png", "sk-top.png"))
    assert f"the web page of the tables: http://127.0.0.1:{web_port}/" in server.log()
