"""What a DOS player reads names DOS and its count (issue 43): the call is due when a player's
own match or add leaves them two cards (rules/dos.py), and every hint, catch, refusal and
sidebar line of a DOS table says so, in every language. Two humans play a rigged DOS round at
a real table; every line, hover and sidebar text they receive from the deal on is checked."""

import re

import pytest

from test_tables import cmd, make
from unocraft.presentation import lang as lang_module
from unocraft.rules.actions import Action
from unocraft.rules.events import Caught
from unocraft.rules.scenario import build_game, parse
from unocraft.tables import render
from unocraft.tables.text import say

#: the UNO call named in prose ("/uno ..." commands are lower case and typed, not read as the call)
UNO_WORD = re.compile(r"\bUNO\b|УНО")
LOCALES = {"en": "en_us", "ru": "ru_ru", "sk": "sk_sk"}


def _texts_of(components) -> list[str]:
    """Every text a player reads in chat components: the text and the hover of each, children too."""
    out = []
    for c in components:
        out.append(c.get("text", ""))
        if c.get("hover"):
            out.append(c["hover"])
        out += _texts_of(c.get("extra", []))
    return out


def read(ops, player) -> list[str]:
    """The chat lines (with their hovers) and sidebar lines `player` received (not the sidebar's
    title: it names the plugin, "UNO · DOS", as the /uno commands do)."""
    out = []
    for op in ops:
        if op.get("player") != player:
            continue
        if op["op"] == "msg":
            out.append("".join(c["text"] + "".join(e["text"] for e in c.get("extra", [])) for c in op["c"]))
            out += [h for c in op["c"] for h in _texts_of([c]) if h and c.get("hover") == h]
        elif op["op"] == "sidebar":
            out += ["".join(_texts_of(line)) for line in op["lines"]]
    return out


def dos_game(names):
    """ann to play B5 on R5 and be left with two cards; bob waits."""
    sc = parse({"edition": "dos", "preset": "dos", "players": names, "dealer": names[1],
                "hands": {names[0]: ["B5", "Y3", "G7"], names[1]: ["Y1", "Y6", "Y4", "G9"]},
                "start": ["R5", "G4"], "deck": ["G3", "G6", "B7", "R1"]})
    return build_game(sc)


def dos_table(code):
    """A DOS table with ann and bob (both human) and the first-game hint read; the ops since."""
    tables = make(bots={"fill_to": 0, "kind": "basic"})
    for name in ("ann", "bob"):
        tables.handle({"type": "join", "player": name, "locale": LOCALES[code]}, 0)
    assert tables.stats.idle()       # the hints each has seen are known: the hints are due
    cmd(tables, "ann", "start", "dos")
    cmd(tables, "bob", "join")
    tables.flush()
    tables.tick(10)
    ops = tables.flush()
    t = next(iter(tables.tables.values()))
    assert t.game is not None and t.game.opts.edition == "dos"
    return tables, t, ops


def rig(tables, t):
    t.game = dos_game([s.name for s in t.seats])
    t.token += 1
    tables.core.changed(t)
    return tables.flush()


FIRST_GAME = {
    "en": "Your first game of DOS here: on your turn click a match under the centre row in chat (a card of "
          "the same number, or two that add up to it), [Draw] if nothing fits; when your play leaves you two "
          "cards, click [DOS!].",
    "ru": "Ваша первая игра в DOS здесь: в свой ход нажмите в чате на совпадение под центральным рядом (карту "
          "с тем же числом или две карты, которые в сумме дают это число), а если ничего не подходит — [Взять]; "
          "когда после вашего хода у вас остаются две карты, нажмите [DOS!].",
    "sk": "Tvoja prvá hra DOS tu: keď si na ťahu, klikni v čete na zhodu pod stredovým radom (kartu s rovnakým "
          "číslom alebo dve, ktorých súčet je toto číslo), a ak sa nič nehodí, [Ťahať]; keď ti po ťahu ostanú "
          "dve karty, klikni na [DOS!].",
}
CATCH_HINT = {
    "en": "ann did not call DOS with two cards left: click [Catch ann] before they call it, and they draw 1 card.",
    "ru": "DOS от игрока ann не прозвучало, хотя у него остались две карты: успейте нажать [Поймать игрока ann], "
          "и ему придётся взять 1 штрафную карту.",
    "sk": "DOS od hráča ann nezaznelo, hoci mu ostali dve karty: klikni na [Chyť hráča ann] skôr, než zaznie, "
          "a berie si 1 trestnú kartu.",
}


