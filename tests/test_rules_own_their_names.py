"""The rules own every rule (issue 22): outside rules/, no code or string names a house rule's
option, verb or state. The tables layer, the bots and the front ends ask the rules' vocabulary
(rules/vocab.py) instead. Comments and docstrings may name them; language files are data."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from unocraft.rules import vocab
from unocraft.rules.house import HOUSE_OPTIONS, MODULES, STATES

ENGINE = Path(__file__).resolve().parents[1] / "engine" / "unocraft"
RULES = ENGINE / "rules"


def house_state() -> set[str]:
    """Every state a house rule keeps in the game (the keys of its `State`, house.STATES) and every
    attribute it sets on the game (`game.turn = ...`, outside `install`, which joins the core's hooks)."""
    names = {state.key for state in STATES}
    for module in MODULES:
        tree = ast.parse((RULES / "house" / f"{module.__name__.rpartition('.')[2]}.py").read_text())
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef) or func.name == "install":
                continue
            for node in ast.walk(func):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
                    if isinstance(node, ast.AugAssign) else []
                for target in targets:
                    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                            and target.value.id == "game":
                        names.add(target.attr)
    return names


#: what only rules/ may name: the house options, the house rules' verbs and events, the out-of-turn
#: play (`jump`), and the state house rules keep on the game that the common rules do not
CORE_STATE = {"seq", "pending", "colour", "turn", "direction", "catchable", "revealed", "phase", "level", "out_order"}
#: (a one-word event such as `out` is an ordinary word too; silence is state as well)
HOUSE_EVENTS = {e for m in MODULES for e in getattr(m, "EVENTS", {}) if "_" in e}
FORBIDDEN = set(HOUSE_OPTIONS) | set(vocab.HOUSE_VERBS) | set(vocab.JUMPS) | (house_state() - CORE_STATE) | HOUSE_EVENTS


WORDLIKE = re.compile(r"^[\w.=*]+$")


def docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def named(path: Path) -> list[str]:
    """`file:line: word` for each identifier or string (not a docstring) naming a forbidden word."""
    tree = ast.parse(path.read_text(), str(path))
    skip = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, ast.keyword) and node.arg:
            words = [node.arg]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip \
                and WORDLIKE.match(node.value):     # a name, a key, `option=value`; not a sentence
            words = re.split(r"[.=*]", node.value)
        for word in words:
            if word in FORBIDDEN:
                found.append(f"{path.relative_to(ENGINE) if ENGINE in path.parents else path.name}:{node.lineno}: {word}")
    return found


def test_the_forbidden_names_are_found():
    assert {"hand_slap", "jump_in", "play_doubles", "slap", "swap", "jump", "silence"} <= FORBIDDEN
    assert not FORBIDDEN & {"play", "draw", "uno", "catch", "colour"}


def test_the_scan_sees_a_name(tmp_path):
    bad = tmp_path / "probe.py"
    bad.write_text('"""A docstring may say slap."""\nif getattr(game, "silence", None):\n    verb = "slap"\n'
                   'line = "a sentence may say swap"\nkey = "event.slap_now"\n')
    assert sorted(named(bad)) == ["probe.py:2: silence", "probe.py:3: slap", "probe.py:5: slap_now"]


def test_nothing_outside_the_rules_names_a_house_rule():
    found = [line for path in sorted(ENGINE.rglob("*.py")) if RULES not in path.parents for line in named(path)]
    assert found == []
