"""The house rules (RULES.md §10): one module each, and this registry of them.

A house rule module declares its option (`OPTION`, an options.HouseOption: type,
default, presets, the stress tool's values, the docs line, the rules it runs
after), the scenario files under tests/scenarios/ that prove it (`SCENARIOS`) and
its rule (`RULE`, whose `HouseRule.install` joins the core's hooks). From these the
registry derives the house options, the order the rules' hooks run in (`RULES`),
the stress tool's switches (stress.py) and the docs table (`docs_table`,
`unocraft house-rules`). tests/test_house_registry.py and test_house_rules.py
hold the rest together, naming what to add where.

The order of the hooks: by option name, except that a rule runs after every rule
its declaration names in `after` (draw_two_chain before draw_four_escape and
reverse_deflect, seven_o before five_swap, hand_slap before silent_twos). The
order between rules not tied so does not change a game (a test plays both ways).
"""

from __future__ import annotations

from typing import Any, Iterable

from ..actions import add_verbs
from ..hooks import State
from ..options import HouseOption, Options
from ..state import HouseRule
from . import (colour_rotation, draw_four_escape, draw_two_chain, five_swap, forced_play, h2o_scoring,
               hand_slap, jump_in, mistake_penalty, play_doubles, plus_ten, reverse_deflect,
               seven_o, seven_rounds, silent_twos, until_the_last, zero_costs_50)

#: every module of rules/house/ (any order: test_house_rules checks that none is missing)
MODULES = (colour_rotation, draw_four_escape, draw_two_chain, five_swap, forced_play, h2o_scoring,
           hand_slap, jump_in, mistake_penalty, play_doubles, plus_ten, reverse_deflect,
           seven_o, seven_rounds, silent_twos, until_the_last, zero_costs_50)


#: their verbs are verbs of actions (`Action.parse`)
add_verbs(verb for module in MODULES for verb in getattr(module, "VERBS", ()))


def hook_order(declared: Iterable[HouseOption], backwards: bool = False) -> tuple[str, ...]:
    """The options' names in the order their rules' hooks run: by name (`backwards`: by
    name from the end, which tests use to show that order does not matter), a rule
    moved after the rules its `after` names. Raises ValueError on an unknown name or
    a circle, when the registry is imported."""
    pending = {o.name: set(o.after) for o in declared}
    for name, after in pending.items():
        unknown = sorted(after - set(pending))
        if unknown:
            raise ValueError(f"house rule {name} runs after {unknown[0]}, which is no house rule")
    order: list[str] = []
    while pending:
        ready = sorted((n for n, after in pending.items() if not after), reverse=backwards)
        if not ready:
            raise ValueError(f"house rules that run after each other in a circle: {', '.join(sorted(pending))}")
        order.append(ready[0])
        del pending[ready[0]]
        for after in pending.values():
            after.discard(ready[0])
    return tuple(order)


_MODULE_OF = {m.OPTION.name: m for m in MODULES}

#: the house options, in the order of their rules' hooks
HOUSE_OPTIONS: tuple[str, ...] = hook_order(m.OPTION for m in MODULES)

#: the options' declarations and the rules, in that order
OPTIONS: tuple[HouseOption, ...] = tuple(_MODULE_OF[name].OPTION for name in HOUSE_OPTIONS)
RULES: tuple[HouseRule, ...] = tuple(_MODULE_OF[name].RULE for name in HOUSE_OPTIONS)


def _states() -> tuple[State[Any], ...]:
    """The rules' states, each numbered by its slot in `game.house_state`."""
    states = tuple(rule.state for rule in RULES if rule.state is not None)
    for index, state in enumerate(states):
        state.index = index
    return states


#: the states the house rules keep, in their slots' order (`Variant.states`)
STATES = _states()


def preset_values() -> dict[str, dict[str, Any]]:
    """preset -> the house options it sets and their values (options.PRESETS holds
    them too; tests/test_house_registry.py checks that both agree)."""
    out: dict[str, dict[str, Any]] = {}
    for option in OPTIONS:
        for preset, value in option.presets.items():
            out.setdefault(preset, {})[option.name] = value
    return out


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def docs_table() -> str:
    """The house options as the Markdown table of docs/engine.md (`unocraft house-rules`
    prints it; a test fails where the docs differ)."""
    rows = ["| option | values | default | presets | runs after | what it does |",
            "|---|---|---|---|---|---|"]
    for o in sorted(OPTIONS, key=lambda o: o.name):
        values = {"bool": "true, false", "integer": "integer"}.get(o.kind) or ", ".join(o.values)
        presets = ", ".join(f"{p}: {_shown(v)}" for p, v in o.presets.items())
        after = ", ".join(f"`{a}`" for a in o.after)
        rows.append(f"| `{o.name}` | {values} | {_shown(o.default)} | {presets} | {after} | {o.doc} |")
    return "\n".join(rows) + "\n"


def _verbs() -> dict[str, tuple[HouseRule, ...]]:
    verbs: dict[str, tuple[HouseRule, ...]] = {}
    for rule in RULES:
        for verb in rule.verbs:
            verbs[verb] = verbs.get(verb, ()) + (rule,)
    return verbs


#: verb -> the rules that decide it, at every table (`Variant.checks`, through dispatch.verb_table)
VERBS = _verbs()

#: The options asked about last, and their rules: a table, self-play and the
#: benchmark make game after game with one `Options` (asking all the rules costs
#: a new game about 2 us, compiled, of its ~35).
_last: tuple[Options | None, tuple[HouseRule, ...]] = (None, ())


def active_rules(opts: Options) -> tuple[HouseRule, ...]:
    """The house rules `opts` turn on, in the order of `RULES`."""
    global _last
    if _last[0] is opts:
        return _last[1]
    found = tuple(rule for rule in RULES if rule.active(opts))
    _last = (opts, found)
    return found
