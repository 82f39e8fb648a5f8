"""The Minecraft edition's card faces, drawn as chunky pixel art.

The printed UNO Minecraft cards show Minecraft characters and places; these faces do the same
with pixel art drawn here (no game texture is copied): each colour is a block texture with a
motif of its own, in two corners of the card --

* red: a TNT block on a redstone-red texture,
* yellow: a bee on a gold-block texture,
* green: a grass block on a leafy green texture,
* blue: a diamond on a water-blue texture,

and the rank in the middle, big, in a blocky 5x7 pixel font (white, black outline and drop
shadow, as Minecraft writes on screen). Skip is a pixel "no entry" sign, Reverse two pixel arrows
like the game's arrow item. The wilds are obsidian with the four colours' blocks; the back is a
grass block's side with "UNO" on it. The Creeper keeps card_art's face (it was always Minecraft).

Everything is drawn at map size, one picture pixel per map pixel, on coarse grids scaled with
NEAREST, in colours that are exactly map palette entries: nothing is approximated by
`map_palette.to_map_colours`. Same layout as card_art: a portrait card on a transparent square,
(here with stepped corners), a white border, the rank's index in the top-left and (upside down)
bottom-right corners.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from ..rules.cards import Card, LIGHT_RING
from .card_art import BORDER, CARD_BOX, FILL, RGB, _colour
from .map_palette import SIZE

WHITE = _colour("SNOW")
BLACK = _colour("COLOR_BLACK", 3)
SHADOW = _colour("COLOR_BLACK", 3)

#: Per colour: the texture's shades (the first is the card's fill, most of the area) and weights.
TEXTURES: dict[str, tuple[tuple[RGB, ...], tuple[int, ...]]] = {
    "R": ((FILL["R"], _colour("FIRE", 0), _colour("FIRE", 2)), (10, 4, 2)),
    "Y": ((FILL["Y"], _colour("GOLD", 1), _colour("COLOR_YELLOW", 2)), (10, 3, 3)),
    "G": ((FILL["G"], _colour("PLANT", 2), _colour("EMERALD", 1)), (10, 4, 2)),
    "B": ((FILL["B"], _colour("COLOR_BLUE", 2), _colour("LAPIS", 1)), (10, 4, 2)),
    # obsidian, behind the wilds
    "W": ((_colour("COLOR_BLACK", 0), _colour("COLOR_BLACK", 3), _colour("TERRACOTTA_BLUE", 3),
           _colour("COLOR_PURPLE", 3)), (10, 5, 3, 1)),
    # a grass block's side, on the back: grass over dirt
    "T": ((_colour("GRASS", 1), _colour("GRASS", 0), _colour("GRASS", 2)), (10, 5, 3)),
    "D": ((_colour("DIRT", 1), _colour("DIRT", 0), _colour("COLOR_BROWN", 1), _colour("DIRT", 2)), (10, 5, 3, 2)),
}

#: What a letter of a sprite is painted with ("." is transparent).
INKS: dict[str, RGB] = {
    "K": BLACK, "W": WHITE,
    "R": _colour("FIRE", 2), "r": _colour("NETHER", 2), "d": _colour("FIRE", 0),
    "Y": _colour("GOLD", 2), "y": _colour("TERRACOTTA_YELLOW", 2), "I": _colour("ICE", 2),
    "G": _colour("GRASS", 2), "g": _colour("GRASS", 1), "D": _colour("DIRT", 1), "e": _colour("DIRT", 0),
    "c": _colour("DIAMOND", 2), "C": _colour("DIAMOND", 0), "b": _colour("WARPED_NYLIUM", 1),
}

#: The motifs, 12x12 cells each, by colour.
SPRITES: dict[str, tuple[str, ...]] = {
    "R": ("RrRRrRRrRRrR",     # TNT
          "RrRRrRRrRRrR",
          "dRdRRdRRdRRd",
          "WWWWWWWWWWWW",
          "KKKWKWWKWKKK",
          "WKWWKKWKWWKW",
          "WKWWKWKKWWKW",
          "WKWWKWWKWWKW",
          "WWWWWWWWWWWW",
          "dRdRRdRRdRRd",
          "RrRRrRRrRRrR",
          "RrRRrRRrRRrR"),
    "Y": ("..II..II....",     # a bee, flying left to right
          ".IIIIIIII...",
          "..IIIIII.K.K",
          ".YYKYYKYYYK.",
          ".YYKYYKYYYYY",
          ".YYKYYKYKKYY",
          "KYYKYYKYKWYY",
          ".YYKYYKYYYYY",
          ".yYKYYKYYYYy",
          ".yyKyyKyyyyy",
          "..K..K..K.K.",
          "............"),
    "G": ("GGgGGGGgGGGG",     # a grass block
          "GgGGGgGGGGgG",
          "GGGgGGGGgGGG",
          "gGGGGgGGGGGg",
          "DgDDGDDgDDGD",
          "DDDDgDDDDDgD",
          "DeDDDDDeDDDD",
          "DDDDeDDDDeDD",
          "DDeDDDDDDDDD",
          "DDDDDDeDDDeD",
          "eDDDeDDDDDDD",
          "DDDDDDDeDDDD"),
    "B": ("............",     # a diamond
          "...KKKKKK...",
          "..KWWccccK..",
          ".KWccccccCK.",
          "KWcccccccCCK",
          "KCCCCCCCCCbK",
          ".KcccccccbK.",
          "..KccccCbK..",
          "...KccCbK...",
          "....KcbK....",
          ".....KK.....",
          "............"),
}

#: A 5x7 pixel font for the ranks and the back.
FONT: dict[str, tuple[str, ...]] = {
    "0": (".XXX.", "X...X", "X...X", "X...X", "X...X", "X...X", ".XXX."),
    "1": ("..X..", ".XX..", "X.X..", "..X..", "..X..", "..X..", "XXXXX"),
    "2": (".XXX.", "X...X", "....X", "..XX.", ".X...", "X....", "XXXXX"),
    "3": (".XXX.", "X...X", "....X", "..XX.", "....X", "X...X", ".XXX."),
    "4": ("...X.", "..XX.", ".X.X.", "X..X.", "XXXXX", "...X.", "...X."),
    "5": ("XXXXX", "X....", "XXXX.", "....X", "....X", "X...X", ".XXX."),
    "6": (".XXX.", "X....", "X....", "XXXX.", "X...X", "X...X", ".XXX."),
    "7": ("XXXXX", "X...X", "....X", "...X.", "..X..", "..X..", "..X.."),
    "8": (".XXX.", "X...X", "X...X", ".XXX.", "X...X", "X...X", ".XXX."),
    "9": (".XXX.", "X...X", "X...X", ".XXXX", "....X", "....X", ".XXX."),
    "+": (".....", "..X..", "..X..", "XXXXX", "..X..", "..X..", "....."),
    "U": ("X...X", "X...X", "X...X", "X...X", "X...X", "X...X", ".XXX."),
    "N": ("X...X", "XX..X", "X.X.X", "X..XX", "X...X", "X...X", "X...X"),
    "O": (".XXX.", "X...X", "X...X", "X...X", "X...X", "X...X", ".XXX."),
}

# Card geometry in map pixels, as card_art's.
LEFT, TOP, RIGHT, BOTTOM = CARD_BOX
INNER = (LEFT + BORDER, TOP + BORDER, RIGHT - BORDER, BOTTOM - BORDER)
OUTER_STEPS = (6, 4, 2, 2, 1, 1)     # how far each top row of the card starts in: stepped corners
INNER_STEPS = (3, 1)
CORNER = 2                           # the corner index's font cell
SPRITE_CELL = 2


def _rows_mask(rows: tuple[str, ...], cell: int) -> Image.Image:
    """A mask of the cells of `rows` that are not ".", each `cell` x `cell` pixels (NEAREST)."""
    small = Image.new("L", (len(rows[0]), len(rows)), 0)
    small.putdata([255 if ch != "." else 0 for row in rows for ch in row])
    return small.resize((small.width * cell, small.height * cell), Image.Resampling.NEAREST)


def _text_rows(text: str) -> tuple[str, ...]:
    """`text` in the pixel font, a blank column between letters."""
    return tuple(".".join(FONT[ch][y] for ch in text) for y in range(7))


def _text_mask(text: str, cell: int, underline: bool = False) -> Image.Image:
    mask = _rows_mask(_text_rows(text), cell)
    if not underline:         # 6 and 9 are underlined, as printed, to tell them upside down
        return mask
    out = Image.new("L", (mask.width, mask.height + cell * 2), 0)
    out.paste(mask, (0, 0))
    ImageDraw.Draw(out).rectangle((cell, mask.height + cell, mask.width - cell - 1, out.height - 1), fill=255)
    return out


#: Skip: a "no entry" sign (the game's barrier looks alike); Reverse: two arrows pointing opposite
#: ways, diagonal as the game's arrow item. 13x13 cells.
SKIP = ("....XXXXX....",
        "..XXXXXXXXX..",
        ".XXX.....XXX.",
        ".XX.....XXXX.",
        "XX.....XXX.XX",
        "XX....XXX..XX",
        "XX...XXX...XX",
        "XX..XXX....XX",
        "XX.XXX.....XX",
        ".XXXX.....XX.",
        ".XXX.....XXX.",
        "..XXXXXXXXX..",
        "....XXXXX....")
REVERSE = ("...XXXXXX....",
           ".....XXXX....",
           "....XXXXX....",
           "...XXX.XX....",
           "..XXX...X...X",
           ".XXX.......XX",
           "XXX.......XXX",
           "XX.......XXX.",
           "X...X...XXX..",
           "....XX.XXX...",
           "....XXXXX....",
           "....XXXX.....",
           "....XXXXXX...")


def _symbol_mask(rank: str, small: bool = False) -> Image.Image:
    """The rank's big symbol, or (`small`) the corner index."""
    if rank == "S":
        return _rows_mask(SKIP, 1 if small else 4)
    if rank == "R":
        return _rows_mask(REVERSE, 1 if small else 4)
    text = rank[1:] if rank.startswith("W+") else rank
    if small:
        return _text_mask(text, CORNER, underline=text in ("6", "9"))
    if len(text) == 1:
        return _text_mask(text, 8 if text not in ("6", "9") else 7, underline=text in ("6", "9"))
    return _text_mask(text, 6 if len(text) == 2 else 4)


