from collections import Counter

import pytest

from unocraft.rules.actions import Action
from unocraft.rules.cards import Card
from unocraft.rules.editions import DECK_SIZES, EDITIONS, build_deck
from unocraft.rules.errors import ConfigError


@pytest.mark.parametrize("code", ["R7", "B0", "G10", "YS", "RR", "G+2", "B+1", "P+5", "RF", "TF", "OE",
                                  "W", "W+4", "W+2", "WC", "C", "W2", "R#"])
def test_notation_round_trips(code):
    assert str(Card.parse(code)) == code
    assert Card.parse(code.lower()) == Card.parse(code)


@pytest.mark.parametrize("code", ["", "X7", "R", "R11", "W+3", "RW"])
def test_unknown_codes_are_refused(code):
    with pytest.raises(ConfigError):
        Card.parse(code)


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_deck_sizes_match_rules_section_1(edition):
    deck = build_deck(EDITIONS[edition])
    assert deck.size == DECK_SIZES[edition]
    assert len(deck.faces[1]) == deck.size


def test_classic_composition():
    counts = Counter(str(c) for c in build_deck(EDITIONS["classic"]).faces[0])
    assert counts["R0"] == 1 and counts["R5"] == 2 and counts["BS"] == 2 and counts["G+2"] == 2
    assert counts["W"] == 4 and counts["W+4"] == 4
    assert sum(1 for k in counts if k.startswith("Y")) == 13


def test_minecraft_has_four_creepers():
    counts = Counter(str(c) for c in build_deck(EDITIONS["minecraft"]).faces[0])
    assert counts["C"] == 4


def test_flip_sides():
    deck = build_deck(EDITIONS["flip"])
    light = Counter(str(c) for c in deck.faces[0])
    dark = Counter(str(c) for c in deck.faces[1])
    assert light["R+1"] == 2 and light["W+2"] == 4 and light["BF"] == 2 and "R0" not in light
    assert dark["P+5"] == 2 and dark["WC"] == 4 and dark["OE"] == 2 and dark["VF"] == 2
    # the pairing is fixed per deck
    assert build_deck(EDITIONS["flip"]).faces == deck.faces


def test_dos_composition():
    counts = Counter(str(c) for c in build_deck(EDITIONS["dos"]).faces[0])
    assert counts["R1"] == 3 and counts["R6"] == 2 and counts["R10"] == 2 and counts["R#"] == 2
    assert counts["W2"] == 12 and "R2" not in counts


@pytest.mark.parametrize("text", ["play W+4 blue", "play R7 R7", "draw", "catch ann", "swap bob",
                                  "swap bob R3", "play R5/P7", "play R2 Y3 on G5", "play R# 5 on G5",
                                  "add W2 red", "colour green"])
def test_action_text_round_trips(text):
    assert str(Action.parse("ann", text)) == text


@pytest.mark.parametrize("text", ["", "fly", "play", "play X9", "catch", "colour", "draw R5"])
def test_malformed_actions_are_refused(text):
    with pytest.raises(ConfigError):
        Action.parse("ann", text)
