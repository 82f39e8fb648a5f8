"""Console and admin commands (engine/unocraft/tables/admin.py): list tables, close one (items
back), reload the settings, engine status and restart, version; the console's completion tree."""

import os

from unocraft import PROTOCOL, __version__
from unocraft.rules.errors import ConfigError
from unocraft.tables.config import parse

from test_tables import cmd, make, started, texts


def console(tables, *args, now=20.0):
    tables.handle({"type": "console", "args": list(args)}, now)
    ops = tables.flush()
    return [line for op in ops if op["op"] == "console" for line in op["lines"]], ops


def test_the_console_lists_the_tables_with_players_edition_and_state():
    t = make()
    lines, _ = console(t, "tables")
    assert lines == ["There are no UNO tables."]
    started(t, "ann")
    t.handle({"type": "join", "player": "bob", "locale": "en_us"}, 0)
    cmd(t, "bob", "start", "flip", pos=(500, 40, 500))     # far away: a second table, in its lobby
    t.flush()
    lines, _ = console(t, "tables")
    assert lines[0] == "UNO tables: 2"
    assert lines[1].startswith("t1: Classic UNO, playing; players: ann, ") and "(bot)" in lines[1], lines
    assert lines[1].endswith("watching: 0")
    assert lines[2].startswith("t2: UNO Flip, waiting for players; players: bob"), lines


def test_the_console_closes_a_table_and_everyone_gets_their_items_back():
    t = make()
    started(t, "ann")
    lines, ops = console(t, "close", "t1")
    assert lines == ["Table t1 is closed; everyone at it has their items back."]
    assert {"op": "restore", "player": "ann"} in ops
    assert "Table t1 is closed." in texts(ops, "ann")
    assert t.tables == {}
    completions = [op for op in ops if op["op"] == "complete" and op.get("player") == "#console"]
    assert completions and completions[-1]["tree"]["close"] == []       # the closed table is no longer offered
    lines, ops = console(t, "close", "t9")
    assert lines == ["There is no table t9; /uno tables lists them."]
    assert not [op for op in ops if op["op"] == "restore"]


def test_the_console_completion_tree_offers_the_tables_to_close():
    t = make()
    t.handle({"type": "join", "player": "ann", "locale": "en_us"}, 0)
    cmd(t, "ann", "start")
    trees = [op["tree"] for op in t.flush() if op["op"] == "complete" and op.get("player") == "#console"]
    assert len(trees) == 1 and trees[0]["close"] == ["t1"] and trees[0]["engine"] == ["status", "restart"]
    assert set(trees[0][""]) == {"tables", "close", "reload", "lang", "engine", "version"}
    cmd(t, "ann", "rules")
    assert not [op for op in t.flush() if op["op"] == "complete" and op.get("player") == "#console"]  # sent when it changes


def test_reload_takes_the_new_settings_and_a_bad_file_changes_nothing():
    t = make()
    lines, _ = console(t, "reload")
    # the language files (none here) are read again all the same (test_lang_overrides.py)
    assert lines == ["This engine runs without a settings file; only the language files are read again.",
                     "Language files: 0 lines of the operator's in use.", "No problems in the language files."]
    t.admin.reload = lambda: parse({"timers": {"bot_think": 3}})
    lines, _ = console(t, "reload")
    assert lines[0] == "The engine settings are reloaded; new tables and timers use them."
    assert t.config.timers.bot_think == 3

    def broken():
        raise ConfigError("timers.turn: expected a number, got 'soon'")
    t.admin.reload = broken
    lines, _ = console(t, "reload")
    assert lines[0] == "The settings were not reloaded (the old ones stay): timers.turn: expected a number, got 'soon'"
    assert t.config.timers.bot_think == 3


def test_engine_status_restart_and_version():
    t = make()
    t.attach({"online": ["ann"], "vault": [], "version": "0.1.0", "protocol": PROTOCOL}, 0)
    t.flush()
    lines, _ = console(t, "engine", "status")
    assert lines[0].startswith(f"Engine {__version__} (bridge protocol {PROTOCOL}), pid {os.getpid()}, up ")
    assert lines[0].endswith("0 tables, 1 player online.")
    lines, _ = console(t, "engine", "restart")
    assert lines == ["This engine cannot restart itself."]
    asked = []
    t.admin.restart = lambda: asked.append(True)
    lines, _ = console(t, "engine", "restart")
    assert asked == [True] and lines == ["The engine restarts now; the tables resume in a moment."]
    lines, _ = console(t, "version")
    assert lines == [f"unocraft engine {__version__}, plugin 0.1.0, bridge protocol {PROTOCOL}."]
    for bad in (["engine"], ["engine", "explode"], ["tables", "x"], ["nonsense"], []):
        lines, ops = console(t, *bad)
        assert lines == ["Usage: /uno tables | close <table> | reload | lang | engine status | engine restart | version"]
        assert not [op for op in ops if op["op"] not in ("console", "complete")]


def test_in_game_only_an_admin_may_and_the_answer_comes_in_chat_in_their_language():
    t = make()
    started(t, "ann")
    cmd(t, "ann", "tables")
    ops = t.flush()
    assert texts(ops, "ann") == ["You are not allowed to do that."]
    t.handle({"type": "join", "player": "ivan", "locale": "ru_ru"}, 0)
    t.handle({"type": "command", "player": "ivan", "args": ["tables"], "pos": [0, 40, 0], "admin": True}, 11)
    said = texts(t.flush(), "ivan")
    assert said[0] == "Столы UNO: 1" and said[1].startswith("t1: "), said
    assert t.tables                                           # listing changes nothing


def test_reload_answers_with_the_error_of_an_option_name_that_is_not_text():
    import yaml
    t = make()
    t.admin.reload = lambda: parse(yaml.safe_load("game:\n  options:\n    on: true\n"))
    lines, _ = console(t, "reload")
    assert lines[0].startswith("The settings were not reloaded (the old ones stay): game.options: the option name "
                               "True is not text"), lines
    t.handle({"type": "command", "player": "root", "args": ["reload"], "pos": [0, 40, 0], "admin": True}, 21.0)
    said = texts(t.flush(), "root")
    assert said and said[0].startswith("The settings were not reloaded (the old ones stay): game.options:"), said


def test_reload_answers_even_when_reading_the_settings_fails_unexpectedly():
    t = make()

    def broken():
        raise TypeError("keywords must be strings")
    t.admin.reload = broken
    lines, _ = console(t, "reload")
    assert lines[0] == "The settings were not reloaded (the old ones stay): TypeError: keywords must be strings"
