"""Waiting in tests for what another thread or process does: on its condition, never a fixed pause
(too short on a busy machine, wasted on an idle one). A timeout only ends a wait that would never
end: a condition, not a speed (speed is measured in benchmarks/)."""

from __future__ import annotations

import time
from typing import Callable, TypeVar

T = TypeVar("T")

PATIENCE = 60.0     # seconds; as tests/e2e/harness.py's: a passing test never waits this long


def until(check: Callable[[], T], what: str, timeout: float = PATIENCE, every: float = 0.01) -> T:
    """Polls `check()` until it returns something true, and returns that; fails saying `what` did
    not happen when `timeout` seconds pass first."""
    end = time.monotonic() + timeout
    while not (result := check()):
        assert time.monotonic() < end, f"{what} (waited {timeout:g} s)"
        time.sleep(every)
    return result
