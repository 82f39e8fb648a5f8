"""Sounds: a listener of the game events (an UNO call, a penalty draw) that returns the sounds they
make (notices.py), plus the sounds of the display (your turn) and of a refusal. `Display.sound`
sends them, unless `sounds.enabled` is off."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.dos_events import Dos
from ..rules.events import Draw, Event, Uno
from ..rules.vocab import PENALTY_DRAWS
from .notices import Notice, PlaySound, Said

if TYPE_CHECKING:
    from .table import Table

# (sound key, pitch) of the `sound` op: your turn, a penalty or a refusal, an UNO call
SOUND_TURN = ("minecraft:block.note_block.pling", 1.2)
SOUND_PENALTY = ("minecraft:entity.villager.no", 1.0)
SOUND_UNO = ("minecraft:entity.experience_orb.pickup", 1.0)


class Sounds:
    def heard(self, t: Table, events: list[Event]) -> list[Notice]:
        """An UNO call: everyone at the table hears it; a penalty draw (caught, a draw card, a
        mistake, ...): the player who draws. At most one of each per player and batch."""
        members = {name for name, _, _ in t.members()}
        # who draws hears it from their seat: not a spectator of the name of a seat they left
        seated = {name for name, _, at_seat in t.members() if at_seat}
        heard: set[tuple[str, str]] = set()
        out = Said()
        for ev in events:
            if isinstance(ev, (Uno, Dos)):
                targets, sound = sorted(members), SOUND_UNO
            elif isinstance(ev, Draw) and ev.reason in PENALTY_DRAWS and ev.count:
                targets, sound = [ev.player] if ev.player in seated else [], SOUND_PENALTY
            else:
                continue
            for name in targets:
                if name in members and (name, sound[0]) not in heard:
                    heard.add((name, sound[0]))
                    out.note(PlaySound(name, sound))
        return out.items
