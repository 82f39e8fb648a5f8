"""Cards and their notation (shared/rules/SCENARIOS.md).

A `Card` is one printed face: a colour (or none, for wilds) and a rank. The text
form round-trips: ``str(Card.parse("w+4")) == "W+4"``. Physical cards of a deck
are plain integers (see `editions`); a flip card has two faces.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Literal

from .errors import ConfigError

#: a colour, by its letter: red, yellow, green, blue (light side), pink, teal, orange, purple (dark)
Colour = Literal["R", "Y", "G", "B", "P", "T", "O", "V"]
LIGHT_COLOURS: tuple[Colour, ...] = ("R", "Y", "G", "B")
DARK_COLOURS: tuple[Colour, ...] = ("P", "T", "O", "V")
COLOURS = LIGHT_COLOURS + DARK_COLOURS
#: the colour a game asks for now: one of the side's, or "" (none yet: a wild start card's)
ColourInPlay = Colour | Literal[""]
#: a colour by its name, as views and events give it
ColourName = Literal["red", "yellow", "green", "blue", "pink", "teal", "orange", "purple"]
COLOUR_NAMES: dict[str, ColourName] = {
    "R": "red", "Y": "yellow", "G": "green", "B": "blue",
    "P": "pink", "T": "teal", "O": "orange", "V": "purple",
}
_COLOUR_OF: dict[str, Colour] = {c: c for c in COLOURS}
COLOUR_BY_NAME: dict[str, Colour] = {name: _COLOUR_OF[letter] for letter, name in COLOUR_NAMES.items()}
COLOUR_BY_NAME.update({letter.lower(): letter for letter in COLOURS})

#: The colour ring printed on a wild card, clockwise (000-ru "colour rotation":
#: clockwise red -> blue, counter-clockwise yellow -> green).
LIGHT_RING: tuple[Colour, ...] = ("R", "B", "G", "Y")
DARK_RING: tuple[Colour, ...] = ("P", "T", "O", "V")

NUMBER_RANKS = tuple(str(n) for n in range(11))  # 10 exists in DOS only
#: Coloured action ranks: Skip, Reverse, Draw Two/One/Five, Flip, Skip Everyone.
ACTION_RANKS = ("S", "R", "+2", "+1", "+5", "F", "E")
#: Wild ranks: Wild, Wild Draw Four/Two, Wild Draw Colour, Creeper, Wild DOS, +10.
WILD_RANKS = ("W", "W+4", "W+2", "WC", "C", "W2", "W+10")
#: Ranks that make the next player draw, with how many (None: until a colour).
DRAW_AMOUNT = {"+2": 2, "+1": 1, "+5": 5, "W+4": 4, "W+2": 2, "WC": None, "W+10": 10}
#: Wild draw cards that are legal only without a card of the current colour.
RESTRICTED_WILDS = ("W+4", "W+2", "WC")


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """Cards are interned: `Card.parse` returns one object per face, so equality
    is identity (fast in the hot loops); copies and pickles keep that."""

    colour: Colour | None  # None for a wild
    rank: str           # a number "0".."10", an action, a wild rank, or "#" (DOS Wild #)
    # derived once from colour and rank (fields, not properties: read in the hot loops)
    code: str = field(default="", repr=False)   # the text form
    is_wild: bool = field(default=False, repr=False)
    is_number: bool = field(default=False, repr=False)
    number: int | None = field(default=None, repr=False)
    #: how many cards it makes the next player draw (None: until a colour, or no draw card)
    draw_amount: int | None = field(default=None, repr=False)
    is_draw: bool = field(default=False, repr=False)   # makes the next player draw

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", (self.colour or "") + self.rank)
        object.__setattr__(self, "is_wild", self.colour is None)
        object.__setattr__(self, "is_number", self.rank.isdigit())
        object.__setattr__(self, "number", int(self.rank) if self.rank.isdigit() else None)
        object.__setattr__(self, "draw_amount", DRAW_AMOUNT.get(self.rank))
        object.__setattr__(self, "is_draw", self.rank in DRAW_AMOUNT)

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: object) -> "Card":
        return self

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        return (Card.parse, (str(self),))

    @staticmethod
    def parse(text: str) -> "Card":
        """Parse one face in SCENARIOS.md notation, case-insensitively."""
        return _parse(text.strip().upper())

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


@lru_cache(maxsize=None)
def _parse(text: str) -> Card:
    if not text:
        raise ConfigError("empty card code")
    if text in WILD_RANKS:
        return Card(None, text)
    colour, rank = _COLOUR_OF.get(text[0]), text[1:]
    if colour is not None and (rank in NUMBER_RANKS or rank in ACTION_RANKS or rank == "#"):
        return Card(colour, rank)
    raise ConfigError(f"unknown card code {text!r}")


def parse_colour(text: str) -> Colour:
    """A colour by name or letter: 'blue', 'B', 'b' -> 'B'."""
    letter = COLOUR_BY_NAME.get(str(text).strip().lower())
    if letter is None:
        raise ConfigError(f"unknown colour {text!r}")
    return letter


def is_light(colour: str) -> bool:
    return colour in LIGHT_COLOURS
