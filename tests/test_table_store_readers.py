"""Another program reading the engine's SQLite file while games run (a backup tool, the sqlite3
shell, a script polling the statistics) is harmless: the engine logs no warning, its own readers
(the web page's leaderboards) get their answers, and the other program reads everything written."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import threading

from unocraft.simulate import actor
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables
from unocraft.tables.store import TableStore
from test_tables import CONFIG, cmd
from waiting import PATIENCE

GAMES = 12

# a reader in another process, as a backup tool or a shell polls: a connection of its own for each
# read, closed after it; "ready" after its first read, and once stdin closes one last read of the
# players' rows, as JSON
READER = r"""
import json, sqlite3, sys, threading
path = sys.argv[1]
stop = threading.Event()
threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()

def read(sql):
    db = sqlite3.connect(path)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()

reads, errors = 0, []
while True:
    try:
        read("SELECT name, rounds_played FROM player_stats")
        reads += 1
    except sqlite3.Error as e:
        errors.append(str(e))
    if reads == 1:
        print("ready", flush=True)
    if stop.wait(0.05):
        break
rows = dict(read("SELECT name, rounds_played FROM player_stats"))
print(json.dumps({"reads": reads, "errors": errors, "rows": rows}), flush=True)
"""


def helper_python() -> str:
    """The Python of a helper process: this one, or in the GraalPy tier (whose sys.executable starts
    no process) the CPython that scripts/test-graalpy names."""
    return os.environ.get("UNOCRAFT_HELPER_PYTHON", sys.executable)


def play_one_game(tables: Tables, now: float) -> float:
    """ann opens a single-round table, bob joins, a bot fills it; both humans play their first
    legal action until the table closes. Returns the clock at the end."""
    for name in ("ann", "bob"):
        cmd(tables, name, "start" if name == "ann" else "join", now=now)
    now += 10
    tables.tick(now)
    tables.flush()
    for _ in range(5000):
        if not tables.tables:
            return now
        for t in list(tables.tables.values()):
            g = t.game
            for name in ("ann", "bob"):
                if g.phase == "play" and g.names[actor(g)] == name:
                    cmd(tables, name, *str(g.legal_actions(name)[0]).split(), now=now)
        now += 1
        tables.tick(now)
        tables.flush()
    raise AssertionError("the game did not end")


def test_a_process_polling_the_file_while_games_are_saved_and_counted_causes_no_warning(tmp_path, caplog):
    db = tmp_path / "tables.sqlite"
    caplog.set_level(logging.WARNING)
    store = TableStore(db)
    tables = Tables(parse({**CONFIG, "bots": {"fill_to": 3, "kind": "basic"}}), store)
    tables.attach({"online": [], "vault": []}, 0)
    for name in ("ann", "bob"):
        tables.handle({"type": "join", "player": name, "locale": "en_us", "uuid": f"0000-{name}"}, 0)
    tables.flush()
    assert tables.stats.idle()
    reader = subprocess.Popen([helper_python(), "-c", READER, str(db)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    web_errors: list[Exception] = []
    playing = threading.Event()

    def web_page():
        """The web page's leaderboards, read on a thread of their own as the engine's web server does."""
        while playing.is_set():
            try:
                tables.stats.store.top("wins")
                tables.stats.store.names()
            except Exception as e:
                web_errors.append(e)
                return
    web = threading.Thread(target=web_page, name="web-reads", daemon=True)
    try:
        assert reader.stdout.readline().strip() == "ready"
        playing.set()
        web.start()
        now = 10.0
        for _ in range(GAMES):
            now = play_one_game(tables, now)
        playing.clear()
        web.join(PATIENCE)
        assert tables.stats.idle()
        out, _ = reader.communicate("", timeout=PATIENCE)
    finally:
        playing.clear()
        if reader.poll() is None:
            reader.kill()
        tables.close()
        store.close()
    got = json.loads(out)
    assert not web_errors, web_errors
    warned = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert not warned, warned
    assert not got["errors"] and got["reads"] > 1, got
    # nothing lost: the other process reads every round counted, for both players
    assert got["rows"] == {"ann": GAMES, "bob": GAMES}, got
