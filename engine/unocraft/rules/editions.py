"""The four editions of RULES.md §1: deck composition (data), player counts, points.

Physical cards are integers 0..N-1. `Deck.faces[side][card]` is the face of
card `card` on side `side` (0 = light, 1 = dark; single-sided editions give the
same face on both sides, so one model serves all four editions).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import Card, LIGHT_COLOURS, DARK_COLOURS
from .errors import ConfigError
from .options import Options

P = Card.parse


def _classic_faces() -> list[Card]:
    faces = []
    for c in LIGHT_COLOURS:
        faces.append(P(c + "0"))
        for rank in [str(n) for n in range(1, 10)] + ["S", "R", "+2"]:
            faces += [P(c + rank)] * 2
    faces += [P("W")] * 4 + [P("W+4")] * 4
    return faces


def _flip_side(colours: tuple[str, ...], actions: tuple[str, ...], wilds: tuple[str, ...]) -> list[Card]:
    faces = []
    for c in colours:
        for rank in [str(n) for n in range(1, 10)] + list(actions):
            faces += [P(c + rank)] * 2
    for w in wilds:
        faces += [P(w)] * 4
    return faces


def _dos_faces() -> list[Card]:
    faces = []
    for c in LIGHT_COLOURS:
        for n in (1, 3, 4, 5):
            faces += [P(f"{c}{n}")] * 3
        for n in range(6, 11):
            faces += [P(f"{c}{n}")] * 2
        faces += [P(c + "#")] * 2
    faces += [P("W2")] * 12
    return faces


FLIP_LIGHT = _flip_side(LIGHT_COLOURS, ("+1", "R", "S", "F"), ("W", "W+2"))
FLIP_DARK = _flip_side(DARK_COLOURS, ("+5", "R", "E", "F"), ("W", "WC"))

#: The fixed pairing seed of the flip deck: "which dark face is printed on the
#: back of which light face is fixed per deck" (RULES.md §1).
FLIP_DECK_SEED = 1

POINTS = {
    "classic": {"S": 20, "R": 20, "+2": 20, "W": 50, "W+4": 50, "C": 50, "W+10": 50},
    "flip": {"+1": 10, "+5": 20, "R": 20, "S": 20, "E": 30, "F": 20, "W": 40, "W+2": 50, "WC": 60},
    "dos": {"W2": 20, "#": 40},
}


@dataclass(frozen=True)
class Edition:
    name: str
    min_players: int
    max_players: int
    double_sided: bool
    points_table: str

    def light_faces(self, plus_ten: bool = False) -> list[Card]:
        if self.name == "flip":
            return list(FLIP_LIGHT)
        if self.name == "dos":
            return _dos_faces()
        faces = _classic_faces()
        if self.name == "minecraft":
            faces += [P("C")] * 4
        if plus_ten:
            faces += [P("W+10")] * 4
        return faces

    def dark_faces(self) -> list[Card]:
        return list(FLIP_DARK) if self.double_sided else []

    def points(self, face: Card) -> int:
        if face.number is not None:
            return face.number
        return POINTS[self.points_table][face.rank]

    def check_players(self, count: int) -> None:
        if not self.min_players <= count <= self.max_players:
            raise ConfigError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {count}")


EDITIONS: dict[str, Edition] = {
    "classic": Edition("classic", 2, 10, False, "classic"),
    "minecraft": Edition("minecraft", 2, 10, False, "classic"),
    "flip": Edition("flip", 2, 10, True, "flip"),
    "dos": Edition("dos", 2, 4, False, "dos"),
}

#: Card counts of RULES.md §1 (tests check the data against them).
DECK_SIZES = {"classic": 108, "minecraft": 112, "flip": 112, "dos": 108}


def find_edition(name: str) -> Edition:
    try:
        return EDITIONS[name]
    except KeyError:
        raise ConfigError(f"unknown edition {name!r}; known: {', '.join(EDITIONS)}") from None


@dataclass(frozen=True)
class Deck:
    """The physical deck of one game: `faces[side][card_id]`."""

    faces: tuple[tuple[Card, ...], tuple[Card, ...]]

    @property
    def size(self) -> int:
        return len(self.faces[0])


def build_deck(edition: Edition, plus_ten: bool = False,
               pairs: list[tuple[Card, Card]] | None = None, pairing_seed: int = FLIP_DECK_SEED) -> Deck:
    """The edition's deck. For flip, the light faces are paired with the dark
    faces in a fixed order given by `pairing_seed`; `pairs` (from a scenario
    file) fixes some pairs first. Decks are immutable: the usual ones are built once."""
    key = (edition.name, plus_ten, pairing_seed)
    if not pairs:
        deck = _DECKS.get(key)
        if deck is None:
            deck = _DECKS[key] = _build_deck(edition, plus_ten, [], pairing_seed)
        return deck
    return _build_deck(edition, plus_ten, pairs, pairing_seed)


#: The decks built without fixed pairs, by edition, +10 and pairing seed.
_DECKS: dict[tuple[str, bool, int], Deck] = {}


def deck_for(edition: Edition, opts: Options) -> Deck:
    """The deck a game with the options `opts` plays with (a house rule may add cards)."""
    return build_deck(edition, opts.plus_ten)


def deck_with_every_card(edition: Edition) -> Deck:
    """The edition's deck with every card a house rule may add: what card faces are drawn for."""
    return build_deck(edition, plus_ten=True)


def _build_deck(edition: Edition, plus_ten: bool, pairs: list[tuple[Card, Card]],
                pairing_seed: int) -> Deck:
    light = edition.light_faces(plus_ten)
    if not edition.double_sided:
        return Deck((tuple(light), tuple(light)))
    dark = edition.dark_faces()
    fixed_light, fixed_dark = [], []
    for lf, df in pairs:
        if lf not in light:
            raise ConfigError(f"more copies of {lf} than the {edition.name} deck has")
        if df not in dark:
            raise ConfigError(f"more copies of {df} than the {edition.name} deck has")
        light.remove(lf)
        dark.remove(df)
        fixed_light.append(lf)
        fixed_dark.append(df)
    random.Random(pairing_seed).shuffle(dark)
    return Deck((tuple(fixed_light + light), tuple(fixed_dark + dark)))
