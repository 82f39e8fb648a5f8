"""`/uno` as a newcomer types it: help and usage complete and derived from one list of commands,
the nearest names after a typo, clear answers for an unknown preset, option, colour or card code."""

import re
from pathlib import Path

import pytest

from test_tables import cmd, make, started, texts
from unocraft.presentation import chat
from unocraft.rules.cards import Card
from unocraft.rules.errors import ConfigError
from unocraft.tables import commands, render
from unocraft.tables.config import parse

ROOT = Path(__file__).parents[1]


def answer(tables, player, *args, admin=False, now=1.0):
    tables.handle({"type": "command", "player": player, "args": list(args), "pos": [0, 40, 0],
                   "admin": admin}, now)
    return texts(tables.flush(), player)


def joined(locale="en_us", player="ann"):
    tables = make()
    tables.handle({"type": "join", "player": player, "locale": locale}, 0)
    tables.flush()
    return tables


# ------------------------------------------------------------------ item 14: nearest names
def test_an_option_value_typed_as_an_option_suggests_the_option_it_belongs_to():
    tables = joined()
    lines = answer(tables, "ann", "rules", "official", "stacking=maybe")
    assert 'There is no option "stacking".' in lines
    assert "Did you mean draw_two_chain=stacking?" in lines
    assert "Usage: /uno rules [preset] [option=value ...]" in lines


@pytest.mark.parametrize("args, wanted", [
    (["rules", "jump_inn=true"], "Did you mean jump_in?"),
    (["rules", "official", "draw_two_chain=stackin"], "Did you mean draw_two_chain=stacking?"),
    (["rules", "oficial"], "Did you mean official?"),
    (["rules", "official", "stacking"], "Did you mean draw_two_chain=stacking?"),
    (["strat"], "Did you mean start, stats?"),
    (["spectat", "t1"], "Did you mean spectate?"),
])
def test_a_typo_gets_the_nearest_names(args, wanted):
    tables = joined()
    assert wanted in answer(tables, "ann", *args)


def test_a_mistyped_card_code_suggests_the_nearest_codes_of_the_hand_and_changes_nothing():
    tables = make()
    started(tables)
    table = next(iter(tables.tables.values()))
    hand = table.game.view("ann").hand
    number = next(c for c in hand if Card.parse(c).is_number)
    before = table.game.to_json()
    lines = answer(tables, "ann", "play", number + "9", now=11.0)
    assert f'"{number}9" is not a card code (codes look like R7, YS, G+2, W, W+4).' in lines
    assert any(line.startswith("Did you mean ") and number in line for line in lines), lines
    assert "Usage: /uno play <card> [colour]" in lines
    # a real code not in the hand: refused, with the nearest codes held
    missing = next(f"{c}{n}" for c in "RYGB" for n in range(1, 10) if f"{c}{n}" not in hand
                   and commands.nearest(f"{c}{n}", hand))
    lines = answer(tables, "ann", "play", missing, now=11.0)
    assert any("you do not hold that card" in line for line in lines)
    assert any(line.startswith("Did you mean ") for line in lines), lines
    assert table.game.to_json() == before


# ------------------------------------------------------------------ item 15: unknown preset
def test_start_with_an_unknown_preset_says_so_lists_the_presets_and_shows_the_start_usage():
    tables = joined()
    lines = answer(tables, "ann", "start", "nosuchpreset")
    assert 'There is no preset "nosuchpreset"; the presets are official, minecraft, ru-classic, flip, dos.' in lines
    assert "Usage: /uno start [preset] [option=value ...]" in lines
    assert not any("/uno rules" in line for line in lines)
    assert not tables.tables            # nothing opened
    assert any("Did you mean ru-classic?" == line for line in answer(tables, "ann", "start", "ruclassic"))


def test_start_takes_house_rules_with_or_without_a_preset():
    tables = joined()
    answer(tables, "ann", "start", "jump_in=true")
    table = next(iter(tables.tables.values()))
    assert table.preset == "official" and table.options().jump_in is True


def test_a_bad_value_names_the_values_the_option_takes_in_the_players_language():
    tables = joined("ru_ru", "ivan")
    lines = answer(tables, "ivan", "rules", "jump_in=maybe")
    assert "Параметр jump_in принимает true, false, а не «maybe»." in lines
    lines = answer(tables, "ivan", "rules", "official", "scoring=lazzy")
    assert any("standard, alternative, ru_loser, elimination, lazy" in line for line in lines)
    assert "Возможно, вы имели в виду scoring=lazy?" in lines


