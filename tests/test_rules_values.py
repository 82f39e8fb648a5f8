"""The rules' immutable values (pending.py's, `Action`) write their own `__init__` (and Action its
`__hash__`) so that mypyc compiles them; they must stay what the dataclass would generate: the
same parameters and defaults as the fields, frozen, equal and hashed by value. Run by the plain
and the compiled build (scripts/test)."""

import dataclasses

import pytest

from unocraft.rules.actions import Action
from unocraft.rules.cards import Card
from unocraft.rules.pending import Choice, DosTurn, Drawn, Penalty, pending_from_json

VALUES = [
    Penalty(1, 0, "W+4", 4, 17, True, "R", True, (3, 5, 17)),
    Drawn(42),
    Choice("colour", 2, then=3),
    DosTurn(1, drew=True, matched=2, adds=1, added=0),
    Action("ann", "play", (Card.parse("W+4"),), "B", None, None, None),
]


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_the_written_init_takes_the_fields_by_name_and_position_with_their_defaults(value):
    # (by calls, not by signature: a compiled __init__ has none to read)
    cls = type(value)
    fields = dataclasses.fields(cls)
    values = {f.name: getattr(value, f.name) for f in fields}
    assert dataclasses.asdict(cls(**values)) == dataclasses.asdict(value)
    assert dataclasses.asdict(cls(*values.values())) == dataclasses.asdict(value)
    required = [values[f.name] for f in fields if f.default is dataclasses.MISSING]
    bare = cls(*required)
    for f in fields:
        if f.default is not dataclasses.MISSING:
            assert getattr(bare, f.name) == f.default, (cls.__name__, f.name)


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_a_value_is_frozen_and_equal_and_hashed_by_its_fields(value):
    cls = type(value)
    fields = [f.name for f in dataclasses.fields(cls)]
    copy = cls(*(getattr(value, name) for name in fields))
    assert copy == value and copy is not value
    assert hash(copy) == hash(value) == hash(tuple(getattr(value, name) for name in fields))
    for name in fields:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, name, getattr(value, name))
    other = dataclasses.replace(value, **{fields[0]: 7 if isinstance(getattr(value, fields[0]), int) else "x"})
    assert other != value


@pytest.mark.parametrize("value", VALUES[:4], ids=lambda v: type(v).__name__)
def test_a_pending_value_saves_and_loads_as_itself(value):
    assert pending_from_json(value.to_json()) == value
