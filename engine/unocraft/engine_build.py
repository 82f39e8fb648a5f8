"""Which build of the rules engine runs: compiled with mypyc, or plain Python.

`pip install .` compiles it when it can (see setup.py); both builds play exactly
the same games, the compiled one about 2.5x faster.
"""

from __future__ import annotations


def is_compiled() -> bool:
    from .rules import game
    return not game.__file__.endswith(".py")


def engine_build() -> str:
    return "compiled with mypyc" if is_compiled() else "plain Python"
