"""Map pixels per card face, and the stable key each face is known by.

The plugin creates one map per face key ("R7", "W+4", "back") and keeps its id
across restarts; every copy of a card shows that one map. The Minecraft edition draws
its cards (but the Creeper) and its back in art of its own (minecraft_art), known by
keys of their own: the card's key with "@mc" ("R7@mc", "back@mc"). Every face is rendered
when the package is built, into faces.zip beside this file (`write_archive`), so the
engine needs no Pillow to show a card (GraalPy has none); a face missing there is
rendered on the spot, where Pillow is installed.
"""

from __future__ import annotations

import hashlib
import io
import threading
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..rules.cards import Card
from ..rules.editions import EDITIONS, Edition, build_deck, deck_with_every_card
from .sides import is_dark

if TYPE_CHECKING:
    from PIL import Image

#: every face's map pixels ("map/<key>") and PNG ("png/<key>"), rendered at build time
ARCHIVE = Path(__file__).with_name("faces.zip")

BACK = "back"
#: Suffix of a plain wild printed on the dark side of Flip ("W" is one card in
#: the rules, but its dark face shows the dark colour ring).
DARK_SUFFIX = "/dark"

#: Suffix of the faces an edition draws in art of its own, by edition.
EDITION_SUFFIX = {"minecraft": "@mc"}

Face = Card | str   # a Card, a face key, or BACK


@lru_cache(maxsize=None)
def _own_art(edition: str) -> frozenset[Card]:
    """The cards `edition` draws in art of its own (every card it may deal, but the Creeper,
    whose face was always Minecraft's)."""
    if edition not in EDITION_SUFFIX:
        return frozenset()
    return frozenset(c for c in deck_with_every_card(EDITIONS[edition]).faces[0] if c.rank != "C")


def _split(key: str) -> tuple[str, str | None]:
    """A key without its edition suffix, and that edition (None for the shared faces)."""
    for edition, suffix in EDITION_SUFFIX.items():
        if key.endswith(suffix):
            return key[: -len(suffix)], edition
    return key, None


def face_key(face: Face, dark: bool = False, edition: str | None = None) -> str:
    """The face's stable key: the card's notation (``"R7"``, ``"W+4"``,
    ``"P+5"``), ``"W/dark"`` for a wild on the dark side of Flip, or
    ``"back"``; in the Minecraft `edition` (its name), ``"R7@mc"`` and ``"back@mc"``
    (any other edition, or None, gives the shared faces). `dark` says the face is on
    the dark side; it matters only for wilds printed on both sides."""
    if isinstance(face, str):
        face, named = _split(face)
        edition = named or edition
        if face != BACK:
            if face.endswith(DARK_SUFFIX):
                face, dark = face[: -len(DARK_SUFFIX)], True
            face = Card.parse(face)
    suffix = EDITION_SUFFIX.get(edition or "", "")
    if face == BACK:
        return BACK + suffix
    assert isinstance(face, Card)
    key = str(face)
    if dark and face.is_wild and not is_dark(face):
        key += DARK_SUFFIX
    return key + suffix if not dark and face in _own_art(edition or "") else key   # no dark side there


def face_from_key(key: str) -> tuple[Card | None, bool]:
    """The card and side of `face_key`'s key: (card, dark), or (None, False) for the back
    (`key_edition` tells whose art). ValueError for no such face."""
    key, edition = _split(key)
    if key == BACK:
        return None, False
    dark = key.endswith(DARK_SUFFIX)
    card = Card.parse(key[: -len(DARK_SUFFIX)] if dark else key)
    if edition is not None and (dark or card not in _own_art(edition)):
        raise ValueError(f"the {edition} edition has no art of its own for {key}")
    return card, dark


def key_edition(key: str) -> str | None:
    """The edition whose own art a face key names ("minecraft" for "R7@mc"), None for the shared
    faces: ``face_key(card or BACK, dark, edition=key_edition(key)) == key``."""
    return _split(key)[1]


@lru_cache(maxsize=1)
def _archive() -> dict[str, bytes]:
    """The shipped faces, read once (about 1 MB); empty when the file is missing."""
    try:
        with zipfile.ZipFile(ARCHIVE) as z:
            return {name: z.read(name) for name in z.namelist()}
    except FileNotFoundError:
        return {}


def render_image(key: str) -> "Image.Image":
    """A face's 128x128 RGBA picture drawn now (needs Pillow)."""
    card, dark = face_from_key(key)
    if key_edition(key) == "minecraft":
        from .minecraft_art import render_mc_back, render_mc_face
        return render_mc_back() if card is None else render_mc_face(card)
    from .card_art import render_back, render_face     # Pillow: only where a face is drawn
    return render_back() if card is None else render_face(card, dark)