def _stamp(canvas: Image.Image, mask: Image.Image, pos: tuple[int, int], fill: RGB,
           outline: int = 2, shadow: int = 2) -> None:
    """`fill` through `mask` at `pos`, with a square black `outline` and drop `shadow` (pixels)."""
    pad = outline + shadow + 1
    m = Image.new("L", (mask.width + 2 * pad, mask.height + 2 * pad), 0)
    m.paste(mask, (pad, pad))
    grown = m.filter(ImageFilter.MaxFilter(2 * outline + 1)) if outline else m
    x, y = pos[0] - pad, pos[1] - pad
    if shadow:
        canvas.paste(SHADOW, (x + shadow, y + shadow), grown)
    canvas.paste(BLACK, (x, y), grown)
    canvas.paste(fill, (x, y), m)


def _stepped(box: tuple[int, int, int, int], steps: tuple[int, ...]) -> Image.Image:
    """A full-size mask of `box` (exclusive right, bottom) with corners cut in pixel steps."""
    mask = Image.new("L", (SIZE, SIZE), 0)
    d = ImageDraw.Draw(mask)
    l, t, r, b = box
    for y in range(t, b):
        k = min(y - t, b - 1 - y)
        cut = steps[k] if k < len(steps) else 0
        d.line((l + cut, y, r - 1 - cut, y), fill=255)
    return mask


