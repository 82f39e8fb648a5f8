"""Issue 33, item 5: a player who dies mid-game gets the hand back at once on respawn.

The server empties the inventory at a death (the plugin keeps cards out of the drops; the player's
own items are in its vault), but display.py sends only the slots that changed since it last sent
them (`sent_slots`): without being told, the engine would redraw the hand only at its next change.
The plugin forwards the respawn as a "respawn" event (like join and quit); the engine forgets what
it sent that player and sends the whole hand again, in the same round.
"""

from __future__ import annotations

from unocraft.tables.config import parse
from unocraft.tables.display import Display
from unocraft.tables.manager import Tables

CONFIG = {"timers": {"lobby": 5, "turn": 30, "turn_warning": 10, "rejoin": 60, "bot_think": 0.5,
                     "catch_window": 1, "next_round": 2},
          "bots": {"fill_to": 3, "kind": "basic"}, "game": {"single_round": True}, "table": {"join_radius": 0}}


def shown(ops: list[dict], player: str) -> dict[str, dict | None]:
    """The slots the `items` ops of `ops` set for `player`."""
    slots: dict[str, dict | None] = {}
    for op in ops:
        if op["op"] == "items" and op["player"] == player:
            slots.update(op["slots"])
    return slots


def playing():
    """ann and bob at a table with a bot, dealt; cid online at no table, dan watching."""
    tables = Tables(parse(CONFIG))
    tables.attach({"online": [], "vault": []}, 0)
    tables.flush()
    for name in ("ann", "bob", "cid", "dan"):
        tables.handle({"type": "join", "player": name, "locale": "en_us"}, 0)
    tables.handle({"type": "command", "player": "ann", "args": ["start"], "pos": [0, 64, 0]}, 0)
    table = next(iter(tables.tables.values()))
    tables.handle({"type": "command", "player": "bob", "args": ["join", table.id]}, 0)
    tables.tick(10)
    tables.handle({"type": "command", "player": "dan", "args": ["spectate", table.id]}, 10)
    ops = tables.flush()
    assert table.state == "playing" and shown(ops, "ann"), ops
    return tables, table


def full_hand(tables: Tables, table, player: str) -> dict[str, dict | None]:
    """What a display that sent nothing yet shows `player` of `table`."""
    fresh = Display(tables.display.state, tables.display.menus, tables.core.hints.due)
    fresh.redraw(table)
    return shown(fresh.take(), player)


def test_a_respawn_sends_the_whole_hand_again_at_once():
    tables, table = playing()
    assert shown(tables.flush(), "ann") == {}           # nothing changed: nothing sent
    before = table.to_dict()
    tables.handle({"type": "respawn", "player": "ann", "locale": "en_us", "pos": [0, 64, 0]}, 11)
    ops = tables.flush()
    assert shown(ops, "ann") == full_hand(tables, table, "ann"), ops
    assert shown(ops, "bob") == {}                       # bob's screen did not change
    assert table.to_dict() == before                     # nothing happened at the table
    assert shown(tables.flush(), "ann") == {}           # and what was sent counts as shown again


def test_a_respawn_away_from_a_game_sends_no_items():
    tables, table = playing()
    for name in ("cid", "dan"):                          # at no table; watching the table
        tables.handle({"type": "respawn", "player": name, "locale": "en_us"}, 11)
        ops = tables.flush()
        assert not [op for op in ops if op["op"] == "items"], (name, ops)
