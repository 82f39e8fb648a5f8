"""The Minecraft edition's own card faces (issue 42 part 5): keys of their own ("R7@mc"), pixel art
of its own, readable ranks, and the other editions' faces left as they were."""

from collections import Counter

import pytest

from unocraft.presentation import card_art, faces, minecraft_art
from unocraft.presentation.sides import is_dark
from unocraft.presentation.map_palette import OPAQUE_INDICES, PALETTE, SIZE, to_map_colours
from unocraft.rules.cards import Card, LIGHT_COLOURS
from unocraft.rules.editions import EDITIONS, deck_with_every_card
from unocraft.tables import render
from unocraft.web.feed import snapshot
from test_tables import cmd, make
from view_values import made_view

MC = EDITIONS["minecraft"]
VALID = set(OPAQUE_INDICES) | {0}
EXACT = {rgb for rgb in PALETTE if rgb is not None}


def mc_keys():
    return faces.edition_face_keys(MC, every_card=True)


def classic_key(key):
    card, dark = faces.face_from_key(key)
    return faces.face_key(card or faces.BACK, dark)


def test_the_minecraft_edition_has_keys_of_its_own_but_the_creeper():
    keys = mc_keys()
    assert "R7@mc" in keys and "W+4@mc" in keys and "W+10@mc" in keys and keys[-1] == "back@mc"
    assert "C" in keys                       # the Creeper was always Minecraft's
    assert all(k.endswith("@mc") for k in keys if k != "C")
    assert set(keys) <= set(faces.all_face_keys())
    assert faces.edition_face_keys(MC) == [k for k in keys if k != "W+10@mc"]


@pytest.mark.parametrize("key", [k for k in faces.edition_face_keys(EDITIONS["minecraft"], every_card=True) if k != "C"])
def test_every_minecraft_face_renders_unlike_its_classic_face(key):
    pixels = faces.face_pixels(key)
    assert len(pixels) == SIZE * SIZE and set(pixels) <= VALID and len(set(pixels)) > 3
    assert pixels[0] == 0 and pixels[64 * SIZE + 64] != 0        # a card on a transparent square
    classic = faces.face_pixels(classic_key(key))
    assert sum(a != b for a, b in zip(pixels, classic)) > 2000, key


@pytest.mark.parametrize("key", ["R7@mc", "YS@mc", "GR@mc", "B+2@mc", "W@mc", "W+4@mc", "back@mc"])
def test_the_art_is_drawn_in_exact_palette_colours(key):
    image = faces.render_image(key)
    assert image.size == (SIZE, SIZE) and image.mode == "RGBA"
    data = image.get_flattened_data() if hasattr(image, "get_flattened_data") else image.getdata()
    for r, g, b, a in data:
        assert a in (0, 255) and (a == 0 or (r, g, b) in EXACT), (key, (r, g, b, a))


@pytest.mark.parametrize("colour", LIGHT_COLOURS)
def test_each_colour_is_mostly_its_own_fill(colour):
    for rank in ("3", "S", "+2"):
        counts = Counter(PALETTE[p] for p in faces.face_pixels(f"{colour}{rank}@mc") if p)
        total = sum(counts.values())
        assert counts[card_art.FILL[colour]] > 0.2 * total, (colour, rank)
        texture = minecraft_art.TEXTURES[colour][0]        # the fill and its shades: most of the card
        assert sum(counts[shade] for shade in texture) > 0.4 * total, (colour, rank)
        for other in LIGHT_COLOURS:
            if other != colour:
                assert counts[card_art.FILL[other]] < 0.02 * total, (colour, rank, other)


def _centre(pixels):
    """The middle of the card, where the rank is drawn big (the corners left out)."""
    return bytes(pixels[y * SIZE + x] for y in range(36, 92) for x in range(36, 92))


@pytest.mark.parametrize("colour", LIGHT_COLOURS)
def test_the_rank_in_the_middle_tells_the_cards_of_a_colour_apart(colour):
    ranks = [str(n) for n in range(10)] + ["S", "R", "+2"]
    middles = {rank: _centre(faces.face_pixels(f"{colour}{rank}@mc")) for rank in ranks}
    for a in ranks:
        for b in ranks:
            if a < b:
                differ = sum(x != y for x, y in zip(middles[a], middles[b]))
                assert differ > 150, (colour, a, b, differ)
    # the rank is white, big: a good part of the middle
    white = minecraft_art.WHITE
    for rank, middle in middles.items():
        assert sum(PALETTE[p] == white for p in middle) > 300, (colour, rank)


def test_the_wilds_show_all_four_colours():
    for key in ("W@mc", "W+4@mc", "W+10@mc"):
        counts = Counter(PALETTE[p] for p in faces.face_pixels(key) if p)
        for colour in LIGHT_COLOURS:
            assert counts[card_art.FILL[colour]] > 100, (key, colour)


