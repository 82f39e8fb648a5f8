"""The web page's server: uvicorn on a thread of its own, with its own event loop, never the engine
loop's thread. A port that is taken costs the page, not the engine: it says so in one line."""

from __future__ import annotations

import logging
import threading
import time

import uvicorn

from .app import make_app
from .feed import WebFeed

log = logging.getLogger("unocraft.web")


class WebServer:
    def __init__(self, feed: WebFeed, host: str, port: int, stats_store=None, language: str = "en",
                 public_url: str = ""):
        self.host = host
        self.port = port
        app = make_app(feed, stats_store, language, public_url)
        # no lifespan events, no access log: the engine's log stays the operator's
        self._server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning",
                                                     access_log=False, lifespan="off",
                                                     timeout_graceful_shutdown=1))
        self._thread = threading.Thread(target=self._run, name="unocraft-web", daemon=True)

    @property
    def address(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    def _run(self) -> None:
        try:
            self._server.run()
        except SystemExit:      # uvicorn's answer to a port it cannot bind (it logged why)
            pass

    def start(self, timeout: float = 10.0) -> bool:
        """Starts serving; True once it listens, False when it could not (logged)."""
        self._thread.start()
        end = time.monotonic() + timeout
        while not self._server.started and self._thread.is_alive() and time.monotonic() < end:
            time.sleep(0.02)
        if self._server.started:
            log.info("the web page of the tables: %s", self.address)
            return True
        log.warning("the web page is off: nothing listens on %s:%d (is the port taken? web.port in engine.yaml)",
                    self.host, self.port)
        self.stop()
        return False

    def stop(self) -> None:
        self._server.should_exit = True
        if self._thread.is_alive():
            self._thread.join(timeout=5)
