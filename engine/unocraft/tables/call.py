"""A `/uno` command as the player typed it (`Call`), the rooms it reaches (`Rooms`), what a
completion tree is made for (`Completing`), and how a subcommand is declared (`command`): what
commands.py, input.py and the display share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from ..presentation import codes
from ..presentation.lang import text_cache
from ..rules.views import View
from . import render
from .notices import Notice, Said
from .table import Table

if TYPE_CHECKING:
    from .admin import Admin
    from .lifecycle import Lifecycle
    from .stats_tally import StatsTally


@dataclass
class Rooms:
    """What a command reaches (manager.py wires it): the tables' state and the rooms beside it."""
    core: Lifecycle
    tally: StatsTally
    admin: Admin
    act: Callable[[Call], list[Notice]]     # a typed game action (input.py)
    save: Callable[[], list[Notice]]        # writes what just ended, before a read of the statistics


@dataclass
class Call:
    """One `/uno` command as a player typed it. Its handler returns what it decided (notices)."""
    rooms: Rooms
    player: str
    name: str               # the subcommand (an alias is replaced by its command)
    rest: list[str]         # the words after it (without the turn token of a click)
    pos: list[float] | None
    now: float
    admin: bool = False     # the player has uno.admin
    token: str | None = None

    @property
    def core(self) -> Lifecycle:
        return self.rooms.core

    def error(self, key: str, **args: Any) -> list[Notice]:
        return Said().error(self.player, key, **args).items

    def usage(self) -> list[Notice]:
        return Said().usage(self.player, self.name).items


@dataclass(frozen=True)
class Completing:
    """What a completion tree is built for: the tree every player shares (`at_table` False), or one
    player's own at a table (their hand, the other players, the colours in play). A value of
    everything a completion reads, so the trees at a table are cached by it (`table_tree`)."""
    stats_names: tuple[str, ...] = ()
    table_ids: tuple[str, ...] = ()
    at_table: bool = False
    hand_codes: tuple[str, ...] = ()     # the player's cards, each code once, sorted
    other_names: tuple[str, ...] = ()    # the other seats, in seat order
    colour_names: tuple[str, ...] = ()   # the colours in play, as typed

    @classmethod
    def of_seat(cls, table: Table, player: str, view: View, lang: str) -> Completing:
        """A seated player's own: from their view and the table, the cards and colours as their
        language types them."""
        side = table.dealt.side_colours
        return cls(at_table=True, hand_codes=_typed_hand(view.hand or (), view.side, lang),
                   other_names=tuple(s.name for s in table.seats if s.name != player),
                   colour_names=tuple(codes.colour_word(lang, c) for c in (side() if callable(side) else side)))

    @property
    def hand(self) -> list[str]:
        return list(self.hand_codes)

    @property
    def others(self) -> list[str]:
        return list(self.other_names)

    @property
    def colours(self) -> list[str]:
        return list(self.colour_names)


@text_cache(maxsize=4096)   # every redraw asks it; a hand mostly did not change
def _typed_hand(hand: tuple[str, ...], side: str, lang: str) -> tuple[str, ...]:
    """A hand's cards as the player's language types them, each code once, sorted."""
    return tuple(sorted({codes.card_code(lang, render.face_of(code, side)[0]) for code in hand}))


Completion = Callable[[Completing], dict[str, list[str]]]
Handler = Callable[[Call], list[Notice]]


@dataclass(frozen=True)
class Command:
    name: str
    run: Handler
    admin: bool = False        # needs uno.admin (else "no permission"); help lists it to admins only
    action: bool = False       # a game action (the rules' verb of the same name)
    console: bool = False      # the server console may run it too (admin.py answers it there)
    complete: Completion | None = None   # its words in the completion trees


REGISTERED: list[Command] = []


def command(name: str, admin: bool = False, action: bool = False, console: bool = False,
            complete: Completion | None = None) -> Callable[[Handler], Handler]:
    """Declares the handler below it as the subcommand `name`; /uno help lists them in this order."""
    def register(run: Handler) -> Handler:
        REGISTERED.append(Command(name, run, admin=admin, action=action, console=console, complete=complete))
        return run
    return register
