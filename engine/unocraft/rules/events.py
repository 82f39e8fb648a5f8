"""Events: what happened, as values. The rules emit events, never text.

One small class per kind (`kind` names it, as the `type` of its dict), with typed fields. The
public fields every seat may see; a few fields are secret (the cards drawn or dealt, the card a
house rule hands over, the hand a challenge shows): each class's `secret()` lists them, and only
the player named `to` sees them. `to_dict()`, `for_player()` and `to_json()` give the dicts the
events have always been (the scenario files, the web feed, the chat lines and saved logs read
them): the `type`, the public fields in order, then `to` and `secret` if the kind has secrets.

The common rules' kinds (and DOS's) are here; a house rule declares its own in its module
(rules/house/<rule>.py), a kind two house rules share (`ChooseSwap`) here.

Not frozen: a frozen dataclass's `__init__` costs twice as much in plain Python, and nothing
changes an event once emitted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Event:
    """What every kind has: `to`, who alone sees the secret fields (None: the kind has none)."""
    to: str | None = field(default=None, kw_only=True)

    @property
    def kind(self) -> str:   # (a property, not a ClassVar: mypyc would take that for a field)
        raise NotImplementedError

    def public(self) -> dict[str, Any]:
        """The fields every seat sees, in the order of the event's dict."""
        return {}

    def secret(self) -> dict[str, Any] | None:
        """The fields only `to` sees (None: the kind has no secret)."""
        return None

    def for_player(self, name: str | None) -> dict[str, Any]:
        """The event as `name` may see it (None: a spectator)."""
        out: dict[str, Any] = {"type": self.kind}
        out.update(self.public())
        if name is not None and name == self.to:
            secret = self.secret()
            if secret is not None:
                out.update(secret)
        return out

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        out.update(self.public())
        secret = self.secret()
        if secret is not None:
            out["to"] = self.to
            out["secret"] = secret
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False)


@dataclass(slots=True)
class PlayerEvent(Event):
    """A kind that says only who: `player`."""
    player: str

    def public(self) -> dict[str, Any]:
        return {"player": self.player}


# ------------------------------------------------------------------ the deal
@dataclass(slots=True)
class DealerDraw(Event):
    """Each player drew a card to choose the dealer (a tie draws again): name -> card."""
    cards: dict[str, str]

    @property
    def kind(self) -> str:
        return "dealer_draw"

    def public(self) -> dict[str, Any]:
        return {"cards": self.cards}


@dataclass(slots=True)
class Dealer(PlayerEvent):
    """`player` deals."""
    @property
    def kind(self) -> str:
        return "dealer"


@dataclass(slots=True)
class Dealt(Event):
    """`to` was dealt `count` cards: `cards` (secret)."""
    count: int
    cards: list[str]

    @property
    def kind(self) -> str:
        return "dealt"

    def public(self) -> dict[str, Any]:
        return {"count": self.count}

    def secret(self) -> dict[str, Any] | None:
        return {"cards": self.cards}


@dataclass(slots=True)
class StartCard(Event):
    """The start card (`dealer`: None when a Flip turned at the start flips the game first)."""
    card: str
    dealer: str | None = None

    @property
    def kind(self) -> str:
        return "start_card"

    def public(self) -> dict[str, Any]:
        if self.dealer is None:
            return {"card": self.card}
        return {"card": self.card, "dealer": self.dealer}


@dataclass(slots=True)
class StartCardReturned(Event):
    """A start card the rules refuse went back into the pile."""
    card: str

    @property
    def kind(self) -> str:
        return "start_card_returned"

    def public(self) -> dict[str, Any]:
        return {"card": self.card}


@dataclass(slots=True)
class Reshuffle(Event):
    """The discard pile (`count` cards) became the draw pile."""
    count: int

    @property
    def kind(self) -> str:
        return "reshuffle"

    def public(self) -> dict[str, Any]:
        return {"count": self.count}


# ------------------------------------------------------------------ a turn
@dataclass(slots=True)
class Turn(Event):
    """`player`'s turn begins; `skipped`: the players passed over."""
    player: str
    skipped: list[str]

    @property
    def kind(self) -> str:
        return "turn"

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "skipped": self.skipped}


@dataclass(slots=True)
class Play(Event):
    """`player` laid `card`; `colour`: the colour in play after it ("" for none); `answer`: the
    house rule whose answer to a draw card it was (None: no answer)."""
    player: str
    card: str
    colour: str
    answer: str | None = None

    @property
    def kind(self) -> str:
        return "play"

    def public(self) -> dict[str, Any]:
        if self.answer is None:
            return {"player": self.player, "card": self.card, "colour": self.colour}
        return {"player": self.player, "card": self.card, "colour": self.colour, "answer": self.answer}


@dataclass(slots=True)
class JumpIn(PlayerEvent):
    """`player` lays out of turn (the play follows)."""
    @property
    def kind(self) -> str:
        return "jump_in"


@dataclass(slots=True)
class Draw(Event):
    """`player` (= `to`) drew `count` cards for `reason`: `cards` (secret)."""
    player: str
    count: int
    reason: str
    cards: list[str]

    @property
    def kind(self) -> str:
        return "draw"

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "count": self.count, "reason": self.reason}

    def secret(self) -> dict[str, Any] | None:
        return {"cards": self.cards}


