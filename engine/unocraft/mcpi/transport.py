"""The Minecraft Pi API as a transport: chat lines and block hits in, public chat and blocks out.

Any server speaking the API works: RaspberryJuice (Spigot/Paper), Raspberry Jam (Forge), pycraft
(Minetest). Events become the tables layer's own events, exactly what the Java plugin sends:

- a chat line ``uno play R7`` → a ``command`` event with ``["play", "R7"]`` and the player's
  position; any other chat line → a ``chat`` event (a table that keeps silence hears it);
- a hit on one of your own cards on the board → ``use`` of that card (the same as right-clicking
  it in game: a wild asks for its colour), on the draw pile → ``uno draw``, on the top card → the
  status line; a hit on another player's card gets a hint;
- a player who leaves the server → ``quit``.

Ops go back as public chat (``msg``; `chat_text` turns every button into the words to type) and
the boards as block diffs (`board.Painter`); what the API cannot show (items, sidebar, titles,
sounds, maps) is left out: the board shows it.

The API has no private channel and, on pycraft, no way to learn a player's name from the entity
id its events carry: there a player says who they are once (``uno iam alex``) and the claim is
checked with ``world.getPlayerId(name)``, which must give back the same id.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any, Sequence

from ..tables.api import TAG_CARD, TAG_TOP, say
from ..transport.base import Transport, TransportClosed, wait_before_retry
from ..transport.protocol import Op
from .board import Painter
from .chat_text import line_text, parse_chat

log = logging.getLogger("unocraft.mcpi")

PROTOCOL = 1
REPLY_TIMEOUT = 10.0         # seconds for an answer; longer is a server that is gone
PROBE_TIMEOUT = 5.0          # pycraft answers the probe within a server step, RaspberryJuice "Fail" at once
POLL_INTERVAL = 0.05
PLAYERS_INTERVAL = 1.0       # how often the player list is read (quits)


def _open(host: str, port: int):
    """A Pi API client whose connection notices the server hanging up. (The library's own drain
    loop spins forever on a closed socket, and its read takes the end of the stream for an
    empty answer.)"""
    import select

    from mcpi.connection import Connection, RequestError  # type: ignore[import-untyped]
    from mcpi.minecraft import Minecraft  # type: ignore[import-untyped]

    class _Connection(Connection):
        def drain(self):
            while select.select([self.socket], [], [], 0.0)[0]:
                data = self.socket.recv(1500)
                if not data:
                    raise ConnectionResetError("the server closed the connection")
                log.warning("unasked-for data from the server: %r", data[:200])

        def receive(self):
            line = self.socket.makefile("r").readline()
            if not line:
                raise ConnectionResetError("the server closed the connection")
            answer = line.rstrip("\n")
            if answer == Connection.RequestFailed:
                raise RequestError(f"{self.lastSent.strip()} failed")
            return answer

    conn = _Connection(host, port)
    conn.socket.settimeout(REPLY_TIMEOUT)
    return Minecraft(conn)


class McpiTransport(Transport):
    def __init__(self, host: str, port: int, language: str = "en", lanes: int = 4, palette: str = "auto",
                 admins: tuple = (), connect_timeout: float = 30.0):
        self.host, self.port = host, port
        self.language = language
        self.connect_timeout = connect_timeout
        self.palette_choice = palette
        self.lanes = lanes
        self.admins = set(admins)            # players with the uno.admin rights (uno close)
        self.mc: Any = None      # the mcpi library's Minecraft (it has no types)
        self.flavour = "minecraft"          # "minetest" for pycraft: no names, its own wool nodes
        self.painter = Painter("minecraft", lanes)
        self.names: dict[int, str] = {}      # entity id -> player name
        self.ids: set[int] = set()
        self.greeted: set[str] = set()
        self._players_read = 0.0
        self.blocks_set = 0
        self.attached_once = False
        self._told: set[str] = set()         # connection failures the log already named

    # ---------------------------------------------------------------- connection
    def connect(self, stop: threading.Event | None = None) -> dict:
        self.close()
        deadline = time.monotonic() + self.connect_timeout
        delay = 0.1
        while True:
            try:
                self.mc = _open(self.host, self.port)
                self.flavour = "minetest" if self._is_pycraft() else "minecraft"
                break
            except OSError as e:
                self.close()
                cause = (f"cannot reach the Minecraft Pi API at {self.host}:{self.port} ({e}): start the server "
                         f"with RaspberryJuice, or Minetest with pycraft (secure.trusted_mods), on that port")
                if cause not in self._told:       # each cause once, no traceback: the loop retries quietly
                    self._told.add(cause)
                    log.warning("%s", cause)
                if time.monotonic() >= deadline:
                    raise TransportClosed(cause) from None
                wait_before_retry(stop, delay)
                delay = min(delay * 2, 1.0)
        self._told.clear()
        palette = self.flavour if self.palette_choice == "auto" else self.palette_choice
        self.painter = Painter(palette, self.lanes)
        if self.flavour == "minetest":
            # pycraft reports hits only by a sword unless told otherwise; a hand is enough here
            self._call(lambda: self.mc.conn.send(b"events.setting", "restrict_to_sword", 0))
        if not self.attached_once:     # what was typed before the engine started is not for it; after a
            self._call(self.mc.events.clearAll)   # reconnect, pycraft still holds what players did meanwhile
        self.attached_once = True
        self.ids = set(self._player_ids())
        # names claimed before a reconnect hold while the server still gives that id to that name
        self.names = {i: n for i, n in self.names.items() if i in self.ids and self._id_of(n) == i}
        if self.flavour == "minecraft":
            for i in self.ids:
                self._name_from_server(i)
        log.info("attached to the Minecraft Pi API at %s:%d (%s, %s blocks)", self.host, self.port,
                 self.flavour, palette)
        return {"protocol": PROTOCOL, "platform": f"mcpi-{self.flavour}", "online": sorted(self.names.values()),
                "vault": []}

    def _is_pycraft(self) -> bool:
        """pycraft answers its own ``world.getNode`` with a node name; RaspberryJuice answers "Fail"."""
        from mcpi.connection import RequestError

        self.mc.conn.socket.settimeout(PROBE_TIMEOUT)
        try:
            answer = self.mc.conn.sendReceive(b"world.getNode", 0, 0, 0)
        except RequestError:
            return False
        except OSError:       # no answer at all: a clean connection (a late answer would be taken for the next one's)
            self.mc.conn.socket.close()
            self.mc = _open(self.host, self.port)
            return False
        finally:
            self.mc.conn.socket.settimeout(REPLY_TIMEOUT)
        return ":" in answer or answer.startswith(("air,", "ignore,"))

    def _call(self, fn, *args):
        if self.mc is None:
            raise TransportClosed("not connected")
        try:
            return fn(*args)
        except OSError as e:   # a closed socket, or no answer in time
            self.close()
            raise TransportClosed(f"Minecraft Pi API: {e}") from None

    def _query(self, fn, *args, default=None):
        """A request whose refusal ("Fail", an answer that does not parse) is not the connection's
        end: `default` then (RaspberryJuice answers "Fail" to a player list with nobody in it)."""
        try:
            return self._call(fn, *args)
        except TransportClosed:
            raise
        except Exception as e:
            log.debug("%s refused: %s", getattr(fn, "__name__", fn), e)
            return default

    def close(self) -> None:
        mc, self.mc = self.mc, None
        if mc is not None:
            try:
                mc.conn.socket.close()
            except OSError:
                pass

    # ---------------------------------------------------------------- players
    def _player_ids(self) -> list[int]:
        text = self._query(self.mc.conn.sendReceive, b"world.getPlayerIds", default="")
        return [int(x) for x in text.split("|") if x.strip().lstrip("-").isdigit()]

    def _id_of(self, name: str) -> int | None:
        """The entity id of the player `name`, None when nobody of that name is here."""
        answer = self._query(self.mc.conn.sendReceive, b"world.getPlayerId", name, default="")
        return int(answer) if answer.strip().lstrip("-").isdigit() else None

    def _name_from_server(self, entity: int) -> str | None:
        if self.flavour != "minecraft":
            return self.names.get(entity)
        if entity not in self.names:
            name = self._query(self.mc.entity.getName, entity)   # "Fail": gone, or not a command here
            if name:
                self.names[entity] = name
        return self.names.get(entity)

    def _position(self, entity: int) -> list[float] | None:
        pos = self._query(self.mc.entity.getPos, entity)    # None: the player just left
        return None if pos is None else [pos.x, pos.y, pos.z]

    def _quits(self) -> list[dict]:
        now = time.monotonic()
        if now < self._players_read + PLAYERS_INTERVAL:
            return []
        self._players_read = now
        ids = set(self._player_ids())
        events = []
        for gone in sorted(self.ids - ids):
            name = self.names.pop(gone, None)
            if name is not None:
                events.append({"type": "quit", "player": name})
        self.ids = ids
        return events

    def _claim(self, entity: int, words: list[str]) -> list[dict]:
        """``uno iam NAME`` on a server that does not tell names: checked against getPlayerId."""
        if len(words) != 2 or words[0].lower() != "iam":
            self.post(say(self.language, "mcpi.who_are_you", id=entity))
            return []
        name = words[1]
        if self._id_of(name) != entity:
            self.post(say(self.language, "mcpi.not_you", id=entity, player=name))
            return []
        for other, known in list(self.names.items()):
            if known == name:
                del self.names[other]
        self.names[entity] = name
        self._greet(name)
        return [{"type": "join", "player": name}]

    def _greet(self, name: str) -> None:
        if name not in self.greeted:
            self.greeted.add(name)
            self.post(say(self.language, "mcpi.hello", player=name))

    # ---------------------------------------------------------------- events
    def poll(self, max_wait_ms: int) -> list[dict]:
        deadline = time.monotonic() + max_wait_ms / 1000
        while True:
            events = self._quits()
            for post in self._query(self.mc.events.pollChatPosts, default=[]):
                events += self._chat(post.entityId, post.message)
            for hit in self._query(self.mc.events.pollBlockHits, default=[]):
                events += self._hit(hit.entityId, (hit.pos.x, hit.pos.y, hit.pos.z))
            if events or time.monotonic() >= deadline:
                return events
            time.sleep(POLL_INTERVAL)

    def _chat(self, entity: int, message: str) -> list[dict]:
        args = parse_chat(message)
        name = self._name_from_server(entity)
        if name is None:
            return self._claim(entity, args) if args is not None else []
        if args is not None and args[:1] == ["iam"] and self.flavour == "minetest":
            return self._claim(entity, args)
        if args is None:
            return [{"type": "chat", "player": name}]
        self._greet(name)
        return [{"type": "command", "player": name, "args": args, "pos": self._position(entity),
                 "admin": name in self.admins}]

    def _hit(self, entity: int, pos: tuple[int, int, int]) -> list[dict]:
        found = self.painter.target_at(pos)
        if found is None:
            return []
        name = self._name_from_server(entity)
        if name is None:
            self.post(say(self.language, "mcpi.who_are_you", id=entity))
            return []
        _, target = found
        if target.kind == "draw":
            return [{"type": "command", "player": name, "args": ["draw"], "pos": self._position(entity)}]
        if target.kind == "top":
            return [{"type": "use", "player": name, "tag": TAG_TOP}]
        if target.seat != name:
            self.post(say(self.language, "mcpi.not_yours", player=name, owner=target.seat))
            return []
        return [{"type": "use", "player": name, "tag": TAG_CARD + (target.code or "")}]

    # ---------------------------------------------------------------- output
    def post(self, text: str) -> None:
        self._call(self.mc.postToChat, " ".join(text.replace("|", "/").split()))

    def apply(self, ops: Sequence[Op]) -> None:
        """Chat lines, each once: a line several players got is posted as it is, a line for one
        player (a prompt, an error) names them when others can read it too."""
        lines: list[tuple[str, list[str]]] = []
        index: dict[str, int] = {}
        for op in ops:
            if op["op"] != "msg":
                continue          # items, sidebar, titles, sounds, maps: the board shows the table
            text = line_text(op["c"])
            if not text:
                continue
            if text not in index:
                index[text] = len(lines)
                lines.append((text, []))
            lines[index[text]][1].append(op["player"])
        several = len(set(self.names.values())) > 1
        for text, players in lines:
            self.post(f"{players[0]}: {text}" if several and len(players) == 1 else text)

    def paint(self, tables) -> None:
        """Sends the blocks of every board that changed (the world is the server's: one command a block)."""
        for (x, y, z), (block, data) in self.painter.changes(tables):
            self._call(self.mc.setBlock, x, y, z, block, data)
            self.blocks_set += 1

    def stats(self) -> dict:
        return {"platform": f"mcpi-{self.flavour}", "blocks_set": self.blocks_set}