# ------------------------------------------------------------------ item 16: colours
def test_a_colour_the_game_does_not_have_is_named_in_the_lobby_and_in_a_game():
    tables = joined()
    answer(tables, "ann", "start")
    for word in ("purple", "mauve"):
        lines = answer(tables, "ann", "colour", word)
        assert f'"{word}" is not a colour of this game; the colours are red, yellow, green, blue.' in lines
        assert not any("Waiting for players" in line for line in lines)
        assert "Usage: /uno colour <colour>" in lines
    tables = make()
    started(tables)
    table = next(iter(tables.tables.values()))
    before = table.game.to_json()
    lines = answer(tables, "ann", "colour", "purple", now=11.0)
    assert '"purple" is not a colour of this game; the colours are red, yellow, green, blue.' in lines
    assert not any("not an action of this game" in line for line in lines)
    lines = answer(tables, "ann", "play", "W", "teal", now=11.0)
    assert any("is not a colour of this game" in line for line in lines)
    assert table.game.to_json() == before


def test_a_flip_table_has_eight_colours_before_the_deal():
    tables = joined()
    answer(tables, "ann", "start", "flip")
    lines = answer(tables, "ann", "colour", "magenta")
    assert any(line.endswith("the colours are red, yellow, green, blue, pink, teal, orange, purple.")
               for line in lines), lines


# ------------------------------------------------------------------ item 17: help and usage
def test_help_shows_the_arguments_and_admin_lines_only_to_admins():
    tables = joined()
    lines = answer(tables, "ann", "help")
    assert lines[:2] == ["UNO commands (click one to type it):", "Tables"]
    assert "  /uno join [table] - sit down at a table: the one named, or the nearest open one" in lines
    assert any(line.startswith("  /uno spectate [table] - ") for line in lines)
    assert any(line.startswith("  /uno start [preset] [option=value ...] - ") for line in lines)
    assert any(line.startswith("  /uno rules [preset] [option=value ...] - ") for line in lines)
    assert [line for line in lines if not line.startswith("  ")][1:] == ["Tables", "Playing", "Statistics"]
    assert not any(line.startswith("  /uno close") for line in lines)
    admin_lines = answer(tables, "ann", "help", admin=True)
    assert admin_lines[-7] == "Administration"
    assert any(line.startswith("  /uno close [table] - ") for line in admin_lines)
    # the console/admin commands of admin.py are listed for admins, and for them only
    for admin_command in ("  /uno tables - ", "  /uno reload - ", "  /uno lang - ", "  /uno engine status|restart - ", "  /uno version - "):
        assert any(line.startswith(admin_command) for line in admin_lines), admin_command
        assert not any(line.startswith(admin_command) for line in lines), admin_command


def listed(lines):
    return {line.split()[1] for line in lines if line.startswith("  /uno ")}


def test_help_lists_only_the_game_actions_the_tables_rules_use():
    tables = joined()
    official = listed(answer(tables, "ann", "help"))
    assert {"play", "draw", "pass", "uno", "catch", "challenge", "accept", "colour", "stats", "top"} <= official
    assert not {"jump", "slap", "swap", "give", "dos", "add", "end"} & official
    answer(tables, "ann", "start", "official", "jump_in=true", "hand_slap=true", "seven_o=true")
    house = listed(answer(tables, "ann", "help"))
    assert {"jump", "slap", "swap"} <= house and not {"give", "dos"} & house
    tables = joined(player="bob")
    answer(tables, "bob", "start", "dos")
    dos = listed(answer(tables, "bob", "help"))
    assert {"dos", "add", "end", "play", "draw", "catch"} <= dos and not {"uno", "pass", "challenge", "accept"} & dos


def test_uno_alone_is_a_four_line_quick_start_with_clickable_commands():
    tables = joined()
    tables.handle({"type": "command", "player": "ann", "args": [], "pos": [0, 40, 0]}, 1.0)
    ops = [op for op in tables.flush() if op.get("op") == "msg" and op["player"] == "ann"]
    assert [chat.plain_text(op["c"]) for op in ops] == [
        "UNO · [/uno start] opens a table here (bots fill the empty seats) or sits you at the one nearby.",
        "On your turn right-click a card in your hotbar, or click it in chat; nothing fits? [Draw]",
        "Two cards left? Click [UNO!] as you play one, or another player may catch you.",
        "[/uno leave] gets you up, your own items come back · [/uno help] lists every command"]
    clicks = [c for op in ops for c in chat.commands_in(op["c"])]
    assert clicks == ["/uno start", "/uno leave", "/uno help"]


