"""The map palette and the image -> map pixel conversion."""

import pytest
from PIL import Image

from unocraft.presentation import map_palette as mp


def test_palette_has_62_base_colours_times_four_shades():
    assert len(mp.BASE_COLOURS) == 62
    assert mp.BASE_COLOURS[61][0] == "GLOW_LICHEN"
    assert len(mp.PALETTE) == 256
    assert mp.PALETTE[:4] == (None,) * 4
    assert len(mp.OPAQUE_INDICES) == 61 * 4
    assert mp.OPAQUE_INDICES[0] == 4 and mp.OPAQUE_INDICES[-1] == 247


@pytest.mark.parametrize("index, rgb", [
    (4, (89, 125, 39)),       # GRASS x180, the wiki's first row (floor, not rounding)
    (5, (109, 153, 48)),      # GRASS x220
    (6, (127, 178, 56)),      # GRASS itself
    (7, (67, 94, 29)),        # GRASS x135
    (34, (255, 255, 255)),    # SNOW
    (32, (180, 180, 180)),
    (18, (255, 0, 0)),        # FIRE
    (114, (153, 51, 51)),     # COLOR_RED
    (238, (100, 100, 100)),   # DEEPSLATE
    (242, (216, 175, 147)),   # RAW_IRON
    (246, (127, 167, 150)),   # GLOW_LICHEN
    (247, (67, 88, 79)),      # GLOW_LICHEN x135
])
def test_known_palette_colours(index, rgb):
    assert mp.PALETTE[index] == rgb


def test_index_of_names_and_shades():
    assert mp.index_of("SNOW") == 34
    assert mp.index_of("GRASS", 0) == 4
    with pytest.raises(KeyError):
        mp.index_of("BEDROCK")


def test_every_palette_colour_converts_to_itself():
    image = Image.new("RGBA", (128, 128), (0, 0, 0, 0))
    for n, index in enumerate(mp.OPAQUE_INDICES):
        image.putpixel((n % 128, n // 128), mp.PALETTE[index] + (255,))
    pixels = mp.to_map_colours(image)
    for n, index in enumerate(mp.OPAQUE_INDICES):
        assert pixels[n] == index
    assert set(pixels[len(mp.OPAQUE_INDICES):]) == {0}


def test_lookup_table_is_the_exact_nearest_colour_of_each_cell():
    table = mp.lookup_table()
    assert len(table) == 1 << 15
    assert set(table) <= set(mp.OPAQUE_INDICES)
    for cell in range(0, 1 << 15, 37):
        centre = tuple((cell >> shift & 31) * 8 + 4 for shift in (10, 5, 0))
        best = mp.nearest_index(centre)
        assert mp.distance(centre, mp.PALETTE[table[cell]]) == pytest.approx(
            mp.distance(centre, mp.PALETTE[best])), centre


def test_lookup_table_is_built_once_per_process_and_its_build_time_recorded():
    # how fast it builds (about 0.15 s) is a figure for a benchmark, not a test's verdict on a
    # shared machine; the test is that a process pays for it once
    mp.lookup_table.cache_clear()
    first = mp.lookup_table()
    took = mp.last_build_seconds
    assert took is not None and took > 0
    assert mp.lookup_table() is first
    assert mp.last_build_seconds == took         # not built again


def test_near_colours_find_their_palette_entry():
    image = Image.new("RGB", (128, 128), (250, 2, 3))
    assert set(mp.to_map_colours(image)) == {mp.index_of("FIRE")}


def test_transparent_pixels_become_index_zero():
    image = Image.new("RGBA", (128, 128), (255, 0, 0, 0))
    image.putpixel((5, 7), (255, 255, 255, 255))
    pixels = mp.to_map_colours(image)
    assert len(pixels) == 16384
    assert pixels[7 * 128 + 5] == mp.index_of("SNOW")
    assert pixels.count(0) == 16383


def test_only_map_sized_images_convert():
    with pytest.raises(ValueError):
        mp.to_map_colours(Image.new("RGB", (64, 64)))


def test_round_trip_through_the_preview_image():
    image = Image.new("RGB", (128, 128), mp.PALETTE[mp.index_of("LAPIS", 1)])
    pixels = mp.to_map_colours(image)
    assert mp.to_map_colours(mp.from_map_colours(pixels)) == pixels


def test_signed_bytes_for_java():
    assert mp.signed(bytes([0, 1, 127, 128, 200, 255])) == [0, 1, 127, -128, -56, -1]
    assert all(-128 <= b <= 127 for b in mp.signed(bytes(range(256))))
