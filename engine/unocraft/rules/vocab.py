"""The rules' vocabulary for the front ends: every verb (`Verb`: what its word names, whether it
lays cards, is offered out of turn or is a chat line), how each event reads (its tone), and which
draws are penalties, of the common rules and of every house rule (their declarations,
rules/house/<rule>.py). The tables layer and the bots ask here instead of naming a rule's verbs."""

from __future__ import annotations

from .house import MODULES
from .views import View
from .words import CORE_VERBS, TONES, Verb

#: every verb: the common rules' first, then the house rules' (a verb two rules share, once)
VERBS: dict[str, Verb] = {v.name: v for v in CORE_VERBS}
for _module in MODULES:
    for _verb in getattr(_module, "VERBS", ()):
        VERBS.setdefault(_verb.name, _verb)

#: the events of the common rules and DOS told as one line, by tone (render.py words each)
_CORE_EVENTS = {"creeper": "creeper", "flip": "flip", "false_catch": "penalty", "eliminated": "penalty",
                "blocked": "blocked", "dos": "call", "colour_bonus": "call"}
#: event type -> its tone (words.TONES, or one of the common rules' own)
EVENT_TONES: dict[str, str] = dict(_CORE_EVENTS)
for _module in MODULES:
    EVENT_TONES.update(getattr(_module, "EVENTS", {}))

#: the `reason`s of a draw that is a penalty (a turn's draw or the start card is none)
PENALTY_DRAWS = frozenset({"uno_penalty", "false_catch", "challenge", "draw_card"}
                          | {r for m in MODULES for r in getattr(m, "PENALTIES", ())})

#: verbs that lay cards as `play` does; verbs whose first word is a player's name
LAYING = frozenset(v.name for v in VERBS.values() if v.lays)
NAMING_PLAYER = frozenset(v.name for v in VERBS.values() if v.names == "player")
#: verbs offered out of turn (a prompt, a button, a bot's reaction)
REACTIONS = frozenset(v.name for v in VERBS.values() if v.reaction)
#: the verbs a chat line may be
CHAT = frozenset(v.name for v in VERBS.values() if v.chat)
#: the house rules' verbs (the front ends show them as buttons by what they name) ...
HOUSE_VERBS = tuple(name for name in VERBS if name not in {v.name for v in CORE_VERBS})
#: ... of them, a choice the player owes (a swap, a card to give) and a call open to others (a slap)
HOUSE_CHOICES = tuple(n for n in HOUSE_VERBS if not VERBS[n].reaction and not VERBS[n].chat)
HOUSE_CALLS = tuple(n for n in HOUSE_VERBS if VERBS[n].reaction and not VERBS[n].lays)
#: verbs that lay cards out of turn (a jump-in)
JUMPS = tuple(n for n, v in VERBS.items() if v.lays and v.reaction)


def lays(verb: str) -> bool:
    return verb in LAYING


#: the house rules that make a word in chat cost cards at times (`speaking_costs(view)` in their module)
_SPEAKING_COSTS = tuple(m.speaking_costs for m in MODULES if hasattr(m, "speaking_costs"))


def speaking_costs(view: View) -> bool:
    """A word in chat costs cards at the table of `view` now (a house rule keeps silence), which
    the bots' rollouts do not model."""
    return any(costs(view) for costs in _SPEAKING_COSTS)


__all__ = ["CHAT", "EVENT_TONES", "HOUSE_CALLS", "HOUSE_CHOICES", "HOUSE_VERBS", "JUMPS", "LAYING", "NAMING_PLAYER", "PENALTY_DRAWS", "REACTIONS",
           "TONES", "VERBS", "Verb", "lays", "speaking_costs"]