def test_an_unknown_command_says_to_type_help_and_what_was_meant_not_every_command():
    tables = joined()
    lines = answer(tables, "ann", "stats2")
    assert lines == ["Unknown command /uno stats2. Type /uno help.", "Did you mean stats?"]
    assert answer(tables, "ann", "frobnicate") == ["Unknown command /uno frobnicate. Type /uno help."]


def test_every_command_of_the_list_is_answered_and_none_else():
    tables = joined()
    for name in commands.NAMES:
        lines = answer(tables, "ann", name)
        assert not any(line.startswith("Unknown command") for line in lines), (name, lines)


def test_plugin_yml_usage_names_every_command():
    text = (ROOT / "plugin" / "spigot" / "src" / "main" / "resources" / "plugin.yml").read_text()
    usage = re.search(r"^\s+usage: /uno <([^>]+)>", text, re.M).group(1).split("|")
    assert usage == list(commands.NAMES)


# ------------------------------------------------------------------ item 18: the typeable code
def test_the_hand_line_hover_shows_the_code_to_type():
    for code in ("R7", "W+4", "G+2"):
        comp = chat.card_component(Card.parse(code), "en", token=3)
        assert f"Type /uno play {code}" in comp["hover"]
    grey = chat.card_component(Card.parse("B5"), "sk", token=3, playable=False)
    assert "Napíš /uno play M5" in grey["hover"]      # the Slovak code: M for modrá


def test_a_flip_hand_line_shows_the_code_of_the_face_in_play():
    from unocraft.rules.actions import Action
    from view_values import made_view
    view = made_view(edition="flip", side="dark", hand=["R7/P+5", "W/WC"])
    legal = [Action.parse("ann", "play P+5"), Action.parse("ann", "draw")]
    line = render.turn_lines(view, "en", 4, legal)[0]
    hovers = [c["hover"] for c in line if "hover" in c]
    assert any("Type /uno play P+5" in h for h in hovers)
    assert any("Type /uno play WC" in h for h in hovers)


# ------------------------------------------------------------------ item 19: wording
def test_round_over_line_has_single_spaces():
    from unocraft.rules.events import RoundOver
    ev = RoundOver("ann", "bob", {"ann": 74}, {"ann": 74, "bob": 0}, {"ann": [], "bob": ["R7"]})
    text = "".join(c["text"] for c in render.event_line(ev, "ann", "en"))
    assert "  " not in text and "74 points. Scores: ann 74, bob 0" in text


def test_rules_when_not_at_a_table_describe_a_new_table():
    tables = joined()
    lines = answer(tables, "ann", "rules")
    assert lines == ["Rules of a new table: Official rules (official); no option changed"]


def test_rules_with_nothing_changed_say_so_in_the_players_language():
    assert answer(joined("ru_ru"), "ann", "rules") == [
        "Правила нового стола: Официальные правила (official); ни один параметр не изменён"]
    assert answer(joined("sk_sk"), "ann", "rules") == [
        "Pravidlá nového stola: Oficiálne pravidlá (official); žiadna voľba nie je zmenená"]


# ------------------------------------------------------------------ item 12: the operator's log
def test_the_log_has_one_line_per_table_opened_dealt_finished_closed_and_player_seated_or_gone(caplog):
    import logging
    from test_tables import play_human_turns
    caplog.set_level(logging.INFO, logger="unocraft.tables")
    tables = make()
    tables.handle({"type": "join", "player": "bob", "locale": "en_us"}, 0)
    answer(tables, "bob", "start", "official", "jump_in=true")
    answer(tables, "bob", "leave")
    started(tables)
    table = next(iter(tables.tables.values()))
    play_human_turns(tables, table, "ann", 20.0)
    got = [r.getMessage() for r in caplog.records if r.name == "unocraft.tables"]
    assert got[:4] == ["table t1 opened by bob (official; jump_in=True)", "bob sat down at table t1 (1 seated)",
                       "bob left table t1", "table t1 closed"], got
    assert got[4:7] == ["table t2 opened by ann (official; no option changed)", "ann sat down at table t2 (1 seated)",
                        "table t2 dealt: official, ann, Bot-Steve (bot), Bot-Alex (bot)"], got
    finished = [m for m in got if m.startswith("table t2 finished round 1: ")]
    assert len(finished) == 1 and got[-1] == "table t2 closed", got
    assert all(r.levelno == logging.INFO for r in caplog.records if r.name == "unocraft.tables")


