"""The translations: complete, consistent and grammatical where code decides."""

import re

import pytest

from unocraft.presentation import lang
from unocraft.presentation.lang import LANGUAGES, card_name, t
from unocraft.rules.cards import Card
from unocraft.rules.editions import EDITIONS, build_deck

PLACEHOLDER = re.compile(r"{(\w+)}")
REQUIRED_FORMS = {"en": {"one", "other"}, "ru": {"one", "few", "many"}, "sk": {"one", "few", "other"}}


def placeholders(message):
    texts = message.values() if isinstance(message, dict) else [message]
    return {name for text in texts for name in PLACEHOLDER.findall(text)}


@pytest.mark.parametrize("code", ["ru", "sk"])
def test_every_key_exists_in_every_language(code):
    english, other = lang.messages("en"), lang.messages(code)
    assert sorted(set(english) - set(other)) == []
    assert sorted(set(other) - set(english)) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_messages_use_the_same_placeholders_as_english(code):
    for key, message in lang.messages(code).items():
        assert placeholders(message) == placeholders(lang.messages("en")[key]), (code, key)


@pytest.mark.parametrize("code", LANGUAGES)
def test_plurals_have_the_languages_forms(code):
    for key, message in lang.messages(code).items():
        if isinstance(message, dict):
            assert REQUIRED_FORMS[code] <= set(message), (code, key)


def test_every_command_has_its_arguments_and_text_in_every_language():
    from unocraft.tables.commands import NAMES
    for sub in NAMES:
        for code in LANGUAGES:
            table = lang.messages(code)
            assert f"help.{sub}.args" in table and table.get(f"help.{sub}.text"), (code, sub)


def all_faces():
    return {card for e in EDITIONS.values() for side in build_deck(e, plus_ten=True).faces for card in side}


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_card_has_a_distinct_name(code):
    names = {}
    for card in all_faces():
        name = card_name(code, card)
        assert "card." not in name and "{" not in name, (card, name)
        assert name not in names, f"{card} and {names.get(name)} are both called {name}"
        names[name] = card


@pytest.mark.parametrize("code, card, name", [
    ("en", "R7", "Red 7"), ("ru", "R7", "Красная 7"), ("sk", "R7", "Červená 7"),
    ("en", "W+4", "Wild Draw Four"), ("en", "C", "Creeper"), ("ru", "C", "Крипер"),
    ("en", "G+2", "Green Draw Two"), ("ru", "B+2", "Синяя +2"), ("ru", "GS", "Зелёная «Пропуск хода»"),
    ("sk", "Y+2", "Žltá „Ber dve“"), ("en", "PE", "Pink Skip Everyone"),
    ("ru", "W+4", "Смена цвета +4"), ("ru", "W2", "Двойка любого цвета"), ("sk", "W+4", "Žolík „Ber štyri“"),
])
def test_card_names(code, card, name):
    assert card_name(code, Card.parse(card)) == name


@pytest.mark.parametrize("n, form", [(1, "one"), (2, "few"), (4, "few"), (5, "many"), (11, "many"),
                                     (12, "many"), (21, "one"), (22, "few"), (111, "many"), (0, "many")])
def test_russian_plural_rule(n, form):
    assert lang.plural_form("ru", n) == form


def test_plural_messages_pick_their_form():
    assert t("en", "game.drew", player="Alex", count=1) == "Alex drew a card."
    assert t("en", "game.drew", player="Alex", count=3) == "Alex drew 3 cards."
    assert t("ru", "game.drew", player="Алекс", count=2) == "Алекс берёт 2 карты."
    assert t("ru", "game.drew", player="Алекс", count=5) == "Алекс берёт 5 карт."
    assert t("sk", "game.drew", player="Alex", count=5) == "Alex ťahá 5 kariet."
    assert t("sk", "start.countdown", count=3) == "Hra začne o 3 sekundy."


def test_fallbacks():
    assert t("de", "turn.yours") == t("en", "turn.yours")
    assert t("ru_RU", "turn.yours") == "Ваш ход!"
    assert t(None, "turn.yours") == "Your turn!"
    assert t("ru", "no.such.key") == "no.such.key"
    assert t("en", "game.played", player="Alex") == "Alex played {card}."


