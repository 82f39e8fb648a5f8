"""What a game waits for besides the turn's play (`game.pending`): a draw card its victim has
to answer (`Penalty`), the card just drawn that may be played (`Drawn`), a choice a player owes
(`Choice`: a colour, a house rule's swap or card to give) or a DOS turn under way (`DosTurn`).

Immutable values: a change makes a new one, so undo keeps a reference, not a copy. Each saves
as the dict the saved games have always held (`to_json`, `from_json`; `kind` names which).

Each writes its own `__init__` (the dataclass keeps equality, hash, repr and frozenness): mypyc
compiles a written one to native stores, while the one `dataclass` generates stays interpreted,
many times slower in the compiled build (docs/performance.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from .cards import ColourInPlay


@dataclass(frozen=True, slots=True)
class Penalty:
    """A draw card laid on `victim`, who may answer it (a challenge, a house rule's answer) or
    draw `amount` (None: a Wild Draw Colour, until the colour comes)."""
    victim: int
    source: int                 # who laid it
    rank: str
    amount: int | None
    card: int
    guilty: bool                # its player held the colour in play (§5), judged when laid
    prev_colour: ColourInPlay   # the colour before it
    challengeable: bool
    hand_then: tuple[int, ...]  # its player's hand as it was laid (what a challenge shows)

    def __init__(self, victim: int, source: int, rank: str, amount: int | None, card: int, guilty: bool,
                 prev_colour: ColourInPlay, challengeable: bool, hand_then: tuple[int, ...]) -> None:
        object.__setattr__(self, "victim", victim)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "guilty", guilty)
        object.__setattr__(self, "prev_colour", prev_colour)
        object.__setattr__(self, "challengeable", challengeable)
        object.__setattr__(self, "hand_then", hand_then)

    @property
    def kind(self) -> str:   # (a property, not a ClassVar: mypyc would take that for a field)
        return "penalty"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "victim": self.victim, "source": self.source, "rank": self.rank,
                "amount": self.amount, "card": self.card, "guilty": self.guilty,
                "prev_colour": self.prev_colour, "challengeable": self.challengeable,
                "hand_then": list(self.hand_then)}


@dataclass(frozen=True, slots=True)
class Drawn:
    """The turn's player drew `card`, which it may play (or pass)."""
    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)

    @property
    def kind(self) -> str:   # (a property, not a ClassVar: mypyc would take that for a field)
        return "drawn"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": self.card}


@dataclass(frozen=True, slots=True)
class Choice:
    """`who` owes a choice of `kind`: `colour` (after a wild start card or a Flip onto a wild;
    `then`: who plays next) or a house rule's (a swap; a card given back `to` a player)."""
    kind: str
    who: int
    then: int = -1              # colour: the seat whose turn follows (-1: none)
    to: int = -1                # a card given back: to whom (-1: nobody)

    def __init__(self, kind: str, who: int, then: int = -1, to: int = -1) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "who", who)
        object.__setattr__(self, "then", then)
        object.__setattr__(self, "to", to)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "who": self.who}
        if self.then >= 0:
            out["then"] = self.then
        if self.to >= 0:
            out["to"] = self.to
        return out


@dataclass(frozen=True, slots=True)
class DosTurn:
    """A DOS turn under way: whether `who` drew, how many matches it made, the bonus adds it
    earned and those it used."""
    who: int
    drew: bool = False
    matched: int = 0
    adds: int = 0
    added: int = 0

    def __init__(self, who: int, drew: bool = False, matched: int = 0, adds: int = 0, added: int = 0) -> None:
        object.__setattr__(self, "who", who)
        object.__setattr__(self, "drew", drew)
        object.__setattr__(self, "matched", matched)
        object.__setattr__(self, "adds", adds)
        object.__setattr__(self, "added", added)

    @property
    def kind(self) -> str:   # (a property, not a ClassVar: mypyc would take that for a field)
        return "dos_turn"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "who": self.who, "drew": self.drew, "matched": self.matched,
                "adds": self.adds, "added": self.added}


#: what a game may wait for (None: only the turn's play)
Pending = Union[Penalty, Drawn, Choice, DosTurn]


def pending_to_json(p: Pending | None) -> dict[str, Any] | None:
    return None if p is None else p.to_json()


def pending_from_json(data: dict[str, Any] | None) -> Pending | None:
    """The value `to_json` saved."""
    if data is None:
        return None
    kind = data["kind"]
    if kind == "penalty":
        return Penalty(data["victim"], data["source"], data["rank"], data["amount"], data["card"],
                       data["guilty"], data["prev_colour"], data["challengeable"], tuple(data["hand_then"]))
    if kind == "drawn":
        return Drawn(data["card"])
    if kind == "dos_turn":
        return DosTurn(data["who"], data["drew"], data["matched"], data["adds"], data["added"])
    return Choice(kind, data["who"], data.get("then", -1), data.get("to", -1))


def owed_by(p: Pending | None) -> int:
    """The seat that owes what `p` waits for: the victim of a draw card, whoever owes a choice or
    plays the DOS turn; -1: the turn's player (a drawn card, or nothing pending)."""
    if p is None or isinstance(p, Drawn):
        return -1
    if isinstance(p, Penalty):
        return p.victim
    return p.who
