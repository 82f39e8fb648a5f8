"""Rules events told in chat, in every language: none of them shows as a raw key."""

import pytest

from unocraft.presentation import chat
from unocraft.rules.events import Event
from unocraft.tables import render

EVENTS = [
    Event("creeper", {"player": "ann"}),
    Event("flip", {"side": "dark", "top": "P5"}),
    Event("jump_in", {"player": "bob"}),
    Event("swap_hands", {"player": "ann", "target": "bob"}),
    Event("rotate_hands", {"direction": "cw"}),
    Event("slap_now", {"player": "ann"}),
    Event("slap_last", {"player": "cid"}),
    Event("slap_late", {"player": "cid"}),
    Event("silence", {"player": "ann"}),
    Event("broke_silence", {"player": "bob"}),
    Event("false_catch", {"player": "bob", "target": "ann", "amount": 2}),
    Event("mistake", {"player": "bob", "code": "illegal_card"}),
    Event("out", {"player": "ann", "place": 1}),
    Event("eliminated", {"player": "cid"}),
    Event("blocked", {"winner": "ann", "reason": "turn_limit"}),
    Event("dos", {"player": "ann"}),
    Event("colour_bonus", {"player": "ann", "double": False}),
    Event("match", {"player": "ann", "cards": ["R2", "Y3"], "on": "G5", "double": True, "colour_match": False}),
    Event("add", {"player": "ann", "card": "B7", "colour": "", "bonus": True}),
]


@pytest.mark.parametrize("lang", ["en", "ru", "sk"])
@pytest.mark.parametrize("event", EVENTS, ids=[e.type for e in EVENTS])
def test_event_is_told_in_words(event, lang):
    line = render.event_line(event, "dee", lang)
    assert line is not None, event.type
    text = chat.plain_text(line)
    assert "event." not in text and "{" not in text and "side.dark" not in text, text
    for name in ("player", "target", "winner"):
        if event.data.get(name):
            assert event.data[name] in text


#: An event about the reader, and the start of their "You" line in each language.
OWN = [(Event("play", {"player": "bob", "card": "R7"}), {"en": "You played Red 7", "ru": "Вы", "sk": "Vyklad"}),
       (Event("jump_in", {"player": "bob"}), {"en": "You jump in", "ru": "Вы", "sk": ""}),
       (Event("caught", {"player": "ann", "target": "bob", "amount": 2}), {"en": "You were caught", "ru": "Вас", "sk": ""}),
       (Event("out", {"player": "bob", "place": 1}), {"en": "You are out of cards", "ru": "", "sk": ""})]


@pytest.mark.parametrize("lang", ["en", "ru", "sk"])
@pytest.mark.parametrize("event,starts", OWN, ids=[e.type for e, _ in OWN])
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
    challenge = next(e for e in events if e.type == "challenge")
    assert challenge.data["amount"] == 6
    assert "6" in chat.plain_text(render.event_line(challenge, "cid", "en"))
