"""The web page's server: uvicorn on a thread of its own, with its own event loop, never the engine
loop's thread. A port that is taken costs the page, not the engine.

After a quick restart the engine that is stopping may still listen on the port for a while: the
thread then waits for it (one line says so), binding again with a short back-off for up to
`WAIT_FOR_PORT` seconds, and says when the page is up or that it gave up. Any other error binding
(an address this machine does not have, a port it may not use) turns the page off at once."""

from __future__ import annotations

import errno
import logging
import socket
import threading
import time
from typing import Callable

import uvicorn

from .app import make_app
from .feed import WebFeed

log = logging.getLogger("unocraft.web")

WAIT_FOR_PORT = 120.0   # seconds a taken port is waited for
RETRY_FIRST = 0.1       # seconds before binding again; grows up to RETRY_MAX
RETRY_MAX = 1.0
BACKLOG = 2048          # what uvicorn listens with (its default)


class _Server(uvicorn.Server):
    """uvicorn's server, calling `up` the moment it listens."""

    def __init__(self, config: uvicorn.Config, up: Callable[[], None]):
        super().__init__(config)
        self.up = up

    async def startup(self, sockets=None) -> None:
        await super().startup(sockets)
        if self.started:
            self.up()


class WebServer:
    def __init__(self, feed: WebFeed, host: str, port: int, stats_store=None, language: str = "en",
                 public_url: str = ""):
        self.host = host
        self.port = port
        app = make_app(feed, stats_store, language, public_url)
        self.listening = threading.Event()
        self.waiting = threading.Event()      # the port was taken: the thread binds again meanwhile
        self._stopping = threading.Event()
        # no lifespan events, no access log: the engine's log stays the operator's
        self._server = _Server(uvicorn.Config(app, host=host, port=port, log_level="warning",
                                              access_log=False, lifespan="off",
                                              timeout_graceful_shutdown=1), self._up)
        self._waited_from: float | None = None
        self._thread = threading.Thread(target=self._run, name="unocraft-web", daemon=True)

    @property
    def address(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    def start(self, timeout: float = 10.0) -> bool:
        """Starts serving; True once it listens. False when it does not yet (the port is taken: the
        thread goes on trying, `listening` is set when it is up) or cannot (logged)."""
        self._thread.start()
        end = time.monotonic() + timeout
        while (not self.listening.is_set() and not self.waiting.is_set() and self._thread.is_alive()
               and time.monotonic() < end):
            self.listening.wait(0.02)
        return self.listening.is_set()

    def _up(self) -> None:
        if self._waited_from is None:
            log.info("the web page of the tables: %s", self.address)
        else:
            log.info("the web page of the tables: %s (after waiting %.1f s for its port)", self.address,
                     time.monotonic() - self._waited_from)
        self.listening.set()

    def stop(self) -> None:
        self._stopping.set()
        self._server.should_exit = True
        if self._thread.is_alive():
            self._thread.join(timeout=5)

    # ------------------------------------------------------------ the page's thread
    def _run(self) -> None:
        sockets = self._bind_when_free()
        if sockets is None:
            return
        try:
            self._server.run(sockets=sockets)
        except SystemExit:      # uvicorn's answer to a server it could not start (it logged why)
            pass
        finally:
            for s in sockets:
                s.close()
        if not self.listening.is_set() and not self._stopping.is_set():
            log.warning("the web page is off: it could not start on %s:%d", self.host, self.port)

    def _bind_when_free(self) -> list[socket.socket] | None:
        """The listening sockets of the page's address, once the port is free; None when it gave up
        (logged) or the server stops."""
        began = time.monotonic()
        pause = RETRY_FIRST
        while True:
            try:
                sockets = _bind(self.host, self.port)
            except OSError as e:
                if e.errno != errno.EADDRINUSE:
                    log.warning("the web page is off: it cannot listen on %s:%d (%s; web.host and web.port "
                                "in engine.yaml)", self.host, self.port, e.strerror or e)
                    return None
                waited = time.monotonic() - began
                if waited >= WAIT_FOR_PORT:
                    log.warning("the web page is off: port %d of %s was still taken after %.0f s (another "
                                "program? web.port in engine.yaml)", self.port, self.host, waited)
                    return None
                if self._waited_from is None:
                    self._waited_from = began
                    log.info("the web page waits for port %d of %s: it is taken (by the engine before this "
                             "one, still stopping?); trying again for up to %.0f s", self.port, self.host,
                             WAIT_FOR_PORT)
                    self.waiting.set()
                if self._stopping.wait(pause):
                    return None
                pause = min(RETRY_MAX, pause * 2)
                continue
            return sockets


def _bind(host: str, port: int) -> list[socket.socket]:
    """Bound sockets for every address `host` names, as asyncio's create_server binds them
    (SO_REUSEADDR, IPv6 sockets IPv6 only), listening; the first error closes them and is raised."""
    infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    sockets: list[socket.socket] = []
    try:
        for family, kind, proto, _name, address in dict.fromkeys(infos):
            s = socket.socket(family, kind, proto)
            sockets.append(s)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            s.bind(address)
            # listening here, not in uvicorn: GraalPy reports a taken port or a foreign address only
            # when a socket listens (uvicorn's listen again just keeps its backlog)
            s.listen(BACKLOG)
    except OSError:
        for s in sockets:
            s.close()
        raise
    return sockets
