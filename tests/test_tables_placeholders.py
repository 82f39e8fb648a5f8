"""The placeholders' cache (issue 24 item 1), engine side: what the tables push to the plugin as
"placeholders" ops, and when: a player's statistics when they join and after a save wrote theirs,
their table and state when it changes, the top lists after a write and every so often; nothing
at all when the plugin's hello does not ask for placeholders."""

from unocraft.simulate import actor
from unocraft.stats.service import StatsService
from unocraft.stats.store import StatsStore
from unocraft.tables import stats_tally
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables
from unocraft.tables.stats_tally import number, placeholder_values
from test_tables import CONFIG, cmd

HELLO = {"online": [], "vault": [], "placeholders": True}
ZEROS = {"wins": "0", "matches": "0", "points": "0", "win_rate": "0", "rating": "", "winnings": "0"}


def pushed(ops):
    return [op for op in ops if op["op"] == "placeholders"]


def answered(tables, now=0.0):
    """The statistics thread answered; the loop's next tick passes it on."""
    assert tables.stats.idle(), "the statistics thread did not finish"
    tables.tick(now)
    return tables.flush()


def make(tmp_path, hello=HELLO, store=None, **extra):
    cfg = parse({**CONFIG, **extra})
    tables = Tables(cfg, stats=StatsService(store or StatsStore(tmp_path / "stats.sqlite")))
    tables.attach(hello, 0)
    tables.flush()
    return tables


class RatedStore(StatsStore):
    """A statistics store whose rows carry the rating (as the rating part adds them) and that knows
    the rating list."""
    def get(self, name):
        row = super().get(name)
        if row is not None:
            row.update(rating=18.24 if row["name"] == "ann" else None, rated=1)
        return row

    def top(self, kind, limit=10, min_matches=5):
        if kind == "rating":
            return [{"name": "ann", "matches_played": 3, "matches_won": 2, "rating": 18.24, "rated": 3},
                    {"name": "bob", "matches_played": 3, "matches_won": 1, "rating": -1.0, "rated": 3}]
        return super().top(kind, limit, min_matches)


def test_without_placeholders_in_the_hello_nothing_is_pushed_or_asked(tmp_path):
    tables = make(tmp_path, hello={"online": ["ann"], "vault": []})
    ops = []
    tables.handle({"type": "join", "player": "bob", "locale": "en_us"}, 0)
    cmd(tables, "bob", "start")
    ops += tables.flush()
    for now in (10, 20, 100):
        ops += answered(tables, now)
    assert pushed(ops) == []
    assert not tables.tally.feeding and not tables.display.feeding


def test_at_the_connection_every_online_players_values_and_state_and_the_top_lists_are_pushed(tmp_path):
    store = StatsStore(tmp_path / "stats.sqlite")
    store.add({"ann": {"matches_played": 7, "matches_won": 3, "rounds_played": 9, "points": 412}})
    tables = Tables(parse(CONFIG), stats=StatsService(store))
    tables.attach({**HELLO, "online": ["ann", "bob"]}, 0)
    ops = tables.flush()
    assert pushed(ops) == [      # the states at once, from the engine's own tables
        {"op": "placeholders", "player": "ann", "values": {"table": "", "state": "idle"}},
        {"op": "placeholders", "player": "bob", "values": {"table": "", "state": "idle"}}]
    ops = answered(tables, 0)
    # the statistics thread's answers; the store does not know a rating list yet: the kind is left out
    assert pushed(ops) == [
        {"op": "placeholders", "player": "ann", "values": {"wins": "3", "matches": "7", "points": "412",
                                                          "win_rate": "43", "rating": "", "winnings": "0"}},
        {"op": "placeholders", "player": "bob", "values": ZEROS},
        {"op": "placeholders", "top": {"wins": [["ann", "3"]], "points": [["ann", "412"]], "rate": [["ann", "43"]], "rating": [],
                                         "winnings": []}}]


