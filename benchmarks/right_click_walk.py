"""The walk of one right-click through the engine: the modules a card's use crosses from the
plugin's event to the op batch (`Tables.handle`, then `Tables.flush`), how many calls go from one
module to another, how many of those go back up to a module already on the way (a callback, an
upward hop), and who calls the display (in a one-way pipeline: the façade alone, after the state
changed). No server: the tables layer in process, one seated player and two bots.

    .venv/bin/python benchmarks/right_click_walk.py
"""

from __future__ import annotations

import sys
from collections import Counter

from unocraft.rules.cards import Card
from unocraft.simulate import actor
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables

CONFIG = {"timers": {"lobby": 5, "turn": 30, "turn_warning": 10, "rejoin": 60, "bot_think": 0.5,
                     "catch_window": 1, "next_round": 2},
          "bots": {"fill_to": 3, "kind": "basic"}, "game": {"single_round": True}, "language": "en"}


def ann_to_play(seed: int) -> tuple[Tables, str, float]:
    """A table where ann must play and holds a card she may play; that card's code."""
    import os
    os.environ["UNOCRAFT_TABLE_SEED"] = str(seed)
    tables = Tables(parse(CONFIG))
    tables.attach({"online": ["ann"], "vault": []}, 0)
    tables.handle({"type": "join", "player": "ann", "locale": "en_us"}, 0)
    tables.handle({"type": "command", "player": "ann", "args": ["start"], "pos": [0, 40, 0]}, 0)
    tables.flush()
    now = 10.0
    tables.tick(now)
    tables.flush()
    t = next(iter(tables.tables.values()))
    for _ in range(200):
        if t.game.names[actor(t.game)] == "ann":
            legal = [a for a in t.legal("ann") if a.verb == "play" and not Card.parse(str(a.cards[0])).is_wild]
            if legal:
                return tables, str(legal[0].cards[0]), now
            tables.handle({"type": "command", "player": "ann", "args": ["draw"]}, now)
        now += 1
        tables.tick(now)
        tables.flush()
    raise SystemExit("no position with a plain card for ann to play")


def walk() -> tuple[list[str], Counter, int, int]:
    tables, code, now = ann_to_play(3)
    stack: list[str] = []
    order: list[str] = []
    hops: Counter = Counter()
    upward = 0
    ups: Counter = Counter()

    def module_of(frame) -> str | None:
        name = frame.f_globals.get("__name__", "")
        return name if name.startswith("unocraft.") else None

    def trace(frame, event, arg):
        nonlocal upward
        if event == "call":
            here = module_of(frame)
            caller = stack[-1] if stack else None
            stack.append(here or caller or "")
            if here and caller and here != caller:
                hops[(caller, here)] += 1
                if here in stack[:-2]:
                    upward += 1
                    ups[(caller, here)] += 1
            if here and here not in order:
                order.append(here)
        elif event == "return" and stack:
            stack.pop()

    sys.setprofile(trace)
    try:
        tables.handle({"type": "use", "player": "ann", "tag": f"card:{code}"}, now)
        ops = tables.flush()
    finally:
        sys.setprofile(None)
    assert any(op["op"] == "msg" and op["player"] == "ann" for op in ops), "the play was not told"
    return order, hops, sum(hops.values()), upward, ups


def main() -> None:
    order, hops, calls, upward, ups = walk()
    print(f"one right-click (use of a card, then the flush): {len(order)} modules, {calls} calls from one module "
          f"to another, {upward} of them back up to a module already on the way")
    print("modules, in the order first entered: " + " > ".join(m.removeprefix("unocraft.") for m in order))
    print("module to module (distinct pairs): " + str(len(hops)))
    into = sorted({a.removeprefix("unocraft.") for a, b in hops if b == "unocraft.tables.display"})
    print("the display is called from: " + ", ".join(into))
    if ups:
        print("back up: " + ", ".join(f"{a.removeprefix('unocraft.')} > {b.removeprefix('unocraft.')} ({n})"
                                      for (a, b), n in sorted(ups.items())))


if __name__ == "__main__":
    main()
