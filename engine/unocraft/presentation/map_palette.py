"""The Minecraft Java 1.21 map colour palette and image -> map pixel conversion.

A map is 128x128 bytes; each byte is a colour index ``base * 4 + shade``. Base 0
(NONE) is transparent, so indices 0-3 show nothing. Each base colour has four
shades: the base RGB times 180, 220, 255 or 135, divided by 255 and rounded
down, as the client does (``MapColor.calculateRGBColor``).

Base colours, ids 0-58, from Minestom ``net.minestom.server.map.MapColors``
(`Minestom/Minestom: src/main/java/net/minestom/server/map/MapColors.java`);
ids 59-61 (DEEPSLATE, RAW_IRON, GLOW_LICHEN, added in 1.17 and still the last
in 1.21) from SoulFire's ``MapColorUtils.MapColor``, which is "kept in sync with
https://minecraft.wiki/w/Map_item_format#Color_table"
(`AlexProgrammerDE/SoulFire: .../protocol/bot/utils/MapColorUtils.java`). Both
agree on ids 0-58. The floor rounding of the shades matches the wiki's table
(GRASS shade 0 = 89, 125, 39).

Conversion uses a lookup table over 15-bit RGB (5 bits per channel): entry
``r5 << 10 | g5 << 5 | b5`` is the palette index nearest to the centre of that
cell. A pruned search builds it in pure Python in about 0.15 s, once per
process. Colours that are exactly a palette entry
skip the table, so art drawn in palette colours survives unchanged.
"""

from __future__ import annotations

import time
from functools import lru_cache

from PIL import Image

SIZE = 128
PIXELS = SIZE * SIZE

#: (name, (r, g, b)) by base colour id; id 0 is transparent.
BASE_COLOURS: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("NONE", (0, 0, 0)),
    ("GRASS", (127, 178, 56)),
    ("SAND", (247, 233, 163)),
    ("WOOL", (199, 199, 199)),
    ("FIRE", (255, 0, 0)),
    ("ICE", (160, 160, 255)),
    ("METAL", (167, 167, 167)),
    ("PLANT", (0, 124, 0)),
    ("SNOW", (255, 255, 255)),
    ("CLAY", (164, 168, 184)),
    ("DIRT", (151, 109, 77)),
    ("STONE", (112, 112, 112)),
    ("WATER", (64, 64, 255)),
    ("WOOD", (143, 119, 72)),
    ("QUARTZ", (255, 252, 245)),
    ("COLOR_ORANGE", (216, 127, 51)),
    ("COLOR_MAGENTA", (178, 76, 216)),
    ("COLOR_LIGHT_BLUE", (102, 153, 216)),
    ("COLOR_YELLOW", (229, 229, 51)),
    ("COLOR_LIGHT_GREEN", (127, 204, 25)),
    ("COLOR_PINK", (242, 127, 165)),
    ("COLOR_GRAY", (76, 76, 76)),
    ("COLOR_LIGHT_GRAY", (153, 153, 153)),
    ("COLOR_CYAN", (76, 127, 153)),
    ("COLOR_PURPLE", (127, 63, 178)),
    ("COLOR_BLUE", (51, 76, 178)),
    ("COLOR_BROWN", (102, 76, 51)),
    ("COLOR_GREEN", (102, 127, 51)),
    ("COLOR_RED", (153, 51, 51)),
    ("COLOR_BLACK", (25, 25, 25)),
    ("GOLD", (250, 238, 77)),
    ("DIAMOND", (92, 219, 213)),
    ("LAPIS", (74, 128, 255)),
    ("EMERALD", (0, 217, 58)),
    ("PODZOL", (129, 86, 49)),
    ("NETHER", (112, 2, 0)),
    ("TERRACOTTA_WHITE", (209, 177, 161)),
    ("TERRACOTTA_ORANGE", (159, 82, 36)),
    ("TERRACOTTA_MAGENTA", (149, 87, 108)),
    ("TERRACOTTA_LIGHT_BLUE", (112, 108, 138)),
    ("TERRACOTTA_YELLOW", (186, 133, 36)),
    ("TERRACOTTA_LIGHT_GREEN", (103, 117, 53)),
    ("TERRACOTTA_PINK", (160, 77, 78)),
    ("TERRACOTTA_GRAY", (57, 41, 35)),
    ("TERRACOTTA_LIGHT_GRAY", (135, 107, 98)),
    ("TERRACOTTA_CYAN", (87, 92, 92)),
    ("TERRACOTTA_PURPLE", (122, 73, 88)),
    ("TERRACOTTA_BLUE", (76, 62, 92)),
    ("TERRACOTTA_BROWN", (76, 50, 35)),
    ("TERRACOTTA_GREEN", (76, 82, 42)),
    ("TERRACOTTA_RED", (142, 60, 46)),
    ("TERRACOTTA_BLACK", (37, 22, 16)),
    ("CRIMSON_NYLIUM", (189, 48, 49)),
    ("CRIMSON_STEM", (148, 63, 97)),
    ("CRIMSON_HYPHAE", (92, 25, 29)),
    ("WARPED_NYLIUM", (22, 126, 134)),
    ("WARPED_STEM", (58, 142, 140)),
    ("WARPED_HYPHAE", (86, 44, 62)),
    ("WARPED_WART_BLOCK", (20, 180, 133)),
    ("DEEPSLATE", (100, 100, 100)),
    ("RAW_IRON", (216, 175, 147)),
    ("GLOW_LICHEN", (127, 167, 150)),
)

#: Brightness multipliers by shade index (shade 2 is the base colour itself).
SHADE_MULTIPLIERS = (180, 220, 255, 135)

TRANSPARENT = 0


