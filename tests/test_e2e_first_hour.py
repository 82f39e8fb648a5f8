"""End to end, in each of the three languages the rule documents are written in: a new player's
`/uno` (four lines, clickable), the first deal's hint, the grouped `/uno help` and their own play
("You played ..."), read by a real client whose Minecraft language is en_us, ru_ru or sk_sk."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import DevServer, require_prerequisites, run_node  # noqa: E402

from unocraft.presentation import chat  # noqa: E402
from unocraft.presentation.lang import card_name, t  # noqa: E402
from unocraft.rules.cards import Card  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java) and mineflayer clients

#: The quick start as an English player reads it, word for word.
QUICK_EN = [
    "UNO · [/uno start] opens a table here (bots fill the empty seats) or sits you at the one nearby.",
    "On your turn right-click a card in your hotbar, or click it in chat; nothing fits? [Draw]",
    "Two cards left? Click [UNO!] as you play one, or another player may catch you.",
    "[/uno leave] gets you up, your own items come back · [/uno help] lists every command"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_prerequisites()
    s = DevServer(tmp_path_factory.mktemp("e2e-first-hour"), {"timers": {"lobby": 1}})
    s.start()
    yield s
    s.stop()


def quick_lines(lang: str) -> list[str]:
    """The quick start of `lang` from its language file, as plain text (the buttons' labels in)."""
    parts = {k: chat.text(f"[/uno {k}]") for k in ("start", "leave", "help")}
    parts.update(draw=chat.text(f"[{t(lang, 'button.draw')}]"), uno=chat.text(f"[{t(lang, 'uno.button')}]"))
    return [chat.plain_text(chat.fill(t(lang, f"quick.{key}"), parts, "white")) for key in ("start", "turn", "uno", "leave")]


@pytest.mark.parametrize("lang, locale, name", [("en", "en_us", "ann"), ("ru", "ru_ru", "ivan"), ("sk", "sk_sk", "jana")])
def test_a_new_players_first_minutes_read_in_their_language(server, lang, locale, name):
    r = run_node("first_hour.js", server.port, name, locale)
    quick = [line["text"] for line in r["quick"]]
    assert quick == quick_lines(lang), quick
    if lang == "en":
        assert quick == QUICK_EN
    assert [c for line in r["quick"] for c in line["commands"]] == ["/uno start", "/uno leave", "/uno help"]

    hint = [line for line in r["atDeal"] if line.startswith(t(lang, "hint.first_game").split("{")[0])]
    assert len(hint) == 1, r["atDeal"]
    assert t(lang, "button.draw") in hint[0] and t(lang, "uno.button") in hint[0]
    assert t(lang, "start.started", edition=t(lang, "edition.classic")) in r["atDeal"]

    start = r["help"].index(t(lang, "help.header"))      # a bot's move may come first
    assert r["help"][start:start + 2] == [t(lang, "help.header"), t(lang, "help.group.table")], r["help"]
    assert not any("/uno jump" in line or "/uno dos" in line for line in r["help"])   # not these rules

    if r["played"]:
        card = Card.parse(r["played"])
        own = t(lang, "you.game.played", card=card_name(lang, card))
        own_wild = t(lang, "you.game.played_colour", card=card_name(lang, card), colour="").split(card_name(lang, card))[0]
        assert own in r["afterPlay"] or any(line.startswith(own_wild) for line in r["afterPlay"]), r["afterPlay"]
        assert not any(line.startswith(f"{name} ") for line in r["afterPlay"]), r["afterPlay"]
    if lang == "en" and r["played"] and not r["played"].startswith("W"):
        assert f"You played {card_name('en', Card.parse(r['played']))}." in r["afterPlay"]