def test_a_players_table_and_state_follow_them_idle_seated_playing_spectating_idle(tmp_path):
    tables = make(tmp_path)
    answered(tables)

    def states(ops):
        return [(op["player"], op["values"]) for op in pushed(ops) if "state" in op.get("values", {})]

    tables.handle({"type": "join", "player": "ann", "locale": "en_us"}, 0)
    tables.handle({"type": "join", "player": "bob", "locale": "en_us"}, 0)
    ops = tables.flush()
    assert states(ops) == [("ann", {"table": "", "state": "idle"}), ("bob", {"table": "", "state": "idle"})]
    assert [op["player"] for op in pushed(answered(tables, 0))] == ["ann", "bob"]     # their statistics (none)
    cmd(tables, "ann", "start")
    assert states(tables.flush()) == [("ann", {"table": "t1", "state": "seated"})]
    tables.tick(10)                          # the lobby's time is up: dealt
    assert states(tables.flush()) == [("ann", {"table": "t1", "state": "playing"})]
    cmd(tables, "bob", "spectate", "t1", now=10)
    assert states(tables.flush()) == [("bob", {"table": "t1", "state": "spectating"})]
    tables.tick(11)
    assert states(tables.flush()) == []      # the game goes on: nothing changed for them
    cmd(tables, "bob", "leave", now=11)
    cmd(tables, "ann", "leave", now=11)
    assert states(tables.flush()) == [("ann", {"table": "", "state": "idle"}), ("bob", {"table": "", "state": "idle"})]


def test_after_a_match_the_players_new_statistics_and_then_the_top_lists_are_pushed(tmp_path):
    tables = make(tmp_path, bots={"fill_to": 2, "kind": "basic"})
    for name in ("ann", "bob"):
        tables.handle({"type": "join", "player": name, "locale": "en_us"}, 0)
        cmd(tables, name, "start" if name == "ann" else "join")
    answered(tables, 0)
    tables.tick(10)
    tables.flush()
    t = tables.tables["t1"]
    ops, now = [], 10.0
    while tables.tables and now < 5000:
        g = t.game
        for name in ("ann", "bob"):
            if t.id in tables.tables and g.phase == "play" and g.names[actor(g)] == name:
                cmd(tables, name, *str(g.legal_actions(name)[0]).split(), now=now)
        now += 1
        tables.tick(now)
        ops += tables.flush(now)
    assert not tables.tables, "the one-round match did not end"
    tables.save()
    ops += answered(tables, now)
    values = {op["player"]: op["values"] for op in pushed(ops) if "wins" in op.get("values", {})}
    winner = "ann" if values["ann"]["wins"] == "1" else "bob"
    loser = "bob" if winner == "ann" else "ann"
    # two humans: the match is rated (newcomers: the winner 138, the loser -73; docs/statistics.md)
    assert values[winner] == {"wins": "1", "matches": "1", "points": values[winner]["points"], "win_rate": "100",
                              "rating": "138", "winnings": "0"}
    assert int(values[winner]["points"]) > 0
    assert values[loser] == {"wins": "0", "matches": "1", "points": "0", "win_rate": "0", "rating": "-73", "winnings": "0"}
    # the top lists: asked again once counters were written (at most every TOP_STALE_EVERY s), and sent
    # once with the new counters: in the last ticks of the match's loop or in these, as the statistics
    # thread's answer comes (on a busy machine it may come in either)
    later = answered(tables, now + stats_tally.TOP_STALE_EVERY)
    later += answered(tables, now + stats_tally.TOP_STALE_EVERY)
    tops = [op["top"] for op in pushed(ops + later) if "top" in op and op["top"]["wins"]]
    assert len(tops) == 1, tops
    assert tops[0]["wins"] == [[winner, "1"]]
    assert tops[0]["points"] == [[winner, values[winner]["points"]], [loser, "0"]]
    assert "rate" not in tops[0]             # still empty (too few matches), as sent at the connection
    assert tops[0]["rating"] == [[winner, "138"], [loser, "-73"]]


