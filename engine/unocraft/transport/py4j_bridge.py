"""The py4j transport: the plugin's GatewayServer on loopback, with the plugin's auth token.

One thread uses it (the engine loop), so py4j keeps a single socket: the plugin accepts one engine
connection at a time. Only the bridge object's methods are callable on the Java side.
"""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from pathlib import Path
from typing import Any, Sequence

import py4j  # type: ignore[import-untyped]  # py4j ships no types
from py4j.java_gateway import GatewayParameters, JavaGateway  # type: ignore[import-untyped]
from py4j.protocol import Py4JAuthenticationError, Py4JError, Py4JNetworkError  # type: ignore[import-untyped]

from .. import PROTOCOL, __version__
from . import codec
from .base import IncompatiblePlugin, Transport, TransportClosed, wait_before_retry
from .protocol import Op

log = logging.getLogger("unocraft.transport")

#: The op batch's JSON: compact UTF-8, written by msgspec (a ~7 KB batch in about a fifth of the json
#: module's time); a line break inside a text is written as its escape, so the batch is one line.
_BATCH_JSON = codec.encoder()

#: The plugin's command for an op batch sent one way on the py4j connection (`Bridge.OPS_COMMAND`):
#: this line, then the batch's JSON on one line, and no answer comes back.
OPS_COMMAND = "O\n"
_OPS_LINE = OPS_COMMAND.encode()

#: Seconds of "nothing listens yet" before the wait turns into a warning naming the likely fix.
PATIENCE = 30.0


class _QuietPy4j(logging.Filter):
    """Drops py4j's own tracebacks (a refused connection while the server starts, a failed
    authentication, a dropped socket): the transport says what happened in one line of its own.
    py4j logs some of them on the root logger, so the filter sits there too, and lets through
    only records that come from elsewhere than py4j's files."""

    PY4J_DIR = str(Path(py4j.__file__).parent)

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and record.pathname.startswith(self.PY4J_DIR))


_QUIET = _QuietPy4j()
for _name in ("", "py4j.java_gateway", "py4j.clientserver"):
    if _QUIET not in logging.getLogger(_name).filters:
        logging.getLogger(_name).addFilter(_QUIET)


def read_token(path: str | Path) -> str:
    token = Path(path).read_text(encoding="utf-8").strip()
    if not token:
        raise ValueError(f"empty token file {path}")
    return token


def check_protocol(hello: dict[str, Any]) -> None:
    """Refuses a plugin whose bridge protocol this engine does not speak (or that refused us)."""
    theirs = hello.get("protocol")
    if theirs != PROTOCOL or hello.get("refused"):
        raise IncompatiblePlugin(
            f"the plugin (unocraft {hello.get('version', '?')}) speaks bridge protocol {theirs}, this engine "
            f"(unocraft {__version__}) speaks {PROTOCOL}: install the engine and the plugin of the same release")


#: The event by which the plugin says it refused an op batch (read after `applyOps` returned).
REFUSED_BATCH = "refused_batch"


def _log_refused(error: str) -> None:
    # The plugin refused the batch as a whole (too long, not JSON, too deeply nested): none of it
    # was applied, the connection stays, and every other table goes on.
    log.error("the plugin refused an op batch: %s", error)


class _NotAttached(Exception):
    """One failed attempt to attach: `waiting` (the server may still be starting: worth an
    INFO line, and a warning only if it lasts) or not (a warning at once: it needs a fix)."""

    def __init__(self, message: str, waiting: bool):
        super().__init__(message)
        self.waiting = waiting


