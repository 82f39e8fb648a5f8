"""Rules events told in chat, in every language: none of them shows as a raw key."""

import pytest

from unocraft.presentation import chat
from unocraft.rules.dos_events import Add, ColourBonus, Dos, Match
from unocraft.rules.events import (Blocked, Caught, Challenge, Creeper, Eliminated, FalseCatch, Flip, JumpIn,
                                   Play)
from unocraft.rules.house.hand_slap import SlapLast, SlapLate, SlapNow
from unocraft.rules.house.mistake_penalty import Mistake
from unocraft.rules.house.seven_o import RotateHands, SwapHands
from unocraft.rules.house.silent_twos import BrokeSilence, Silenced
from unocraft.rules.house.until_the_last import WentOut
from unocraft.tables import render

EVENTS = [
    Creeper("ann"),
    Flip("dark", "P5"),
    JumpIn("bob"),
    SwapHands("ann", "bob"),
    RotateHands("cw"),
    SlapNow("ann"),
    SlapLast("cid"),
    SlapLate("cid"),
    Silenced("ann"),
    BrokeSilence("bob"),
    FalseCatch("bob", "ann", 2),
    Mistake("bob", "illegal_card"),
    WentOut("ann", 1),
    Eliminated("cid"),
    Blocked("ann", "turn_limit"),
    Dos("ann"),
    ColourBonus("ann", False),
    Match("ann", ["R2", "Y3"], "G5", True, False),
    Add("ann", "B7", "", True),
]


@pytest.mark.parametrize("lang", ["en", "ru", "sk"])
@pytest.mark.parametrize("event", EVENTS, ids=[e.kind for e in EVENTS])
def test_event_is_told_in_words(event, lang):
    line = render.event_line(event, "dee", lang)
    assert line is not None, event.kind
    text = chat.plain_text(line)
    assert "event." not in text and "{" not in text and "side.dark" not in text, text
    for name in ("player", "target", "winner"):
        if getattr(event, name, None):
            assert getattr(event, name) in text


#: An event about the reader, and the start of their "You" line in each language.
OWN = [(Play("bob", "R7", "red"), {"en": "You played Red 7", "ru": "Вы", "sk": "Vyklad"}),
       (JumpIn("bob"), {"en": "You jump in", "ru": "Вы", "sk": ""}),
       (Caught("ann", "bob", 2), {"en": "You were caught", "ru": "Вас", "sk": ""}),
       (WentOut("bob", 1), {"en": "You are out of cards", "ru": "", "sk": ""})]


@pytest.mark.parametrize("lang", ["en", "ru", "sk"])
@pytest.mark.parametrize("event,starts", OWN, ids=[e.kind for e, _ in OWN])
def test_a_players_own_action_is_told_to_them_as_you(event, starts, lang):
    own = chat.plain_text(render.event_line(event, "bob", lang))
    others = chat.plain_text(render.event_line(event, "dee", lang))
    assert "bob" not in own and "bob" in others and own != others, (own, others)
    assert own.startswith(starts[lang]), own


def test_flip_names_the_side_and_a_dos_match_names_the_cards():
    assert "dark" in chat.plain_text(render.event_line(EVENTS[1], None, "en"))
    text = chat.plain_text(render.event_line(EVENTS[-2], None, "en"))
    assert "Red 2" in text and "Yellow 3" in text and "Green 5" in text


def test_hand_slap_gives_the_other_players_a_slap_button():
    from unocraft.rules.actions import Action
    from unocraft.rules.scenario import build_game, parse
    game = build_game(parse({"players": ["ann", "bob", "cid"], "rules": {"hand_slap": True},
                             "hands": {"ann": ["R7", "R8"], "bob": ["R3", "G4"], "cid": ["R9", "B8"]},
                             "start": "R5", "deck": ["Y7", "Y8", "Y9"]}))
    game.play(Action.parse("ann", "uno"))
    lines = render.turn_lines(game.view("bob"), "en", 4, game.legal_actions("bob"))
    cmds = [c for line in lines for c in chat.commands_in(line)]
    assert "/uno slap #t4" in cmds


def test_an_innocent_challenge_tells_six_cards():
    from unocraft.rules.actions import Action
    from unocraft.rules.scenario import build_game, parse
    game = build_game(parse({"players": ["ann", "bob", "cid"],
                             "hands": {"ann": ["G7", "W+4", "G3"], "bob": ["B1", "B2"], "cid": ["Y5"]},
                             "start": "R5", "deck": ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7"]}))
    game.play(Action.parse("ann", "play W+4 blue"))
    events = game.play(Action.parse("bob", "challenge"))
    challenge = next(e for e in events if isinstance(e, Challenge))
    assert challenge.amount == 6
    assert "6" in chat.plain_text(render.event_line(challenge, "cid", "en"))
