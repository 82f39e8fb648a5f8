"""The tables' lines live in the one language file per language (presentation/lang/<code>.yaml):
every key the tables use exists in every language, and nothing reads a second set of files."""

import re
from importlib import resources
from pathlib import Path

import pytest

import unocraft.tables
from unocraft.presentation import lang
from unocraft.presentation.lang import LANGUAGES, t
from unocraft.rules.errors import CODES
from unocraft.tables import text
from unocraft.rules.vocab import EVENT_TONES, HOUSE_VERBS, VERBS
from unocraft.tables.text import say

TABLES = Path(unocraft.tables.__file__).parent
#: config.py's dotted strings are paths in the engine's YAML config ("table.seats"), not text.
SOURCES = sorted(p for p in TABLES.glob("*.py") if p.name != "config.py")
#: A plain dotted literal ("error.no_table"), or the literal first key argument of say( / t( ("status").
DOTTED = re.compile(r'(?<![\w.])"([a-z][a-z_]*(?:\.[a-z0-9_]+)+)"')
CALL_KEY = re.compile(r'\b(?:say|t)\(\s*[^,()]+(?:\([^()]*\))?\s*,\s*"([^"{}]+)"')
#: A key built at run time: say(lang, f"refusal.{code}") -> "refusal".
CALL_PREFIX = re.compile(r'\b(?:say|t)\(\s*[^,()]+(?:\([^()]*\))?\s*,\s*f"([a-z_.]+)\.\{')
#: A key handed to for_edition (its DOS version is chosen there): for_edition(f"refusal.{code}", edition).
EDITION_PREFIX = re.compile(r'\bfor_edition\(\s*f"([a-z_.]+)\.\{')


def used_keys():
    sections = {key.split(".")[0] for key in lang.messages("en")}
    keys, prefixes = set(), set()
    for path in SOURCES:
        source = path.read_text(encoding="utf-8")
        keys |= {k for k in DOTTED.findall(source) if k.split(".")[0] in sections}
        keys |= set(CALL_KEY.findall(source))
        prefixes |= set(CALL_PREFIX.findall(source)) | set(EDITION_PREFIX.findall(source))
    return keys, prefixes


def test_the_scan_finds_the_tables_keys():
    keys, prefixes = used_keys()
    assert {"status", "error.unknown_preset", "error.did_you_mean", "error.no_table", "table.closed", "item.page",
            "dos.centre", "sidebar.title", "turn.warning", "button.draw"} <= keys
    assert {"refusal", "help", "edition", "side", "direction", "top"} <= prefixes
    assert len(keys) > 100


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_key_the_tables_use_is_in_the_language_file(code):
    keys, prefixes = used_keys()
    table = lang.messages(code)
    assert sorted(k for k in keys if k not in table) == []
    for prefix in prefixes:
        assert any(k.startswith(prefix + ".") for k in table), (code, prefix)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_refusal_and_event_has_a_line(code):
    table = lang.messages(code)
    assert sorted(c for c in CODES if f"refusal.{c}" not in table) == []
    assert sorted(f"event.{k}" for k in EVENT_TONES if f"event.{k}" not in table) == []
    # a house rule's verb shows as a button with its own line, unless it names a card (the card is the button)
    buttons = [v for v in HOUSE_VERBS if not VERBS[v].chat and VERBS[v].names != "card"]
    assert buttons and sorted(k for v in buttons for k in (f"button.{v}", f"button.{v}_hover") if k not in table) == []
    for key in ("side.light", "side.dark", "direction.cw", "direction.ccw", "top.wins", "top.points", "top.rate"):
        assert key in table, (code, key)


def test_no_second_set_of_language_files():
    assert not resources.files("unocraft.tables").joinpath("lang").is_dir()
    assert not hasattr(text, "table_messages")
    for path in TABLES.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert "import yaml" not in source or path.name == "config.py", path.name   # the config reader
        assert not re.search(r"""joinpath\(\s*["']lang["']""", source), path.name


def test_say_is_the_presentation_lookup():
    assert say is t
    assert say("ru", "turn.yours") == "Ваш ход!"
    assert say("sk", "table.closed", table="t1") == "Stôl t1 je zatvorený."
    assert say("fr_fr", "table.closed", table="t1") == "Table t1 is closed."
    assert say("en", "no.such.key") == "no.such.key"


@pytest.mark.parametrize("code, key, args, expected", [
    ("en", "usage.action", {"command": "join [table]"}, "Usage: /uno join [table]"),
    ("ru", "usage.action", {"command": "stats [player]"}, "Использование: /uno stats [player]"),
    ("sk", "error.table_full", {"table": "t2"}, "Stôl t2 je plný."),
    ("ru", "status", {"player": "Алекс", "card": "R7", "colour": "Красный", "direction": "↻", "counts": "7"},
     "Ход: Алекс | Сверху: R7 | Цвет: Красный | ↻ | 7"),
    ("ru", "turn.warning", {"count": 10}, "Осталось 10 секунд: сходите, иначе за вас сыграет бот."),
    ("ru", "turn.warning", {"count": 1}, "Осталась 1 секунда: сходите, иначе за вас сыграет бот."),
    ("sk", "round.next", {"count": 5}, "Ďalšie kolo začne o 5 sekúnd."),
    ("sk", "round.next", {"count": 2}, "Ďalšie kolo začne o 2 sekundy."),
    ("en", "event.false_catch", {"player": "A", "target": "B", "count": 2},
     "A tried to catch B, who was safe, and draws 2 cards."),
    ("sk", "refusal.answer_first", {}, "najprv sa rozhodni, čo urobíš s kartou, ktorú na teba zahrali"),
    ("ru", "side.dark", {}, "тёмную"),
    ("en", "button.slap", {}, "Slap!"),
])
def test_moved_lines_keep_their_text(code, key, args, expected):
    assert say(code, key, **args) == expected
