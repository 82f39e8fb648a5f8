"""transport/codec.py: without msgspec (GraalPy), the standard library gives what msgspec gives: the
same JSON and the same verdict on every event and op, the same value when one is accepted."""

import json
import os
import subprocess
import sys

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from unocraft.transport import codec, protocol

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**53, 2**53) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20)


def fallback_encoder(sort_keys=False):
    dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, sort_keys=sort_keys).encode
    return lambda value: dumps(value).encode()


def has_float(value):
    if isinstance(value, float):
        return True
    if isinstance(value, list):
        return any(has_float(v) for v in value)
    if isinstance(value, dict):
        return any(has_float(v) for v in value.values())
    return False


@given(json_values, st.booleans())
def test_the_json_written_is_msgspecs(value, sort_keys):
    ours, theirs = fallback_encoder(sort_keys)(value), msgspec.json.Encoder(order="sorted" if sort_keys else None).encode(value)
    assert json.loads(ours) == json.loads(theirs)
    if not has_float(value):     # a float may be spelled otherwise (1e+16 and 1e16), never valued otherwise
        assert ours == theirs


def outcome(convert, value, t):
    try:
        return "ok", convert(value, t)
    except (msgspec.ValidationError, codec.ValidationError) as e:
        return "refused", str(e)


def both(value, t):
    ours, theirs = outcome(lambda v, tt: codec._convert(v, tt, "$"), value, t), outcome(msgspec.convert, value, t)
    assert ours[0] == theirs[0], (value, ours, theirs)
    if ours[0] == "ok":
        assert ours[1] == theirs[1]
        assert {k: type(v) for k, v in ours[1].items()} == {k: type(v) for k, v in theirs[1].items()}
    return ours


@st.composite
def events(draw):
    """An event of a kind, then one field dropped, changed to anything, or added."""
    kind = draw(st.sampled_from(sorted(protocol.EVENTS)))
    t = protocol.EVENTS[kind]
    value = dict(draw(st.from_type(t)))
    change = draw(st.sampled_from(["none", "drop", "retype", "add"]))
    if change == "drop" and value:
        value.pop(draw(st.sampled_from(sorted(value))))
    elif change == "retype" and value:
        value[draw(st.sampled_from(sorted(value)))] = draw(json_values)
    elif change == "add":
        value[draw(st.text(max_size=6))] = draw(json_values)
    return kind, value


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_every_event_gets_msgspecs_verdict(kind_value):
    kind, value = kind_value
    both(value, protocol.EVENTS[kind])


@pytest.mark.parametrize("value, t, verdict", [
    ({"type": "use", "player": "ann", "tag": "card:R5", "slot": True}, protocol.UseEvent, "refused"),   # a bool is no int
    ({"type": "command", "player": "ann", "args": ["start"], "pos": [1, 2, 3]}, protocol.CommandEvent, "ok"),   # ints as floats
    ({"type": "command", "player": "ann", "args": ["start"]}, protocol.CommandEvent, "ok"),   # NotRequired left out
    ({"type": "command", "player": "ann"}, protocol.CommandEvent, "refused"),
    ({"type": "chat", "player": "ann", "seq": 2.0}, protocol.ChatEvent, "refused"),
    ({"op": "sound", "player": "ann", "sound": "x", "volume": 1.5, "pitch": 1.0}, protocol.OPS["sound"], "refused"),
    ({"op": "sound", "player": "ann", "sound": "x", "volume": 1, "pitch": 2}, protocol.OPS["sound"], "ok"),
    ({"op": "face", "key": "R5", "pixels": "x" * 21848, "digest": "d"}, protocol.OPS["face"], None),
    ({"op": "face", "key": "R5", "pixels": "!" * 21848, "digest": "d"}, protocol.OPS["face"], "refused"),
    ({"op": "face", "key": "R5", "pixels": "x" * 3, "digest": "d"}, protocol.OPS["face"], "refused"),
    ({"op": "placeholders", "top": {"wins": [["ann", "3"]]}}, protocol.OPS["placeholders"], "ok"),     # tuples
    ({"op": "placeholders", "top": {"wins": [["ann", "3", "x"]]}}, protocol.OPS["placeholders"], "refused"),
])
def test_the_bounds_and_types_msgspec_checks_are_checked(value, t, verdict):
    got, why = both(value, t)
    assert verdict is None or got == verdict
    if got == "refused" and verdict == "refused" and "Expected `" in why and " - at " in why:
        assert why == outcome(msgspec.convert, value, t)[1]      # the bounds in msgspec's words


def test_the_engine_runs_without_msgspec_when_it_is_missing(tmp_path):
    """Where msgspec cannot be imported (GraalPy), the codec takes the standard library."""
    code = ("import sys; sys.modules['msgspec'] = None\n"
            "from unocraft.transport import codec, protocol\n"
            "assert not codec.available()\n"
            "assert codec.encoder(sort_keys=True)({'b': 1, 'a': [1.5, 'é']}) == '{\"a\":[1.5,\"é\"],\"b\":1}'.encode()\n"
            "assert protocol.read_event({'type': 'quit', 'player': 'ann', 'x': 1}) == {'type': 'quit', 'player': 'ann'}\n")
    env = {k: v for k, v in os.environ.items() if k != codec.NO_MSGSPEC_ENV}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
