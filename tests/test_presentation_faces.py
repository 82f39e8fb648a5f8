"""Card art as map pixels: every face of every edition."""

import threading
from collections import Counter

import pytest

from unocraft.presentation import card_art, faces
from unocraft.presentation.map_palette import OPAQUE_INDICES, PALETTE, SIZE
from unocraft.rules.cards import Card, LIGHT_COLOURS, DARK_COLOURS
from unocraft.rules.editions import EDITIONS, build_deck
from waiting import until

VALID = set(OPAQUE_INDICES) | {0}


def deck_faces(name):
    edition = EDITIONS[name]
    deck = build_deck(edition, plus_ten=True)
    return {(card, side == 1 and edition.double_sided) for side in range(2) for card in deck.faces[side]}


@pytest.mark.parametrize("name", sorted(EDITIONS))
def test_every_face_of_every_deck_renders_to_valid_map_pixels(name):
    for card, dark in sorted(deck_faces(name), key=str):
        pixels = faces.face_pixels(card, dark)
        assert len(pixels) == SIZE * SIZE
        assert set(pixels) <= VALID, card
        assert len(set(pixels)) > 3, card


def test_the_back_renders():
    pixels = faces.face_pixels(faces.BACK)
    assert len(pixels) == SIZE * SIZE and set(pixels) <= VALID and len(set(pixels)) > 3


def test_distinct_faces_have_distinct_pixels():
    keys = faces.all_face_keys()
    assert len(keys) > 100
    seen = {}
    for key in keys:
        pixels = faces.face_pixels(key)
        assert pixels not in seen, f"{key} looks like {seen.get(pixels)}"
        seen[pixels] = key


def test_the_card_sits_on_a_transparent_square():
    pixels = faces.face_pixels(Card.parse("G5"))
    assert pixels[0] == 0 and pixels[-1] == 0          # corners outside the card
    assert pixels[64 * SIZE + 64] != 0                   # the middle is card


def _fill_counts(card):
    pixels = faces.face_pixels(card)
    return Counter(PALETTE[p] for p in pixels if p)


def test_a_red_card_is_mostly_red():
    counts = _fill_counts(Card.parse("R7"))
    total = sum(counts.values())
    reddish = sum(n for (r, g, b), n in counts.items() if r > g + 60 and r > b + 60)
    assert reddish > 0.4 * total


@pytest.mark.parametrize("colour", LIGHT_COLOURS + DARK_COLOURS)
def test_each_colour_fills_with_its_own_palette_colour(colour):
    counts = _fill_counts(Card.parse(colour + "3"))
    assert counts[card_art.FILL[colour]] > 0.2 * sum(counts.values())
    for other in LIGHT_COLOURS + DARK_COLOURS:
        if other != colour:
            assert counts[card_art.FILL[other]] < 0.02 * sum(counts.values())


def test_the_creeper_has_a_black_face_on_green():
    counts = _fill_counts(Card.parse("C"))
    greens = sum(n for (r, g, b), n in counts.items() if g > r + 30 and g > b + 30)
    assert greens > 0.4 * sum(counts.values())
    assert counts[card_art.BLACK] > 200


def test_a_wild_shows_all_four_colours():
    counts = _fill_counts(Card.parse("W"))
    for colour in LIGHT_COLOURS:
        assert counts[card_art.FILL[colour]] > 100
    dark = Counter(PALETTE[p] for p in faces.face_pixels("W", dark=True) if p)
    for colour in DARK_COLOURS:
        assert dark[card_art.FILL[colour]] > 100


def test_face_keys_are_the_card_notation():
    assert faces.face_key(Card.parse("r7")) == "R7"
    assert faces.face_key(Card.parse("w+4")) == "W+4"
    assert faces.face_key(faces.BACK) == "back"
    assert faces.face_key(Card.parse("W"), dark=True) == "W/dark"
    assert faces.face_key(Card.parse("P5"), dark=True) == "P5"
    assert faces.face_key("w+4") == "W+4"


def test_face_keys_round_trip():
    for key in faces.all_face_keys():
        card, dark = faces.face_from_key(key)
        assert faces.face_key(card if card else faces.BACK, dark, edition=faces.key_edition(key)) == key


def test_face_pixels_are_rendered_once():
    assert faces.face_pixels(Card.parse("B9")) is faces.face_pixels("B9")


def test_digest_changes_with_the_face():
    assert faces.face_digest("R1") != faces.face_digest("R2")
    assert faces.face_digest("R1") == faces.face_digest(Card.parse("R1"))


def test_render_face_is_a_128_square_rgba_image():
    image = card_art.render_face(Card.parse("Y+2"))
    assert image.size == (128, 128) and image.mode == "RGBA"


def test_contact_sheet_has_a_tile_per_face():
    sheet = faces.contact_sheet(["R1", "W", "back"], columns=2)
    assert sheet.size == (256, 256)


def test_warm_up_renders_the_configured_editions_faces_and_stops_when_asked(monkeypatch):
    """Issue 9 item 2: faces are rendered at start-up in a thread of their own, not when the first
    game asks (here without the shipped faces, which the warm-up reads in a moment)."""
    monkeypatch.setattr(faces, "_archive", lambda: {})
    faces._pixels.cache_clear()
    stop = threading.Event()
    thread = faces.warm_up("flip", stop)
    until(lambda: faces._pixels.cache_info().currsize >= 2, "no face rendered by the warm-up")
    stop.set()
    thread.join(timeout=30)
    assert not thread.is_alive(), "the warm-up did not stop when asked"
    rendered = faces._pixels.cache_info().currsize
    assert rendered < len(faces.edition_face_keys(EDITIONS["flip"]))
    hits = faces._pixels.cache_info().hits
    first = faces.edition_face_keys(EDITIONS["flip"])[:2]
    for key in first:
        faces._pixels(key)
    assert faces._pixels.cache_info().hits == hits + 2, "the flip edition's faces were rendered"


def test_the_package_ships_every_face_and_nothing_else():
    names = set(faces._archive())
    keys = faces.all_face_keys()
    assert names == {"map/" + k for k in keys} | {"png/" + k for k in keys}


def test_a_shipped_face_is_used_without_drawing_it(monkeypatch):
    """The engine shows a card without Pillow (GraalPy has none): the shipped pixels, not a render."""
    def no_drawing(key):
        raise AssertionError(f"{key} was drawn")
    monkeypatch.setattr(faces, "render_pixels", no_drawing)
    monkeypatch.setattr(faces, "render_png", no_drawing)
    faces._pixels.cache_clear()
    assert len(faces.face_pixels("G+2")) == SIZE * SIZE
    assert faces.face_png("W/dark").startswith(b"\x89PNG")


@pytest.mark.slow
def test_the_shipped_faces_are_the_drawn_ones():
    """faces.zip is up to date with the card art: run scripts/build-faces after changing it."""
    shipped = faces._archive()
    stale = [k for k in faces.all_face_keys()
             if shipped["map/" + k] != faces.render_pixels(k) or shipped["png/" + k] != faces.render_png(k)]
    assert not stale, f"faces.zip is stale for {stale[:10]}: run scripts/build-faces"
