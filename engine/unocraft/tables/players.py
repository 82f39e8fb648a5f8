"""The players as the tables know them: where each is (the table they sit or watch at), who is on
the server, and what the plugin told of each (language, UUID, world). Data and the few questions
asked of it; the transitions that change where a player is are the lifecycle's (lifecycle.py)."""

from __future__ import annotations

from .config import Settings


class Players:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings                  # for the server's language, the default one
        self.where: dict[str, str] = {}           # player -> table id (seated or watching)
        self.langs: dict[str, str] = {}
        self.worlds: dict[str, str] = {}          # player -> the world they were last in (tables open there)
        self.online: set[str] = set()
        self.uuids: dict[str, str] = {}

    def lang(self, player: str) -> str:
        return self.langs.get(player, self.settings.config.language)

    def uuid(self, player: str) -> str | None:
        return self.uuids.get(player)

    def world(self, player: str) -> str:
        """The world the player was last seen in ("": none known)."""
        return self.worlds.get(player, "")
