"""What one player may know (issue: views never leak a hidden card).

A bot gets only its view. Opponents' hands are counts; in flip, the other faces
of their cards (what is printed on the backs you see). Secrets of the past
(cards drawn, a hand shown by a challenge) come only to the player concerned.
"""

from __future__ import annotations

from typing import Any

from .cards import COLOUR_NAMES, RESTRICTED_WILDS
from .core import GameCore
from .pending import Choice, Drawn, Penalty


def view(game: GameCore, player: str | None, legal: bool = True) -> dict[str, Any]:
    """`player` None: a spectator's view (no hand at all)."""
    seat = game.seat_of.get(player) if player is not None else None
    other = 1 - game.side
    players = []
    for s, name in enumerate(game.names):
        entry = {"name": name, "cards": len(game.hands[s]), "score": game.scores[s],
                 "active": game.active[s], "called_uno": s in game.uno_called,
                 "catchable": s in game.catchable}
        if game.edition.double_sided and s != seat:
            entry["backs"] = [str(game.faces[other][c]) for c in game.hands[s]]
        players.append(entry)
    pending = _public_pending(game, seat)
    out = {
        "you": player,
        "edition": game.edition.name,
        "side": game.side_name,
        "phase": game.phase,
        "round": game.round_no,
        "seq": game.seq,
        "players": players,
        "hand": game.codes(game.hands[seat]) if seat is not None else None,
        "top": str(game.top_face) if game.discard else None,
        "colour": COLOUR_NAMES.get(game.colour),
        "direction": game.direction_name,
        "turn": game.turn_player,
        "dealer": game.names[game.dealer],
        "pending": pending,
        "draw_count": len(game.draw_pile),
        "discard_count": len(game.discard),
        "start_card": game.start_top,
        "scores": dict(zip(game.names, game.scores)),
        "options": game.opts.changed(),
    }
    for state, value in zip(game.STATES, game.house_state):   # what a house rule's state shows all
        if state.view is not None:
            out.update(state.view(value))
    if seat is not None:   # restricted wilds this player could only play as a bluff (§3, §5)
        out["bluffs"] = sorted({str(game.face(c)) for c in game.hands[seat]
                                if game.face(c).rank in RESTRICTED_WILDS
                                and game.holds_colour(seat, game.colour, except_card=c)})
    if seat is not None and seat in game.revealed:
        out["revealed"] = game.codes(game.revealed[seat])
    if game.phase != "play":
        out["round_winner"] = game.names[game.round_winner] if game.round_winner is not None else None
        out["round_points"] = dict(zip(game.names, game.round_points))
        out["hands"] = {n: game.codes(h) for n, h in zip(game.names, game.hands)}
        out["match_winners"] = [game.names[s] for s in game.match_winners]
    if seat is not None and legal:
        out["legal"] = [str(a) for a in game.legal_actions(player)]
    return out


def _public_pending(game: GameCore, seat: int | None) -> dict[str, Any] | None:
    p = game.pending
    if p is None:
        return None
    if isinstance(p, Penalty):
        return {"kind": p.kind, "victim": game.names[p.victim], "source": game.names[p.source],
                "card": p.rank, "amount": p.amount, "challengeable": p.challengeable}
    if isinstance(p, Drawn):
        out: dict[str, Any] = {"kind": p.kind, "player": game.turn_player}
        if seat == game.turn:
            out["card"] = str(game.face(p.card))
        return out
    out = {"kind": p.kind, "player": game.names[p.who]}
    if isinstance(p, Choice) and p.to >= 0:   # a choice owed to another player (a card given back)
        out["to"] = game.names[p.to]
    return out
