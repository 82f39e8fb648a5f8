"""The table in blocks: a board laid flat at the feet of the player who opened the table.

Over the Minecraft Pi API there is no private channel, so the board is open-handed: every seat's
hand lies face up in its own lane. Seen from where the table was opened (looking south, +z):

    far   ┌ top card (15 x 21) ┐  colour (3 x 3)
          │   as pixel art     │  direction (3 x 5: points to the next lane)
          └                    ┘  draw pile (5 x 7: hit it to draw)
          lane of seat 4:  ▌ [card] [card] ...
          ...
    near  lane of seat 1:  ▌ [card] [card] ...      ▌ = gold on that seat's turn, grey otherwise

Each hand card is the card's art in 5 x 7 blocks; hitting one of your own cards plays it. A pure
function of the table (`draw`) gives every block and what hitting it means; `Painter` keeps what
it sent per table and hands out only the blocks that changed, and air for a table that closed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..presentation.faces import BACK, face_key
from ..rules.cards import COLOUR_BY_NAME
from ..rules.views import DosView
from ..tables.api import Table, face_of
from .blocks import AIR, PALETTES, Block, face_blocks

CARD_W, CARD_H = 5, 7          # a hand card, and the draw pile
TOP_W, TOP_H = 15, 21          # the top card
LANE = CARD_H + 1              # a seat's lane and the gap after it
FIRST_CARD_COL = 2             # column 0 is the turn marker
SIDE_COL = TOP_W + 2           # colour, direction and draw pile, right of the top card
FRONT = 2                      # blocks between the opener and the first lane

Pos = tuple[int, int, int]

ARROW_AWAY = (".#.", "###", ".#.", ".#.", ".#.")   # far row first: the next seat is the next lane out


@dataclass(frozen=True)
class Target:
    """What hitting a board block means: play `code` from `seat`'s hand, draw, or show the top card."""
    kind: str                  # "card", "draw", "top"
    seat: str | None = None
    code: str | None = None


def origin(table: Table) -> Pos:
    x, y, z = table.pos
    return math.floor(x), math.floor(y), math.floor(z)


def to_world(table: Table, col: int, depth: int) -> Pos:
    """Board column (to the right seen from the opener) and depth (away from the opener) to the
    world: looking +z, +x is on the left (the Pi API's axes are Minecraft's)."""
    x, y, z = origin(table)
    return x + 1 - col, y, z + FRONT + depth


def draw(table: Table, palette: str, lanes: int) -> tuple[dict[Pos, Block], dict[Pos, Target]]:
    """Every block of the table's board and what hitting each means. `lanes` is the most seats a
    table has (the top card sits behind them all)."""
    pal = PALETTES[palette]
    blocks: dict[Pos, Block] = {}
    targets: dict[Pos, Target] = {}

    def picture(rows, col: int, depth: int, target: Target | None) -> None:
        for r, row in enumerate(rows):
            for c, block in enumerate(row):
                if block != AIR:
                    pos = to_world(table, col + c, depth + len(rows) - 1 - r)
                    blocks[pos] = block
                    if target is not None:
                        targets[pos] = target

    game = table.game if table.state == "playing" else None
    views = {s.name: game.view(s.name, legal=False) for s in table.seats} if game is not None else {}
    any_view = next(iter(views.values()), None)
    turn = any_view.turn if any_view is not None and any_view.phase == "play" else None

    for i, seat in enumerate(table.seats[:lanes]):
        marker = pal.by_name["yellow"] if seat.name == turn else pal.by_name["white" if game is None else "black"]
        for d in range(CARD_H):
            blocks[to_world(table, 0, i * LANE + d)] = marker
        view = views.get(seat.name)
        if view is None:
            continue
        side = view.side
        for k, code in enumerate(view.hand or ()):
            card, dark = face_of(code, side)
            picture(face_blocks(face_key(card, dark, edition=view.edition), CARD_W, CARD_H, palette),
                    FIRST_CARD_COL + k * (CARD_W + 1), i * LANE, Target("card", seat.name, code))

    base = lanes * LANE + 1
    top = None
    if any_view is not None:
        top = any_view.top
        if isinstance(any_view, DosView):       # DOS has no top card: the first centre card
            top = any_view.centre[0].split()[0] if any_view.centre else None
    if top:
        card, dark = face_of(top, any_view.side if any_view is not None else "light")
        key = face_key(card, dark, edition=any_view.edition if any_view is not None else None)
    else:
        key = BACK
    picture(face_blocks(key, TOP_W, TOP_H, palette), 0, base, Target("top"))
    picture(face_blocks(BACK, CARD_W, CARD_H, palette), SIDE_COL, base, Target("draw"))
    if any_view is not None:
        arrow = ARROW_AWAY if any_view.direction == "cw" else ARROW_AWAY[::-1]
        white = pal.by_name["white"]
        picture([[white if ch == "#" else AIR for ch in row] for row in arrow], SIDE_COL + 1, base + CARD_H + 2, None)
        colour = any_view.colour
        letter = COLOUR_BY_NAME.get(colour or "")
        if letter:
            swatch = pal.colour(letter)
            picture([[swatch] * 3] * 3, SIDE_COL + 1, base + TOP_H - 3, None)
    return blocks, targets


class Painter:
    """Sends each table's board as a diff of blocks, and air where a closed table was."""

    def __init__(self, palette: str, lanes: int):
        self.palette = palette
        self.lanes = lanes
        self.sent: dict[str, dict[Pos, Block]] = {}
        self.targets: dict[str, dict[Pos, Target]] = {}
        self._drawn: dict[str, tuple] = {}         # table id -> what the last drawing was drawn from

    def reset(self) -> None:
        """A new connection: the world may have changed meanwhile, every board is sent whole."""
        self.sent.clear()
        self._drawn.clear()

    def changes(self, tables: dict[str, Table]) -> list[tuple[Pos, Block]]:
        out: list[tuple[Pos, Block]] = []
        for tid in sorted(set(self.sent) - set(tables)):       # closed: cleared
            out += [(pos, AIR) for pos in sorted(self.sent.pop(tid))]
            self.targets.pop(tid, None)
            self._drawn.pop(tid, None)
        for tid, table in sorted(tables.items()):
            stamp = (table.token, table.state, tuple(s.name for s in table.seats), table.game is not None)
            if self._drawn.get(tid) == stamp:
                continue
            blocks, targets = draw(table, self.palette, self.lanes)
            sent = self.sent.setdefault(tid, {})
            for pos in sorted(set(sent) - set(blocks)):
                out.append((pos, AIR))
                del sent[pos]
            for pos, block in sorted(blocks.items()):
                if sent.get(pos) != block:
                    out.append((pos, block))
                    sent[pos] = block
            self.targets[tid] = targets
            # last: whoever reads it from another thread (the tests) finds `sent` already the new drawing
            self._drawn[tid] = stamp
        return out

    def target_at(self, pos: Pos) -> tuple[str, Target] | None:
        """The table and meaning of a hit block, or None when it is no board's."""
        for tid, targets in self.targets.items():
            target = targets.get(pos)
            if target is not None:
                return tid, target
        return None
