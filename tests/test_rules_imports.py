"""The engine has no import cycle: every module imports only modules below
it (shared helpers go below the modules that use them). Imports made only for
type checking count too: they tie the modules together all the same (and mypyc
compiles a cycle as one unit)."""

from __future__ import annotations

import ast
from pathlib import Path

#: the source tree (the compiled build installs the same modules as C extensions)
ENGINE = Path(__file__).resolve().parents[1] / "engine" / "unocraft"
RULES = ENGINE / "rules"


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts if parts[0] == "unocraft" else ["unocraft", *parts])


def imports(root: Path) -> dict[str, set[str]]:
    """Each module of the package at `root` -> the package's modules it imports
    (anywhere in the file: top level, functions, `if TYPE_CHECKING:`)."""
    files = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[:len(anchor) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                # `from . import legal` imports the module legal; `from .x import y` imports x
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in files else base for a in node.names]
            found |= {t for t in targets if t in files and t != name}
        graph[name] = found
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_import_graph_sees_the_imports():
    graph = imports(RULES)
    assert "unocraft.rules.state" in graph["unocraft.rules.game"]
    assert "unocraft.rules.state" in graph["unocraft.rules.house.jump_in"]
    assert "unocraft.rules.house.jump_in" in graph["unocraft.rules.house"]
    assert "unocraft.rules.legal" in graph["unocraft.rules.game"]      # `from . import legal`


def test_cycles_are_found():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles_in_the_rules_package():
    assert cycles(imports(RULES)) == []


def test_no_import_cycles_anywhere_in_the_engine():
    graph = imports(ENGINE)
    assert "unocraft.tables.lifecycle" in graph["unocraft.tables.manager"]     # the walk sees every package
    assert "unocraft.bots.simple" in graph["unocraft.bots.search"]
    assert cycles(graph) == []


def test_packages_import_one_way():
    """The rules know nothing of what uses them; the statistics nothing of tables; the bots
    nothing of tables; the mcpi front end only the tables layer's public API; the tables nothing
    of the web page."""
    graph = imports(ENGINE)

    def reach(prefix: str) -> set[str]:
        return {t for name, targets in graph.items() if name.startswith(prefix) for t in targets}
    assert not {t for t in reach("unocraft.rules") if not t.startswith("unocraft.rules")}
    assert not {t for t in reach("unocraft.stats") if t.startswith(("unocraft.tables", "unocraft.bots"))}
    assert not {t for t in reach("unocraft.bots") if t.startswith(("unocraft.tables", "unocraft.stats"))}
    assert {t for t in reach("unocraft.mcpi") if t.startswith("unocraft.tables")} == {"unocraft.tables.api"}
    # the web page reads the tables; the tables know nothing of it (serve.py wires its feed in)
    assert not {t for t in reach("unocraft.tables") if t.startswith("unocraft.web")}


#: The longest a module of the engine may be: a module longer than this does more than
#: one job (issue 22 split rules/core.py by concern for it).
MAX_LINES = 500


def test_no_engine_module_exceeds_500_lines():
    lengths = {str(p.relative_to(ENGINE)): len(p.read_text().splitlines()) for p in sorted(ENGINE.rglob("*.py"))}
    assert len(lengths) > 80                 # the walk sees every package, house rules included
    assert {name: n for name, n in lengths.items() if n > MAX_LINES} == {}
