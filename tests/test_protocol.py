"""The bridge protocol (engine/unocraft/transport/protocol.py): the checked-in schema the plugin's
ProtocolTest reads is the one the module declares; ops and events are checked against it."""

import dataclasses
import logging
from pathlib import Path
from typing import get_type_hints

import pytest

from unocraft.tables.config import parse
from unocraft.tables.manager import Tables
from unocraft.transport import codec, incoming, protocol
from unocraft.transport.protocol import check_op, read_event

SCHEMA = Path(__file__).resolve().parents[1] / "plugin" / "core" / "src" / "test" / "resources" / "protocol.schema.json"
#: msgspec writes the schema: it runs where msgspec does (CPython), not in the GraalPy tier
needs_msgspec = pytest.mark.skipif(not codec.available(), reason="msgspec writes the schema; GraalPy has no msgspec")


@needs_msgspec
def test_the_checked_in_schema_is_the_protocol_module():
    """Regenerate it after changing protocol.py:
    PYTHONPATH=engine python -c "from unocraft.transport.protocol import schema_text; print(schema_text(), end='')" \
        > plugin/core/src/test/resources/protocol.schema.json"""
    assert SCHEMA.read_text() == protocol.schema_text()


@needs_msgspec
def test_the_schema_names_every_op_and_event_with_its_fields():
    schema = protocol.schema()
    assert set(schema["ops"]) == set(protocol.OPS) and len(schema["ops"]) == 20
    assert set(schema["events"]) == set(protocol.EVENTS) and len(schema["events"]) == 10
    msg = schema["$defs"]["Msg"]
    assert set(msg["properties"]) == {"op", "player", "c", "near"} and set(msg["required"]) == {"op", "player", "c"}
    assert set(schema["$defs"]["Item"]["properties"]) == {"face", "material", "name", "lore", "glow", "tag"}


@pytest.mark.parametrize("op, error", [
    ({"op": "msg", "player": "ann", "c": "hi", "colour": "red"}, "fields the protocol does not declare: ['colour']"),
    ({"op": "mesage", "player": "ann", "c": "hi"}, "an op the protocol does not declare"),
    ({"op": "msg", "c": "hi"}, "missing required field `player`"),
    ({"op": "sound", "player": "ann", "sound": "x", "volume": 1.0, "pitch": 3.0}, "<= 2.0"),
    ({"op": "msg", "player": "ann", "c": "hi", "near": {"of": "bob", "raduis": 3}}, "Near with fields"),
    ({"op": "items", "player": "ann", "slots": {"0": {"name": "R5", "tag": "card:R5", "glows": True}}}, "Item with fields"),
    ({"op": "stake_settle", "id": "s", "table": "t1", "entries": [], "cut": 0, "why": "won",
      "shares": [{"player": "ann", "coins": 3}]}, "Share with fields"),
])
def test_an_op_the_protocol_does_not_declare_is_refused(op, error):
    with pytest.raises(ValueError) as e:
        check_op(op)
    assert error in str(e.value)


def test_the_ops_as_the_engine_builds_them_pass():
    check_op({"op": "msg", "player": "ann", "c": [{"text": "hi"}], "near": {"of": "bob", "radius": 16.0}})
    check_op({"op": "items", "player": "ann", "slots": {"0": {"face": "R5", "name": "x", "lore": [], "glow": False,
                                                              "tag": "card:R5"}, "1": None}})
    check_op({"op": "placeholders", "top": {"wins": [["ann", "3"]]}})


@pytest.mark.parametrize("raw", [
    {"type": "command", "player": "ann", "args": "start"},          # args not a list
    {"type": "use", "player": "ann", "slot": "one", "tag": "card:R5"},
    {"type": "command", "args": ["start"]},                        # no player
    {"type": "teleport", "player": "ann"},                         # no such event
    {"player": "ann", "args": ["start"]},
    ["command"],
])
def test_a_malformed_event_is_one_log_line_and_changes_nothing(raw, caplog):
    tables = Tables(parse({}))
    tables.attach({"online": ["ann"], "vault": []}, 0)
    tables.flush()
    with caplog.at_level(logging.WARNING, logger="unocraft.transport.protocol"):
        tables.handle(raw, 1.0)
    assert [r.message for r in caplog.records if r.name == "unocraft.transport.protocol"] != []
    assert "Traceback" not in caplog.text
    assert tables.tables == {} and tables.core.where == {}
    assert tables.flush() == []
    tables.handle({"type": "command", "player": "ann", "args": ["start"]}, 2.0)    # the next good one works
    assert "ann" in tables.core.where


def test_an_event_is_read_as_declared():
    ev = read_event({"type": "use", "player": "ann", "slot": 3, "tag": "card:R5", "session": "s", "seq": 4,
                     "something_new": 1})
    assert ev == {"type": "use", "player": "ann", "slot": 3, "tag": "card:R5", "session": "s", "seq": 4}
    assert read_event({"type": "stake", "player": "ann", "id": "t1.x", "ok": "yes"}) is None


def test_an_event_becomes_the_value_of_its_kind():
    ev = incoming.read({"type": "use", "player": "ann", "slot": 3, "tag": "card:R5", "session": "s", "seq": 4,
                        "something_new": 1})
    assert ev == incoming.Use(player="ann", slot=3, tag="card:R5", session="s", seq=4)
    assert incoming.read({"type": "stake", "player": "ann", "id": "t1.x", "ok": "yes"}) is None
    assert incoming.read({"type": "teleport", "player": "ann"}) is None


def test_each_kind_of_event_has_a_class_with_the_fields_protocol_declares():
    # incoming.py's classes and protocol.py's declarations side by side: the same kinds, the same
    # fields, each optional one (NotRequired) None by default and of its type or None
    assert set(incoming.KINDS) == set(protocol.EVENTS)
    for kind, wire in protocol.EVENTS.items():
        cls = incoming.KINDS[kind]
        declared = {k: (get_type_hints(wire)[k], required) for k, (_, required) in codec._fields(wire).items()
                    if k != "type"}
        fields = {f.name: f for f in dataclasses.fields(cls)}
        hints = get_type_hints(cls)
        assert set(fields) == set(declared), kind
        for name, (t, required) in declared.items():
            if required:
                assert fields[name].default is dataclasses.MISSING and hints[name] == t, (kind, name)
            else:
                assert fields[name].default is None and hints[name] == t | None, (kind, name)


def test_the_tables_route_every_kind_of_event_by_its_class():
    assert Tables(parse({})).routes.kinds() == set(incoming.KINDS.values())
