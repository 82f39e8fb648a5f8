"""Map pixels per card face, and the stable key each face is known by.

The plugin creates one map per face key ("R7", "W+4", "back") and keeps its id
across restarts; every copy of a card shows that one map. Every face is rendered
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

Face = Card | str   # a Card, a face key, or BACK


def face_key(face: Face, dark: bool = False) -> str:
    """The face's stable key: the card's notation (``"R7"``, ``"W+4"``,
    ``"P+5"``), ``"W/dark"`` for a wild on the dark side of Flip, or
    ``"back"``. `dark` says the face is on the dark side; it matters only for
    wilds printed on both sides."""
    if isinstance(face, str):
        if face == BACK:
            return BACK
        if face.endswith(DARK_SUFFIX):
            face, dark = face[: -len(DARK_SUFFIX)], True
        face = Card.parse(face)
    key = str(face)
    if dark and face.is_wild and not is_dark(face):
        key += DARK_SUFFIX
    return key


def face_from_key(key: str) -> tuple[Card | None, bool]:
    """The inverse of `face_key`: (card, dark), or (None, False) for the back."""
    if key == BACK:
        return None, False
    dark = key.endswith(DARK_SUFFIX)
    return Card.parse(key[: -len(DARK_SUFFIX)] if dark else key), dark


@lru_cache(maxsize=1)
def _archive() -> dict[str, bytes]:
    """The shipped faces, read once (about 1 MB); empty when the file is missing."""
    try:
        with zipfile.ZipFile(ARCHIVE) as z:
            return {name: z.read(name) for name in z.namelist()}
    except FileNotFoundError:
        return {}


def _render(key: str) -> "Image.Image":
    from .card_art import render_back, render_face     # Pillow: only where a face is drawn
    card, dark = face_from_key(key)
    return render_back() if card is None else render_face(card, dark)


def render_pixels(key: str) -> bytes:
    """A face's map pixels drawn now (needs Pillow)."""
    from .map_palette import to_map_colours
    return to_map_colours(_render(key))


def render_png(key: str) -> bytes:
    """A face's PNG drawn now (needs Pillow)."""
    out = io.BytesIO()
    _render(key).save(out, format="PNG", optimize=True)
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
    keys = dict.fromkeys(face_key(card, dark=side == 1 and edition.double_sided)
                         for side in range(2) for card in deck.faces[side])
    return list(keys) + [BACK]


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
