"""Silent twos (RULES.md §10): after a 2 is played everyone stays silent until that
player's next turn (twos); or, the variant, after a Wild until the colour changes
(wilds). Whoever talks meanwhile draws 2.

In Minecraft a chat message is talk (the tables layer sends `talk`); calling UNO
and challenging are not. Its state (`SILENCE`) is the silence in force.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actions import Action
from ..cards import Card, ColourInPlay
from ..dealing import take
from ..errors import Refused
from ..events import Event, PlayerEvent
from ..hooks import Apply, State
from ..options import HouseOption
from ..state import GameState, HouseRule
from ..views import View
from ..words import Verb

SCENARIOS = ("s10_house/silent_twos.yaml", "s10_house/silent_twos_ends.yaml",
             "s10_house/silent_twos_off.yaml", "s10_house/silent_twos_wilds.yaml",
             "s10_house/silent_twos_wilds_not_on_two.yaml", "s10_house/silent_twos_challenge_not_talk.yaml",
             "s10_house/silent_twos_uno_call_not_talk.yaml")

#: (after hand_slap: the order of their out-of-turn actions in the legal list)
#: what the front ends are told of its verbs, events and penalty draws (rules/words.py)
VERBS = (Verb("talk", chat=True),)
EVENTS = {"silence": "quiet", "broke_silence": "penalty"}
PENALTIES = ("silence",)

OPTION = HouseOption("silent_twos", "off", "after a 2, silence until its player's next turn (twos), or "
                     "after a Wild until the colour changes (wilds); whoever talks draws 2",
                     values=("off", "twos", "wilds"), after=("hand_slap",))


@dataclass(slots=True)
class Silenced(PlayerEvent):
    """`player`'s card began a silence."""
    @property
    def kind(self) -> str:
        return "silence"


@dataclass(slots=True)
class SilenceOver(Event):
    """The silence is over."""
    @property
    def kind(self) -> str:
        return "silence_over"


@dataclass(slots=True)
class BrokeSilence(PlayerEvent):
    """`player` talked during the silence (and draws 2)."""
    @property
    def kind(self) -> str:
        return "broke_silence"


@dataclass(frozen=True, slots=True)
class Silence:
    """A silence in force: after a 2, until `seat`'s next turn (twos); after a Wild, until the
    colour is no longer `colour` (wilds)."""
    kind: str                      # twos, wilds
    seat: int = -1
    colour: str = ""


def _to_json(silence: Silence | None) -> dict[str, Any] | None:
    if silence is None:
        return None
    if silence.kind == "twos":
        return {"kind": "twos", "seat": silence.seat}
    return {"kind": silence.kind, "colour": silence.colour}


def _from_json(data: Any) -> Silence | None:
    if data is None:
        return None
    return Silence(data["kind"], data.get("seat", -1), data.get("colour", ""))


def _shown(silence: Silence | None) -> dict[str, Any]:
    return {"silence": silence is not None}


#: the silence in force, or None; every view says whether one is
SILENCE: State[Silence | None] = State("silence", lambda n: None, _to_json, _from_json, view=_shown)


def speaking_costs(view: View) -> bool:
    """A silence is kept at the table of `view`: a word in chat costs cards (rules/vocab.py)."""
    return bool(view.house.get("silence"))


class SilentTwos(HouseRule):
    def install(self, game: GameState) -> None:
        game.lay_hooks = game.lay_hooks + (self,)
        game.turn_hooks = game.turn_hooks + (self,)
        game.call_hooks = game.call_hooks + (self,)

    def after_lay(self, game: GameState, seat: int, face: Card, prev_colour: ColourInPlay) -> None:
        silence = SILENCE.get(game)
        if silence is not None and silence.kind == "wilds" and game.colour != prev_colour:
            SILENCE.set(game, None)
            game.emit(SilenceOver())
        mode = game.opts.silent_twos
        if mode == "twos" and face.rank == "2":
            SILENCE.set(game, Silence("twos", seat=seat))
            game.emit(Silenced(game.names[seat]))
        elif mode == "wilds" and face.is_wild:
            SILENCE.set(game, Silence("wilds", colour=game.colour))
            game.emit(Silenced(game.names[seat]))

    def begin_turn(self, game: GameState, seat: int) -> None:
        silence = SILENCE.get(game)
        if silence is not None and silence.kind == "twos" and silence.seat == seat:
            SILENCE.set(game, None)
            game.emit(SilenceOver())

    def call_candidates(self, game: GameState, seat: int, out: list[Action]) -> None:
        if SILENCE.get(game) is not None:
            out.append(Action(game.names[seat], "talk"))

    def open_to_all(self, game: GameState) -> bool:
        return SILENCE.get(game) is not None

    def check(self, game: GameState, seat: int, action: Action) -> Apply | None:
        """`talk`: always allowed where the rule is on; it costs only during a silence."""
        if game.opts.silent_twos == "off":
            raise Refused("option_off", "this table plays without silent twos")
        return lambda: _talk(game, seat)


def _talk(game: GameState, seat: int) -> None:
    if SILENCE.get(game) is None:
        return
    SILENCE.set(game, None)
    game.emit(BrokeSilence(game.names[seat]))
    take(game, seat, 2, reason="silence")


RULE: HouseRule = SilentTwos("silent_twos", SCENARIOS, verbs=tuple(v.name for v in VERBS), state=SILENCE)
