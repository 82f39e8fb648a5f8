"""Which side of a Flip card a face is drawn as: the faces' keys and the card art both ask (here,
so that knowing a face's key needs no Pillow)."""

from __future__ import annotations

from ..rules.cards import DARK_COLOURS, Card

#: Wild ranks printed only on the dark side of Flip.
DARK_WILDS = ("WC",)


def is_dark(card: Card, dark: bool = False) -> bool:
    """Whether the face is drawn as a dark-side card. A coloured card's colour
    decides; a plain wild exists on both sides of Flip, so the caller says."""
    return card.colour in DARK_COLOURS or card.rank in DARK_WILDS or (dark and card.is_wild)