@dataclass(slots=True)
class MayPlayDrawn(Event):
    """`player` (= `to`) may play the card it drew: `card` (secret)."""
    player: str
    card: str

    @property
    def kind(self) -> str:
        return "may_play_drawn"

    def public(self) -> dict[str, Any]:
        return {"player": self.player}

    def secret(self) -> dict[str, Any] | None:
        return {"card": self.card}


@dataclass(slots=True)
class Creeper(PlayerEvent):
    """A Creeper went off in `player`'s draw (§6)."""
    @property
    def kind(self) -> str:
        return "creeper"


@dataclass(slots=True)
class Direction(Event):
    """The direction of play is now `direction` (cw, ccw)."""
    direction: str

    @property
    def kind(self) -> str:
        return "direction"

    def public(self) -> dict[str, Any]:
        return {"direction": self.direction}


@dataclass(slots=True)
class Flip(Event):
    """The flip edition turned every card: `side` is up, `top` is the discard pile's top."""
    side: str
    top: str

    @property
    def kind(self) -> str:
        return "flip"

    def public(self) -> dict[str, Any]:
        return {"side": self.side, "top": self.top}


@dataclass(slots=True)
class ChooseColour(PlayerEvent):
    """`player` owes the choice of a colour."""
    @property
    def kind(self) -> str:
        return "choose_colour"


@dataclass(slots=True)
class ColourChosen(Event):
    """`player` chose `colour` (its name)."""
    player: str
    colour: str

    @property
    def kind(self) -> str:
        return "colour"

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "colour": self.colour}


@dataclass(slots=True)
class ChooseSwap(PlayerEvent):
    """`player` owes a house rule's swap (the 7 of seven_o, the 5 of five_swap)."""
    @property
    def kind(self) -> str:
        return "choose_swap"


# ------------------------------------------------------------------ draw cards and calls
@dataclass(slots=True)
class MustAnswer(Event):
    """`player` must answer `card` (a card code, or a draw card's rank), or draw `amount`
    (None: until the colour comes)."""
    player: str
    card: str
    amount: int | None

    @property
    def kind(self) -> str:
        return "must_answer"

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "card": self.card, "amount": self.amount}


@dataclass(slots=True)
class Challenge(Event):
    """`player` (= `to`) challenged `target`'s draw card: `guilty` or not, `amount` drawn by the
    loser (None: until the colour); `hand`: the hand `target` held (secret)."""
    player: str
    target: str
    guilty: bool
    amount: int | None
    hand: list[str]

    @property
    def kind(self) -> str:
        return "challenge"

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "target": self.target, "guilty": self.guilty, "amount": self.amount}

    def secret(self) -> dict[str, Any] | None:
        return {"hand": self.hand}


@dataclass(slots=True)
class CardReturned(Event):
    """`player`'s card went back to its hand (a challenge it lost, ru)."""
    player: str
    card: str

    @property
    def kind(self) -> str:
        return "card_returned"

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "card": self.card}


@dataclass(slots=True)
class Uno(PlayerEvent):
    """`player` called UNO."""
    @property
    def kind(self) -> str:
        return "uno"


@dataclass(slots=True)
class UnoSafe(PlayerEvent):
    """`player` called UNO in time: no catch."""
    @property
    def kind(self) -> str:
        return "uno_safe"


@dataclass(slots=True)
class Caught(Event):
    """`player` caught `target`, who draws `amount`."""
    player: str
    target: str
    amount: int

    @property
    def kind(self) -> str:
        return "caught"

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "target": self.target, "amount": self.amount}


@dataclass(slots=True)
class FalseCatch(Event):
    """`player` tried to catch `target`, who was safe, and draws `amount` itself."""
    player: str
    target: str
    amount: int

    @property
    def kind(self) -> str:
        return "false_catch"

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "target": self.target, "amount": self.amount}


# ------------------------------------------------------------------ the end of a round
@dataclass(slots=True)
class Blocked(Event):
    """The round ended without a player out (`reason`: blocked, turn_limit); `winner` won it."""
    winner: str
    reason: str

    @property
    def kind(self) -> str:
        return "blocked"

    def public(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason}


@dataclass(slots=True)
class RoundOver(Event):
    """`winner` won the round (`loser`: ru_loser's); points, scores and hands by name."""
    winner: str
    loser: str
    points: dict[str, int]
    scores: dict[str, int]
    hands: dict[str, list[str]]

    @property
    def kind(self) -> str:
        return "round_over"

    def public(self) -> dict[str, Any]:
        return {"winner": self.winner, "loser": self.loser, "points": self.points, "scores": self.scores,
                "hands": self.hands}


@dataclass(slots=True)
class MatchOver(Event):
    """The match is over: `winners` (partners: two), the scores by name."""
    winners: list[str]
    scores: dict[str, int]

    @property
    def kind(self) -> str:
        return "match_over"

    def public(self) -> dict[str, Any]:
        return {"winners": self.winners, "scores": self.scores}


@dataclass(slots=True)
class Eliminated(PlayerEvent):
    """Elimination scoring: `player` leaves the table."""
    @property
    def kind(self) -> str:
        return "eliminated"
