"""The names the architecture documents quote exist in the code (issue 35: a reader follows
docs/architecture.md and docs/engine.md into the code; a rename that leaves them behind fails here).

A quoted name is a backticked token: `Class`, `Class.member`, `function(args)`, `snake_name`,
`file.py` or `path/to/file`. A class or function must be defined (Python: `class`/`def`/an
assignment; Java: a type or a member declared), a member must be declared in its class's file, a
file or folder must exist; a lowercase word may also be one the code writes as a string (a refusal
code, a verb, an edition, a SQL table). Tokens with spaces, quotes or braces (commands, JSON) are
not names.
"""

from __future__ import annotations

import ast
import builtins
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ["docs/architecture.md", "docs/engine.md"]
NAME = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$")
JAVA_TYPE = re.compile(r"\b(?:class|interface|record|enum)\s+([A-Z]\w*)")
JAVA_MEMBER = re.compile(r"\b([a-zA-Z_]\w*)\s*(?:\(|=[^=]|;)")   # a method, a field, a constant
FILE_SUFFIXES = (".py", ".java", ".json", ".yaml", ".yml", ".md", ".toml", ".js")


def _sources(suffix: str) -> list[Path]:
    roots = [ROOT / "engine", ROOT / "plugin", ROOT / "benchmarks", ROOT / "tests", ROOT / "scripts"]
    return [p for r in roots for p in r.rglob(f"*{suffix}")
            if p.name != Path(__file__).name and "node_modules" not in p.parts and "target" not in p.parts and "-api-stub" not in str(p)]


class Code:
    """What the code defines: names -> the files defining them, each Python class's bases, and the
    words it uses as strings (refusal codes, verbs, event kinds, edition names)."""

    def __init__(self) -> None:
        self.names: dict[str, set[Path]] = {}
        self.bases: dict[str, set[str]] = {}
        self.classes: set[str] = set()
        self.modules: set[str] = set()
        self.words: set[str] = set()
        for path in _sources(".py"):
            self._python(path)
        for path in _sources(".java"):
            text = path.read_text(encoding="utf-8")
            for m in JAVA_TYPE.finditer(text):
                self.add(m.group(1), path)
                self.classes.add(m.group(1))
            for m in JAVA_MEMBER.finditer(text):
                self.add(m.group(1), path)
            self.words.update(re.findall(r'"(\w+)"', text))
        for path in (ROOT / "engine/unocraft/presentation/lang").glob("*.yaml"):   # its sections
            self.words.update(re.findall(r"^(\w+):", path.read_text(encoding="utf-8"), flags=re.M))

    def add(self, name: str, path: Path) -> None:
        self.names.setdefault(name, set()).add(path)

    def _python(self, path: Path) -> None:
        module = path.parent.name if path.stem == "__init__" else path.stem
        self.add(module, path)
        self.modules.add(module)
        for folder in (path, *path.parents):   # `unocraft.rules.views`: a module is a name of its package
            if folder.parent == ROOT:
                break
            self.add(folder.stem, folder.parent)
            self.modules.add(folder.stem)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                self.add(node.name, path)
                self.classes.add(node.name)
                self.bases.setdefault(node.name, set()).update(
                    b.id if isinstance(b, ast.Name) else b.attr for b in node.bases
                    if isinstance(b, (ast.Name, ast.Attribute)))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.add(node.name, path)
            elif isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Store):
                self.add(node.id if isinstance(node, ast.Name) else node.attr, path)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                self.add(node.target.id, path)
            elif isinstance(node, ast.arg):
                self.add(node.arg, path)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    self.add((alias.asname or alias.name).split(".")[0], path)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                self.words.add(node.value)                          # a code, a verb, a prefix
                self.words.update(re.findall(r"[a-z_]+", node.value))   # and SQL's names

    def declared(self, member: str, head: str, seen: frozenset[str] = frozenset()) -> bool:
        """`member` is declared in a file that defines `head`, or in one of its base classes'."""
        if any(member in self.in_file(path) for path in self.names.get(head, ())):
            return True
        return any(self.declared(member, base, seen | {head})
                   for base in self.bases.get(head, ()) if base not in seen)

    @cache
    def in_file(self, path: Path) -> frozenset[str]:
        return frozenset(name for name, paths in self.names.items() if path in paths)


@cache
def code() -> Code:
    return Code()


def _file_exists(token: str) -> bool:
    token = token.rstrip("/")
    if any((ROOT / base / token).exists() for base in ("", "engine/unocraft", "engine/unocraft/rules", "plugin")):
        return True
    return any("node_modules" not in p.parts for p in ROOT.glob(f"**/{token}"))


def problem(token: str) -> str | None:
    """Why `token` names nothing in the code, or None (found, or not a name)."""
    token = re.sub(r"\(.*\)$", "", token.strip())          # `Input.act(player, "play R7")`
    if not token or token.startswith("/") or any(c in token for c in ' "\'{}<>[]*'):
        return None                                          # a command, JSON, a template
    if token.endswith(FILE_SUFFIXES) or "/" in token:
        return None if _file_exists(token) else "no such file"
    if not NAME.match(token):
        return None
    c = code()
    head, *members = token.split(".")
    if token in c.words or all(part.islower() and part in c.words for part in token.split(".")):
        return None                     # a word the code uses (a refusal code, a verb, a table.column)
    if head not in c.names and head not in dir(builtins):
        return f"{head} is defined nowhere"
    for member in members:
        if c.declared(member, head):
            pass
        elif head not in c.classes and head not in c.modules and member in c.names:
            pass                        # a value's member (`SLAP.get`): its class is not written
        else:
            return f"{member} is not declared where {head} is"
        head = member
    return None


def quoted(doc: str) -> list[str]:
    text = (ROOT / doc).read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)       # code blocks show commands, not names
    return sorted(set(re.findall(r"`([^`\n]+)`", text)))


@pytest.mark.parametrize("doc", DOCS)
def test_every_name_a_document_quotes_exists(doc):
    missing = {t: why for t in quoted(doc) if (why := problem(t)) is not None}
    assert not missing, f"{doc} quotes names the code does not have: {missing}"


def test_the_check_finds_a_renamed_class_and_member():
    """The check itself: a name that is not there, and a member its class lacks, are found."""
    assert problem("Tables") is None and problem("Tables.handle") is None
    assert problem("Tablez") == "Tablez is defined nowhere"
    assert problem("Tables.no_such_step") == "no_such_step is not declared where Tables is"
    assert problem("UnoCore.onUse(player, slot, tag)") is None
    assert problem("UnoCore.onUsage") is not None
    assert problem("engine/unocraft/tables/nowhere.py") == "no such file"
