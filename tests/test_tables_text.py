"""The tables' own lines exist in every language and keep their placeholders."""

import re

import pytest

from unocraft.tables.text import say, table_messages


@pytest.mark.parametrize("lang", ["ru", "sk"])
def test_every_line_is_translated_with_the_same_placeholders(lang):
    en, other = table_messages("en"), table_messages(lang)
    assert set(other) == set(en)
    for key, text in en.items():
        assert set(re.findall(r"{(\w+)}", other[key])) == set(re.findall(r"{(\w+)}", text)), key


def test_say_uses_the_shared_files_first_then_the_tables_files():
    assert say("ru", "turn.yours") == "Ваш ход!"                      # shared presentation file
    assert say("sk", "table.closed", table="t1") == "Stôl t1 je zatvorený."
    assert say("fr_fr", "table.closed", table="t1") == "Table t1 is closed."
    assert say("en", "no.such.key") == "no.such.key"
