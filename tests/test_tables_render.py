"""What a player sees, from a rules view: card items, paging, the status line, turn buttons."""

from dataclasses import replace

from unocraft.rules.actions import Action
from unocraft.tables import render
from view_values import made_view

HAND = ["R1", "R2", "G3", "B4", "Y5", "W", "W+4", "RS", "GR", "B+2", "Y9"]


def view(hand=HAND):
    return made_view(hand=hand, side="light", top="R7", colour="red", direction="cw", turn="ann",
                     players=[{"name": "ann", "cards": len(hand)}, {"name": "bob", "cards": 3}], pending=None)


def test_a_hand_larger_than_the_hotbar_pages_cleanly():
    legal = [Action.parse("ann", "play R1"), Action.parse("ann", "play W red"), Action.parse("ann", "draw")]
    first = render.hand_slots(view(), "en", 0, legal)
    second = render.hand_slots(view(), "en", 1, legal)
    tags = lambda slots, r: [slots[i]["tag"][5:] for i in r if slots.get(i)]   # noqa: E731
    assert tags(first, range(8)) == HAND[:8]
    assert tags(second, range(8)) == HAND[8:]
    assert first[render.PAGE_SLOT]["tag"] == "page" and "1/2" in first[render.PAGE_SLOT]["name"]["text"]
    # every card is somewhere: the rest of the hand is in the inventory
    for slots in (first, second):
        held = [s["tag"][5:] for k, s in slots.items() if s and s["tag"].startswith("card:")]
        assert sorted(held) == sorted(HAND)
    assert render.hand_slots(view(), "en", 2, legal) == first          # pages wrap around
    assert first[0]["glow"] and not first[1]["glow"]                   # playable cards are marked
    assert first[5]["glow"]                                            # the wild, playable with a colour
    assert first[render.OFFHAND]["tag"] == "top"


def test_a_small_hand_has_no_page_button_and_empty_slots_are_cleared():
    slots = render.hand_slots(view(["R1", "G2"]), "en", 0, [])
    assert slots[render.PAGE_SLOT] is None
    assert slots[2] is None and slots[9] is None
    assert [slots[0]["name"]["text"], slots[1]["name"]["text"]] == ["Red 1", "Green 2"]


def test_the_turn_prompt_offers_every_choice_the_rules_offer_with_the_token():
    legal = [Action.parse("ann", a) for a in ("play R1", "draw", "uno", "catch bob")]
    lines = render.turn_lines(view(), "en", 17, legal)
    commands = [c["click"]["command"] for line in lines for c in line if "click" in c]
    assert "/uno play R1 #t17" in commands and "/uno draw #t17" in commands
    assert "/uno uno #t17" in commands and "/uno catch bob #t17" in commands
    assert all(c.endswith("#t17") for c in commands)


def test_wild_colour_buttons_play_the_card_with_the_colour():
    legal = [Action.parse("ann", f"play W+4 {c}") for c in ("red", "yellow", "green", "blue")]
    line = render.wild_colour_line("W+4", "en", 3, legal)
    commands = [c["click"]["command"] for c in line if "click" in c]
    assert commands == [f"/uno play W+4 {c} #t3" for c in ("red", "yellow", "green", "blue")]


def test_the_status_line_names_turn_top_colour_and_counts():
    text = render.status_line(view(), "en")[0]["text"]
    assert "ann" in text and "Red 7" in text and "bob 3" in text


def test_five_swap_offers_a_button_per_card_to_give():
    legal = [Action.parse("ann", "give R1"), Action.parse("ann", "give G3")]
    lines = render.turn_lines(view(), "en", 5, legal)
    commands = [c["click"]["command"] for line in lines for c in line if "click" in c]
    assert "/uno give R1 #t5" in commands and "/uno give G3 #t5" in commands


def test_flip_plays_name_both_faces_but_the_hand_shows_the_side_up():
    """Flip actions name a card by both faces ("RS/O4"); the hand, the items' tags and the chat
    clicks use the face up: those cards glow and are clickable, on either side."""
    legal = [Action.parse("ann", "play RS/O4"), Action.parse("ann", "play W/PE"), Action.parse("ann", "draw")]
    for side, hand, playable in (("light", ["RS", "W", "G3"], {"RS", "W"}), ("dark", ["O4", "PE", "T3"], {"O4", "PE"})):
        v = replace(view(hand), side=side)
        slots = render.hand_slots(v, "en", 0, legal)
        assert {slots[i]["tag"][5:] for i in range(3) if slots[i]["glow"]} == playable, side
        clicks = [c["click"]["command"] for c in render.turn_lines(v, "en", 4, legal)[0] if c.get("click")]
        assert clicks == [f"/uno play {code} #t4" for code in hand if code in playable], side


def test_a_challenged_wild_draw_colour_names_no_count_it_cannot_know():
    """A Wild Draw Colour draws until the colour comes: the [Accept] hover and the challenge's
    outcome say so, where they said "draw 0 cards" and "draws 4 cards"."""
    from unocraft.rules.events import Challenge
    from unocraft.rules.views import PenaltyView
    legal = [Action("ann", "challenge"), Action("ann", "draw")]
    view = made_view(side="dark", pending=PenaltyView("ann", "bob", "WC", None, True), hand=("P1",))
    words = str(render.turn_lines(view, "en", 7, legal))
    assert "Accept and draw until the chosen colour comes up" in words and "draw 0" not in words
    view = made_view(pending=PenaltyView("ann", "bob", "W+4", 4, True), hand=("R1",))
    assert "Accept and draw 4 cards" in str(render.turn_lines(view, "en", 7, legal))
    for guilty, said in ((True, "bob had a matching card and draws until the chosen colour comes up."),
                         (False, "ann draws until the chosen colour comes up, then 2 more.")):
        line = render.event_line(Challenge("ann", "bob", guilty, None, [], to="ann"), "cid", "en", "flip")
        assert said in "".join(c["text"] for c in line), line
    line = render.event_line(Challenge("ann", "bob", True, 4, [], to="ann"), "cid", "en")
    assert "bob had a matching card and draws 4 cards." in "".join(c["text"] for c in line)
