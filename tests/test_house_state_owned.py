"""Each house rule owns its state (issue 35): a rule declares it in its own module (`State`, with
its value's class), and the game carries it in a slot it saves, restores, undoes and fingerprints
without knowing whose it is. Outside that module no engine code names it: not its key as an
attribute or a key (`game.slap`, `state["slap"]`, `getattr(game, "slap")`), not the `State` object,
not its value's class. Comments and docstrings may."""

from __future__ import annotations

import ast
from pathlib import Path

from unocraft.rules.house import MODULES, STATES

ENGINE = Path(__file__).resolve().parents[1] / "engine" / "unocraft"


def declared(source: str) -> tuple[set[str], set[str]]:
    """The state a house rule module declares: the keys of its `NAME: State[...] = State("key", ...)`,
    and the names NAME and the module's classes that are no `HouseRule` (none without a State)."""
    keys: set[str] = set()
    names: set[str] = set()
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.value, ast.Call) \
                and getattr(node.value.func, "id", None) == "State" and isinstance(node.target, ast.Name):
            key = node.value.args[0]
            assert isinstance(key, ast.Constant) and isinstance(key.value, str), "a State's key is a literal"
            keys.add(key.value)
            names.add(node.target.id)
    if keys:
        names |= {n.name for n in tree.body if isinstance(n, ast.ClassDef)
                  and not any(getattr(b, "id", None) == "HouseRule" for b in n.bases)}
    return keys, names


def naming(source: str, keys: set[str], names: set[str]) -> list[tuple[int, str]]:
    """(line, word) where the code of `source` names a state: one of `keys` as an attribute, a
    constant key or getattr's name; one of `names` as a name, an attribute or an import."""
    found = []
    for node in ast.walk(ast.parse(source)):
        words: list[str] = []
        idents: list[str] = []
        if isinstance(node, ast.Name):
            idents = [node.id]
        elif isinstance(node, ast.Attribute):
            words = idents = [node.attr]
        elif isinstance(node, ast.alias):
            idents = [node.name.rpartition(".")[2], node.asname or ""]
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            words = [str(node.slice.value)]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("getattr", "setattr", "hasattr") \
                and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
            words = [str(node.args[1].value)]
        found += [(getattr(node, "lineno", 0), w) for w in words if w in keys]
        found += [(getattr(node, "lineno", 0), w) for w in idents if w in names and w not in keys]
    return found


#: house rule module -> (its state's keys, its state's names)
OWNED = {Path(m.__file__): declared(Path(m.__file__).read_text()) for m in MODULES}
OWNED = {path: decl for path, decl in OWNED.items() if decl[0]}


def strangers(path: Path, source: str) -> list[str]:
    """`file:line: word` for each state of another module's that `source` (of `path`) names."""
    return [f"{path.name}:{line}: {word}" for module, (keys, names) in OWNED.items() if module != path
            for line, word in naming(source, keys, names)]


def test_every_state_is_declared_by_its_rule_module():
    keys = set().union(*(k for k, _ in OWNED.values()))
    names = set().union(*(n for _, n in OWNED.values()))
    assert {s.key for s in STATES} == keys == {"slap", "silence", "level", "out_order"}
    assert {"SLAP", "Slap", "SILENCE", "Silence", "LEVEL", "OUT_ORDER"} <= names


def test_no_code_outside_a_rule_module_names_its_state():
    found = [line for path in sorted(ENGINE.rglob("*.py")) for line in strangers(path, path.read_text())]
    assert found == []


def test_the_scan_sees_a_state_named_outside_its_module():
    """As the core did before issue 35: a field, a key of the saved state, a rule's State or class."""
    probe = ('"""A docstring may say game.slap."""\nok = game.seq\nlevel = 3\n'
             'if game.slap is None and state["silence"]:\n    from .house.seven_rounds import LEVEL\n'
             '    x = getattr(game, "out_order") or Silence("twos")\n')
    found = strangers(ENGINE / "rules" / "state.py", probe)
    assert sorted(found) == ["state.py:4: silence", "state.py:4: slap", "state.py:5: LEVEL",
                             "state.py:6: Silence", "state.py:6: out_order"]
