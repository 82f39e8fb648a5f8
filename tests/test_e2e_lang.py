"""End to end: an operator's language file (presentation/overrides.py) in the dev server's data
folder adds German; a real client set to de_de reads its lines, and English for the lines it lacks
(the same walk as test_e2e_first_hour.py: `/uno`, `/uno start`, `/uno help`)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import DevServer, require_prerequisites, run_node  # noqa: E402

from test_e2e_first_hour import QUICK_EN  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java) and a mineflayer client

DE = """\
quick:
  start: "UNO · {start} eröffnet hier einen Tisch (Bots füllen die leeren Plätze) oder setzt dich an den nächsten."
help:
  header: "UNO-Befehle (klicke einen an, um ihn einzugeben):"
game:
  plyed: "{player} spielte {card}."
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_prerequisites()
    s = DevServer(tmp_path_factory.mktemp("e2e-lang"), {"timers": {"lobby": 1}})
    (s.data_dir / "lang").mkdir(parents=True, exist_ok=True)
    (s.data_dir / "lang" / "de.yaml").write_text(DE, encoding="utf-8")
    (s.data_dir / "lang" / "ru.yaml").write_text("quick:\n  start: [\n", encoding="utf-8")   # malformed
    s.start()
    yield s
    s.stop()


def test_a_german_client_reads_the_operators_lines_and_english_for_the_rest(server):
    r = run_node("first_hour.js", server.port, "hans", "de_de")
    quick = [line["text"] for line in r["quick"]]
    assert quick == ["UNO · [/uno start] eröffnet hier einen Tisch (Bots füllen die leeren Plätze) oder "
                     "setzt dich an den nächsten."] + QUICK_EN[1:], quick
    assert "UNO-Befehle (klicke einen an, um ihn einzugeben):" in r["help"], r["help"]
    assert "The game has started: Classic UNO. Good luck!" in r["atDeal"], r["atDeal"]
    # the bad line and the malformed file are one line each in the server's log (the engine's),
    # naming the file (and the key); the engine goes on
    log = server.log()
    assert log.count(f"{server.data_dir / 'lang' / 'de.yaml'}: game.plyed: unknown key") == 1, log[-3000:]
    assert log.count(f"{server.data_dir / 'lang' / 'ru.yaml'}: not valid YAML at line ") == 1, log[-3000:]
    assert "Traceback" not in log