def _shade(rgb: tuple[int, int, int], multiplier: int) -> tuple[int, int, int]:
    r, g, b = rgb
    return r * multiplier // 255, g * multiplier // 255, b * multiplier // 255


#: RGB of every colour index (256 entries; indices past the palette and the
#: transparent ones are None).
PALETTE: tuple[tuple[int, int, int] | None, ...] = tuple(
    [None] * 4
    + [_shade(rgb, m) for _, rgb in BASE_COLOURS[1:] for m in SHADE_MULTIPLIERS]
    + [None] * (256 - 4 * len(BASE_COLOURS))
)

#: RGB of every drawable colour index, in index order.
_OPAQUE: dict[int, tuple[int, int, int]] = {i: rgb for i, rgb in enumerate(PALETTE) if rgb is not None}
#: Every drawable colour index.
OPAQUE_INDICES: tuple[int, ...] = tuple(_OPAQUE)


def index_of(base_name: str, shade: int = 2) -> int:
    """The colour index of a named base colour and shade: ``index_of("SNOW") == 34``."""
    for base, (name, _) in enumerate(BASE_COLOURS):
        if name == base_name:
            return base * 4 + shade
    raise KeyError(base_name)


def distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """Squared "redmean" colour distance: cheap, and closer to how eyes judge
    reds and blues than plain RGB distance (the weighting Bukkit's MapPalette uses)."""
    rmean = (a[0] + b[0]) / 2
    dr, dg, db = a[0] - b[0], a[1] - b[1], a[2] - b[2]
    return (2 + rmean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - rmean) / 256) * db * db


def nearest_index(rgb: tuple[int, int, int]) -> int:
    """The exact nearest opaque palette index by `distance` (slow: 244 comparisons)."""
    return min(OPAQUE_INDICES, key=lambda i: distance(rgb, _OPAQUE[i]))


#: Exact palette colours map to themselves (the first index, if two shades coincide).
_EXACT: dict[tuple[int, int, int], int] = {}
for _i, _rgb in _OPAQUE.items():
    _EXACT.setdefault(_rgb, _i)


def _cell_centre(v5: int) -> int:
    return v5 * 8 + 4


def build_lookup_table() -> bytes:
    """The 32768-entry table: for each 15-bit cell, the palette index nearest to
    the cell's centre. Pruned search: for one (r, g) pair the red+green part of
    the distance bounds the whole distance, so candidates are tried in order of
    it and the scan stops once that part alone exceeds the best distance."""
    table = bytearray(1 << 15)
    colours = list(_OPAQUE.items())
    for r5 in range(32):
        r = _cell_centre(r5)
        # Per candidate: red part of the distance and the blue weight; both
        # depend only on r and the candidate's red.
        red_part = []
        for i, (pr, pg, pb) in colours:
            rmean = (r + pr) / 2
            red_part.append((i, (2 + rmean / 256) * (r - pr) ** 2, pg, pb, 2 + (255 - rmean) / 256))
        for g5 in range(32):
            g = _cell_centre(g5)
            rg = sorted((dr + 4 * (g - pg) ** 2, i, pb, wb) for i, dr, pg, pb, wb in red_part)
            base = (r5 << 10) | (g5 << 5)
            for b5 in range(32):
                b = _cell_centre(b5)
                best, best_i = float("inf"), 0
                for d_rg, i, pb, wb in rg:
                    if d_rg >= best:
                        break
                    d = d_rg + wb * (b - pb) ** 2
                    if d < best:
                        best, best_i = d, i
                table[base | b5] = best_i
    return bytes(table)


#: Seconds the table build took, for the record (measured: about 0.15 s).
last_build_seconds: float | None = None


@lru_cache(maxsize=1)
def lookup_table() -> bytes:
    """The lookup table, built on first use. It is fast enough to build at
    every start, so no cache file can go stale or fail to write."""
    global last_build_seconds
    start = time.perf_counter()
    table = build_lookup_table()
    last_build_seconds = time.perf_counter() - start
    return table


def to_map_colours(image: Image.Image, alpha_threshold: int = 128) -> bytes:
    """16384 palette indices (row-major) of a 128x128 image. Pixels with alpha
    below `alpha_threshold` become transparent (0)."""
    if image.size != (SIZE, SIZE):
        raise ValueError(f"a map image is {SIZE}x{SIZE}, not {image.size[0]}x{image.size[1]}")
    rgba = image.convert("RGBA")
    table = lookup_table()
    exact = _EXACT
    out = bytearray(PIXELS)
    seen: dict[tuple[int, int, int, int], int] = {}
    # Pillow 12 renamed getdata (now deprecated) to get_flattened_data
    data = rgba.get_flattened_data() if hasattr(rgba, "get_flattened_data") else rgba.getdata()
    for n, px in enumerate(data):
        index = seen.get(px)
        if index is None:
            r, g, b, a = px
            if a < alpha_threshold:
                index = TRANSPARENT
            else:
                index = exact.get((r, g, b))
                if index is None:
                    index = table[(r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)]
            seen[px] = index
        out[n] = index
    return bytes(out)


def from_map_colours(pixels: bytes, transparent: tuple[int, int, int, int] = (0, 0, 0, 0)) -> Image.Image:
    """The RGBA image a client shows for map pixels (for previews and tests)."""
    if len(pixels) != PIXELS:
        raise ValueError(f"map pixels are {PIXELS} bytes, not {len(pixels)}")
    flat = bytearray()
    for index in pixels:
        rgb = PALETTE[index]
        flat += bytes(transparent) if rgb is None else bytes((*rgb, 255))
    return Image.frombytes("RGBA", (SIZE, SIZE), bytes(flat))


def signed(pixels: bytes) -> list[int]:
    """Palette indices as Java's signed bytes (-128..127)."""
    return [p - 256 if p > 127 else p for p in pixels]