def _old_keys(edition):
    """An edition's keys as they were before editions had art of their own."""
    deck = deck_with_every_card(edition)
    keys = dict.fromkeys(str(card) + ("/dark" if side == 1 and edition.double_sided and card.is_wild
                                      and not is_dark(card) else "")
                         for side in range(2) for card in deck.faces[side])
    return list(keys) + ["back"]


@pytest.mark.parametrize("name", ["classic", "flip", "dos"])
def test_the_other_editions_keep_their_keys(name):
    edition = EDITIONS[name]
    assert faces.edition_face_keys(edition, every_card=True) == _old_keys(edition)
    for key in _old_keys(edition):
        card, dark = faces.face_from_key(key)
        assert faces.face_key(card or faces.BACK, dark, edition=name) == key
        assert faces.key_edition(key) is None


@pytest.mark.parametrize("key", ["R7", "W+4", "W", "back", "C", "P+5", "W/dark", "WC", "B#", "R10", "W2"])
def test_the_shared_faces_are_still_card_arts(key):
    card, dark = faces.face_from_key(key)
    drawn = card_art.render_back() if card is None else card_art.render_face(card, dark)
    assert faces.face_pixels(key) == to_map_colours(drawn)


def test_face_key_and_face_from_key_round_trip_for_every_key():
    for key in faces.all_face_keys():
        card, dark = faces.face_from_key(key)
        assert faces.face_key(card or faces.BACK, dark, edition=faces.key_edition(key)) == key
        assert faces.face_key(key) == key
    for edition in (None, "classic", "flip", "dos"):
        assert faces.face_key(Card.parse("R7"), edition=edition) == "R7"
        assert faces.face_key(faces.BACK, edition=edition) == "back"
    assert faces.face_key(Card.parse("R7"), edition="minecraft") == "R7@mc"
    assert faces.face_key("w+4", edition="minecraft") == "W+4@mc"
    assert faces.face_key(Card.parse("C"), edition="minecraft") == "C"
    assert faces.face_key(Card.parse("P5"), edition="minecraft") == "P5"      # not a Minecraft card
    assert faces.face_from_key("R7@mc") == (Card.parse("R7"), False)
    assert faces.key_edition("R7@mc") == "minecraft"


@pytest.mark.parametrize("key", ["P5@mc", "C@mc", "W/dark@mc", "B#@mc", "Q7@mc"])
def test_no_minecraft_art_for_other_editions_cards(key):
    with pytest.raises(ValueError):
        faces.face_from_key(key)
    with pytest.raises(ValueError):
        faces.face_png(key)


def test_a_hand_at_a_minecraft_table_shows_the_minecraft_faces():
    view = made_view(edition="minecraft", hand=["R1", "W", "C", "G+2"], top="B5", colour="blue")
    slots = render.hand_slots(view, "en", 0, [])
    assert [slots[i]["face"] for i in range(4)] == ["R1@mc", "W@mc", "C", "G+2@mc"]
    assert slots[render.OFFHAND]["face"] == "B5@mc"
    classic = render.hand_slots(made_view(edition="classic", hand=["R1", "W"], top="B5", colour="blue"), "en", 0, [])
    assert [classic[0]["face"], classic[1]["face"], classic[render.OFFHAND]["face"]] == ["R1", "W", "B5"]


def test_a_minecraft_table_sends_and_shows_the_minecraft_faces():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    tables.handle({"type": "join", "player": "ann", "locale": "en_us"}, 0)
    cmd(tables, "ann", "start", "minecraft")
    tables.flush()
    tables.tick(10)
    ops = tables.flush()
    t = next(iter(tables.tables.values()))
    assert t.game is not None and t.game.opts.edition == "minecraft"
    shown = [item["face"] for op in ops if op["op"] == "items" and op["player"] == "ann"
             for item in op["slots"].values() if item and "face" in item]
    assert shown and all(f.endswith("@mc") or f == "C" for f in shown)
    assert set(shown) <= tables.faces_sent
    snap = snapshot(t)
    top = snap["top"]
    assert snap["edition"] == "minecraft" and snap["top_key"] == faces.face_key(top, edition="minecraft")
    assert snap["top_key"].endswith("@mc") or top == "C"
    assert faces.face_png(snap["top_key"]).startswith(b"\x89PNG")


def test_the_block_boards_draw_the_minecraft_faces():
    from unocraft.mcpi.blocks import face_blocks
    mc = face_blocks("R7@mc", 9, 12, "minecraft")
    assert len(mc) == 12 and all(len(row) == 9 for row in mc)
    assert mc != face_blocks("R7", 9, 12, "minecraft")
    assert face_blocks("back@mc", 9, 12, "minetest") != face_blocks("back", 9, 12, "minetest")