class Py4jTransport(Transport):
    def __init__(self, host: str, port: int, token_file: str | Path, connect_timeout: float = 30.0,
                 patience: float = PATIENCE):
        self.host = host
        self.port = port
        self.token_file = Path(token_file)
        self.connect_timeout = connect_timeout
        self.patience = patience
        self._gateway: JavaGateway | None = None
        self._bridge = None
        self._told: set[str] = set()         # what the log already said since the last attach
        self._waiting_since: float | None = None

    def connect(self, stop: threading.Event | None = None) -> dict[str, Any]:
        """Connects, retrying until connect_timeout (the server may still be starting). The log
        gets one INFO line while waiting, one WARNING naming the cause and the fix when it lasts
        longer than `patience` or cannot fix itself (a wrong token), and no tracebacks."""
        self.close()
        deadline = time.monotonic() + self.connect_timeout
        delay = 0.1
        while True:
            try:
                hello = self._attach()
            except _NotAttached as e:
                self._report(e)
                if time.monotonic() >= deadline:
                    raise TransportClosed(str(e)) from None
                wait_before_retry(stop, delay)
                delay = min(delay * 2, 1.0)
                continue
            self._told.clear()
            self._waiting_since = None
            log.info("attached to the %s plugin at %s:%d", hello.get("platform"), self.host, self.port)
            return hello

    def _attach(self) -> dict[str, Any]:
        where = f"{self.host}:{self.port}"
        try:
            token = read_token(self.token_file)
        except FileNotFoundError:
            raise _NotAttached(f"no token file {self.token_file} yet (the plugin writes it when it starts)",
                               waiting=True) from None
        except (OSError, ValueError) as e:
            raise _NotAttached(f"cannot read the bridge token from {self.token_file}: {e}", waiting=False) from None
        gateway = JavaGateway(gateway_parameters=GatewayParameters(
            address=self.host, port=self.port, auth_token=token, auto_field=False,
            auto_close=True, eager_load=False))
        try:
            bridge = gateway.entry_point
            hello: dict[str, Any] = json.loads(bridge.hello(json.dumps({"protocol": PROTOCOL, "version": __version__})))
        except Py4JAuthenticationError:
            self._quiet_close(gateway)
            raise _NotAttached(
                f"the plugin at {where} refused the token read from {self.token_file}: the engine must read "
                f"the token file the plugin wrote (bridge.token in the server's plugin data folder; "
                f"set bridge.token_file in the engine config)", waiting=False) from None
        except Py4JNetworkError as e:
            self._quiet_close(gateway)
            if isinstance(e.cause, ConnectionRefusedError):
                raise _NotAttached(f"nothing listens on {where} yet", waiting=True) from None
            raise _NotAttached(
                f"the plugin at {where} closed the connection ({_short(e)}): another engine may be attached "
                f"already, or the port is not the unocraft bridge (bridge.port)", waiting=False) from None
        except (Py4JError, OSError, ValueError) as e:
            self._quiet_close(gateway)
            raise _NotAttached(f"the plugin at {where} did not answer as the unocraft bridge ({_short(e)})",
                               waiting=False) from None
        try:
            check_protocol(hello)
        except IncompatiblePlugin:
            self._quiet_close(gateway)
            raise
        _send_at_once(gateway)
        self._gateway, self._bridge = gateway, bridge
        return hello

    def _report(self, e: _NotAttached) -> None:
        """Each cause once: INFO while waiting, WARNING for a fault or a wait that lasts."""
        now = time.monotonic()
        if not e.waiting:
            self._waiting_since = None
            self._say(logging.WARNING, f"cannot attach: {e}")
            return
        if self._waiting_since is None:
            self._waiting_since = now
        log.debug("not attached yet: %s", e)
        self._say(logging.INFO, f"waiting for the unocraft plugin's bridge at {self.host}:{self.port} ...")
        if now - self._waiting_since >= self.patience:
            self._say(logging.WARNING,
                      f"no unocraft plugin bridge at {self.host}:{self.port} after {self.patience:.0f} s ({e}): "
                      f"start the Minecraft server with the unocraft plugin, and check that the engine's "
                      f"bridge.port is the plugin's (unocraft serve --bridge-port)")

    def _say(self, level: int, message: str) -> None:
        if message in self._told:
            log.debug("%s", message)
            return
        self._told.add(message)
        log.log(level, "%s", message)

    @staticmethod
    def _quiet_close(gateway: JavaGateway) -> None:
        try:
            gateway.close()
        except Exception:
            pass

    def _call(self, name: str, *args: Any) -> Any:
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

    def poll(self, max_wait_ms: int) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = json.loads(self._call("pollEvents", int(max(0, max_wait_ms))))
        if any(e.get("type") == REFUSED_BATCH for e in events):
            for e in events:
                if e.get("type") == REFUSED_BATCH:
                    _log_refused(e.get("error", "?"))
            events = [e for e in events if e.get("type") != REFUSED_BATCH]
        return events

    def apply(self, ops: Sequence[Op]) -> None:
        """Sends the batch one way (`OPS_COMMAND`) on the engine's py4j connection: the engine
        goes on as soon as the text is written, without waiting for a round trip (which cost a
        millisecond of the answer on a busy server). The plugin reads and prepares the batch in
        the order it came, before the calls that follow it; a batch it refuses comes back as a
        "refused_batch" event, logged by the next poll."""
        if not ops:
            return
        self._send_one_way(b"".join((_OPS_LINE, _BATCH_JSON({"ops": ops}), b"\n")))

    def _send_one_way(self, data: bytes) -> None:
        # py4j's client has no one-way call: the text goes on the connection py4j keeps for its
        # calls (the attached one; py4j internals, pinned version), which then serves the next call
        if self._gateway is None:
            raise TransportClosed("not connected")
        connections = self._gateway._gateway_client.deque
        try:
            connection = connections.pop()
        except IndexError:
            self.close()
            raise TransportClosed("the bridge connection is gone") from None
        try:
            connection.socket.sendall(data)
        except OSError as e:
            connection.close()
            self.close()
            raise TransportClosed(f"sending an op batch failed: {e}") from None
        connections.append(connection)

    def stats(self) -> dict[str, Any]:
        stats: dict[str, Any] = json.loads(self._call("stats"))
        return stats

    def close(self) -> None:
        gateway, self._gateway, self._bridge = self._gateway, None, None
        if gateway is not None:
            try:
                gateway.close()
            except Exception:
                pass


def _send_at_once(gateway: JavaGateway) -> None:
    """TCP_NODELAY on the engine's py4j socket (py4j sets none), as the plugin sets it on its side:
    each call is one write the engine then waits on, and none should wait, under Nagle's algorithm,
    for the acknowledgement of the one before (a batch longer than a segment, 64 KB on loopback,
    is several writes). py4j opens its connection for the first call (`hello`) and keeps it in its
    deque for the next ones."""
    try:
        for connection in list(gateway._gateway_client.deque):     # py4j's internals (pinned version)
            connection.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    except (AttributeError, OSError) as e:     # another py4j, a socket gone: slower, not wrong
        log.debug("TCP_NODELAY not set on the bridge connection: %s", e)


def _short(e: BaseException) -> str:
    """An exception's first line, with the cause py4j wraps in it."""
    text = str(e).splitlines()[0] if str(e) else type(e).__name__
    cause = getattr(e, "cause", None)
    return f"{text}: {cause}" if cause is not None else text
