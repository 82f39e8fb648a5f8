"""The transport interface between the engine and a Minecraft server plugin."""

from __future__ import annotations

import threading
import time
from abc import ABC, abstractmethod
from typing import Any, Sequence

from .protocol import Op


class TransportClosed(ConnectionError):
    """The server side went away; the caller reconnects."""


def wait_before_retry(stop: threading.Event | None, delay: float) -> None:
    """The pause between two connection attempts; ends at once, raising TransportClosed, when the
    engine is stopping (Ctrl-C, SIGTERM, the plugin gone), so nobody waits for a server that is not there."""
    if stop is None:
        time.sleep(delay)
    elif stop.wait(delay):
        raise TransportClosed("the engine is stopping")


class IncompatiblePlugin(RuntimeError):
    """The plugin speaks another bridge protocol: reconnecting cannot help (the engine exits)."""


class Transport(ABC):
    @abstractmethod
    def connect(self, stop: threading.Event | None = None) -> dict[str, Any]:
        """Connects (or reconnects) and returns the plugin's hello: {protocol, platform, online, vault}.
        Raises TransportClosed when it gives up, or as soon as `stop` is set; it logs why itself, once
        per cause and without tracebacks, so a caller that retries stays quiet."""

    @abstractmethod
    def poll(self, max_wait_ms: int) -> list[dict[str, Any]]:
        """Player events, waiting at most max_wait_ms for the first one."""

    @abstractmethod
    def apply(self, ops: Sequence[Op]) -> None:
        """One batch of display ops, applied by the server in one tick."""

    def stats(self) -> dict[str, Any]:
        return {}

    @abstractmethod
    def close(self) -> None:
        ...
