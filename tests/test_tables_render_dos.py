"""DOS at a Minecraft table: the centre row is shown, every legal match is a button."""

from unocraft.presentation import chat
from unocraft.rules.actions import Action
from unocraft.rules.scenario import build_game, parse
from unocraft.tables import render


def dos_game():
    sc = parse({"edition": "dos", "preset": "dos", "players": ["ann", "bob"], "dealer": "bob",
                "hands": {"ann": ["B5", "W2", "Y3", "G1"], "bob": ["Y3"]}, "start": ["R5", "G4"],
                "deck": ["G3", "G6", "G7"]})
    return build_game(sc)


def commands(lines):
    return [cmd for line in lines for cmd in chat.commands_in(line)]


def test_turn_lines_show_the_centre_and_a_button_per_legal_match():
    game = dos_game()
    lines = render.turn_lines(game.view("ann"), "en", 7, game.legal_actions("ann"))
    assert "Centre row:" in chat.plain_text(lines[0]) and "[5]" in chat.plain_text(lines[0])
    cmds = commands(lines)
    assert "/uno play B5 on R5 #t7" in cmds
    assert "/uno play W2 Y3 on R5 #t7" in cmds and "/uno play Y3 G1 on G4 #t7" in cmds
    assert "/uno draw #t7" in cmds
    # every button is an action the engine accepts now
    for cmd in cmds:
        words = cmd.split()[1:-1]
        assert game.refusal(Action.parse("ann", " ".join(words))) is None, cmd


def test_after_a_colour_match_the_bonus_add_and_end_buttons_appear():
    game = dos_game()
    game.play(Action.parse("ann", "play B5 on R5"))
    game.play(Action.parse("ann", "play Y3 G1 on G4"))
    lines = render.turn_lines(game.view("ann"), "ru", 3, game.legal_actions("ann"))
    cmds = commands(lines)
    assert any(c.startswith("/uno end") for c in cmds) or any(c.startswith("/uno add") for c in cmds)
    assert "Центральный ряд:" in chat.plain_text(lines[0])


def test_status_line_and_off_hand_show_the_centre_row():
    game = dos_game()
    view = game.view("ann")
    assert "Red 5, Green 4" in render.status_line(view, "en")[0]["text"]
    assert render.top_item(view, "en")["face"] == "R5"


def test_a_match_on_a_wild_dos_given_a_colour_in_the_centre_is_told():
    """The centre row names a Wild DOS with its colour ("W2 red"): a match on it is a line like
    any other (it failed the table's redraw before; found by the web page's test)."""
    from unocraft.rules.dos_events import Match
    line = render.event_line(Match("ann", ["R5"], "W2 red", False, False), None, "en")
    assert line is not None and "ann" in line[0]["text"] and "Wild DOS" in line[0]["text"]
    assert render.face_of("W2 red", "light") == (render.face_of("W2", "light")[0], False)   # the off-hand's top card
