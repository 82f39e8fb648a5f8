"""The player events as the engine handles them: one class per kind, a typed value made once where
the event comes in (`read`), so the tables route an event by its class and read its fields as
attributes, never a dict's keys by their text.

protocol.py declares each kind as the plugin sends it (a `TypedDict`: the wire, its JSON Schema and
the plugin's checks); `read` checks the event against that declaration (`read_event`: a malformed
one is one log line and None) and makes the class of its kind from what passed. Each class has the
fields of its declaration, no more and none missing, each optional one None when the plugin left it
out (tests/test_protocol.py holds the two side by side).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Generic, TypeVar

from .protocol import read_event


@dataclass(frozen=True, slots=True, kw_only=True)
class Incoming:
    """What the plugin's queue adds to every event (protocol.Numbered): its run (`session`), the
    event's number in it (`seq`), when it was queued (`t`, the plugin's nanoseconds)."""
    KIND: ClassVar[str] = ""      # the event's `type` on the wire
    session: str | None = None
    seq: int | None = None
    t: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FromPlayer(Incoming):
    """An event of one player."""
    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Where(FromPlayer):
    """What the plugin knows of the player when it builds the event (protocol.Where)."""
    locale: str | None = None
    pos: list[float] | None = None
    world: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Command(Where):
    """`/uno args…` (`admin`: the player holds uno.admin)."""
    KIND = "command"
    args: list[str]
    admin: bool | None = None
    uuid: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Use(Where):
    """A right-click with an engine item in hand."""
    KIND = "use"
    slot: int | None = None
    tag: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Click(Where):
    """An inventory click on an engine item."""
    KIND = "click"
    slot: int
    tag: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Chat(FromPlayer):
    """A chat message was sent (not its text)."""
    KIND = "chat"


@dataclass(frozen=True, slots=True, kw_only=True)
class Join(Where):
    KIND = "join"
    uuid: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Quit(FromPlayer):
    KIND = "quit"


@dataclass(frozen=True, slots=True, kw_only=True)
class Respawn(Where):
    """Back from a death: the server emptied the inventory."""
    KIND = "respawn"


@dataclass(frozen=True, slots=True, kw_only=True)
class Console(Incoming):
    """`/uno args…` typed at the server console."""
    KIND = "console"
    args: list[str]


@dataclass(frozen=True, slots=True, kw_only=True)
class StakeAnswer(FromPlayer):
    """The answer to a `stake_take`: paid, or why not (protocol.StakeEvent)."""
    KIND = "stake"
    id: str
    ok: bool
    reason: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RefusedBatch(Incoming):
    """The plugin refused a whole op batch (malformed): why."""
    KIND = "refused_batch"
    error: str


#: event type -> its class, one for each kind protocol.EVENTS declares
KINDS: dict[str, type[Incoming]] = {c.KIND: c for c in (Command, Use, Click, Chat, Join, Quit, Respawn, Console,
                                                        StakeAnswer, RefusedBatch)}


def read(raw: Any) -> Incoming | None:
    """The plugin's event as the value of its kind, or None (one log line) when it is malformed: an
    unknown type, a field missing or of another type (`read_event`)."""
    checked = read_event(raw)
    if checked is None:
        return None
    fields = {key: value for key, value in checked.items() if key != "type"}
    return KINDS[checked["type"]](**fields)


E = TypeVar("E", bound=Incoming)
R = TypeVar("R")


class Routes(Generic[R]):
    """Each kind of event -> its handler, built once; an event goes to the handler of its class.
    `on` checks each handler against its kind; the table itself holds them as taking any event
    (a dict cannot say that a key's type is its value's argument)."""

    def __init__(self) -> None:
        self._by: dict[type[Incoming], Callable[[Any, float], R]] = {}

    def on(self, kind: type[E], handler: Callable[[E, float], R]) -> Routes[R]:
        self._by[kind] = handler
        return self

    def kinds(self) -> set[type[Incoming]]:
        return set(self._by)

    def __call__(self, ev: Incoming, now: float) -> R:
        return self._by[type(ev)](ev, now)