def test_the_top_lists_are_asked_every_minute_and_sent_only_when_they_changed(tmp_path):
    store = StatsStore(tmp_path / "stats.sqlite")
    tables = Tables(parse(CONFIG), stats=StatsService(store))
    tables.attach(HELLO, 0)
    first = [op for op in pushed(answered(tables, 0)) if "top" in op]
    assert first == [{"op": "placeholders", "top": {"wins": [], "points": [], "rate": [], "rating": [], "winnings": []}}]
    assert pushed(answered(tables, 30)) == []                      # not due: not asked
    answered(tables, stats_tally.TOP_EVERY)                        # asked now, answered at the next tick
    assert pushed(answered(tables, stats_tally.TOP_EVERY + 1)) == []   # unchanged: not sent
    store.add({"cid": {"matches_played": 1, "matches_won": 1, "rounds_played": 1, "points": 9}})   # another server
    assert pushed(answered(tables, stats_tally.TOP_EVERY + 2)) == []   # not due yet
    answered(tables, 2 * stats_tally.TOP_EVERY + 1)
    assert pushed(answered(tables, 2 * stats_tally.TOP_EVERY + 2)) == [
        {"op": "placeholders", "top": {"wins": [["cid", "1"]], "points": [["cid", "9"]]}}]


def test_counters_written_by_a_save_make_the_top_lists_due_after_top_stale_every_not_a_minute(tmp_path):
    tables = make(tmp_path)
    answered(tables, 0)
    answered(tables, 0)                                             # the lists asked at the connection, sent
    tables.tally.hand_over(None, {"ann": {"matches_played": 1, "matches_won": 1, "rounds_played": 1, "points": 7}}, {})
    assert [op for op in pushed(answered(tables, 1)) if "top" in op] == []    # written, not due yet
    answered(tables, stats_tally.TOP_STALE_EVERY)                   # due: asked now, answered at the next tick
    tops = [op["top"] for op in pushed(answered(tables, stats_tally.TOP_STALE_EVERY + 1)) if "top" in op]
    assert tops == [{"wins": [["ann", "1"]], "points": [["ann", "7"]]}], tops


def test_the_rating_is_read_from_the_row_and_its_list_when_the_store_has_them(tmp_path):
    store = RatedStore(tmp_path / "stats.sqlite")
    store.add({"ann": {"matches_played": 3, "matches_won": 2, "rounds_played": 3, "points": 50},
               "bob": {"matches_played": 3, "matches_won": 1, "rounds_played": 3, "points": 20}})
    tables = Tables(parse(CONFIG), stats=StatsService(store))
    tables.attach({**HELLO, "online": ["ann", "bob"]}, 0)
    tables.flush()
    ops = pushed(answered(tables, 0))
    assert ops[0]["values"] == {"wins": "2", "matches": "3", "points": "50", "win_rate": "67", "rating": "18.2",
                                "winnings": "0"}
    assert ops[1]["values"]["rating"] == ""                        # rated None: unrated
    assert ops[2]["top"]["rating"] == [["ann", "18.2"], ["bob", "-1"]]


def test_a_player_who_left_before_the_answer_gets_no_push(tmp_path):
    tables = make(tmp_path)
    answered(tables)
    tables.handle({"type": "join", "player": "ann", "locale": "en_us"}, 0)
    tables.handle({"type": "quit", "player": "ann"}, 0)
    assert pushed(tables.flush()) == []
    assert pushed(answered(tables, 1)) == []


def test_values_as_the_placeholders_show_them():
    assert placeholder_values(None) == ZEROS
    assert placeholder_values({"matches_played": 3, "matches_won": 2, "points": 7}) == {
        "wins": "2", "matches": "3", "points": "7", "win_rate": "67", "rating": "", "winnings": "0"}
    assert placeholder_values({"money_won": 100, "money_lost": 10})["winnings"] == "90"
    assert placeholder_values({"money_won": 0, "money_lost": 100})["winnings"] == "-100"
    assert [number(v) for v in (None, 0, 0.0, 18.24, 18.25, 1500.0, -0.04, -3.5, 7)] == [
        "", "0", "0", "18.2", "18.2", "1500", "0", "-3.5", "7"]
