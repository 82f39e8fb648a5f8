"""Card art as block pixel art: the map art of `presentation.faces` (card_art, minecraft_art), in the server's coloured blocks.

A block is the Minecraft Pi API's ``(id, data)``. Both palettes use wool (id 35, the data is the
colour), the one coloured block every Pi API server has: on Minecraft (RaspberryJuice) as wool, on
Minetest the pycraft mod turns each into a ``wool:<colour>`` node, and two Minecraft colours share
one Minetest node (light blue and cyan are both ``wool:cyan``), so the Minetest palette leaves one
out. The colours are the blocks' average texture colours (Minetest's from minetest_game's
textures).

A face is cut to the card (the map art has a transparent margin), every pixel is given its nearest
palette block, and each block of the picture takes the block most of its pixels got: a majority,
not an average, so the card's clean fills and white oval stay clean and a thin outline does not
smear into a third colour.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from ..presentation.card_art import CARD_BOX, FILL
from ..presentation.faces import render_image

Block = tuple[int, int]
AIR: Block = (0, 0)
WOOL = 35

# (data, name, average RGB of the block's texture)
_MINECRAFT = [
    (0, "white", (233, 236, 236)), (1, "orange", (240, 118, 19)), (2, "magenta", (189, 68, 179)),
    (3, "light_blue", (58, 175, 217)), (4, "yellow", (248, 197, 39)), (5, "lime", (112, 185, 25)),
    (6, "pink", (237, 141, 172)), (7, "gray", (62, 68, 71)), (8, "light_gray", (142, 142, 134)),
    (9, "cyan", (21, 137, 145)), (10, "purple", (121, 42, 172)), (11, "blue", (53, 57, 157)),
    (12, "brown", (114, 71, 40)), (13, "green", (84, 109, 27)), (14, "red", (160, 39, 34)),
    (15, "black", (20, 21, 25)),
]
# pycraft's translation of each wool data value (block.lua) and minetest_game's texture colours
_MINETEST = [
    (0, "white", (220, 220, 220)), (1, "orange", (213, 81, 21)), (2, "magenta", (200, 3, 109)),
    (4, "yellow", (254, 225, 15)), (5, "green", (92, 216, 28)), (6, "pink", (255, 131, 131)),
    (7, "dark_grey", (59, 59, 59)), (8, "grey", (131, 131, 131)), (9, "cyan", (0, 130, 139)),
    (10, "violet", (92, 2, 169)), (11, "blue", (0, 72, 145)), (12, "brown", (86, 42, 0)),
    (13, "dark_green", (32, 102, 0)), (14, "red", (168, 17, 17)), (15, "black", (29, 29, 29)),
]

# The card colours by name, not by nearest colour: a green card is the bright green on both servers.
_CARD_COLOURS = {"R": "red", "Y": "yellow", "G": ("lime", "green"), "B": "blue", "P": "pink",
                 "T": "cyan", "O": "orange", "V": ("purple", "violet")}


class Palette:
    """The coloured blocks of one kind of server."""

    def __init__(self, name: str, entries: list[tuple[int, str, tuple[int, int, int]]]):
        self.name = name
        self.rgb: dict[Block, tuple[int, int, int]] = {(WOOL, d): rgb for d, _, rgb in entries}
        self.by_name: dict[str, Block] = {n: (WOOL, d) for d, n, _ in entries}
        self.node: dict[Block, str] = {(WOOL, d): f"wool:{n}" for d, n, _ in entries}
        self.fixed: dict[tuple[int, int, int], Block] = {}
        for letter, names in _CARD_COLOURS.items():
            names = names if isinstance(names, tuple) else (names,)
            block = next(self.by_name[n] for n in names if n in self.by_name)
            self.fixed[FILL[letter]] = block
        self._near: dict[tuple[int, int, int], Block] = {}

    def colour(self, letter: str) -> Block:
        """The block of a card colour letter (R, Y, G, B and Flip's dark colours)."""
        return self.fixed[FILL[letter]]

    def nearest(self, rgb: tuple[int, int, int]) -> Block:
        block = self.fixed.get(rgb) or self._near.get(rgb)
        if block is None:
            block = min(self.rgb, key=lambda b: sum((p - q) ** 2 for p, q in zip(self.rgb[b], rgb)))
            self._near[rgb] = block
        return block


PALETTES = {"minecraft": Palette("minecraft", _MINECRAFT), "minetest": Palette("minetest", _MINETEST)}


@lru_cache(maxsize=512)
def face_blocks(key: str, width: int, height: int, palette: str) -> tuple[tuple[Block, ...], ...]:
    """The card face `key` (a `faces.face_key`, or "back") as `height` rows of `width` blocks, top
    row first, each block the majority of its pixels (rendered once per face, size and palette)."""
    pal = PALETTES[palette]
    image = render_image(key).crop(CARD_BOX).convert("RGBA")
    w, h = image.size
    pixels: Any = image.load()     # RGBA: each pixel a 4-tuple
    rows = []
    for r in range(height):
        y0, y1 = r * h // height, max(r * h // height + 1, (r + 1) * h // height)
        row = []
        for c in range(width):
            x0, x1 = c * w // width, max(c * w // width + 1, (c + 1) * w // width)
            votes: Counter = Counter()
            for y in range(y0, y1):
                for x in range(x0, x1):
                    red, green, blue, alpha = pixels[x, y]
                    if alpha >= 128:
                        votes[pal.nearest((red, green, blue))] += 1
            row.append(votes.most_common(1)[0][0] if votes else AIR)   # a rounded corner
        rows.append(tuple(row))
    return tuple(rows)
