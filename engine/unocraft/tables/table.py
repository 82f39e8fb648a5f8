"""One UNO table: seats, lobby countdown, the game, bots, turn timer, catch window, spectators.

A table asks the rules for everything (legal actions, refusals, events) and never decides a
rule itself. Time comes in as `now` (seconds, wall clock), so tests drive it without sleeping.
It sends nothing: the lifecycle core (lifecycle.py) drives it and display.py shows it.
"""

from __future__ import annotations

import os
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict


from ..bots import make_bot
from ..rules.actions import Action
from ..rules.game import Game
from ..rules.match import load_game, new_game
from ..rules.options import Options
from ..rules.views import View
from ..transport import codec
from . import metrics

if TYPE_CHECKING:
    from ..bots import Bot
    from ..rules.events import Event

#: a game's saved text: what Game.to_json writes (keys sorted), by msgspec in a third of its time;
#: every save of a table writes its game, on the engine loop's thread
_GAME_JSON = codec.encoder(sort_keys=True)

BOT_NAMES = ("Steve", "Alex", "Creepy", "Ed", "Bob", "Sunny", "Ziggy", "Pixel", "Nova", "Rex")
BOT_PREFIX = "Bot-"   # '-' never appears in a Minecraft name, so a bot can't share one
SEED_ENV = "UNOCRAFT_TABLE_SEED"   # tests only: every new table gets this seed (see table_seed)


Point = tuple[float, float, float]     # x, y, z: where a table opened (the plugin sends three)


class Amount(TypedDict, total=False):
    """An amount of a stake: money, or a count of the stake's item."""
    money: int
    count: int


class Stake(Amount, total=False):
    """What each human pays in: {"money": n} or {"item": id, "count": n} (stakes.py)."""
    item: str


class PayIn(TypedDict):
    """One pay-in of a table's pot (stakes.py): its payer, `paying` (asked of the plugin), `held` or
    `forfeit`; the payer's UUID when known, and what is said once it is paid (`then`)."""
    player: str
    state: str
    uuid: NotRequired[str]
    then: NotRequired[str]


class Pot(TypedDict, total=False):
    entries: dict[str, PayIn]     # pay-in id -> the pay-in


@dataclass
class Seat:
    name: str
    # bot kind: a bot seat, or a seat its player left for good (/uno leave in a game, or not back
    # within the rejoin time): from then on the bot's, no longer that player's (Table.seat_of)
    bot: str | None = None
    lang: str = "en"
    away_since: float | None = None  # a disconnected human (may rejoin until the rejoin timer)

    @property
    def human(self) -> bool:
        return self.bot is None


