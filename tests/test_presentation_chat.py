"""Chat component descriptions: clickable, token-carrying, version-neutral."""

import json

from unocraft.presentation import chat
from unocraft.rules.cards import Card

P = Card.parse
KEYS = {"text", "colour", "bold", "click", "hover", "extra"}


def check_neutral(line):
    for c in line:
        assert set(c) <= KEYS and isinstance(c["text"], str)
        if "click" in c:
            assert set(c["click"]) == {"command"}
        check_neutral(c.get("extra", []))
    json.dumps(line)   # plain data only


def test_hand_line_plays_each_card_with_the_token():
    hand = [P("R7"), P("GS"), P("W+4"), P("R#")]
    line = chat.hand_line(hand, "en", token=123)
    check_neutral(line)
    assert chat.commands_in(line) == ["/uno play R7 #t123", "/uno play GS #t123",
                                      "/uno play W+4 #t123", "/uno play R# #t123"]
    red = next(c for c in line if c.get("click", {}).get("command") == "/uno play R7 #t123")
    assert red["colour"] == "red" and "Red 7" in red["hover"]


def test_unplayable_cards_are_grey_and_do_nothing():
    line = chat.hand_line([P("R7"), P("B2")], "en", token=5, playable=[P("R7")])
    assert chat.commands_in(line) == ["/uno play R7 #t5"]
    grey = [c for c in line if c.get("colour") == chat.DISABLED]
    assert len(grey) == 1 and "cannot be played" in grey[0]["hover"]


def test_colour_buttons():
    line = chat.colour_buttons("ru", token="a1")
    check_neutral(line)
    assert chat.commands_in(line) == [f"/uno colour {c} #ta1" for c in ("red", "yellow", "green", "blue")]
    assert "[Красный]" in chat.plain_text(line)
    dark = chat.commands_in(chat.colour_buttons("en", token=1, dark=True))
    assert dark == [f"/uno colour {c} #t1" for c in ("pink", "teal", "orange", "purple")]


def test_action_buttons_carry_the_token():
    line = chat.turn_buttons("sk", token=9, can_draw=True, can_pass=True, can_uno=True)
    line += [chat.catch_button("en", 9, "Alex")]
    line += chat.challenge_buttons("en", 9, "Alex", P("W+4"), 4)
    line += chat.player_buttons("en", 9, "swap", ["Alex", "Steve"])
    check_neutral(line)
    assert chat.commands_in(line) == ["/uno draw #t9", "/uno pass #t9", "/uno uno #t9",
                                      "/uno catch Alex #t9", "/uno challenge #t9", "/uno draw #t9",
                                      "/uno swap Alex #t9", "/uno swap Steve #t9"]
    assert "Accept and draw 4 cards" in [c.get("hover") for c in line]


def test_token_round_trip():
    assert chat.split_token(["play", "R7", "#t123"]) == (["play", "R7"], "123")
    assert chat.split_token(["play", "R#"]) == (["play", "R#"], None)
    words = chat.command("play", "R#", token=42).split()[1:]
    assert chat.split_token(words) == (["play", "R#"], "42")


def test_wild_label_shows_the_colour_ring():
    c = chat.card_component(P("W+4"), "en", token=1)
    assert chat.plain_text([c]) == "[+4]"
    assert {e.get("colour") for e in c["extra"][:-1]} == {"red", "blue"}
