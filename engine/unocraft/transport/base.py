"""The transport interface between the engine and a Minecraft server plugin."""

from __future__ import annotations

from abc import ABC, abstractmethod


class TransportClosed(ConnectionError):
    """The server side went away; the caller reconnects."""


class IncompatiblePlugin(RuntimeError):
    """The plugin speaks another bridge protocol: reconnecting cannot help (the engine exits)."""


class Transport(ABC):
    @abstractmethod
    def connect(self) -> dict:
        """Connects (or reconnects) and returns the plugin's hello: {protocol, platform, online, vault}.
        Raises TransportClosed when it gives up; it logs why itself, once per cause and without
        tracebacks, so a caller that retries stays quiet."""

    @abstractmethod
    def poll(self, max_wait_ms: int) -> list[dict]:
        """Player events, waiting at most max_wait_ms for the first one."""

    @abstractmethod
    def apply(self, ops: list[dict]) -> None:
        """One batch of display ops, applied by the server in one tick."""

    def stats(self) -> dict:
        return {}

    @abstractmethod
    def close(self) -> None:
        ...
