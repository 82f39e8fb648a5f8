"""The DOS edition's own event kinds (dos.py emits them; the common ones are in events.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .events import Event, PlayerEvent


@dataclass(slots=True)
class CentreRow(Event):
    """The centre row dealt at the start of a round (`dealer` dealt it)."""
    cards: list[str]
    dealer: str

    @property
    def kind(self) -> str:
        return "centre_row"

    def public(self) -> dict[str, Any]:
        return {"cards": self.cards, "dealer": self.dealer}


@dataclass(slots=True)
class Match(Event):
    """`player` laid `cards` (one, or two: `double`) on the centre card `on` (a Wild's code
    names its colour); `colour_match`: a colour bonus; `number`: what a wild counted as (None:
    not said)."""
    player: str
    cards: list[str]
    on: str
    double: bool
    colour_match: bool
    number: int | None = None

    @property
    def kind(self) -> str:
        return "match"

    def public(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "cards": self.cards, "on": self.on,
                               "double": self.double, "colour_match": self.colour_match}
        if self.number is not None:
            out["number"] = self.number
        return out


@dataclass(slots=True)
class ColourBonus(Event):
    """`player`'s match was a colour match (`double`: every other player draws 1)."""
    player: str
    double: bool

    @property
    def kind(self) -> str:
        return "colour_bonus"

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "double": self.double}


@dataclass(slots=True)
class Add(Event):
    """`player` added `card` to the centre row (`colour`: a Wild DOS's, else None); `bonus`: one
    a colour match earned."""
    player: str
    card: str
    colour: str | None
    bonus: bool

    @property
    def kind(self) -> str:
        return "add"

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "card": self.card, "colour": self.colour, "bonus": self.bonus}


@dataclass(slots=True)
class EndTurn(PlayerEvent):
    """`player` ended the turn."""
    @property
    def kind(self) -> str:
        return "end_turn"


@dataclass(slots=True)
class CentreRefill(Event):
    """The centre row was filled up with `cards`."""
    cards: list[str]

    @property
    def kind(self) -> str:
        return "centre_refill"

    def public(self) -> dict[str, Any]:
        return {"cards": self.cards}


@dataclass(slots=True)
class Dos(PlayerEvent):
    """`player` called DOS."""
    @property
    def kind(self) -> str:
        return "dos"
