"""Stakes end to end, with two real clients (mineflayer) on the dev server: a table that plays for
3 plain diamonds a seat (or 100 coins of the dev economy), a single round played out, and then what
each player holds, item by item. A human's win moves one stake from the loser to the winner; a bot's
win (a stand-in in a seat someone left is a bot) gives every payer their stake back; the diamonds
over both players are as many at the end as at the start, and nothing is left in escrow. Also with
a player who leaves the game (their stake stays in the pot), and with the supervised engine killed
mid-match (the restarted engine resumes the table and its pot). See docs/operators.md "Stakes"."""

import re
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import (PATIENCE, DevServer, finish_node, require_prerequisites, run_node,  # noqa: E402
                     saved_tables, start_node, wait_for_file, write_whole)

pytestmark = pytest.mark.e2e  # the dev server (Java) and mineflayer clients

STAKE = 3
PAID = "You paid 3 × diamond into the pot."
WON = "You won the pot: 6 × diamond."
BACK = "Your stake of 3 × diamond is back."
OWN = {"diamond": 10, "gold_ingot": 5, "stone_sword": 1, "oak_log": 12}     # what stakes.js gives each
FORFEIT = "You left the game: your stake of 3 × diamond stays in the pot."


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_prerequisites()
    # one round; two humans and one random bot (so that either a human or a bot may win); a lobby
    # that waits for the owner's second `/uno start` (both seated and paid in first)
    s = DevServer(tmp_path_factory.mktemp("e2e-stakes"),
                  {"game": {"single_round": True},
                   "bots": {"fill_to": 3, "kind": "random"},
                   "timers": {"lobby": 120, "turn": 60, "turn_warning": 10, "rejoin": 120}})
    s.start()
    yield s
    s.stop()


def with_diamonds(items: dict, n: int) -> dict:
    out = dict(items)
    out["diamond"] = out.get("diamond", 0) + n
    return {k: v for k, v in out.items() if v}


def outcome(r: dict, left: bool = False) -> tuple[str | None, int, int]:
    """(the human who won or None, A's change, B's change in stakes: +1, -1 or 0) from the winner
    the clients read. `left`: B left the game (a win of B's seat is its stand-in's, a bot's)."""
    a, b = r["names"]
    assert r["winner"], f"no round winner read: {r['roundLines']}"
    if not left:
        assert r["winnerB"] in (r["winner"], b), r    # bob read the same winner ("You won" if his)
    human = r["winner"] if r["winner"] == a or (r["winner"] == b and not left) else None
    if human is None:
        return None, 0, 0
    return human, (1 if human == a else -1), (1 if human == b else -1)


def escrow_files(server) -> list[str]:
    d = server.data_dir / "stakes"
    return sorted(p.name for p in d.iterdir() if p.suffix in (".stake", ".settle")) if d.exists() else []


def assert_escrow_empty(server) -> None:
    """Every pay-in of the match used up and every share paid: no file left in the escrow."""
    end = time.monotonic() + 10
    while escrow_files(server) and time.monotonic() < end:
        time.sleep(0.1)
    assert escrow_files(server) == [], (escrow_files(server), (server.data_dir / "stakes" / "stakes.log").read_text())


