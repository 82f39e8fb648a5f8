"""Card faces drawn as 128x128 pictures for Minecraft maps.

Every face is drawn at four times the map size and scaled down, so edges are
smooth; fills use colours that are exactly map palette entries, so the big
areas come out clean after `map_palette.to_map_colours`. Symbols are drawn as
masks (white on black) and stamped with a black outline and drop shadow, which
keeps them readable on any fill. The only font is the one Pillow ships
(``ImageFont.load_default``); skip, reverse, flip, the wild oval and the creeper
are shapes.

Layout of a face: a portrait card with rounded corners on a transparent square
(a map is square, a card is not), a white border (black on the dark side of
Flip), the colour's fill, the tilted white oval with the big symbol, and small
indices in the top-left and (upside down) bottom-right corners.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from ..rules.cards import Card, DARK_RING, LIGHT_RING
from .sides import is_dark
from .map_palette import PALETTE, SIZE, index_of

SCALE = 4                  # drawn at 4x, then scaled down
BIG = SIZE * SCALE

RGB = tuple[int, int, int]


def _colour(name: str, shade: int = 2) -> RGB:
    rgb = PALETTE[index_of(name, shade)]
    assert rgb is not None
    return rgb


#: Card fills, each exactly a map palette colour.
FILL: dict[str, RGB] = {
    "R": _colour("FIRE", 1),            # 220, 0, 0
    "Y": _colour("GOLD", 2),            # 250, 238, 77
    "G": _colour("EMERALD", 0),         # 0, 152, 40
    "B": _colour("LAPIS", 0),           # 52, 90, 180
    "P": _colour("COLOR_PINK", 2),      # 242, 127, 165
    "T": _colour("DIAMOND", 0),         # 64, 154, 149
    "O": _colour("COLOR_ORANGE", 2),    # 216, 127, 51
    "V": _colour("COLOR_PURPLE", 2),    # 127, 63, 178
}
WHITE = _colour("SNOW")
BLACK = _colour("COLOR_BLACK", 3)
INK = _colour("COLOR_BLACK")
WILD_FILL = _colour("COLOR_BLACK")
DARK_BORDER = _colour("COLOR_BLACK", 3)
BACK_RED = _colour("FIRE", 1)
BACK_YELLOW = _colour("GOLD")
CREEPER_GREENS = (_colour("EMERALD", 0), _colour("GRASS", 1), _colour("COLOR_LIGHT_GREEN", 1),
                  _colour("PLANT", 2), _colour("GRASS", 2), _colour("COLOR_LIGHT_GREEN", 0))

# Card geometry in map pixels.
CARD_BOX = (19, 2, 109, 126)    # left, top, right, bottom (exclusive)
CARD_RADIUS = 10
BORDER = 5
OVAL_TILT = 30                  # degrees, top leaning right as on the printed cards
OVAL_AXES = (27, 50)            # semi-axes before tilting


def _s(v: float) -> int:
    return round(v * SCALE)


@lru_cache(maxsize=None)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _text_mask(text: str, w: int, h: int, weight: float = 0.08) -> Image.Image:
    """`text` fitted into w x h, centred, thickened by a stroke (the shipped font
    is a regular weight; UNO numbers are heavy)."""
    mask = Image.new("L", (w, h), 0)
    size = h * 2
    while True:
        font = _font(size)
        stroke = max(1, round(size * weight))
        l, t, r, b = font.getbbox(text, stroke_width=stroke)
        if (r - l <= w and b - t <= h) or size <= 6:
            break
        size = max(6, int(size * min(w / (r - l), h / (b - t), 0.97)))
    d = ImageDraw.Draw(mask)
    x = (w - (r - l)) / 2 - l
    y = (h - (b - t)) / 2 - t
    d.text((x, y), text, fill=255, font=font, stroke_width=stroke, stroke_fill=255)
    return mask


def _arrow(d: ImageDraw.ImageDraw, x0: float, y0: float, x1: float, y1: float,
           width: float, head: float) -> None:
    """A straight arrow from (x0, y0) to its tip at (x1, y1)."""
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    px, py = -uy, ux
    bx, by = x1 - ux * head, y1 - uy * head        # base of the head
    hw = width / 2
    d.polygon([(x0 + px * hw, y0 + py * hw), (bx + px * hw, by + py * hw),
               (bx + px * head * 0.75, by + py * head * 0.75), (x1, y1),
               (bx - px * head * 0.75, by - py * head * 0.75), (bx - px * hw, by - py * hw),
               (x0 - px * hw, y0 - py * hw)], fill=255)


def _skip_mask(w: int, h: int) -> Image.Image:
    """The "no entry" ring with a diagonal bar."""
    mask = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(mask)
    r = min(w, h) / 2 * 0.95
    cx, cy = w / 2, h / 2
    ring = r * 0.26
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
    d.ellipse((cx - r + ring, cy - r + ring, cx + r - ring, cy + r - ring), fill=0)
    k = (r - ring / 2) / math.sqrt(2)
    d.line((cx - k, cy + k, cx + k, cy - k), fill=255, width=round(ring))
    return mask


def _skip_all_mask(w: int, h: int) -> Image.Image:
    """Skip everyone: two skip signs, one behind the other."""
    mask = Image.new("L", (w, h), 0)
    part = round(min(w, h) * 0.72)
    one = _skip_mask(part, part)
    mask.paste(255, (w - part, 0), one)
    gap = Image.new("L", (part, part), 0)   # the front sign hides the one behind
    ImageDraw.Draw(gap).ellipse((0, 0, part - 1, part - 1), fill=255)
    gap = gap.filter(ImageFilter.MaxFilter(max(3, (part // 12) | 1)))
    mask.paste(0, (0, h - part), gap)
    mask.paste(255, (0, h - part), one)
    return mask


def _reverse_mask(w: int, h: int) -> Image.Image:
    """Two arrows on parallel diagonals pointing opposite ways."""
    mask = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(mask)
    s = min(w, h)
    ox, oy = (w - s) / 2, (h - s) / 2
    width, head = s * 0.15, s * 0.27
    # on the lines x + y = 0.74 and x + y = 1.26 (unit square), heads at opposite ends
    _arrow(d, ox + s * 0.08, oy + s * 0.66, ox + s * 0.66, oy + s * 0.08, width, head)
    _arrow(d, ox + s * 0.92, oy + s * 0.34, ox + s * 0.34, oy + s * 0.92, width, head)
    return mask


def _flip_mask(w: int, h: int) -> Image.Image:
    """A circular arrow: the card turns over."""
    mask = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(mask)
    s = min(w, h)
    cx, cy = w / 2, h / 2
    r = s * 0.34
    width = round(s * 0.15)
    start, end = -50, 200   # degrees, clockwise on screen (y points down)
    d.arc((cx - r, cy - r, cx + r, cy + r), start=start, end=end, fill=255, width=width)
    a = math.radians(end)
    mid = r - width / 2
    bx, by = cx + mid * math.cos(a), cy + mid * math.sin(a)
    dx, dy = -math.sin(a), math.cos(a)          # the way the arc runs at its end
    nx, ny = math.cos(a), math.sin(a)
    head = s * 0.28
    d.polygon([(bx + nx * head * 0.6, by + ny * head * 0.6), (bx + dx * head, by + dy * head),
               (bx - nx * head * 0.6, by - ny * head * 0.6)], fill=255)
    return mask


def _stamp(canvas: Image.Image, mask: Image.Image, pos: tuple[int, int], fill: RGB,
           outline: float = 0, shadow: float = 0, ink: RGB = INK) -> None:
    """Paste `fill` through `mask` at `pos`, with an `outline` and a drop
    `shadow` (both in map pixels) in `ink`."""
    pad = _s(outline + shadow) + 2
    m = Image.new("L", (mask.width + 2 * pad, mask.height + 2 * pad), 0)
    m.paste(mask, (pad, pad))
    x, y = pos[0] - pad, pos[1] - pad
    if outline:
        grown = m
        for _ in range(max(1, _s(outline) // 2)):
            grown = grown.filter(ImageFilter.MaxFilter(5))
        if shadow:
            canvas.paste(ink, (x + _s(shadow), y + _s(shadow)), grown)
        canvas.paste(ink, (x, y), grown)
    elif shadow:
        canvas.paste(ink, (x + _s(shadow), y + _s(shadow)), m)
    canvas.paste(fill, (x, y), m)


def _oval_points(cx: float, cy: float, a: float, b: float, tilt: float) -> list[tuple[float, float]]:
    th = math.radians(tilt)
    pts = []
    for k in range(180):
        t = 2 * math.pi * k / 180
        x, y = a * math.cos(t), b * math.sin(t)
        pts.append((cx + x * math.cos(th) + y * math.sin(th), cy - x * math.sin(th) + y * math.cos(th)))
    return pts


def _oval_mask(a: float, b: float, tilt: float = OVAL_TILT, size: tuple[int, int] = (BIG, BIG),
               centre: tuple[float, float] | None = None) -> Image.Image:
    mask = Image.new("L", size, 0)
    cx, cy = centre or (size[0] / 2, size[1] / 2)
    ImageDraw.Draw(mask).polygon(_oval_points(cx, cy, a, b, tilt), fill=255)
    return mask


def _four_colour(canvas: Image.Image, mask: Image.Image, ring: tuple[str, ...],
                 centre: tuple[float, float]) -> None:
    """Fill `mask` with the four colours of `ring`, clockwise from top-left."""
    cx, cy = round(centre[0]), round(centre[1])
    w, h = canvas.size
    quads = [(0, 0, cx, cy), (cx, 0, w, cy), (cx, cy, w, h), (0, cy, cx, h)]
    layer = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    for colour, box in zip(ring, quads):
        d.rectangle(box, fill=FILL[colour] + (255,))
    canvas.paste(layer, (0, 0), mask)


def _card_body(canvas: Image.Image, fill: RGB, border: RGB) -> None:
    d = ImageDraw.Draw(canvas)
    l, t, r, b = (_s(v) for v in CARD_BOX)
    d.rounded_rectangle((l, t, r - 1, b - 1), radius=_s(CARD_RADIUS), fill=border + (255,))
    inset = _s(BORDER)
    d.rounded_rectangle((l + inset, t + inset, r - 1 - inset, b - 1 - inset),
                        radius=_s(CARD_RADIUS - BORDER + 2), fill=fill + (255,))


def _symbol_mask(rank: str, w: int, h: int) -> Image.Image:
    if rank == "S":
        return _skip_mask(w, h)
    if rank == "E":
        return _skip_all_mask(w, h)
    if rank == "R":
        return _reverse_mask(w, h)
    if rank == "F":
        return _flip_mask(w, h)
    text = {"W+4": "+4", "W+2": "+2", "W+10": "+10", "WC": "+?", "W2": "2"}.get(rank, rank)
    if text in ("6", "9"):   # underlined, as printed, so 6 and 9 differ upside down
        mask = Image.new("L", (w, h), 0)
        mask.paste(_text_mask(text, w, round(h * 0.84)), (0, 0))
        ImageDraw.Draw(mask).rectangle((w * 0.22, h * 0.9, w * 0.78, h - 1), fill=255)
        return mask
    return _text_mask(text, w, h)


def _corner_mask(card: Card) -> Image.Image | None:
    """The small index, or None where the corners stay empty (plain wild)."""
    rank = card.rank
    if rank in ("W", "C"):
        return None
    w = _s(22) if len(rank) >= 3 or rank in ("10", "+10", "W+10") else _s(16)
    if rank in ("S", "E", "R", "F"):
        w = _s(16)
    return _symbol_mask(rank, w, _s(16))


def _corners(canvas: Image.Image, card: Card, fill: RGB) -> None:
    l, t, r, b = (_s(v) for v in CARD_BOX)
    inset = _s(BORDER + 2)
    if card.rank == "C":
        small = _creeper_face(2)
        for pos, flip in (((l + inset, t + inset), False), ((r - inset - small.width, b - inset - small.height), True)):
            canvas.paste(small.rotate(180) if flip else small, pos)
        return
    mask = _corner_mask(card)
    if mask is None:   # a plain wild's oval says it all
        return
    layer = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    _stamp(layer, mask, (l + inset, t + inset), fill, outline=1, shadow=0)
    canvas.alpha_composite(layer)
    canvas.alpha_composite(layer.rotate(180))


def _ring(card: Card, dark: bool = False) -> tuple[str, ...]:
    return DARK_RING if is_dark(card, dark) else LIGHT_RING


def _centre_oval(canvas: Image.Image, colour: RGB | None, ring: tuple[str, ...] | None,
                 scale: float = 1.0) -> None:
    a, b = _s(OVAL_AXES[0] * scale), _s(OVAL_AXES[1] * scale)
    mask = _oval_mask(a, b)
    if ring is None:
        assert colour is not None, "a plain oval has a colour"     # the callers give a colour or a ring
        canvas.paste(colour, (0, 0), mask)
        return
    edge = _oval_mask(a + _s(2.5), b + _s(2.5))
    canvas.paste(WHITE, (0, 0), edge)
    _four_colour(canvas, mask, ring, (BIG / 2, BIG / 2))


@lru_cache(maxsize=None)
def _creeper_face(cell: int) -> Image.Image:
    """The creeper's face, 8x8 cells of `cell` map pixels, drawn at 4x scale on
    a speckled green skin; returned at the big scale."""
    rows = ("........",
            "........",
            ".XX..XX.",
            ".XX..XX.",
            "...XX...",
            "..XXXX..",
            "..XXXX..",
            "..X..X..")
    px = _s(cell)
    img = Image.new("RGBA", (8 * px, 8 * px), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            colour = BLACK if ch == "X" else CREEPER_GREENS[(x * 7 + y * 13 + x * y) % len(CREEPER_GREENS)]
            d.rectangle((x * px, y * px, (x + 1) * px - 1, (y + 1) * px - 1), fill=colour + (255,))
    return img


def _creeper(canvas: Image.Image) -> None:
    """The Minecraft Creeper card: creeper skin all over, its face in the middle."""
    l, t, r, b = (_s(v) for v in CARD_BOX)
    inset = _s(BORDER)
    skin = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(skin)
    cell = _s(4)
    for y in range(0, BIG, cell):
        for x in range(0, BIG, cell):
            k = (x // cell * 5 + y // cell * 11 + (x // cell) * (y // cell) * 3) % len(CREEPER_GREENS)
            d.rectangle((x, y, x + cell - 1, y + cell - 1), fill=CREEPER_GREENS[k] + (255,))
    inner = Image.new("L", canvas.size, 0)
    ImageDraw.Draw(inner).rounded_rectangle((l + inset, t + inset, r - 1 - inset, b - 1 - inset),
                                            radius=_s(CARD_RADIUS - BORDER + 2), fill=255)
    canvas.paste(skin, (0, 0), inner)
    face = _creeper_face(8)
    frame = _s(2)
    x0, y0 = (BIG - face.width) // 2, (BIG - face.height) // 2
    x0, y0 = x0 - x0 % SCALE, y0 - y0 % SCALE    # keep the pixel art on the map's grid
    ImageDraw.Draw(canvas).rectangle((x0 - frame, y0 - frame, x0 + face.width + frame - 1,
                                      y0 + face.height + frame - 1), fill=BLACK + (255,))
    canvas.paste(face, (x0, y0))


def _draw_face(card: Card, dark: bool = False) -> Image.Image:
    canvas = Image.new("RGBA", (BIG, BIG), (0, 0, 0, 0))
    dark = is_dark(card, dark)
    border = DARK_BORDER if dark else WHITE
    if card.rank == "C":
        _card_body(canvas, WILD_FILL, WHITE)
        _creeper(canvas)
        _corners(canvas, card, WHITE)
        return canvas
    if card.colour is None:     # a wild (`is_wild`), tested so that mypy knows the colour is set below
        _card_body(canvas, WILD_FILL, border)
        _centre_oval(canvas, None, _ring(card, dark))
        if card.rank != "W":
            sym = _symbol_mask(card.rank, _s(58), _s(44))
            _stamp(canvas, sym, ((BIG - sym.width) // 2, (BIG - sym.height) // 2), WHITE, outline=2.5, shadow=2)
        _corners(canvas, card, WHITE)
        return canvas
    fill = FILL[card.colour]
    _card_body(canvas, fill, border)
    _centre_oval(canvas, WHITE, None)
    if card.rank in ("S", "E", "R", "F"):
        w = h = _s(52)
    elif len(card.rank) >= 2:
        w, h = _s(60), _s(48)
    else:
        w, h = _s(48), _s(62)
    sym = _symbol_mask(card.rank, w, h)
    _stamp(canvas, sym, ((BIG - w) // 2, (BIG - h) // 2), fill, outline=2, shadow=2.5)
    _corners(canvas, card, WHITE)
    return canvas


def _draw_back() -> Image.Image:
    canvas = Image.new("RGBA", (BIG, BIG), (0, 0, 0, 0))
    _card_body(canvas, WILD_FILL, WHITE)
    _centre_oval(canvas, BACK_RED, None, scale=1.06)
    text = _text_mask("UNO", _s(62), _s(30), weight=0.1)
    slanted = Image.new("L", (BIG, BIG), 0)
    slanted.paste(text, ((BIG - text.width) // 2, (BIG - text.height) // 2))
    slanted = slanted.rotate(OVAL_TILT - 10, resample=Image.Resampling.BICUBIC)
    _stamp(canvas, slanted, (0, 0), BACK_YELLOW, outline=2, shadow=2.5)
    return canvas


def _shrink(img: Image.Image) -> Image.Image:
    return img.resize((SIZE, SIZE), Image.Resampling.BOX)


def render_face(card: Card, dark: bool = False) -> Image.Image:
    """The 128x128 RGBA picture of one card face (transparent around the card).
    `dark` draws a plain wild as printed on the dark side of Flip."""
    return _shrink(_draw_face(card, dark))


def render_back() -> Image.Image:
    """The 128x128 RGBA picture of the card back."""
    return _shrink(_draw_back())
