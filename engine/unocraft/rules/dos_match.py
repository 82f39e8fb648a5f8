"""The arithmetic of a DOS match (RULES.md §12), on faces alone: the numbers a card
counts as (a Wild # any, a Wild DOS 2), whether one or two cards add up to a centre
card's number, and whether they make a colour match. DOS's rules (dos.py) ask these
for the cards of its hands and centre row.
"""

from __future__ import annotations

from .cards import Card

#: The numbers a Wild # can stand for: the numbers printed in the DOS deck.
NUMBERS = tuple(range(1, 11))


def values(face: Card, named: int | None = None) -> tuple[int, ...]:
    """The numbers a card can count as: Wild # any (or the one named), Wild DOS 2."""
    if face.rank == "#":
        return (named,) if named is not None else NUMBERS
    if face.rank == "W2":
        return (2,)
    return (face.number,) if face.number is not None else ()


def match_numbers(centre: Card, faces: list[Card], named: int | None = None) -> set[int]:
    """The numbers the first Wild # among `faces` can take so that they match
    `centre` ({0} when no Wild # is involved and they match; empty: no match)."""
    targets = set(values(centre))
    if centre.rank == "#":
        targets = set(NUMBERS)
    wild = next((i for i, f in enumerate(faces) if f.rank == "#"), None)
    if named is not None and (wild is None or named not in NUMBERS):
        return set()
    out: set[int] = set()
    first = values(faces[0], named if wild == 0 else None)
    if len(faces) == 1:
        hits = targets.intersection(first)
        return ({0} if wild is None else hits) if hits else set()
    second = values(faces[1], named if wild == 1 else None)
    for a in first:
        for b in second:
            if a + b in targets:
                out.add(a if wild == 0 else b if wild == 1 else 0)
    return out


def colour_match(want: str | None, faces: list[Card]) -> bool:
    """All `faces` have the colour `want` of the centre card. A Wild DOS played takes
    any colour; a turned-up Wild DOS in the row (`want` None) takes the cards' colour."""
    colours = {f.colour for f in faces if f.rank != "W2"}
    if want is None:
        return len(colours) <= 1
    return colours <= {want}
