"""Hints a player is shown once: how to play at their first deal, how catching works at the first
[Catch] they see. Each is remembered with the player's statistics (the counters `hint_<name>`,
written with the next save), so it is shown once per player, on every server of a network.

What a player has seen is asked of the statistics database when the engine first hears of them;
until the answer is in (or when the database cannot answer) no hint is due: a player who has
seen one must never get it again because the database was slow.
"""

from __future__ import annotations

from typing import Any

NAMES = ("game", "catch")


class Hints:
    def __init__(self) -> None:
        self.enabled = True       # False where the hints' Minecraft controls do not exist (the mcpi board)
        self.seen: dict[str, set[str]] = {}         # player -> the hints they have been shown
        self.asked: set[str] = set()                # players whose hints were asked of the database
        self.unsaved: dict[str, dict[str, int]] = {}   # player -> counters of hints shown, to save

    def to_ask(self, player: str) -> bool:
        """True once per player: their hints are to be asked of the database now."""
        if player in self.asked:
            return False
        self.asked.add(player)
        return True

    def answered(self, player: str, row: dict[str, Any] | None) -> None:
        """The database's row of the player (None: no statistics yet, so no hint seen)."""
        had = {name for name in NAMES if row and row.get(f"hint_{name}")}
        self.seen[player] = self.seen.get(player, set()) | had

    def due(self, player: str, name: str) -> bool:
        return self.enabled and player in self.seen and name not in self.seen[player]

    def shown(self, player: str, name: str) -> None:
        self.seen.setdefault(player, set()).add(name)
        self.unsaved.setdefault(player, {})[f"hint_{name}"] = 1

    def first_game(self, players: list[str]) -> list[str]:
        """Those of `players` (a table just dealt) who are to be told how to play, now marked told."""
        due = [p for p in players if self.due(p, "game")]
        for p in due:
            self.shown(p, "game")
        return due

    def take(self) -> dict[str, dict[str, int]]:
        """The hints shown since the last save, as statistics counters."""
        taken, self.unsaved = self.unsaved, {}
        return taken
