"""Transports: how the engine reaches the Minecraft server.

`Transport` is the one interface (hello, poll events, apply an op batch); `Py4jTransport` is the
main implementation (the plugin's py4j gateway). Events and ops are JSON-able dicts; their
vocabulary is documented in docs/minecraft.md ("Bridge protocol").
"""

from .base import Transport, TransportClosed
from .py4j_bridge import Py4jTransport, read_token

__all__ = ["Transport", "TransportClosed", "Py4jTransport", "read_token"]