@dataclass
class Table:
    id: str
    owner: str
    pos: Point
    preset: str
    world: str = ""            # the world it opened in, by name ("": none known, nothing shown there)
    overrides: dict[str, Any] = field(default_factory=dict)
    seats: list[Seat] = field(default_factory=list)
    spectators: dict[str, str] = field(default_factory=dict)   # name -> language
    state: str = "lobby"       # lobby, playing, over
    countdown_at: float = 0.0
    seed: int = 0
    game: Game | None = None
    token: int = 1             # every click carries it; a click with an old token is stale
    changed_at: float = 0.0    # last change of the game (bots think, the catch window runs from it)
    turn_actor: str | None = None
    turn_started: float = 0.0
    warned: bool = False
    next_round_at: float | None = None
    pages: dict[str, int] = field(default_factory=dict)
    tally: dict[str, dict[str, int]] = field(default_factory=dict)   # this round's counters per player
    stake: Stake | None = None  # what each human pays in: {"money": n} or {"item", "count"} (stakes.py)
    pot: Pot = field(default_factory=Pot)   # the pay-ins: {"entries": {id: {"player", "state", "uuid"}}}
    _bots: dict[tuple[str, str], Bot] = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------ seats
    def seat(self, name: str) -> Seat | None:
        return next((s for s in self.seats if s.name == name), None)

    def seat_of(self, player: str) -> Seat | None:
        """The seat `player` holds: the human seat of that name. A seat its player left (a bot
        plays it, `Seat.bot`) keeps the name in the game but is no longer theirs: they neither
        play it nor see its hand, watching the table or after a restart."""
        seat = self.seat(player)
        return seat if seat is not None and seat.human else None

    def seated(self, name: str) -> Seat:
        """The seat of a player the caller knows is seated (holds it: `seat_of`)."""
        seat = self.seat_of(name)
        if seat is None:
            raise KeyError(f"{name} has no seat at table {self.id}")
        return seat

    @property
    def dealt(self) -> Game:
        """The game of a table the caller knows is dealt."""
        if self.game is None:
            raise ValueError(f"table {self.id} is not dealt")
        return self.game

    def humans(self) -> list[Seat]:
        return [s for s in self.seats if s.human]

    def members(self) -> list[tuple[str, str, bool]]:
        """(name, language, seated) of every human who sees this table."""
        out = [(s.name, s.lang, True) for s in self.humans() if s.away_since is None]
        out += [(n, lang, False) for n, lang in self.spectators.items()]
        return out

    def options(self) -> Options:
        return Options.build(self.preset, **self.overrides)

    def in_world(self, world: str) -> bool:
        """Whether the table is in `world`, where a player stands: only a table there is near them.
        A table or player of no known world (the dev server tells none, a test may not) is in any."""
        return not world or not self.world or self.world == world

    def bot_for(self, seat: Seat, kind: str) -> Bot:
        key = (seat.name, kind)
        if key not in self._bots:
            self._bots[key] = make_bot(kind, hash((self.seed, seat.name, kind)) & 0xFFFF)
        return self._bots[key]

    def fill_with_bots(self, fill_to: int, kind: str) -> list[str]:
        added = []
        used = {s.name for s in self.seats}
        for base in BOT_NAMES:
            if len(self.seats) >= max(fill_to, 2 if len(self.seats) < 2 else 0):
                break
            name = BOT_PREFIX + base
            if name not in used:
                self.seats.append(Seat(name, bot=kind))
                added.append(name)
        return added

    # ------------------------------------------------------------ the game
    def deal(self, now: float) -> list[Event]:
        self.game = new_game([s.name for s in self.seats], self.options(), self.seed)
        self.state = "playing"
        self.token += 1
        self.changed_at = now
        self._turn_changed(now)
        return []

    def actor_name(self) -> str | None:
        if self.game is None or self.game.phase != "play":
            return None
        return self.game.names[self.game.actor()]

    def _turn_changed(self, now: float) -> None:
        who = self.actor_name()
        if who != self.turn_actor:
            self.turn_actor = who
            self.turn_started = now
            self.warned = False

    def apply(self, action: Action, now: float) -> list[Event]:
        """Plays an action through the rules; raises Refused. Returns the events."""
        events = self.dealt.play(action)
        seat = self.seat(action.player)
        if seat is not None and seat.bot:
            metrics.probe.bot_moved(now - self.changed_at)
        self.token += 1
        self.changed_at = now
        self._turn_changed(now)
        return events

    def count(self, name: str, counter: str, amount: int = 1) -> None:
        """Adds to a player's counter of this round (statistics; stats_tally.py records them at the
        end of the round)."""
        mine = self.tally.setdefault(name, {})
        mine[counter] = mine.get(counter, 0) + amount

    def legal(self, name: str) -> list[Action]:
        if self.game is None or self.game.phase != "play" or self.seat_of(name) is None:
            return []
        return self.game.legal_actions(name)

    def view(self, name: str | None) -> View:
        return self.dealt.view(name, legal=False)

    # ------------------------------------------------------------ persistence
    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "owner": self.owner, "pos": list(self.pos), "world": self.world, "preset": self.preset,
            "overrides": self.overrides, "state": self.state, "countdown_at": self.countdown_at,
            "seed": self.seed, "token": self.token, "changed_at": self.changed_at,
            "turn_actor": self.turn_actor, "turn_started": self.turn_started, "warned": self.warned,
            "next_round_at": self.next_round_at, "pages": self.pages, "tally": self.tally,
            "seats": [{"name": s.name, "bot": s.bot, "lang": s.lang, "away_since": s.away_since} for s in self.seats],
            "spectators": self.spectators, "stake": self.stake, "pot": self.pot,
            "game": _GAME_JSON(self.game.to_state()).decode() if self.game is not None else None,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Table:
        t = cls(id=d["id"], owner=d["owner"], pos=tuple(d["pos"]), world=d.get("world", ""), preset=d["preset"], overrides=d["overrides"],
                state=d["state"], countdown_at=d["countdown_at"], seed=d["seed"], token=d["token"],
                changed_at=d["changed_at"], turn_actor=d["turn_actor"], turn_started=d["turn_started"],
                warned=d["warned"], next_round_at=d["next_round_at"], pages=d.get("pages", {}),
                tally=d.get("tally", {}), stake=d.get("stake"), pot=d.get("pot", {}),
                seats=[Seat(**s) for s in d["seats"]], spectators=d.get("spectators", {}))
        if d.get("game"):
            t.game = load_game(d["game"])
        return t


def table_seed(player: str, now: float, number: int) -> int:
    """A new table's seed (its deck and dealer). For tests only, the environment variable
    UNOCRAFT_TABLE_SEED fixes it, so an end-to-end test knows the deal in advance."""
    fixed = os.environ.get(SEED_ENV)
    if fixed:
        return int(fixed)
    return zlib.crc32(f"{player}{now}{number}".encode())
