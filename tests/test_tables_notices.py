"""The tables' transitions return what they decided (issue 35): each returns its typed notices
(notices.py) instead of writing to a collector, and the façade's one shell shows them. So a
transition can be called with no shell and read; and no room of the tables layer keeps notices
between calls (no `notices` attribute, no builder stored on an object or in a module)."""

from __future__ import annotations

import ast
from pathlib import Path

from unocraft.rules.actions import Action
from unocraft.tables.config import parse
from unocraft.tables.lifecycle import Lifecycle
from unocraft.tables.input import Input
from unocraft.tables.notices import Announce, GiveBack, TableEvents, Tell, TellTable
from test_tables import CONFIG

TABLES = Path(__file__).resolve().parents[1] / "engine" / "unocraft" / "tables"


def test_a_seat_taken_returns_the_line_for_the_table_with_no_shell():
    core = Lifecycle(parse({**CONFIG, "bots": {"fill_to": 0}}))
    opened = core.open("ann", None, "official", {}, 0)
    t = core.tables["t1"]
    assert [type(n) for n in opened] == [Announce, TellTable]       # opened, then the countdown
    assert (opened[0].of, opened[0].key) == ("ann", "table.opened")
    assert (opened[1].table, opened[1].key, opened[1].args) == (t, "start.countdown", {"count": 5})
    joined = core.sit(t, "bob", 1)
    assert joined == [TellTable(t, "start.joined", "green", "bob", None, False, {}, {})]
    # nothing was kept for later: the next transition returns its own notices only
    left = core.leave("bob", t)
    assert [type(n) for n in left] == [GiveBack, Tell, TellTable]
    assert [n.key for n in left if isinstance(n, (Tell, TellTable))] == ["table.you_left", "start.left"]


def test_a_play_and_a_refused_click_return_theirs():
    core = Lifecycle(parse({**CONFIG, "bots": {"fill_to": 0}}))
    core.open("ann", None, "official", {}, 0)
    t = core.tables["t1"]
    core.sit(t, "bob", 0)
    dealt = core.tick(100)
    assert [n.key for n in dealt if isinstance(n, TellTable)] == ["start.started"]
    played = core.play(t, Action.parse(t.actor_name(), "draw"), 100)
    assert [type(n) for n in played] == [TableEvents] and played[0].table is t and played[0].events
    # the input room too: a card item used by someone at no table, told so, with no shell
    assert Input(core).use("cid", "card:R7", 100) == [Tell("cid", "error.not_at_table", "red", {})]


def collectors(source: str) -> list[tuple[int, str]]:
    """(line, what) where a module keeps notices beyond one call, or shares a builder: an attribute
    or a class member named `notices`, a `Said` builder stored on an object, in a container or in
    the module, a module-level name for notices, or a function's builder handed to another call
    (an inner call returns its notices; it is given none to add to)."""
    tree = ast.parse(source)
    found: list[tuple[int, str]] = []

    def said_in(node: ast.AST | None) -> bool:
        return node is not None and any(isinstance(n, ast.Call) and getattr(n.func, "id", None) == "Said"
                                        for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and "notice" in target.attr.lower():
                    found.append((node.lineno, f"an attribute {target.attr}"))
                elif isinstance(target, (ast.Attribute, ast.Subscript)) and said_in(node.value):
                    found.append((node.lineno, "a Said stored beyond the call"))
        elif isinstance(node, ast.FunctionDef):
            builders = {t.id for a in ast.walk(node) if isinstance(a, ast.Assign) and said_in(a.value)
                        and not (isinstance(a.value, ast.Attribute) and a.value.attr == "items")   # a list
                        for t in a.targets if isinstance(t, ast.Name)}
            found += [(call.lineno, f"a builder {arg.id} handed to a call") for call in ast.walk(node)
                      if isinstance(call, ast.Call) for arg in [*call.args, *(k.value for k in call.keywords)]
                      if isinstance(arg, ast.Name) and arg.id in builders]
        if isinstance(node, ast.ClassDef):
            for member in node.body:
                if isinstance(member, (ast.FunctionDef, ast.AnnAssign, ast.Assign)):
                    names = [member.name] if isinstance(member, ast.FunctionDef) else \
                        [t.id for t in (member.targets if isinstance(member, ast.Assign) else [member.target])
                         if isinstance(t, ast.Name)]
                    found += [(member.lineno, f"a member {n} of {node.name}") for n in names if n == "notices"]
    for node in tree.body:      # the module's own names: nothing that lives as long as the module
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and said_in(node.value):
            found.append((node.lineno, "a Said in the module"))
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found += [(node.lineno, f"a module name {t.id}") for t in targets
                      if isinstance(t, ast.Name) and "notice" in t.id.lower() and t.id != "Notice"]
    return found


def test_no_room_of_the_tables_layer_keeps_notices():
    kept = {path.name: found for path in sorted(TABLES.glob("*.py")) if (found := collectors(path.read_text()))}
    assert kept == {}, kept


def test_the_check_finds_a_collector_put_back():
    # the shapes the layer had before (a collector on the lifecycle, a room's handle on it, a
    # property reaching it) and a builder kept on an object or in a module are found
    assert collectors("class Lifecycle:\n    def __init__(self):\n        self.notices = Notices()\n")
    assert collectors("class Input:\n    def __init__(self, core):\n        self.notices = core.notices\n")
    assert collectors("class Call:\n    @property\n    def notices(self):\n        return self.rooms.core.notices\n")
    assert collectors("class Sounds:\n    def __init__(self):\n        self.out = Said()\n")
    assert collectors("PENDING = Said()\n")
    assert collectors("pending_notices: list = []\n")
    assert collectors("def leave(self, t):\n    out = Said()\n    self.stakes.got_up(t, out)\n    return out.items\n")
    assert not collectors("def leave(t):\n    out = Said()\n    out.tell('ann', 'x')\n    return out.items\n")
