"""JSON written and typed values read: through msgspec where it is installed (CPython, its binary
wheels: several times faster on every answer and save), through the standard library where it is
not (GraalPy, where msgspec, a C extension, cannot be installed). Both give the same values;
tests/test_codec.py checks the fallback against msgspec.
"""

from __future__ import annotations

import json
import os
import re
import types
from collections.abc import Callable
from typing import Annotated, Any, Literal, NotRequired, Required, Union, get_args, get_origin, get_type_hints

#: set to 1 to use the standard library even where msgspec is installed (the tests of the fallback)
NO_MSGSPEC_ENV = "UNOCRAFT_NO_MSGSPEC"

try:
    if os.environ.get(NO_MSGSPEC_ENV) == "1":
        raise ImportError(NO_MSGSPEC_ENV)
    import msgspec
except ImportError:
    msgspec = None  # type: ignore[assignment]


def available() -> bool:
    """Whether msgspec does the work (False: the standard library does)."""
    return msgspec is not None


def encoder(sort_keys: bool = False) -> Callable[[Any], bytes]:
    """A function writing a value as compact UTF-8 JSON (keys sorted when asked)."""
    if msgspec is not None:
        return msgspec.json.Encoder(order="sorted" if sort_keys else None).encode
    dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, sort_keys=sort_keys).encode
    return lambda value: dumps(value).encode()


class _Meta:
    """The constraints of a value without msgspec (msgspec.Meta's, of which the fallback checks the bounds)."""

    def __init__(self, **constraints: Any) -> None:
        self.__dict__.update(constraints)


class _ValidationError(ValueError):
    """A value that is not of its declared type, without msgspec."""


Meta: Any = msgspec.Meta if msgspec is not None else _Meta
ValidationError: type[Exception] = msgspec.ValidationError if msgspec is not None else _ValidationError


def convert(value: Any, t: Any) -> Any:
    """`value` (plain data, as JSON gives it) checked against the type `t`: a TypedDict keeps its
    declared keys only, an int given for a float becomes a float; anything else raises
    ValidationError naming the path."""
    if msgspec is not None:
        return msgspec.convert(value, t)
    return _convert(value, t, "$")


_SIMPLE = {str: "str", bool: "bool", int: "int", float: "float"}


def _convert(value: Any, t: Any, path: str) -> Any:
    origin = get_origin(t)
    if t is Any:
        return value
    if origin is Annotated:
        inner, *metas = get_args(t)
        out = _convert(value, inner, path)
        for meta in metas:
            if isinstance(meta, _Meta) or (msgspec is not None and isinstance(meta, msgspec.Meta)):
                _check_meta(out, meta, path)
        return out
    if origin in (Required, NotRequired):
        return _convert(value, get_args(t)[0], path)
    if origin is Literal:
        if any(value == choice and type(value) is type(choice) for choice in get_args(t)):
            return value
        raise ValidationError(f"Invalid enum value {value!r} - at `{path}`")
    if origin in (Union, types.UnionType):
        for option in get_args(t):
            try:
                return _convert(value, option, path)
            except ValidationError:
                continue
        raise ValidationError(f"Expected `{t}`, got `{type(value).__name__}` - at `{path}`")
    if origin is list:
        if not isinstance(value, list):
            raise _expected("array", value, path)
        (item,) = get_args(t)
        return [_convert(v, item, f"{path}[{i}]") for i, v in enumerate(value)]
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise _expected("array", value, path)
        items = get_args(t)
        if len(items) == 2 and items[1] is Ellipsis:
            items = (items[0],) * len(value)
        elif len(items) != len(value):
            raise ValidationError(f"Expected `array` of length {len(items)}, got {len(value)} - at `{path}`")
        return tuple(_convert(v, item, f"{path}[{i}]") for i, (v, item) in enumerate(zip(value, items)))
    if origin is dict:
        if not isinstance(value, dict):
            raise _expected("object", value, path)
        key_t, value_t = get_args(t)
        return {_convert(k, key_t, path): _convert(v, value_t, f"{path}[...]") for k, v in value.items()}
    if isinstance(t, type) and hasattr(t, "__required_keys__"):      # a TypedDict
        if not isinstance(value, dict):
            raise _expected("object", value, path)
        out = {}
        for key, (key_t, required) in _fields(t).items():
            if key in value:
                out[key] = _convert(value[key], key_t, f"{path}.{key}")
            elif required:
                raise ValidationError(f"Object missing required field `{key}` - at `{path}`")
        return out
    if t is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        raise _expected("float", value, path)
    if t is type(None):
        if value is None:
            return None
        raise _expected("null", value, path)
    if t in _SIMPLE:
        if type(value) is t:
            return value
        raise _expected(_SIMPLE[t], value, path)
    raise TypeError(f"the fallback converter does not know the type {t!r}")


_FIELDS: dict[Any, dict[str, tuple[Any, bool]]] = {}


def _fields(t: Any) -> dict[str, tuple[Any, bool]]:
    """A TypedDict's keys: (type, required). Read from the evaluated hints, as msgspec does: under
    `from __future__ import annotations` the class's own __required_keys__ misses NotRequired."""
    fields = _FIELDS.get(t)
    if fields is None:
        fields = {}
        for key, hint in get_type_hints(t, include_extras=True).items():
            origin = get_origin(hint)
            fields[key] = (hint, origin is Required or (origin is not NotRequired and t.__total__))
        _FIELDS[t] = fields
    return fields


def _expected(what: str, value: Any, path: str) -> Exception:
    return ValidationError(f"Expected `{what}`, got `{type(value).__name__}` - at `{path}`")


def _check_meta(value: Any, meta: Any, path: str) -> None:
    """msgspec's bounds, in its words."""
    kind = {bool: "bool", int: "int", float: "float", str: "str", list: "array", tuple: "array", dict: "object"}.get(
        type(value), type(value).__name__)
    checks: tuple[tuple[str, Callable[[Any], bool], str], ...] = (("ge", lambda b: value >= b, ">="), ("le", lambda b: value <= b, "<="),
              ("min_length", lambda b: len(value) >= b, "of length >="), ("max_length", lambda b: len(value) <= b, "of length <="))
    for name, holds, words in checks:
        bound = getattr(meta, name, None)
        if bound is not None and not holds(bound):
            number = f"{float(bound)}" if kind == "float" and name in ("ge", "le") else f"{bound}"
            raise ValidationError(f"Expected `{kind}` {words} {number} - at `{path}`")
    pattern = getattr(meta, "pattern", None)
    if pattern is not None and not re.search(pattern, value):
        raise ValidationError(f"Expected `str` matching regex {pattern!r} - at `{path}`")