def assert_items_settled(r: dict, left: bool = False) -> None:
    a, b = r["names"]
    start, end = r["start"], r["end"]
    assert start["a"] == start["b"] == OWN, r
    # both paid in: the line, and exactly 3 diamonds fewer, nothing else touched
    assert r["paidA"] == PAID and r["paidB"] == PAID, r
    assert r["paid"] == {"a": with_diamonds(start["a"], -STAKE), "b": with_diamonds(start["b"], -STAKE)}, r
    assert r["lines"]["a"][0] == PAID and r["lines"]["b"][0] == PAID, r["lines"]
    human, da, db = outcome(r, left)
    da, db = da * STAKE, db * STAKE
    print(f"{r['phase']}: {r['winner']} won ({'a human' if human else 'a bot'}); dealt at {r['dealtAtMs']} ms, "
          f"played out at {r['playedMs']} ms")
    assert r["cardsAfter"] == {"a": 0, "b": 0}, r
    assert end == {"a": with_diamonds(start["a"], da), "b": with_diamonds(start["b"], db)}, \
        f"winner {r['winner']}: expected diamonds {da:+d} / {db:+d}: {r}"
    assert end["a"]["diamond"] + end["b"]["diamond"] == start["a"]["diamond"] + start["b"]["diamond"], r
    # the lines each player read
    if human is None:
        assert BACK in r["lines"]["a"] and BACK in r["lines"]["b"], r["lines"]
        assert not any(t.startswith("You won the pot") for t in r["lines"]["a"] + r["lines"]["b"]), r["lines"]
    else:
        winner, loser = ("a", "b") if human == a else ("b", "a")
        assert WON in r["lines"][winner], r["lines"]
        assert BACK not in r["lines"][winner] + r["lines"][loser], r["lines"]
        assert not any(t.startswith("You won the pot") for t in r["lines"][loser]), r["lines"]


def test_a_match_for_diamonds_pays_the_winner_or_refunds_a_bots_win(server):
    r = run_node("stakes.js", server.port, "items", "ann", "bob", timeout=240)
    assert_items_settled(r)
    assert_escrow_empty(server)


def test_a_bots_win_gives_every_stake_back(server):
    """Both humans draw whenever they may (their hands never shrink): the bot wins, and on_bot_win
    (refund, the default) gives each payer their stake back."""
    r = run_node("stakes.js", server.port, "botwin", "ann_weak", "bob_weak", timeout=240)
    assert r["winner"].startswith("Bot-"), r
    assert_items_settled(r)
    assert r["end"] == {"a": OWN, "b": OWN}, r
    assert_escrow_empty(server)


def test_a_player_who_leaves_the_game_forfeits_the_stake_to_the_pot(server):
    r = run_node("stakes.js", server.port, "leave", "ann_leave", "bob_leave", timeout=240)
    # bob's own items came back at his leave, less the stake: it stays in the pot
    assert r["forfeit"] == FORFEIT and FORFEIT in r["lines"]["b"], r
    assert r["afterLeave"] == {"items": with_diamonds(r["start"]["b"], -STAKE), "cards": 0}, r
    assert_items_settled(r, left=True)
    human, _, _ = outcome(r, left=True)
    if human is None:       # a bot won (perhaps bob's stand-in): every payer back, bob's forfeit too
        assert r["end"]["b"] == r["start"]["b"], r
    assert_escrow_empty(server)


def test_a_killed_engine_resumes_the_table_with_its_pot(server, tmp_path):
    state, go = tmp_path / "state.json", tmp_path / "go"
    proc = start_node("stakes.js", server.port, "kill", "ann_kill", "bob_kill", state, go)
    wait_for_file(proc, "stakes.js", state, timeout=2 * PATIENCE)

    def ours(row: dict) -> bool:
        return any(s["name"] == "ann_kill" for s in row["seats"])

    def pot_held(rows) -> dict | None:
        row = next((x for x in rows if ours(x)), None)
        if row is None or row["state"] != "playing":
            return None
        held = {e["player"] for e in row["pot"].get("entries", {}).values() if e["state"] == "held"}
        return row if held == {"ann_kill", "bob_kill"} else None

    end = time.monotonic() + PATIENCE
    while pot_held(saved_tables(server.database)) is None and time.monotonic() < end:
        time.sleep(0.1)
    row = pot_held(saved_tables(server.database))
    assert row is not None, f"no saved playing table with both stakes held: {saved_tables(server.database)}"
    assert row["stake"] == {"item": "minecraft:diamond", "count": STAKE}, row["stake"]
    time.sleep(1.0)             # the last save done, the engine idle
    attached = server.log().count("attached to the minestom plugin")
    pid = server.kill_supervised_engine()
    end = time.monotonic() + 2 * PATIENCE
    while server.log().count("attached to the minestom plugin") <= attached:
        assert time.monotonic() < end and server.alive(), server.log()[-3000:]
        time.sleep(0.1)
    assert server.engine_pids()[-1] != pid
    write_whole(go, "go")
    r = finish_node(proc, "stakes.js", timeout=240)
    assert not r["closedBeforeKill"], r
    assert "paused" in r["paused"] and "continues" in r["resumed"]["a"], r
    assert_items_settled(r)
    assert_escrow_empty(server)
    # the resumed table settled the pot it was saved with; nothing was refunded as a table gone
    log = (server.data_dir / "stakes" / "stakes.log").read_text()
    assert "table_gone" not in log and "interrupted" not in log, log