def render_pixels(key: str) -> bytes:
    """A face's map pixels drawn now (needs Pillow)."""
    from .map_palette import to_map_colours
    return to_map_colours(render_image(key))


def render_png(key: str) -> bytes:
    """A face's PNG drawn now (needs Pillow)."""
    out = io.BytesIO()
    render_image(key).save(out, format="PNG", optimize=True)
    return out.getvalue()


@lru_cache(maxsize=None)
def _pixels(key: str) -> bytes:
    shipped = _archive().get("map/" + key)
    return shipped if shipped is not None else render_pixels(key)


def face_png(key: str) -> bytes:
    """A face's art as PNG (what the web page shows): the shipped one, or drawn now."""
    face_from_key(key)      # ValueError for no such face
    shipped = _archive().get("png/" + key)
    return shipped if shipped is not None else render_png(key)


def face_pixels(face: Face, dark: bool = False) -> bytes:
    """The 16384 map colour indices of a face, rendered once and cached."""
    return _pixels(face_key(face, dark))


def face_digest(face: Face, dark: bool = False) -> str:
    """A short hash of the face's pixels: lets the plugin notice changed art
    for a map it already made."""
    return hashlib.sha256(face_pixels(face, dark)).hexdigest()[:16]


def edition_face_keys(edition: Edition, every_card: bool = False) -> list[str]:
    """Every distinct face key of an edition's deck (both sides; `every_card`: with the cards
    house rules add), in deck order, and the back."""
    deck = deck_with_every_card(edition) if every_card else build_deck(edition)
    keys = dict.fromkeys(face_key(card, dark=side == 1 and edition.double_sided, edition=edition.name)
                         for side in range(2) for card in deck.faces[side])
    return list(keys) + [face_key(BACK, edition=edition.name)]


def all_face_keys() -> list[str]:
    """The face keys of every edition, with the house-rule +10 card."""
    keys: dict[str, None] = {}
    for edition in EDITIONS.values():
        keys.update(dict.fromkeys(edition_face_keys(edition, every_card=True)))
    return list(keys)


def warm_up(edition: str = "classic", stop: threading.Event | None = None) -> threading.Thread:
    """Renders the faces of `edition` (the one tables open with) in a thread of its own, so that
    the first game after a start does not wait for them (a face takes ~40-200 ms to render; an
    edition has ~60). Other editions' faces, and a face the engine needs before the thread got to
    it, are rendered on the spot, as without the warm-up. Returns the started (daemon) thread;
    `stop` ends it early."""
    def run() -> None:
        for key in edition_face_keys(EDITIONS[edition]) if edition in EDITIONS else []:
            if stop is not None and stop.is_set():
                return
            _pixels(key)

    thread = threading.Thread(target=run, name="unocraft-faces-warm-up", daemon=True)
    thread.start()
    return thread


def write_archive(path: Path = ARCHIVE) -> int:
    """Renders every face (`all_face_keys`) into `path` (needs Pillow); the build runs it
    (scripts/build-faces) and tests/test_presentation_faces.py checks the file is up to date.
    Returns the number of faces."""
    keys = all_face_keys()
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for key in keys:
            for name, data in (("map/" + key, render_pixels(key)), ("png/" + key, render_png(key))):
                info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))    # the same faces, the same bytes
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, data, compresslevel=9)
    _archive.cache_clear()
    _pixels.cache_clear()
    return len(keys)


def contact_sheet(keys: list[Face], columns: int = 12, background: tuple[int, int, int] = (40, 44, 52)) -> "Image.Image":
    """All `keys` side by side as a client shows them (after the palette), for
    looking at the art."""
    from PIL import Image as PILImage

    from .map_palette import SIZE, from_map_colours
    rows = (len(keys) + columns - 1) // columns
    sheet = PILImage.new("RGBA", (columns * SIZE, rows * SIZE), background + (255,))
    for n, key in enumerate(keys):
        tile = from_map_colours(face_pixels(key))
        sheet.alpha_composite(tile, ((n % columns) * SIZE, (n // columns) * SIZE))
    return sheet


def write_sheets(folder: Path = Path("build")) -> list[Path]:
    """Contact sheets for looking at the art: every face of the Minecraft edition
    (faces-minecraft.png) and of the classic one (faces-classic.png), as clients show them."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, columns in (("minecraft", 13), ("classic", 13)):
        path = folder / f"faces-{name}.png"
        contact_sheet(list(edition_face_keys(EDITIONS[name], every_card=True)), columns=columns).save(path)
        written.append(path)
    return written
