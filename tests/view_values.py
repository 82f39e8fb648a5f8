"""Views built by hand for the tests of what is drawn from a view (render, sidebar, commands):
`made_view(**fields)`, the fields a test names over a plain view of ann's turn."""

from __future__ import annotations

from typing import Any

from unocraft.rules.views import DosView, PlayerView, View

PLAIN: dict[str, Any] = dict(you="ann", edition="classic", side="light", phase="play", round=1, seq=0, hand=None,
                             top=None, colour=None, direction="cw", turn="ann", dealer="ann", pending=None,
                             draw_count=0, discard_count=1, start_card=False, scores={}, options={}, house={},
                             bluffs=None, revealed=None, round_end=None, legal=None)


def made_view(players=(), centre=None, **fields) -> View:
    """`players` as dicts (a seat's score, active, UNO call and catchability left out: 0, yes, no,
    no); `centre` given: a DOS view with that centre row."""
    values = {**PLAIN, **fields}
    values["players"] = tuple(PlayerView(**{"score": 0, "active": True, "called_uno": False, "catchable": False, **p})
                              for p in players)
    if values["hand"] is not None:
        values["hand"] = tuple(values["hand"])
    if centre is not None:
        return DosView(**values, centre=tuple(centre), centre_colours=(None,) * len(centre))
    return View(**values)
