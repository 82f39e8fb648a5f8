"""The house rules' registry (rules/house/__init__.py): each house module declares its
option (`OPTION`), and what is still written elsewhere agrees with the declarations
exactly. rules/options.py keeps the `Options` field, a choice's `CHOICES` entry, the
presets' values and `DOS_UNSUPPORTED` (the core imports options.py, so options.py
cannot import the rules; mypyc compiles `Options` with fixed fields); each failure here
names the declaration and the line to change. The order of the rules' hooks is the
declared one: any other order their `after` allows plays the same games."""

from __future__ import annotations

import random
import re
from dataclasses import fields
from pathlib import Path

import pytest

from unocraft import cli, stress
from unocraft.rules import house
from unocraft.rules.options import CHOICES, DOS_UNSUPPORTED, PRESETS, HouseOption, Options, is_on
from unocraft.simulate import new_game

DOCS = Path(__file__).resolve().parents[1] / "docs" / "engine.md"
FIELDS = {f.name: f for f in fields(Options)}
DEFAULTS = Options()
#: what a house option needs beside it (Options.check refuses it alone)
NEEDS = {"draw_four_escape": {"draw_two_chain": "pass_on"}, "h2o_scoring": {"scoring": "alternative"}}


def where(o: HouseOption) -> str:
    return f"rules/house/{o.name}.py declares OPTION {o.name!r}"


