"""What one player may know (issue: views never leak a hidden card): the views, as
viewer.py builds them from a game.

A bot gets only its view. Opponents' hands are counts; in flip, the other faces
of their cards (what is printed on the backs you see). Secrets of the past
(cards drawn, a hand shown by a challenge) come only to the player concerned.

A view is a `View` (a `DosView` in DOS), its players `PlayerView`s, what the game waits
for a `PendingView`; readers take attributes (`view.hand`, `p.cards`). `View.to_dict()`
is the view as plain data, the dict the views have always been (the web, the mcpi board,
saved and compared data): an entry missing there is None here (`hand`, `bluffs` ...).
What a house rule's state shows all is in `View.house`, read by the rule's own module.

`View` and `PlayerView` are not frozen: a frozen dataclass's `__init__` sets each field
through `object.__setattr__`, several times the cost of the dict they replace, and a
view is built for every redraw and every bot move. Nobody changes a view once built.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Union

from .cards import ColourName

#: where a match is: a round being played, a round over (the next one not dealt yet), the match over
Phase = Literal["play", "round_over", "match_over"]
#: the side of the cards in play (flip), and the way play goes
Side = Literal["light", "dark"]
Direction = Literal["cw", "ccw"]


@dataclass(slots=True)
class PlayerView:
    """One seat as every player sees it."""
    name: str
    cards: int                            # how many cards it holds
    score: int
    active: bool                          # still in the match
    called_uno: bool
    catchable: bool                       # forgot to call: may be caught now
    backs: tuple[str, ...] | None = None  # flip: the other faces of its cards (None: mine, or one-sided)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "cards": self.cards, "score": self.score,
                               "active": self.active, "called_uno": self.called_uno,
                               "catchable": self.catchable}
        if self.backs is not None:
            out["backs"] = list(self.backs)
        return out


@dataclass(frozen=True, slots=True)
class PenaltyView:
    """A draw card `source` laid on `victim`: `card` its rank, `amount` what it draws (None:
    a Wild Draw Colour, until the colour comes)."""
    victim: str
    source: str
    card: str
    amount: int | None
    challengeable: bool

    @property
    def kind(self) -> Literal["penalty"]:   # (a property: mypyc would take a ClassVar for a field)
        return "penalty"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "victim": self.victim, "source": self.source, "card": self.card,
                "amount": self.amount, "challengeable": self.challengeable}


@dataclass(frozen=True, slots=True)
class DrawnView:
    """`player` drew a card it may play; `card` only in its own view (None in the others')."""
    player: str
    card: str | None = None

    @property
    def kind(self) -> Literal["drawn"]:
        return "drawn"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "player": self.player}
        if self.card is not None:
            out["card"] = self.card
        return out


@dataclass(frozen=True, slots=True)
class ChoiceView:
    """`player` owes a choice of `kind` (a colour, a house rule's swap or card to give, `to`
    whom: None when it goes to nobody)."""
    kind: str
    player: str
    to: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "player": self.player}
        if self.to is not None:
            out["to"] = self.to
        return out


@dataclass(frozen=True, slots=True)
class DosTurnView:
    """A DOS turn under way: whether `player` drew, its matches, the bonus adds it has left."""
    player: str
    drew: bool
    matched: int
    adds: int

    @property
    def kind(self) -> Literal["dos_turn"]:
        return "dos_turn"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "drew": self.drew,
                "matched": self.matched, "adds": self.adds}


#: what the game waits for, as every player may know it (None: only the turn's play)
PendingView = Union[PenaltyView, DrawnView, ChoiceView, DosTurnView]


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """A round over (and the match, when `match_winners`): every hand shown."""
    winner: str | None
    points: dict[str, int]
    hands: dict[str, tuple[str, ...]]
    match_winners: tuple[str, ...]


@dataclass(slots=True)
class View:
    """What one player (None: a spectator) may know of a game (see the module)."""
    you: str | None
    edition: str
    side: Side
    phase: Phase
    round: int
    seq: int
    players: tuple[PlayerView, ...]
    hand: tuple[str, ...] | None          # None: a spectator
    top: str | None
    colour: ColourName | None             # None: none named yet
    direction: Direction
    turn: str
    dealer: str
    pending: PendingView | None
    draw_count: int
    discard_count: int
    start_card: bool                      # the top card is still the start card (no jump-in)
    scores: dict[str, int]
    options: dict[str, Any]               # the options that differ from the official ones
    house: dict[str, Any]                 # what house rules' states show all, read by their modules
    bluffs: tuple[str, ...] | None        # my restricted wilds that would be a bluff now (§3, §5)
    revealed: tuple[str, ...] | None      # the hand a challenge of mine showed me
    round_end: RoundEnd | None            # None: a round being played
    legal: tuple[str, ...] | None         # my legal actions, when asked for

    def to_dict(self) -> dict[str, Any]:
        """The view as plain data: the dict views have always been, key for key, in order."""
        out: dict[str, Any] = {
            "you": self.you, "edition": self.edition, "side": self.side, "phase": self.phase,
            "round": self.round, "seq": self.seq, "players": [p.to_dict() for p in self.players],
            "hand": list(self.hand) if self.hand is not None else None, "top": self.top,
            "colour": self.colour, "direction": self.direction, "turn": self.turn,
            "dealer": self.dealer,
            "pending": self.pending.to_dict() if self.pending is not None else None,
            "draw_count": self.draw_count, "discard_count": self.discard_count,
            "start_card": self.start_card, "scores": dict(self.scores), "options": self.options,
        }
        out.update(self.house)
        if self.bluffs is not None:
            out["bluffs"] = list(self.bluffs)
        if self.revealed is not None:
            out["revealed"] = list(self.revealed)
        end = self.round_end
        if end is not None:
            out["round_winner"] = end.winner
            out["round_points"] = dict(end.points)
            out["hands"] = {n: list(h) for n, h in end.hands.items()}
            out["match_winners"] = list(end.match_winners)
        if self.legal is not None:
            out["legal"] = list(self.legal)
        self._extra(out)
        return out

    def _extra(self, out: dict[str, Any]) -> None:
        """A subclass's entries, after the common ones."""


@dataclass(slots=True)
class DosView(View):
    """A DOS view: the centre row instead of one top card (`top` is the last card laid
    there), each card with the colour a Wild DOS in it was given (None: its own)."""
    centre: tuple[str, ...] = ()
    centre_colours: tuple[ColourName | None, ...] = ()

    def _extra(self, out: dict[str, Any]) -> None:
        out["centre"] = list(self.centre)
        out["centre_colours"] = list(self.centre_colours)
