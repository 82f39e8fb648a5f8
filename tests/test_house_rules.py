"""Each house rule lives in one module of unocraft.rules.house, names its option and
the scenario files that prove it, and joins a game only where its option is on."""

from __future__ import annotations

from pathlib import Path

import pytest

from unocraft.rules import house
from unocraft.rules.actions import Action
from unocraft.rules.game import Game
from unocraft.rules.house import HOUSE_OPTIONS
from unocraft.rules.options import Options

ROOT = Path(__file__).parent / "scenarios"
HOUSE_DIR = Path(__file__).resolve().parents[1] / "engine" / "unocraft" / "rules" / "house"
MODULES = sorted(p.stem for p in HOUSE_DIR.glob("*.py") if p.stem != "__init__")

#: the hook tuples and fields of a game that the house rules fill
HOOKS = ("jump_rules", "lay_hooks", "effect_hooks", "answer_rules", "turn_hooks", "window_hooks",
         "uno_hooks", "draw_rules", "pass_rules", "candidate_hooks", "call_hooks", "refusal_hooks",
         "out_hooks", "points_rules", "score_hooks")


def rule_of(module: str):
    return getattr(__import__(f"unocraft.rules.house.{module}", fromlist=["RULE"]), "RULE")


def test_every_house_option_has_exactly_one_module():
    options = [rule.option for rule in house.RULES]
    assert sorted(options) == sorted(HOUSE_OPTIONS), "a house option without a module, or a module without one"
    assert len(set(options)) == len(options), "two modules for one option"
    # one module per option, named after it, and every module is in the registry
    assert MODULES == sorted(HOUSE_OPTIONS)
    assert [rule_of(m) for m in MODULES] == sorted(house.RULES, key=lambda r: r.option)


def test_house_options_are_options():
    defaults = Options()
    for name in HOUSE_OPTIONS:
        assert hasattr(defaults, name)
        assert not house.RULES[[r.option for r in house.RULES].index(name)].active(defaults), \
            f"{name}: a house rule is off by default (RULES.md §10)"


@pytest.mark.parametrize("rule", house.RULES, ids=[r.option for r in house.RULES])
def test_every_house_rule_names_scenarios_that_exist(rule):
    assert rule.scenarios, f"{rule.option} names no scenario file"
    for name in rule.scenarios:
        path = ROOT / name
        assert path.is_file(), f"{rule.option}: {name} is not a scenario file under {ROOT}"
        assert path.suffix == ".yaml"


def test_every_house_scenario_belongs_to_a_rule():
    named = {name for rule in house.RULES for name in rule.scenarios}
    unnamed = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "s10_house").glob("*.yaml"))
               if str(p.relative_to(ROOT)) not in named]
    assert unnamed == [], f"house scenarios no rule names: {unnamed}"


def test_a_table_without_house_rules_installs_no_hook():
    game = Game.new(["a", "b", "c"], Options.build("official"), 1)
    assert game.house == ()
    assert all(getattr(game, hook) == () for hook in HOOKS)
    assert game.pair_rule is None and game.colour_rule is None
    assert not game.checked_legal and not game.forced_play


def test_a_house_rule_joins_only_the_games_that_turn_it_on():
    game = Game.new(["a", "b", "c"], Options.build("official", silent_twos="twos", forced_play=True), 1)
    assert [r.option for r in game.house] == ["forced_play", "silent_twos"]    # the registry's order
    assert [r.option for r in game.lay_hooks] == ["silent_twos"]
    assert [r.option for r in game.draw_rules] == ["forced_play"]
    assert game.forced_play and game.effect_hooks == ()
    ru = Game.new(["a", "b", "c"], Options.build("ru-classic"), 1)
    assert [r.option for r in ru.answer_rules] == ["draw_two_chain", "draw_four_escape"]
    assert [r.option for r in ru.jump_rules] == ["jump_in"]


def test_verbs_of_house_rules_are_refused_where_the_rule_is_off():
    game = Game.new(["a", "b", "c"], Options.build("official"), 1)
    before = game.fingerprint()
    refusals = {verb: game.refusal(Action("a", verb, target="b")) for verb in house.VERBS}
    # (a give is only ever an answer to a five's swap: without one there is nothing to give)
    assert refusals == {"swap": "option_off", "give": "nothing_to_swap", "slap": "option_off",
                        "talk": "option_off"}
    assert game.fingerprint() == before


@pytest.mark.parametrize("rules", [{"jump_in": True}, {"play_doubles": "sequential"}, {}])
def test_out_of_turn_plays_are_listed_exactly_when_a_rule_lets_them_in(rules):
    """`legal_actions` offers a card out of turn only through a jump rule: each card of a waiting
    player's hand is listed as a jump exactly when the game's checks accept it (none left out where
    jump-in is on, none asked for where it is off)."""
    import random
    rng = random.Random(7)
    listed_jumps = 0
    for seed in range(40):
        game = Game.new(["a", "b", "c"], Options.build("official", **rules), seed)
        for _ in range(120):
            if game.phase != "play":
                break
            for seat, name in enumerate(game.names):
                if seat == game.turn:
                    continue
                jumps = {a.cards for a in game.legal_actions(name) if a.verb == "jump"}
                listed_jumps += len(jumps)
                for card in game.hands[seat]:
                    ref = game.ref(card)
                    accepted = any(game.refusal(Action(name, "jump", (ref,), colour)) is None
                                   for colour in (None, game.side_colours[0]))
                    assert accepted == ((ref,) in jumps), f"{name} {ref} (seed {seed})"
            mine = [a for a in game.legal_actions() if a.player == game.names[game.turn]]
            game.play(rng.choice(mine or game.legal_actions()))
    assert (listed_jumps > 0) == bool(rules)    # the check above met real jump-ins