def test_the_log_says_when_a_player_leaves_the_server_mid_game_and_comes_back(caplog):
    import logging
    caplog.set_level(logging.INFO, logger="unocraft.tables")
    tables = make()
    started(tables)
    tables.handle({"type": "quit", "player": "ann"}, 12.0)
    tables.handle({"type": "join", "player": "ann"}, 13.0)
    got = [r.getMessage() for r in caplog.records if r.name == "unocraft.tables"]
    assert "ann left the server; their seat at table t1 waits 60 s for them" in got
    assert got[-1] == "ann is back at table t1"


def test_a_dos_match_that_fits_no_centre_card_says_so():
    """illegal_card is DOS's code for a card or pair that matches no centre card (item 20); the
    player reads that the cards do not match the centre card."""
    from unocraft.rules.cards import Card as C
    tables = joined()
    answer(tables, "ann", "start", "dos")
    tables.tick(10.0)
    tables.flush()
    table = next(iter(tables.tables.values()))
    game = table.game
    now = 10.0
    from test_tables import tick_until_turn
    now = tick_until_turn(tables, table, "ann", now)
    view = game.view("ann", legal=False)
    bad = next(f"{x} on {c}" for x in view.hand for c in view.centre
               if C.parse(x).number is not None and C.parse(c).number is not None
               and C.parse(x).number != C.parse(c).number)
    before = game.to_json()
    lines = answer(tables, "ann", "play", *bad.split(), now=now)
    assert "Not now: the cards do not match the centre card" in lines
    assert game.to_json() == before


# ------------------------------------------------------------------ the server's options (game.options)
def server(options, locale="en_us", player="ann"):
    tables = make(game={"single_round": True, "options": options})
    tables.handle({"type": "join", "player": player, "locale": locale}, 0)
    tables.flush()
    return tables


@pytest.mark.parametrize("options, preset, edition", [
    ({"jump_in": True}, "dos", "dos"),            # the shipped engine.yaml's example
    ({"plus_ten": True}, "flip", "flip"),
    ({"challenge": "ru"}, "flip", "flip"),
])
def test_a_server_option_that_does_not_fit_the_named_preset_is_left_out_of_that_table(options, preset, edition):
    tables = server(options)
    lines = answer(tables, "ann", "start", preset)
    assert not any("does not apply" in line or "needs" in line for line in lines), lines
    table = tables.tables["t1"]
    assert table.preset == preset and table.options().edition == edition
    (name,) = options
    assert name not in table.overrides
    # the default preset and any other it fits play it
    answer(tables, "bob", "start", "minecraft", now=2.0)
    assert tables.tables["t2"].overrides == options


def test_a_server_option_that_fits_stays_beside_what_the_player_typed():
    tables = server({"jump_in": True, "target": 300})
    answer(tables, "ann", "start", "dos", "dos_call=two_or_fewer")
    assert tables.tables["t1"].overrides == {"target": 300, "dos_call": "two_or_fewer"}
    assert tables.tables["t1"].options().target == 300


def test_what_the_player_types_is_still_checked_strictly():
    tables = server({"jump_in": True})
    lines = answer(tables, "ann", "start", "dos", "jump_in=true")
    assert "The option jump_in does not apply to DOS." in lines
    assert "Usage: /uno start [preset] [option=value ...]" in lines
    assert not tables.tables
    # and wins over a server option it rules out (the player chose the edition)
    answer(tables, "ann", "start", "official", "edition=dos")
    assert tables.tables["t1"].overrides == {"edition": "dos"}


def test_rules_follows_the_same_rule_as_start():
    tables = server({"jump_in": True})
    # not at a table: /uno rules dos is not refused for the server's option either
    assert answer(tables, "ann", "rules", "dos") == ["You are not at a table. Join one with /uno join."]
    answer(tables, "ann", "start")
    table = tables.tables["t1"]
    assert table.overrides == {"jump_in": True}
    answer(tables, "ann", "rules", "dos", "target=300")
    assert table.preset == "dos" and table.overrides == {"target": "300"}
    answer(tables, "ann", "rules", "edition=classic")     # the same preset: target stays, jump_in fits again
    assert table.overrides == {"target": "300", "edition": "classic", "jump_in": True}
    answer(tables, "ann", "rules", "official")             # a preset named: afresh, with the server's options
    assert table.preset == "official" and table.overrides == {"jump_in": True}
    answer(tables, "ann", "rules", "edition=dos")          # the same preset: the server's option yields
    assert table.overrides == {"edition": "dos"}
    answer(tables, "ann", "rules", "jump_in=false", "edition=classic")     # the player's own, kept
    assert table.overrides == {"edition": "classic", "jump_in": "false"}


