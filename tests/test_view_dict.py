"""`View.to_dict()` is the dict views were before they were typed (rules/views.py), key for key
and in order, in every position seeded self-play reaches in each edition and under the house
rules: the web, the mcpi board and saved data read that dict, so it must not change.

`old_view` below is the function views.py was (with DOS's additions), kept as the reference."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from unocraft.rules.cards import COLOUR_NAMES, RESTRICTED_WILDS
from unocraft.rules import dos
from unocraft.rules.options import Options
from unocraft.rules.pending import Choice, DosTurn, Drawn, Penalty
from unocraft.rules.views import DosView, PenaltyView, View
from unocraft.simulate import actor, new_game


def old_view(game, player: str | None, legal: bool = True) -> dict[str, Any]:
    """The reference: views.view and DOS's view as they were, returning the dict."""
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
    out = {
        "you": player, "edition": game.edition.name, "side": game.side_name, "phase": game.phase,
        "round": game.round_no, "seq": game.seq, "players": players,
        "hand": game.codes(game.hands[seat]) if seat is not None else None,
        "top": str(game.top_face) if game.discard else None,
        "colour": COLOUR_NAMES.get(game.colour), "direction": game.direction_name,
        "turn": game.turn_player, "dealer": game.names[game.dealer],
        "pending": _old_pending(game, seat), "draw_count": len(game.draw_pile),
        "discard_count": len(game.discard), "start_card": game.start_top,
        "scores": dict(zip(game.names, game.scores)), "options": game.opts.changed(),
    }
    for state, value in zip(game.variant.states, game.house_state):
        if state.view is not None:
            out.update(state.view(value))
    if seat is not None:
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
    if game.opts.edition == "dos":
        out["centre"] = [dos.centre_code(game, c) for c in game.centre]
        out["centre_colours"] = [COLOUR_NAMES.get(dos.centre_colour(game, c) or "") for c in game.centre]
        p = game.pending
        if isinstance(p, DosTurn):
            out["pending"] = {"kind": p.kind, "player": game.names[p.who], "drew": p.drew,
                              "matched": p.matched, "adds": p.adds - p.added}
    return out


def _old_pending(game, seat):
    p = game.pending
    if p is None:
        return None
    if isinstance(p, Penalty):
        return {"kind": p.kind, "victim": game.names[p.victim], "source": game.names[p.source],
                "card": p.rank, "amount": p.amount, "challengeable": p.challengeable}
    if isinstance(p, Drawn):
        out = {"kind": p.kind, "player": game.turn_player}
        if seat == game.turn:
            out["card"] = str(game.face(p.card))
        return out
    out = {"kind": p.kind, "player": game.names[p.who]}
    if isinstance(p, Choice) and p.to >= 0:
        out["to"] = game.names[p.to]
    return out


#: each edition's preset, and the house rules that show something in views or make choices
#: (silence, swaps, cards given back, slaps, levels, eliminations, stacked draws ...)
TABLES = [
    ("official", {}, 3), ("minecraft", {}, 4), ("ru-classic", {}, 3), ("flip", {}, 3),
    ("dos", {}, 3), ("dos", {"dos_call": "two_or_fewer", "dos_add_after_draw": "must"}, 2),
    (None, {"silent_twos": "twos", "jump_in": True, "hand_slap": True}, 4),
    (None, {"silent_twos": "wilds", "seven_o": True, "five_swap": True}, 3),
    (None, {"edition": "flip", "silent_twos": "twos", "seven_o": True, "bluffing": True}, 3),
    (None, {"until_the_last": True, "reverse_deflect": True, "draw_two_chain": "stacking"}, 4),
    (None, {"seven_rounds": True, "play_doubles": "together", "challenge": "ru"}, 3),
    (None, {"partners": True, "colour_rotation": True, "play_doubles": "sequential"}, 4),
    (None, {"scoring": "elimination", "plus_ten": True, "forced_play": True, "mistake_penalty": 2}, 3),
    (None, {"edition": "minecraft", "creeper_targets": "others", "draw_four_escape": "draw_two_of_colour", "draw_two_chain": "pass_on",
            "h2o_scoring": True, "scoring": "ru_loser", "zero_costs_50": True}, 3),
]


def _same(game, name: str | None, legal: bool) -> None:
    view = game.view(name, legal=legal)
    assert isinstance(view, DosView) == (game.opts.edition == "dos") and isinstance(view, View)
    new, old = view.to_dict(), old_view(game, name, legal)
    assert new == old
    assert json.dumps(new) == json.dumps(old)   # the same order of keys, at every depth


def _play(preset: str | None, overrides: dict[str, Any], players: int, seed: int, steps: int) -> set[str]:
    """Plays `steps` random legal actions (rounds and matches go on), checking every player's and
    a spectator's view at each; the kinds of pending and the phases seen."""
    rng = random.Random(seed)
    opts = Options.build(preset, target=150, **overrides)
    game = new_game(["ann", "bob", "cid", "dan"][:players], opts, seed)
    seen: set[str] = set()
    for step in range(steps):
        who = game.names[actor(game)] if game.phase == "play" else None
        for name in [*game.names, None]:
            _same(game, name, legal=name == who or step % 4 == 0)
        seen.add(game.phase if game.pending is None else game.pending.kind)
        if game.phase == "match_over":
            break
        if game.phase == "round_over":
            game.start_next_round()
            continue
        movers = [n for n in game.names if n != who and game.legal_actions(n)] if game.may_act_out_of_turn() else []
        mover = rng.choice(movers) if movers and rng.random() < 0.3 else who
        legal = game.legal_actions(mover)
        plays = [a for a in legal if a.verb in ("play", "add")]
        game.play(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal))
    return seen


@pytest.mark.parametrize("preset, overrides, players", TABLES)
def test_to_dict_is_the_old_view(preset, overrides, players):
    seen: set[str] = set()
    for seed in (1, 2):
        seen |= _play(preset, overrides, players, seed, 300)
    assert "play" in seen and len(seen) > 2   # positions beyond the plain turn were checked


def test_the_typed_view_reads_what_the_dict_says():
    game = new_game(["ann", "bob"], Options.build("official", silent_twos="twos"), 5)
    view = game.view("ann")
    data = view.to_dict()
    assert view.hand == tuple(data["hand"]) and [p.cards for p in view.players] == [7, 7]
    assert view.house == {"silence": False} and data["silence"] is False
    data["hand"].clear()   # plain data of its own: changing it leaves the view as it was
    assert len(view.hand) == 7
    assert game.view(None).hand is None and "bluffs" not in game.view(None).to_dict()
    assert PenaltyView("bob", "ann", "W+4", 4, True).to_dict()["kind"] == "penalty"


def test_a_silence_is_read_through_its_own_rule_from_the_view():
    from unocraft.rules.actions import Action
    from unocraft.rules.scenario import build_game, parse
    from unocraft.rules.vocab import speaking_costs
    game = build_game(parse({"rules": {"silent_twos": "twos"}, "players": ["ann", "bob", "cid"], "dealer": "cid",
                             "hands": {"ann": ["R2", "G1"], "bob": ["R3", "G4"], "cid": ["R8", "B8"]},
                             "start": "R5", "deck": ["Y7", "Y8", "Y9", "G7"]}))
    assert not speaking_costs(game.view("bob"))
    game.play(Action.parse("ann", "play R2"))
    view = game.view("bob")
    assert speaking_costs(view) and view.house == {"silence": True} and view.to_dict()["silence"] is True
