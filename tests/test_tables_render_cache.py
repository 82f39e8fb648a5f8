"""The render caches never serve a stale value.

Sidebar lines, the status line, a hand's slots, a hand's card buttons, a player's completion tree
at a table and language look-ups are cached as pure functions of what they show (render.py,
sidebar.py, chat.py, commands.py, lang.py). Each test renders with warm caches and holds the
result against the same render with every cache emptied first: a cache keyed on less than what
its value depends on would hand back the value of an earlier, different input.
"""

from __future__ import annotations

import json

import pytest

from unocraft.presentation import chat, lang
from unocraft.rules.actions import Action
from unocraft.simulate import actor, new_game
from unocraft.rules.options import Options
from unocraft.tables import commands, render, sidebar
from unocraft.tables.call import Completing
from view_values import made_view

CACHED = (sidebar.title, sidebar._lines, sidebar._seat_line, sidebar._round_line, render._status_line, render._card_slots,
          render.face_of, render.card_item, render.page_item, render._top_item, chat._card_shape,
          chat._card_hover, commands.table_tree, lang._message, lang.card_name)


def cold(render_it):
    """`render_it()` with every cache empty: what the value must be."""
    for cached in CACHED:
        cached.cache_clear()
    return render_it()


def same(warm, expected) -> None:
    # as the bridge sends it: equal values, and the same text
    assert json.dumps(warm, ensure_ascii=False) == json.dumps(expected, ensure_ascii=False)


PLAYERS = [{"name": "ann", "cards": 2, "score": 0, "active": True, "called_uno": False},
           {"name": "bob", "cards": 1, "score": 120, "active": True, "called_uno": True},
           {"name": "cid", "cards": 4, "score": 40, "active": True, "called_uno": False}]


def seat_view(**extra):
    v = {"you": "ann", "phase": "play", "turn": "bob", "direction": "cw", "round": 2, "options": {},
         "top": "R7", "side": "light", "colour": "red", "edition": "classic", "hand": ["R1", "G2"],
         "players": PLAYERS}
    v.update(extra)
    return made_view(**v)


def with_player(index: int, **changed):
    players = [dict(p) for p in PLAYERS]
    players[index].update(changed)
    return seat_view(players=players)


#: every input the sidebar and the status line read, changed one at a time
CHANGES = [
    seat_view(), seat_view(you="bob"), seat_view(you=None), seat_view(turn="cid"), seat_view(phase="round_over"),
    seat_view(direction="ccw"), seat_view(round=3), seat_view(options={"scoring": "lazy"}),
    with_player(1, cards=2), with_player(1, called_uno=False), with_player(2, active=False),
    with_player(2, score=41), with_player(0, name="dan"), seat_view(top="G5"), seat_view(colour="blue"),
    seat_view(side="dark", top="OS/R4"), seat_view(edition="dos", centre=["R5", "G4 B1"]),
]


@pytest.mark.parametrize("code", ["en", "ru", "sk"])
def test_sidebar_and_status_line_follow_every_input(code):
    for match in (True, False):
        for view in CHANGES:
            same(sidebar.sidebar_op("ann", view, code, "official", match), cold(
                lambda: sidebar.sidebar_op("ann", view, code, "official", match)))
            same(render.status_line(view, code), cold(lambda: render.status_line(view, code)))
    same(sidebar.sidebar_op("ann", seat_view(), "en", "house"), cold(lambda: sidebar.sidebar_op("ann", seat_view(), "en", "house")))


def test_a_warm_sidebar_line_is_the_line_of_its_own_input():
    sidebar.sidebar_lines(seat_view(), "en", match=True)                  # warm: bob 1 card, UNO, 120 pts
    lines = ["".join(p["text"] for p in line) for line in sidebar.sidebar_lines(with_player(1, cards=2, called_uno=False, score=7), "en", match=True)]
    assert "bob  2 cards  7 pts" in lines[1] and "UNO" not in lines[1]
    assert "карты" in "".join(p["text"] for p in sidebar.sidebar_lines(with_player(1, cards=2), "ru")[1])


