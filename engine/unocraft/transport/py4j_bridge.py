"""The py4j transport: the plugin's GatewayServer on loopback, with the plugin's auth token.

One thread uses it (the engine loop), so py4j keeps a single socket: the plugin accepts one engine
connection at a time. Only the bridge object's methods are callable on the Java side.
"""

from __future__ import annotations

import json
import logging
import re
import time
from pathlib import Path

from py4j.java_gateway import GatewayParameters, JavaGateway
from py4j.protocol import Py4JError, Py4JNetworkError

from .. import PROTOCOL, __version__
from .base import IncompatiblePlugin, Transport, TransportClosed

log = logging.getLogger("unocraft.transport")


def java_message(error: Py4JError) -> str:
    """The message of the Java exception behind a py4j error, without py4j's wording and the Java trace."""
    m = re.search(r"Py4JException: (.*)", str(error))
    return m.group(1).strip() if m else str(error).strip()


def read_token(path: str | Path) -> str:
    token = Path(path).read_text(encoding="utf-8").strip()
    if not token:
        raise ValueError(f"empty token file {path}")
    return token


def check_protocol(hello: dict) -> None:
    """Refuses a plugin whose bridge protocol this engine does not speak (or that refused us)."""
    theirs = hello.get("protocol")
    if theirs != PROTOCOL or hello.get("refused"):
        raise IncompatiblePlugin(
            f"the plugin (unocraft {hello.get('version', '?')}) speaks bridge protocol {theirs}, this engine "
            f"(unocraft {__version__}) speaks {PROTOCOL}: install the engine and the plugin of the same release")


class Py4jTransport(Transport):
    def __init__(self, host: str, port: int, token_file: str | Path, connect_timeout: float = 30.0):
        self.host = host
        self.port = port
        self.token_file = Path(token_file)
        self.connect_timeout = connect_timeout
        self._gateway: JavaGateway | None = None
        self._bridge = None

    def connect(self) -> dict:
        """Connects, retrying until connect_timeout (the server may still be starting)."""
        self.close()
        deadline = time.monotonic() + self.connect_timeout
        delay = 0.1
        while True:
            try:
                token = read_token(self.token_file)
                gateway = JavaGateway(gateway_parameters=GatewayParameters(
                    address=self.host, port=self.port, auth_token=token, auto_field=False,
                    auto_close=True, eager_load=False))
                bridge = gateway.entry_point
                hello = json.loads(bridge.hello(json.dumps({"protocol": PROTOCOL, "version": __version__})))
                check_protocol(hello)
                self._gateway, self._bridge = gateway, bridge
                log.info("attached to the %s plugin at %s:%d", hello.get("platform"), self.host, self.port)
                return hello
            except IncompatiblePlugin:
                gateway.close()
                raise
            except (OSError, ValueError, Py4JError) as e:
                try:
                    gateway.close()  # type: ignore[possibly-undefined]
                except Exception:
                    pass
                if time.monotonic() >= deadline:
                    raise TransportClosed(f"cannot attach to the plugin at {self.host}:{self.port}: {e}") from None
                time.sleep(delay)
                delay = min(delay * 2, 1.0)

    def _call(self, name: str, *args):
        if self._bridge is None:
            raise TransportClosed("not connected")
        try:
            return getattr(self._bridge, name)(*args)
        except Py4JNetworkError as e:
            self.close()
            raise TransportClosed(str(e)) from None
        except Py4JError as e:
            # a dropped socket sometimes shows up as a plain Py4JError
            if "Answer from Java side is empty" in str(e) or "closed" in str(e).lower():
                self.close()
                raise TransportClosed(str(e)) from None
            raise

    def poll(self, max_wait_ms: int) -> list[dict]:
        return json.loads(self._call("pollEvents", int(max(0, max_wait_ms))))

    def apply(self, ops: list[dict]) -> None:
        if not ops:
            return
        try:
            self._call("applyOps", json.dumps({"ops": ops}, ensure_ascii=False, separators=(",", ":")))
        except TransportClosed:
            raise
        except Py4JError as e:
            # The plugin refused the batch as a whole (too long or too deeply nested): none of it
            # was applied, the connection stays, and every other table goes on.
            log.error("the plugin refused an op batch of %d ops: %s", len(ops), java_message(e))

    def stats(self) -> dict:
        return json.loads(self._call("stats"))

    def close(self) -> None:
        gateway, self._gateway, self._bridge = self._gateway, None, None
        if gateway is not None:
            try:
                gateway.close()
            except Exception:
                pass