def docs_options_table() -> list[str]:
    """The options named by the rows of the table of every option (docs/engine.md, Options)."""
    text = DOCS.read_text()
    table = text.split("| option | values | default |\n", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^\| `(\w+)` \|", table, re.M)


@pytest.mark.parametrize("option", house.OPTIONS, ids=[o.name for o in house.OPTIONS])
def test_the_declaration_is_the_options_field(option):
    assert option.name in FIELDS, \
        f"{where(option)}: add the field `{option.name} = {option.default!r}` to Options (rules/options.py)"
    default = getattr(DEFAULTS, option.name)
    assert type(default) is type(option.default) and default == option.default, \
        f"{where(option)} with default {option.default!r}; Options.{option.name} defaults to {default!r}"
    assert not is_on(DEFAULTS, option.name), f"{where(option)}: a house rule is off by default (RULES.md §10)"
    assert house.RULES[house.HOUSE_OPTIONS.index(option.name)].option == option.name, \
        f"{where(option)}, but its RULE is for another option"


@pytest.mark.parametrize("option", house.OPTIONS, ids=[o.name for o in house.OPTIONS])
def test_a_choice_is_declared_as_choices_has_it(option):
    if option.kind == "choice":
        assert CHOICES.get(option.name) == option.values, \
            f"{where(option)} with values {option.values}; options.CHOICES[{option.name!r}] must be the same tuple"
        assert option.values[0] == option.default, f"{where(option)}: a choice's first value is its default"
    else:
        assert option.name not in CHOICES, f"{where(option)} as {option.kind}; options.CHOICES lists it as a choice"


def test_every_option_is_a_house_rules_or_in_the_docs_table_of_options():
    """A field added to Options is either a house rule's (declared by its module) or a
    table option, with its row in docs/engine.md; not both."""
    rows = docs_options_table()
    assert rows, "the table of options in docs/engine.md was not found"
    for name in FIELDS:
        if name in house.HOUSE_OPTIONS:
            assert name not in rows, f"{name} is a house option: its row is the house rules' table, not this one"
        else:
            assert name in rows, (f"Options.{name}: no rules/house/{name}.py declares it, and docs/engine.md "
                                  "has no row for it in the table of options")
    assert [n for n in rows if n not in FIELDS] == [], "docs/engine.md names options Options does not have"


def test_the_presets_give_the_house_options_their_declared_values():
    declared = house.preset_values()
    for preset in declared:
        assert preset in PRESETS, f"a house option declares the preset {preset!r}, which options.PRESETS lacks"
    for preset, values in PRESETS.items():
        written = {k: v for k, v in values.items() if k in house.HOUSE_OPTIONS}
        assert written == declared.get(preset, {}), (
            f"options.PRESETS[{preset!r}] sets the house options {written}; their declarations "
            f"(OPTION.presets in rules/house/) say {declared.get(preset, {})}")


def test_dos_refuses_exactly_the_house_options_declared_not_for_dos():
    declared = {o.name for o in house.OPTIONS if not o.dos}
    written = set(DOS_UNSUPPORTED) & set(house.HOUSE_OPTIONS)
    assert written == declared, (f"options.DOS_UNSUPPORTED lists {sorted(written - declared)} declared dos=True, "
                                 f"and misses {sorted(declared - written)} declared without dos")


def test_the_stress_tool_sets_every_house_option():
    for o in house.OPTIONS:
        if o.kind == "bool":
            assert o.name in stress.SWITCHES
        else:
            assert o.name in stress.HOUSE_CHOICES or o.name in stress.HOUSE_NUMBERS
        for value in o.stress_values():
            assert getattr(Options.build("official", **{o.name: value}, **NEEDS.get(o.name, {})), o.name) == value


def test_the_docs_table_is_the_registrys(capsys):
    text = DOCS.read_text()
    start = "<!-- house-rules: `unocraft house-rules` prints this table; tests/test_house_registry.py checks it -->\n"
    assert start in text, "docs/engine.md lost the marker before the house rules' table"
    table = text.split(start, 1)[1].split("<!-- /house-rules -->", 1)[0]
    assert table == house.docs_table(), "the house rules' table in docs/engine.md differs: paste `unocraft house-rules`"
    assert cli.main(["house-rules"]) == 0
    assert capsys.readouterr().out == house.docs_table()


def test_the_docs_table_of_presets_is_presets():
    """docs/engine.md's presets, house options included, as options.PRESETS has them."""
    text = DOCS.read_text().split("## Presets\n", 1)[1]
    rows = dict(re.findall(r"^\| `([\w-]+)` \| (.*) \|$", text.strip().split("\n\n", 1)[0], re.M))
    shown = {p: ", ".join(f"{k}: {str(v).lower() if isinstance(v, bool) else v}" for k, v in values.items())
             or "(all defaults)" for p, values in PRESETS.items()}
    assert rows == shown


# -- the order of the hooks

def test_a_rule_runs_after_the_rules_it_names():
    order = house.HOUSE_OPTIONS
    for o in house.OPTIONS:
        for before in o.after:
            assert order.index(before) < order.index(o.name), f"{o.name} runs after {before}"
    # the pairs whose order the rules rely on (RULES.md §16.4; the swap verb; the legal list)
    for first, then in (("draw_two_chain", "draw_four_escape"), ("draw_two_chain", "reverse_deflect"),
                        ("seven_o", "five_swap"), ("hand_slap", "silent_twos")):
        assert order.index(first) < order.index(then)
    assert [r.option for r in house.VERBS["swap"]] == ["seven_o", "five_swap"]


def test_the_order_does_not_depend_on_how_the_modules_are_listed():
    declared = [m.OPTION for m in house.MODULES]
    for seed in range(5):
        random.Random(seed).shuffle(declared)
        assert house.hook_order(declared) == house.HOUSE_OPTIONS


def test_a_rule_after_an_unknown_rule_or_in_a_circle_is_refused():
    a = HouseOption("a", False, "", after=("b",))
    with pytest.raises(ValueError, match="runs after b, which is no house rule"):
        house.hook_order([a])
    with pytest.raises(ValueError, match="in a circle: a, b"):
        house.hook_order([a, HouseOption("b", False, "", after=("a",))])
    assert house.hook_order([a, HouseOption("b", False, "")]) == ("b", "a")


def _transcript(opts: Options, players: int, seed: int) -> list:
    """Every position's legal actions and every action's events, a random legal action
    at a time (out-of-turn calls, slaps and jump-ins too)."""
    game = new_game([f"p{i}" for i in range(players)], opts, seed)
    rng = random.Random(seed)
    out: list = []
    for _ in range(300):
        if game.phase != "play":
            break
        actions = game.legal_actions()
        out.append([str(a) for a in actions])
        out.append([e.to_json() for e in game.play(rng.choice(actions))])
    out.append(game.fingerprint())
    return out


def test_any_order_the_declarations_allow_plays_the_same_games(monkeypatch):
    """The registry orders rules not tied by `after` by name; the order from the other end
    of the alphabet plays every game alike, so `after` names every order that matters."""
    rng = random.Random(22)
    cases = []
    for _ in range(60):
        opts = stress.random_options(rng)
        cases.append((opts, 4 if opts.partners else rng.randint(2, 4), rng.randrange(10**6)))
    usual = [_transcript(*case) for case in cases]
    backwards = house.hook_order(house.OPTIONS, backwards=True)
    assert backwards != house.HOUSE_OPTIONS
    by_name = {r.option: r for r in house.RULES}
    monkeypatch.setattr(house, "RULES", tuple(by_name[n] for n in backwards))
    monkeypatch.setattr(house, "_last", (None, ()))
    everything = Options.build("official", seven_o=True, five_swap=True, silent_twos="twos", forced_play=True)
    assert [r.option for r in house.active_rules(everything)] == \
        [n for n in backwards if n in ("seven_o", "five_swap", "silent_twos", "forced_play")], "the order took"
    for case, expected in zip(cases, usual):
        assert _transcript(*case) == expected, f"another hook order plays {case[0].changed()} differently"