def test_hand_slots_and_card_buttons_follow_every_input():
    legal = [Action.parse("ann", a) for a in ("play R1", "play W red", "draw", "uno")]
    hands = [["R1", "G2"], ["R1", "G2", "W"], ["G2", "R1"], [f"R{n}" for n in range(10)] + ["W"]]
    for hand in hands:
        for choices in (legal, legal[2:], []):
            for page in (0, 1, 2):
                for code in ("en", "ru"):
                    for top in ("R7", "G5"):
                        view = seat_view(hand=hand, top=top)
                        same(render.hand_slots(view, code, page, choices),
                             cold(lambda: render.hand_slots(view, code, page, choices)))
            for token in (4, 5):
                view = seat_view(hand=hand)
                same(render.turn_lines(view, "en", token, choices), cold(lambda: render.turn_lines(view, "en", token, choices)))


def test_a_changed_slot_of_a_warm_hand_is_a_new_dict_and_the_shared_part_is_never_changed():
    view = seat_view(hand=["R1", "G2"])
    first = render.hand_slots(view, "en", 0, [])
    first[0] = None          # a caller's copy: changing it leaves the cache alone
    again = render.hand_slots(view, "en", 0, [])
    assert again[0]["tag"] == "card:R1" and again is not first
    glowing = render.hand_slots(view, "en", 0, [Action.parse("ann", "play R1")])
    assert glowing[0]["glow"] and not again[0]["glow"]
    assert render.hand_slots(seat_view(hand=["R1", "G2"], top="G5"), "en", 0, [])[render.OFFHAND]["name"]["text"] != \
        again[render.OFFHAND]["name"]["text"]


def test_a_card_button_carries_the_token_of_its_own_prompt():
    r1 = Action.parse("ann", "play R1")
    first = render.turn_lines(seat_view(), "en", 4, [r1])
    second = render.turn_lines(seat_view(), "en", 5, [r1])
    assert "/uno play R1 #t4" in chat.commands_in(first[0])
    assert "/uno play R1 #t5" in chat.commands_in(second[0]) and "/uno play R1 #t4" not in chat.commands_in(second[0])
    assert "/uno play R1 #t4" in chat.commands_in(first[0])      # the first prompt's line was not changed by the second


def test_the_completion_tree_at_a_table_follows_the_hand_the_seats_and_the_colours():
    trees = []
    for hand, others, colours in [(("R1",), ("bob",), ("red",)), (("R1", "G2"), ("bob",), ("red",)),
                                  (("R1",), ("bob", "cid"), ("red",)), (("R1",), ("bob",), ("pink",))]:
        c = Completing(at_table=True, hand_codes=hand, other_names=others, colour_names=colours)
        tree = commands.table_tree(c)
        same(tree, cold(lambda: commands.completion_tree(c)))
        trees.append(tree)
        assert tree["play"] == list(hand) and tree["catch"] == list(others) and tree["play *"] == list(colours)
    assert len({json.dumps(t) for t in trees}) == 4


def test_a_whole_game_renders_the_same_with_warm_and_cold_caches():
    """Every player's slots, lines, sidebar and tree at every step of real games (flip too: two
    sides), in two languages."""
    for preset, seed in (("official", 3), ("flip", 5)):
        game = new_game(["ann", "bob", "cid"], Options.build(preset), seed)
        steps = 0
        while game.phase == "play" and steps < 150:
            for name in game.names:
                view, legal = game.view(name, legal=False), game.legal_actions(name)
                for code in ("en", "sk"):
                    same(render.hand_slots(view, code, steps % 3, legal), cold(lambda: render.hand_slots(view, code, steps % 3, legal)))
                    same(render.turn_lines(view, code, steps, legal), cold(lambda: render.turn_lines(view, code, steps, legal)))
                    same(render.status_line(view, code), cold(lambda: render.status_line(view, code)))
                    same(sidebar.sidebar_op(name, view, code, preset, True),
                         cold(lambda: sidebar.sidebar_op(name, view, code, preset, True)))
            who = game.names[actor(game)]
            legal = game.legal_actions(who)
            game.play(next((a for a in legal if a.verb == "play"), legal[0]))
            steps += 1
        assert steps > 10


def test_a_language_look_up_follows_the_language_and_the_key():
    assert lang.t("ru", "sidebar.cards", count=2) != lang.t("en", "sidebar.cards", count=2)
    assert lang.t("en", "sidebar.cards", count=1) == "1 card" and lang.t("en", "sidebar.cards", count=2) == "2 cards"
    assert lang.t("ru", "no.such.key") == "no.such.key"
    assert lang.t("xx", "sidebar.uno") == lang.t("en", "sidebar.uno")