def _texture(name: str, cell: int = 4) -> Image.Image:
    """A block texture over the whole square: `cell`-pixel squares of the texture's shades, picked
    by a fixed hash of the square's place (the same picture every time)."""
    shades, weights = TEXTURES[name]
    pool = [s for s, w in zip(shades, weights) for _ in range(w)]
    img = Image.new("RGBA", (SIZE, SIZE))
    d = ImageDraw.Draw(img)
    for gy in range(SIZE // cell + 1):
        for gx in range(SIZE // cell + 1):
            h = (gx * 374761393 + gy * 668265263 + ord(name) * 2246822519) & 0xFFFFFFFF
            h = ((h ^ (h >> 13)) * 1274126177) & 0xFFFFFFFF
            colour = pool[(h >> 8) % len(pool)]
            d.rectangle((gx * cell, gy * cell, gx * cell + cell - 1, gy * cell + cell - 1), fill=colour + (255,))
    return img


@lru_cache(maxsize=None)
def _sprite(colour: str) -> Image.Image:
    """The colour's motif with a one-pixel black outline, RGBA."""
    rows = SPRITES[colour]
    cell = SPRITE_CELL
    img = Image.new("RGBA", (len(rows[0]) * cell + 2, len(rows) * cell + 2), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch != ".":
                d.rectangle((1 + x * cell, 1 + y * cell, x * cell + cell, y * cell + cell), fill=INKS[ch] + (255,))
    alpha = img.getchannel("A").filter(ImageFilter.MaxFilter(3))
    out = Image.new("RGBA", img.size, (0, 0, 0, 0))
    out.paste(BLACK, (0, 0), alpha)
    out.alpha_composite(img)
    return out


def _card(fill: Image.Image, border: RGB = WHITE) -> Image.Image:
    """The card: `fill` (a full-size picture) inside a border, on a transparent square."""
    canvas = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    canvas.paste(border + (255,), (0, 0), _stepped(CARD_BOX, OUTER_STEPS))
    canvas.paste(fill, (0, 0), _stepped(INNER, INNER_STEPS))
    return canvas


def _centred(canvas: Image.Image, mask: Image.Image, fill: RGB, outline: int = 2, shadow: int = 3,
             dy: int = 0) -> None:
    _stamp(canvas, mask, ((SIZE - mask.width) // 2, (SIZE - mask.height) // 2 + dy), fill, outline, shadow)


def _corner_layer(card: Card, colour: str | None) -> Image.Image:
    """The index (top-left) and the motif (top-right), for one end of the card."""
    layer = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    l, t, r, _ = INNER
    if card.rank != "W":
        _stamp(layer, _symbol_mask(card.rank, small=True), (l + 3, t + 3), WHITE, outline=1, shadow=1)
    if colour is not None:
        sprite = _sprite(colour)
        layer.alpha_composite(sprite, (r - 2 - sprite.width, t + 2))
    return layer


def _wild_blocks(canvas: Image.Image, motifs: bool) -> None:
    """The four colours' blocks in a square in the middle (clockwise from top-left, as the ring
    of the classic wild), each with its motif when `motifs`."""
    tile, gap = 30, 2
    size = 2 * tile + 3 * gap
    x0, y0 = (SIZE - size) // 2, (SIZE - size) // 2
    ImageDraw.Draw(canvas).rectangle((x0, y0, x0 + size - 1, y0 + size - 1), fill=BLACK + (255,))
    places = [(0, 0), (1, 0), (1, 1), (0, 1)]
    for colour, (i, j) in zip(LIGHT_RING, places):
        x, y = x0 + gap + i * (tile + gap), y0 + gap + j * (tile + gap)
        canvas.paste(_texture(colour, 3).crop((x, y, x + tile, y + tile)), (x, y))
        if motifs:
            sprite = _sprite(colour)
            canvas.alpha_composite(sprite, (x + (tile - sprite.width) // 2, y + (tile - sprite.height) // 2))


def render_mc_face(card: Card) -> Image.Image:
    """The 128x128 RGBA picture of a Minecraft edition face (numbers, actions and wilds of the
    light colours; the Creeper is card_art's)."""
    if card.rank == "C":
        from .card_art import render_face
        return render_face(card)
    if card.is_wild:
        canvas = _card(_texture("W"))
        _wild_blocks(canvas, motifs=card.rank == "W")
        if card.rank != "W":
            _centred(canvas, _symbol_mask(card.rank), WHITE, outline=2, shadow=3)
        colour = None
    else:
        colour = card.colour
        if colour not in SPRITES:
            raise ValueError(f"no Minecraft art for {card}")
        canvas = _card(_texture(colour))
        _centred(canvas, _symbol_mask(card.rank), WHITE)
    corner = _corner_layer(card, colour)
    canvas.alpha_composite(corner)
    canvas.alpha_composite(corner.transpose(Image.Transpose.ROTATE_180))
    return canvas


def render_mc_back() -> Image.Image:
    """The Minecraft edition's back: a grass block's side, and UNO."""
    fill = _texture("D")
    grass = _texture("T")
    edge = Image.new("L", (SIZE, SIZE), 0)
    d = ImageDraw.Draw(edge)
    t = INNER[1] + 20
    for x in range(0, SIZE, 4):        # the grass hangs over the dirt in strands of uneven length
        d.rectangle((x, 0, x + 3, t + 4 * ((x * 5 + 3) // 4 % 4 % 3) - 1), fill=255)
    fill.paste(grass, (0, 0), edge)
    canvas = _card(fill)
    _centred(canvas, _text_mask("UNO", 4), INKS["Y"], outline=2, shadow=3, dy=8)
    return canvas
