"""How a verb and an event of the rules are described to the front ends (the tables layer, the
bots), so that they need not know any rule by name: `Verb` says what a verb's word names and when
it is offered, a tone says how an event reads. The common rules' verbs are here; each house rule
declares its own (`VERBS`, `EVENTS`, `PENALTIES` in rules/house/<rule>.py); vocab.py gathers all.
"""

from __future__ import annotations

from dataclasses import dataclass

#: how an event reads in chat: played (a card laid, as `play` reads), news, a call due from players,
#: a penalty, quiet (grey), good (green)
TONES = ("played", "news", "call", "penalty", "quiet", "good")


@dataclass(frozen=True)
class Verb:
    name: str
    #: what its first word names: "player" (another player), "card" (one of the player's), or nothing
    names: str = ""
    #: lays cards as `play` does
    lays: bool = False
    #: may be legal out of turn: a player it is legal for is prompted, bots consider it when reacting
    reaction: bool = False
    #: a chat line is this action (not a command a player types)
    chat: bool = False


#: the verbs of the common rules and DOS, in the order /uno help lists them
CORE_VERBS = (Verb("play", "card", lays=True), Verb("draw"), Verb("pass"), Verb("uno", reaction=True),
              Verb("catch", "player", reaction=True), Verb("challenge"), Verb("colour"),
              Verb("jump", "card", lays=True, reaction=True), Verb("dos"), Verb("add", "card"), Verb("end"))