def test_a_match_for_money(server):
    r = run_node("stakes.js", server.port, "money", "ann_money", "bob_money", timeout=240)
    a, b = r["names"]
    assert r["start"] == {"a": 500, "b": 500}, r
    assert r["paidA"] == "You paid 100 coins into the pot." and r["paidB"] == r["paidA"], r
    assert r["paid"] == {"a": 400, "b": 400}, r
    human, da, db = outcome(r)
    da, db = da * 100, db * 100
    print(f"money: {r['winner']} won ({'a human' if human else 'a bot'}); balances {r['end']}")
    assert r["end"] == {"a": 500 + da, "b": 500 + db}, r
    assert r["end"]["a"] + r["end"]["b"] == 1000, r
    if human is None:
        assert "Your stake of 100 coins is back." in r["lines"]["a"], r["lines"]
        assert "Your stake of 100 coins is back." in r["lines"]["b"], r["lines"]
    else:
        winner = "a" if human == a else "b"
        assert "You won the pot: 200 coins." in r["lines"][winner], r["lines"]
    assert_escrow_empty(server)


def test_a_wrong_stake_opens_nothing_and_a_player_who_cannot_pay_reads_only_why(server):
    """Every kind of wrong `stake=` (an item the server does not know, a number that is no stake, an id
    with a slip, money written with a word, none, below none, too many) is refused before a table
    opens: nobody near reads that one opened, the owner reads no table line, nothing is taken. A player
    who cannot pay reads the refusal alone, and nobody reads that they joined (issue 43)."""
    r = run_node("stakes.js", server.port, "refusals", "ann_ref", "bob_ref", timeout=240)
    table_words = re.compile(r"opened|joined|sat down|closed|starts in|paid|pot")
    assert set(r["wrong"]) == {"abc", "1e3", "3 diamond_", "100 coins", "0", "-5", "65 diamond"}, r
    for stake, w in r["wrong"].items():
        assert not [t for t in w["b"] if table_words.search(t)], (stake, w)
        assert not [t for t in w["a"] if table_words.search(t)], (stake, w)
    # an item the server does not know: the plugin's answer is the one line the owner reads
    assert [t for t in r["wrong"]["abc"]["a"] if "abc" in t] == [r["wrong"]["abc"]["line"]], r["wrong"]["abc"]
    assert r["wrong"]["100 coins"]["line"].startswith('"coins" is not an item: to play for money'), r
    assert r["afterWrong"] == {"a": 500, "b": 50}, r
    # a table that does open is announced to bob (he stands near): his reading none above is no accident
    assert r["opened"] and r["opened"].startswith("ann_ref opened UNO table"), r
    # bob could not pay: the refusal alone; ann reads nothing of him
    assert [t for t in r["cannotPay"]["b"] if table_words.search(t) or "table" in t] == [r["refused"]], r["cannotPay"]
    assert not [t for t in r["cannotPay"]["a"] if "bob_ref" in t], r["cannotPay"]
    assert r["end"] == {"a": 500, "b": 50}, r
    assert_escrow_empty(server)
