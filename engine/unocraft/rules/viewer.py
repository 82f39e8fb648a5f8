"""A game's views (views.py declares them): what `player` may know of the game now.
Built for every redraw and every bot move."""

from __future__ import annotations

from typing import Any, TypeVar

from .cards import COLOUR_NAMES, RESTRICTED_WILDS
from .legal import legal_actions
from .pending import DosTurn, Drawn, Penalty
from .state import GameState
from .views import (ChoiceView, DosTurnView, DrawnView, PendingView, PenaltyView, PlayerView, RoundEnd,
                    View)

V = TypeVar("V", bound=View)


def view(game: GameState, player: str | None, legal: bool = True) -> View:
    """`player` None: a spectator's view (no hand at all)."""
    return build(View, game, player, legal)


def build(cls: type[V], game: GameState, player: str | None, legal: bool) -> V:
    """The view of class `cls` (DOS fills a `DosView`'s own fields on it: dos.view)."""
    seat = game.seat_of.get(player) if player is not None else None
    other = 1 - game.side
    two_sided = game.edition.double_sided
    players = []
    for s, name in enumerate(game.names):
        hand = game.hands[s]
        backs = tuple([str(game.faces[other][c]) for c in hand]) if two_sided and s != seat else None
        players.append(PlayerView(name, len(hand), game.scores[s], game.active[s], s in game.uno_called,
                                  s in game.catchable, backs))
    house: dict[str, Any] = {}
    for state, value in zip(game.variant.states, game.house_state):   # what a house rule's state shows all
        if state.view is not None:
            house.update(state.view(value))
    bluffs = revealed = None
    if seat is not None:   # restricted wilds this player could only play as a bluff (§3, §5)
        bluffs = tuple(sorted({str(game.face(c)) for c in game.hands[seat]
                               if game.face(c).rank in RESTRICTED_WILDS
                               and game.holds_colour(seat, game.colour, except_card=c)}))
        if seat in game.revealed:
            revealed = tuple(game.codes(game.revealed[seat]))
    end = None
    if game.phase != "play":
        end = RoundEnd(game.names[game.round_winner] if game.round_winner is not None else None,
                       dict(zip(game.names, game.round_points)),
                       {n: tuple(game.codes(h)) for n, h in zip(game.names, game.hands)},
                       tuple([game.names[s] for s in game.match_winners]))
    return cls(player, game.edition.name, game.side_name, game.phase, game.round_no, game.seq,
               tuple(players), tuple(game.codes(game.hands[seat])) if seat is not None else None,
               str(game.top_face) if game.discard else None, COLOUR_NAMES.get(game.colour),
               game.direction_name, game.turn_player, game.names[game.dealer],
               _public_pending(game, seat), len(game.draw_pile), len(game.discard), game.start_top,
               dict(zip(game.names, game.scores)), game.opts.changed(), house, bluffs, revealed, end,
               tuple([str(a) for a in legal_actions(game, player)]) if seat is not None and legal else None)


def _public_pending(game: GameState, seat: int | None) -> PendingView | None:
    p = game.pending
    if p is None:
        return None
    if isinstance(p, Penalty):
        return PenaltyView(game.names[p.victim], game.names[p.source], p.rank, p.amount, p.challengeable)
    if isinstance(p, Drawn):
        return DrawnView(game.turn_player, str(game.face(p.card)) if seat == game.turn else None)
    if isinstance(p, DosTurn):
        return DosTurnView(game.names[p.who], p.drew, p.matched, p.adds - p.added)
    # a choice, maybe owed to another player (a card given back)
    return ChoiceView(p.kind, game.names[p.who], game.names[p.to] if p.to >= 0 else None)
