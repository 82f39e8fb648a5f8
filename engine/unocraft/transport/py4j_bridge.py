"""The py4j transport: the plugin's GatewayServer on loopback, with the plugin's auth token.

One thread uses it (the engine loop), so py4j keeps a single socket: the plugin accepts one engine
connection at a time. Only the bridge object's methods are callable on the Java side.
"""

from __future__ import annotations

import json
import logging
import re
import threading
import time
from pathlib import Path

import py4j
from py4j.java_gateway import GatewayParameters, JavaGateway
from py4j.protocol import Py4JAuthenticationError, Py4JError, Py4JNetworkError

from .. import PROTOCOL, __version__
from .base import IncompatiblePlugin, Transport, TransportClosed, wait_before_retry

log = logging.getLogger("unocraft.transport")

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

    def connect(self, stop: threading.Event | None = None) -> dict:
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

    def _attach(self) -> dict:
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
            hello = json.loads(bridge.hello(json.dumps({"protocol": PROTOCOL, "version": __version__})))
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


def _short(e: BaseException) -> str:
    """An exception's first line, with the cause py4j wraps in it."""
    text = str(e).splitlines()[0] if str(e) else type(e).__name__
    cause = getattr(e, "cause", None)
    return f"{text}: {cause}" if cause is not None else text