@pytest.mark.parametrize("code", sorted(LOCALES))
def test_every_line_a_dos_player_reads_names_dos_and_its_count(code):
    tables, t, ops = dos_table(code)
    ann_read, bob_read = read(ops, "ann"), read(ops, "bob")
    ops = rig(tables, t)
    # ann's match leaves her two cards and she does not call: bob may catch her
    cmd(tables, "ann", "play", "B5", "on", "R5", now=11)
    ops += tables.flush()
    assert t.game.catchable == {0}
    cmd(tables, "bob", "catch", "ann", now=12)
    ops += tables.flush()
    cmd(tables, "ann", "dos", now=13)              # three cards now: nothing to call
    ops += tables.flush()
    # ann calls DOS in time in a second round: the sidebars mark her call while she holds two
    ops += rig(tables, t)
    cmd(tables, "ann", "play", "B5", "on", "R5", now=20)
    cmd(tables, "ann", "dos", now=20)
    ops += tables.flush()
    ann_read += read(ops, "ann")
    bob_read += read(ops, "bob")
    expected = {"ann": [FIRST_GAME[code], say(code, "you.dos.caught", count=1),
                        say(code, "error.refused", reason=say(code, "dos.nothing_to_call"))],
                "bob": [CATCH_HINT[code], say(code, "dos.caught", player="ann", count=1)]}
    missing = [(who, line) for who, lines in expected.items() for line in lines
               if line not in (ann_read if who == "ann" else bob_read)]
    marked = re.compile(r"^(▶ |  )ann  .*  " + re.escape(say(code, "dos.sidebar")) + "$")    # a sidebar seat line
    if not any(marked.match(line) for line in bob_read):
        missing.append(("bob", "the sidebar marks ann's DOS call"))
    uno = sorted({line for line in ann_read + bob_read if UNO_WORD.search(line)})
    assert (missing, uno) == ([], []), f"{code}: lines missing, and lines of a DOS game that speak of UNO"


def test_dos_versions_of_the_call_lines_are_chosen_in_one_place():
    from unocraft.tables.text import for_edition
    assert for_edition("uno.caught", "dos") == "dos.caught"
    assert for_edition("uno.caught", "classic") == for_edition("uno.caught", None) == "uno.caught"
    assert for_edition("refusal.not_your_turn", "dos") == "refusal.not_your_turn"    # the same in DOS


@pytest.mark.parametrize("code", sorted(LOCALES))
def test_every_dos_version_of_a_line_names_dos_and_never_uno(code):
    """Every line the DOS edition swaps in (each form, each viewer) names DOS and never UNO, and
    every refusal a DOS player can be given is free of UNO."""
    from unocraft.tables.text import for_edition
    messages = lang_module.messages(code)
    found = []
    for key in lang_module.DOS_LINES.values():
        for k in (key, "you." + key):
            message = messages.get(k)
            if message is None:
                if k == key:
                    found.append((k, "missing"))
                continue
            for text in (message.values() if isinstance(message, dict) else [message]):
                if UNO_WORD.search(text) or ("DOS" not in text and k not in lang_module.DOS_NAMELESS):
                    found.append((k, text))
    for key in messages:
        if key.startswith("refusal."):
            text = say(code, "error.refused", reason=say(code, for_edition(key, "dos")))
            if UNO_WORD.search(text):
                found.append((key, text))
    line = render.event_line(Caught("bob", "ann", 1), "ann", code, "dos")
    if UNO_WORD.search(line[0]["text"]):
        found.append(("caught", line[0]["text"]))
    assert found == []


@pytest.mark.parametrize("code, expected", [
    ("en", "You drew 2 cards: Red 7, Blue 3."),
    ("ru", "Вы взяли 2 карты: Красная 7, Синяя 3."),
    ("sk", "Ťaháš 2 karty: Červená 7, Modrá 3."),
])
def test_the_drawn_cards_follow_a_colon(code, expected):
    from unocraft.rules.events import Draw
    line = render.event_line(Draw("ann", 2, "draw", ["R7", "B3"], to="ann"), "ann", code)
    assert line[0]["text"] == expected


@pytest.mark.parametrize("code, expected", [
    ("en", "\"7\" is neither a card code nor a colour."),
    ("ru", say("ru", "parse.unknown_word", word="7")),
    ("sk", say("sk", "parse.unknown_word", word="7")),
])
def test_a_centre_card_that_is_no_card_code_is_told_in_the_players_language(code, expected):
    """`/uno play R5 on 7`: the word after "on" is read in the player's language, where the card
    parser's English ("unknown card code '7'") reached every player after "Bad argument:"."""
    tables, t, _ = dos_table(code)
    rig(tables, t)
    before = t.game.to_json()
    cmd(tables, "ann", "play", "B5", "on", "7")
    lines = read(tables.flush(), "ann")
    assert expected in lines, lines
    assert not any("unknown card code" in line for line in lines), lines
    assert t.game.to_json() == before
