"""Actions: what a seated player may send, in the scenario notation.

``Action.parse("ann", "play W+4 blue")`` and ``str(action) == "play W+4 blue"``
round-trip. Verbs:

  play CARD [CARD] [colour]   play (two identical cards with play_doubles: together)
  jump CARD [colour]          jump-in out of turn (a `play` out of turn is a jump-in too)
  draw                        draw (or accept a pending draw card)
  pass                        end the turn after drawing (or decline a five swap)
  challenge                   challenge a Wild Draw Four / Wild Draw Two / Wild Draw Colour
  uno / dos                   the UNO (DOS) call
  catch NAME                  catch a player who missed the call
  swap NAME [CARD]            seven-o target; five swap target and the card given
  give CARD                   five swap: the card the target gives back
  colour COLOUR               choose the colour when a wild start card / flip asks for it
  slap                        hand slap
  talk                        silent twos: a player spoke
  DOS: play CARD [CARD] [NUMBER] on CENTRE, add CARD [colour], end
"""

from __future__ import annotations

from dataclasses import dataclass

from typing import Iterable

from .cards import Card, Colour, COLOUR_NAMES, parse_colour
from .errors import ConfigError
from .words import CORE_VERBS, Verb

#: every verb an action may have -> what its first word names (words.Verb.names): the common
#: rules' and DOS's; the house rules' registry (house/__init__.py) adds theirs, declared in their
#: modules, when it is imported (as every game class imports it)
VERBS: dict[str, str] = {v.name: v.names for v in CORE_VERBS}


def add_verbs(verbs: Iterable[Verb]) -> None:
    """Accept `verbs` in actions (the house rules' registry adds its rules' verbs)."""
    for verb in verbs:
        VERBS.setdefault(verb.name, verb.names)

#: A card named in an action: its face in play (what legal actions use), or both faces
#: of a flip card (light, dark), as scenario files may name it.
CardRef = Card | tuple[Card, Card]


def parse_ref(text: str) -> CardRef:
    if "/" in text:
        light, dark = text.split("/", 1)
        return (Card.parse(light), Card.parse(dark))
    return Card.parse(text)


def named_face(ref: CardRef) -> Card:
    """The one face `ref` names: a legal action's cards and centre card name the face in play;
    only a scenario file names both faces of a flip card, which no reader of actions takes."""
    if isinstance(ref, tuple):
        raise ValueError(f"{ref_str(ref)} names both faces of a card")
    return ref


def ref_str(ref: CardRef) -> str:
    return f"{ref[0]}/{ref[1]}" if isinstance(ref, tuple) else str(ref)


@dataclass(frozen=True, slots=True)
class Action:
    player: str
    verb: str
    cards: tuple[CardRef, ...] = ()  # the cards named
    colour: Colour | None = None     # a wild's colour, the `colour` verb's
    target: str | None = None        # catch / swap
    number: int | None = None        # DOS Wild # number
    centre: CardRef | None = None    # DOS: the centre card matched

    # written, not generated: compiled natively (see pending.py)
    def __init__(self, player: str, verb: str, cards: tuple[CardRef, ...] = (), colour: Colour | None = None,
                 target: str | None = None, number: int | None = None, centre: CardRef | None = None) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "colour", colour)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "centre", centre)

    def __hash__(self) -> int:   # the dataclass's, written (compiled natively): legal_actions hashes them
        return hash((self.player, self.verb, self.cards, self.colour, self.target, self.number, self.centre))

    def __str__(self) -> str:
        parts = [self.verb]
        if self.target is not None:
            parts.append(self.target)
        parts += [ref_str(c) for c in self.cards]
        if self.number is not None:
            parts.append(str(self.number))
        if self.colour is not None:
            parts.append(COLOUR_NAMES[self.colour])
        if self.centre is not None:
            parts += ["on", ref_str(self.centre)]
        return " ".join(parts)

    @staticmethod
    def parse(player: str, text: str) -> "Action":
        words = str(text).split()
        if not words:
            raise ConfigError("empty action", "parse.empty")
        verb = words[0].lower()
        if verb == "color":
            verb = "colour"
        if verb not in VERBS:
            raise ConfigError(f"unknown action {words[0]!r}", "parse.unknown_action", word=words[0])
        rest = words[1:]
        target = None
        centre = None
        names = VERBS[verb]
        if names == "player":
            if not rest:
                raise ConfigError(f"{verb} needs a player name", "parse.needs_player", verb=verb)
            target, rest = rest[0], rest[1:]
        if "on" in [w.lower() for w in rest]:
            i = [w.lower() for w in rest].index("on")
            if i + 2 != len(rest):
                raise ConfigError("expected exactly one centre card after 'on'", "parse.one_centre")
            try:
                centre = parse_ref(rest[i + 1])
            except ConfigError:     # (the player reads it in their language: a key, not Card.parse's words)
                raise ConfigError(f"unknown card or colour {rest[i + 1]!r}", "parse.unknown_word",
                                  word=rest[i + 1]) from None
            rest = rest[:i]
        cards: list[CardRef] = []
        colour = number = None
        for word in rest:
            if word.isdigit() and cards:
                number = int(word)
                continue
            try:
                if verb == "colour":
                    raise ConfigError("")
                cards.append(parse_ref(word))
            except ConfigError:
                try:
                    colour = parse_colour(word)
                except ConfigError:
                    raise ConfigError(f"unknown card or colour {word!r}", "parse.unknown_word", word=word) from None
        if (names == "" or verb == "catch") and cards:
            raise ConfigError(f"{verb} takes no card", "parse.no_card", verb=verb)
        if names == "card" and not cards:
            raise ConfigError(f"{verb} needs a card", "parse.needs_card", verb=verb)
        if verb == "colour" and colour is None:
            raise ConfigError("colour needs a colour name", "parse.needs_colour")
        return Action(player, verb, tuple(cards), colour, target, number, centre)
