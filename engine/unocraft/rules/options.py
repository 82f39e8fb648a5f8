"""Table options (RULES.md §15) and presets (§14).

`Options` is a frozen value with every option at its official default; house
rules are off unless a preset or the table turns them on. Each house rule's module
declares its option (`HouseOption`); its field here agrees with the declaration
(tests/test_house_registry.py). `Options.build` validates names, values and
combinations, so a contradiction is refused when the table is configured, not
discovered mid-game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from .errors import ConfigError


#: Options.changed of each set of options seen lately.
_CHANGED: dict["Options", dict[str, Any]] = {}


@dataclass(frozen=True)
class Options:
    edition: str = "classic"
    start_card: str = "official"          # official | number_only | no_wilds (§2; no_wilds: 002, a Wild goes back too)
    flip_start_card: str = "redraw"       # flip: a Flip card turned at the start goes back (redraw) or flips the game (flip)
    draw: str = "one_then_play"           # one_then_play | until_playable (§3)
    bluffing: bool = True                 # a restricted wild may be played against the rule unless challenged
    challenge: str = "official"           # official | ru | off (§5)
    uno_penalty: int = 2                  # §7
    #: §7, how long a missed UNO can be caught: until the next player plays or draws
    #: (next_turn: 000-ru), until the next card is played (next_play: 002, 000-en),
    #: until the player lays the last card (last_card: 003).
    catch_until: str = "next_turn"
    #: §7, when UNO may be called: until someone catches the player (until_caught: 002, 003),
    #: or only as the next-to-last card is played (before_play: 000-ru, 001, "before letting go").
    uno_call: str = "until_caught"
    false_catch_penalty: int = 0          # §16.9
    scoring: str = "standard"             # standard | alternative | ru_loser | elimination | lazy (§8)
    target: int = 500
    partners: bool = False                # §8, 4 players
    creeper_targets: str = "self"         # self | others (§6)
    draw_two_chain: str = "none"          # none | stacking | pass_on (§9, §10)
    draw_four_escape: str = "none"        # none | draw_two_of_colour (§9)
    jump_in: bool = False
    play_doubles: str = "off"             # off | sequential | together
    seven_o: bool = False
    reverse_deflect: bool = False
    silent_twos: str = "off"              # off | twos | wilds
    five_swap: bool = False
    hand_slap: bool = False
    colour_rotation: bool = False
    plus_ten: bool = False
    until_the_last: bool = False
    seven_rounds: bool = False
    zero_costs_50: bool = False
    h2o_scoring: bool = False
    mistake_penalty: int = 0
    forced_play: bool = False
    #: §12 DOS, after a draw that still gives no match: adding a card to the centre
    #: row is allowed (may: 001) or required (must: the published DOS rules).
    dos_add_after_draw: str = "may"
    #: §12 DOS, the call: due when the player's own match or add leaves exactly two
    #: cards (two: 001 "когда на руках всего лишь 2 карты"), or two or fewer
    #: (two_or_fewer: also after a turn that goes from three or more to one).
    dos_call: str = "two"
    #: Not in the sources: a round still going after this many turns ends, and the
    #: player with the fewest points in hand wins it (some option sets, +10 with
    #: until_the_last for one, can otherwise go on for ever; 0: no limit).
    turn_limit: int = 1000

    @classmethod
    def build(cls, preset: str | None = None, **overrides: Any) -> "Options":
        """Options of `preset` (default: the edition's own, else official) with
        `overrides`; values may be strings as typed by a user."""
        edition = overrides.get("edition")
        if preset is None:
            preset = edition if edition in PRESETS else "official"
        base = preset_options(preset)
        values = {}
        known = {f.name: f for f in fields(cls)}
        for name, raw in overrides.items():
            if name not in known:
                raise ConfigError(f"unknown option {name!r}", "error.unknown_option", option=name)
            values[name] = _coerce(name, raw, getattr(base, name))
        opts = replace(base, **values)
        opts.check()
        return opts

    def with_(self, **overrides: Any) -> "Options":
        return Options.build(None, **{**self.as_dict(), **overrides})

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def changed(self) -> dict[str, Any]:
        """The options that differ from the official defaults (every view shows them:
        worked out once per set of options)."""
        found = _CHANGED.get(self)
        if found is None:
            default = Options()
            found = {k: v for k, v in self.as_dict().items() if getattr(default, k) != v}
            if len(_CHANGED) >= 256:    # bounded: stress runs make many option sets
                _CHANGED.clear()
            _CHANGED[self] = found
        return dict(found)

    def verbs(self) -> frozenset[str]:
        """The player actions a game with these options can ask for (what /uno help lists; DOS's
        are dos.DOS_VERBS, the others are `bad_action` there)."""
        if self.edition == "dos":
            return frozenset(("play", "draw", "add", "end", "dos", "catch"))
        found = {"play", "draw", "pass", "uno", "catch", "colour"}
        if self.challenge != "off":
            found.add("challenge")
        if self.jump_in:
            found.add("jump")
        if self.seven_o or self.five_swap:
            found.add("swap")
        if self.five_swap:
            found.add("give")
        if self.hand_slap:
            found.add("slap")
        return frozenset(found)

    def check(self) -> None:
        """Refuse values outside their range and options that contradict each other."""
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ConfigError(f"option {name} must be one of {', '.join(map(str, allowed))}, "
                                  f"not {getattr(self, name)!r}", "error.bad_value", option=name,
                                  values=", ".join(map(str, allowed)), value=getattr(self, name))
        for name in ("uno_penalty", "false_catch_penalty", "mistake_penalty"):
            if not 0 <= getattr(self, name) <= 20:
                raise ConfigError(f"option {name} must be between 0 and 20", "option.range", option=name, low=0, high=20)
        if self.turn_limit != 0 and not 100 <= self.turn_limit <= 100000:
            raise ConfigError("option turn_limit must be 0 (no limit) or between 100 and 100000", "option.turn_limit")
        if not 1 <= self.target <= 100000:
            raise ConfigError("option target must be between 1 and 100000", "option.range", option="target", low=1, high=100000)
        for a, b, why in CONFLICTS:
            if _on(self, a) and _on(self, b):
                raise ConfigError(f"options {a} and {b} cannot be used together: {why}", "option.together", a=a, b=b)
        if self.draw_four_escape != "none" and self.draw_two_chain != "pass_on":
            raise ConfigError("option draw_four_escape needs draw_two_chain: pass_on "
                              "(the escape continues as a Draw Two chain)", "option.needs",
                              option="draw_four_escape", needs="draw_two_chain=pass_on")
        if self.h2o_scoring and self.scoring in ("standard", "lazy"):
            raise ConfigError("option h2o_scoring takes points off your own score, so it needs a scoring "
                              "where points count against you (alternative, ru_loser or elimination; "
                              "000-ru bases it on the game 101)", "option.needs", option="h2o_scoring",
                              needs="scoring=alternative | ru_loser | elimination")
        if self.partners and self.scoring not in ("standard", "lazy"):
            raise ConfigError("option partners needs scoring standard or lazy (teams score together)", "option.needs",
                              option="partners", needs="scoring=standard | lazy")
        if self.edition == "dos":
            bad = [k for k in DOS_UNSUPPORTED if _on(self, k)]
            if bad:
                raise ConfigError(f"option {bad[0]} does not apply to the dos edition", "option.edition", option=bad[0],
                                  edition="dos")
        if self.plus_ten and self.edition not in ("classic", "minecraft"):
            raise ConfigError("option plus_ten needs the blank cards of a classic or minecraft deck", "option.needs",
                              option="plus_ten", needs="edition=classic | minecraft")
        for name, default in (("dos_add_after_draw", "may"), ("dos_call", "two")):
            if getattr(self, name) != default and self.edition != "dos":
                raise ConfigError(f"option {name} applies only to the dos edition", "option.needs", option=name,
                                  needs="edition=dos")
        if self.uno_call != "until_caught" and self.edition == "dos":
            raise ConfigError("option uno_call is about the UNO call; DOS has its own (dos_call)", "option.edition",
                              option="uno_call", edition="dos")
        if self.challenge == "ru" and self.edition == "flip":
            raise ConfigError("option challenge: ru is a classic-deck rule; flip uses official or off", "option.edition",
                              option="challenge=ru", edition="flip")


#: The options with a fixed set of values, the default first (a house option's: as its
#: module declares them, HouseOption.values).
CHOICES = {
    "edition": ("classic", "minecraft", "flip", "dos"),
    "start_card": ("official", "number_only", "no_wilds"),
    "catch_until": ("next_turn", "next_play", "last_card"),
    "uno_call": ("until_caught", "before_play"),
    "dos_add_after_draw": ("may", "must"),
    "dos_call": ("two", "two_or_fewer"),
    "flip_start_card": ("redraw", "flip"),
    "draw": ("one_then_play", "until_playable"),
    "challenge": ("official", "ru", "off"),
    "scoring": ("standard", "alternative", "ru_loser", "elimination", "lazy"),
    "creeper_targets": ("self", "others"),
    "draw_two_chain": ("none", "stacking", "pass_on"),
    "draw_four_escape": ("none", "draw_two_of_colour"),
    "play_doubles": ("off", "sequential", "together"),
    "silent_twos": ("off", "twos", "wilds"),
}

#: Pairs that contradict each other, with the reason given to the user.
CONFLICTS = [
    ("until_the_last", "seven_rounds", "both decide differently when a player runs out of cards"),
    ("until_the_last", "partners", "a team cannot play on after one partner is out"),
    ("seven_rounds", "partners", "a team cannot play on after one partner is out"),
    ("until_the_last", "elimination", "both decide differently who leaves the table"),
    ("seven_rounds", "elimination", "both decide differently who leaves the table"),
]

#: The options the DOS edition refuses: partners and every house option not declared
#: `dos=True` (tests/test_house_registry.py checks); the first named is the one refused.
DOS_UNSUPPORTED = ("jump_in", "play_doubles", "seven_o", "reverse_deflect", "silent_twos", "five_swap",
                   "hand_slap", "colour_rotation", "plus_ten", "until_the_last", "seven_rounds",
                   "zero_costs_50", "h2o_scoring", "draw_two_chain", "draw_four_escape", "partners")


@dataclass(frozen=True)
class HouseOption:
    """The option of a house rule (RULES.md §10, and the ru-classic draw chains of §9),
    as its module in rules/house/ declares it (`OPTION`). The registry (house/__init__.py)
    derives from these the house options, the order the rules' hooks run in, the stress
    tool's switches and the docs table. The `Options` field, the `CHOICES` entry of a
    choice, the `PRESETS` values and `DOS_UNSUPPORTED` stay written here (the rules' core
    imports this module, so it cannot import the rules); tests/test_house_registry.py
    fails, naming both places, where they and the declaration differ."""

    #: the option's name, also the module's: rules/house/<name>.py
    name: str
    #: off: False, "off", "none" or 0 (a house rule is off by default)
    default: Any
    #: one line for the docs table (docs/engine.md, `unocraft house-rules`)
    doc: str
    #: a choice's values, the default first; () for true/false and whole numbers
    values: tuple[str, ...] = ()
    #: preset -> the value it gives the option (PRESETS)
    presets: dict[str, Any] = field(default_factory=dict)
    #: the values `unocraft stress` sets the option to now and then; (): true, or any of a
    #: choice's values
    stress: tuple[Any, ...] = ()
    #: the house rules whose hooks must run before this rule's (house.hook_order)
    after: tuple[str, ...] = ()
    #: the DOS edition plays it too (else DOS_UNSUPPORTED refuses it there)
    dos: bool = False

    @property
    def kind(self) -> str:
        """bool, choice or integer: how a value is typed and shown."""
        if self.values:
            return "choice"
        return "bool" if isinstance(self.default, bool) else "integer"

    def stress_values(self) -> tuple[Any, ...]:
        if self.stress:
            return self.stress
        return (True,) if self.kind == "bool" else self.values


def is_on(opts: Options, name: str) -> bool:
    """Option `name` is set to anything but off (false, off, none, 0)."""
    value = getattr(opts, name)
    return value not in (False, "off", "none", 0)


def _on(opts: Options, name: str) -> bool:
    if name == "elimination":
        return opts.scoring == "elimination"
    return is_on(opts, name)


def _coerce(name: str, raw: Any, default: Any) -> Any:
    if isinstance(default, bool):
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("true", "yes", "on", "1"):
            return True
        if text in ("false", "no", "off", "0"):
            return False
        raise ConfigError(f"option {name} must be true or false, not {raw!r}", "option.bool", option=name, value=raw)
    if isinstance(default, int):
        try:
            if isinstance(raw, bool):
                raise ValueError
            return int(raw)
        except (TypeError, ValueError):
            raise ConfigError(f"option {name} must be a whole number, not {raw!r}", "option.whole", option=name,
                              value=raw) from None
    return str(raw).strip().lower() if not isinstance(raw, bool) else ("true" if raw else "false")


#: RULES.md §14. Options not named take the defaults. A house option's values here are
#: those its module declares (HouseOption.presets; tests/test_house_registry.py checks).
PRESETS: dict[str, dict[str, Any]] = {
    "official": {},
    "minecraft": {"edition": "minecraft", "creeper_targets": "self"},
    "ru-classic": {"start_card": "number_only", "challenge": "ru", "uno_penalty": 4, "uno_call": "before_play",
                   "draw_two_chain": "pass_on", "draw_four_escape": "draw_two_of_colour",
                   "jump_in": True, "scoring": "ru_loser", "target": 200},
    "flip": {"edition": "flip", "draw": "until_playable"},
    "dos": {"edition": "dos", "uno_penalty": 1, "target": 200},
}


def preset_options(name: str) -> Options:
    try:
        values = PRESETS[name]
    except KeyError:
        raise ConfigError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}") from None
    return replace(Options(), **values)


def parse_assignments(items: list[str]) -> dict[str, str]:
    """`["jump_in=true", "target=200"]` -> dict, for command lines and chat."""
    out = {}
    for item in items:
        if "=" not in item:
            raise ConfigError(f"expected option=value, got {item!r}")
        key, value = item.split("=", 1)
        out[key.strip()] = value.strip()
    return out