def test_the_rule_is_one_function_of_the_settings():
    config = parse({"game": {"options": {"jump_in": True, "plus_ten": True, "target": 300}}})
    assert config.table_overrides("official") == {"jump_in": True, "plus_ten": True, "target": 300}
    assert config.table_overrides("flip") == {"jump_in": True, "target": 300}
    assert config.table_overrides("dos") == {"target": 300}
    assert config.table_overrides("dos", {"target": "250"}) == {"target": "250"}
    assert config.options_for("dos").target == 300 and not config.options_for("dos").jump_in
    with pytest.raises(ConfigError, match="jump_in does not apply to the dos edition"):
        config.table_overrides("dos", {"jump_in": "true"})
    # a pair that fits together is kept together; a player's choice that rules one out drops that one
    pair = parse({"game": {"options": {"h2o_scoring": True, "scoring": "alternative"}}})
    assert pair.table_overrides("ru-classic") == {"h2o_scoring": True, "scoring": "alternative"}
    assert pair.table_overrides("official", {"scoring": "standard"}) == {"scoring": "standard"}


# ------------------------------------------------------------------ tables in the player's world
def in_world(tables, player, world, pos, *args, admin=False, now=1.0):
    tables.handle({"type": "command", "player": player, "args": list(args), "pos": list(pos), "world": world,
                   "admin": admin}, now)
    return texts(tables.flush(), player)


def two_worlds():
    """ann's table t1 in `world`, bob's t2 in `world_nether` (bob stood 2 blocks from where ann did)."""
    tables = make()
    for name in ("ann", "bob"):
        tables.handle({"type": "join", "player": name, "locale": "en_us"}, 0)
    tables.flush()
    in_world(tables, "ann", "world", (0, 64, 0), "start")
    in_world(tables, "bob", "world_nether", (2, 70, 1), "start")
    return tables


def test_start_sits_a_player_only_at_a_table_in_their_own_world():
    tables = two_worlds()
    t1 = tables.tables["t1"]
    assert [s.name for s in t1.seats] == ["ann"]                  # bob is not seated at ann's table
    assert tables.tables["t2"].world == "world_nether" and [s.name for s in tables.tables["t2"].seats] == ["bob"]
    in_world(tables, "cy", "world", (3, 64, 0), "start")          # in ann's world, nearby: her table
    assert [s.name for s in t1.seats] == ["ann", "cy"]


def test_close_without_a_table_named_takes_the_nearest_in_the_admins_world_only():
    tables = two_worlds()
    assert in_world(tables, "root", "world_the_end", (0, 64, 0), "close", admin=True) == [
        "There is no open table here. Start one with /uno start."]
    assert set(tables.tables) == {"t1", "t2"}
    in_world(tables, "root", "world_nether", (0, 64, 0), "close", admin=True)
    assert set(tables.tables) == {"t1"}


def test_spectate_without_a_table_named_watches_the_nearest_in_the_players_world():
    tables = two_worlds()
    tables.handle({"type": "join", "player": "zoe", "locale": "en_us"}, 0)
    in_world(tables, "zoe", "world_nether", (0, 64, 0), "spectate")     # t1 is nearer, in another world
    assert "zoe" in tables.tables["t2"].spectators and "zoe" not in tables.tables["t1"].spectators


def test_a_table_or_player_of_no_known_world_is_near_in_any():
    tables = make()
    tables.handle({"type": "join", "player": "ann", "locale": "en_us"}, 0)
    answer(tables, "ann", "start")                   # no world told (the dev server tells none)
    assert tables.tables["t1"].world == ""
    in_world(tables, "bob", "world", (1, 40, 0), "start")
    assert [s.name for s in tables.tables["t1"].seats] == ["ann", "bob"]


# ------------------------------------------------------------------ a spectator's mistake changes nothing
@pytest.mark.parametrize("args", [["start", "xyz"], ["start", "official", "jump_inn=true"],
                                  ["start", "official", "stake=-5"], ["start", "dos", "jump_in=true"]])
def test_a_spectator_who_mistypes_start_keeps_watching(args):
    tables = make()
    started(tables)
    tables.handle({"type": "join", "player": "zoe", "locale": "en_us"}, 0)
    cmd(tables, "zoe", "spectate", "t1", now=10)
    tables.flush()
    lines = answer(tables, "zoe", *args, now=11.0)
    assert lines and "Usage: /uno start [preset] [option=value ...]" in lines, lines
    assert "zoe" in tables.tables["t1"].spectators and tables.where["zoe"] == "t1"
    assert list(tables.tables) == ["t1"]
    # typed right, the spectator sits down at a new table
    answer(tables, "zoe", "start", "flip", now=12.0)
    assert "zoe" not in tables.tables["t1"].spectators and tables.where["zoe"] == "t2"
