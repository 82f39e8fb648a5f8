"""The legal actions of a position: candidates proposed here (and by the house
rules' hooks), decided by the game's checks (`Game.refusal`), so legality lives
in one place."""

from __future__ import annotations

from typing import cast

from .actions import Action
from .answers import answer_kind
from .cards import Card, Colour, RESTRICTED_WILDS
from .dispatch import refusal
from .pending import Choice, Drawn, Penalty
from .state import GameState


def candidates(game: GameState, seat: int) -> list[Action]:
    """Every action worth asking about for `seat` now (a superset of the legal ones)."""
    name = game.names[seat]
    out: list[Action] = []
    if game.phase != "play" or not game.active[seat]:
        return out
    pending = game.pending
    kind = pending.kind if pending is not None else None
    colours = game.side_colours
    rotation = game.colour_rule is not None   # wilds name no colour
    seen = set()
    in_turn = seat == game.turn
    cache = game.action_cache[2 * seat + game.side]
    # the victim of a draw card may play only an answer to it: ask the game which
    answering = isinstance(pending, Penalty) and pending.victim == seat
    # out of turn only a jump rule lets a card in (plays.check_jump_in): without one, asking
    # about each card would only collect refusals (most of a redraw's legality time)
    hand = game.hands[seat] if in_turn or answering or game.jump_rules else ()
    for card in hand:
        face = game.face(card)   # the face in play names the card (Game.ref)
        if face in seen:
            continue
        seen.add(face)
        if answering and answer_kind(game, face) is None:
            continue
        out += _play_actions(cache, name, face, "play" if in_turn else "jump",
                             (None,) if not face.is_wild or rotation else colours)
    if game.pair_rule is not None and in_turn:
        game.pair_rule.pair_candidates(game, seat, out)
    if in_turn or answering:
        out.append(_verb(cache, name, "draw"))
    if in_turn and kind is not None and kind != "penalty":   # the checks keep the passes allowed
        out.append(_verb(cache, name, "pass"))
    if answering:
        out.append(_verb(cache, name, "challenge"))
    if isinstance(pending, Choice) and kind == "colour" and pending.who == seat:
        out += _colour_actions(cache, name, colours)
    for rule in game.candidate_hooks:
        rule.candidates(game, seat, kind, out)
    if len(game.hands[seat]) == 2 or seat in game.catchable:
        out.append(_verb(cache, name, "uno"))
    for q in game.catchable:
        if q != seat:
            out.append(_catch(cache, name, game.names[q]))
    for rule in game.call_hooks:
        rule.call_candidates(game, seat, out)
    return out


def checked_actions(game: GameState, seat: int) -> list[Action]:
    """The legal actions of `seat`, each candidate asked of the game's checks."""
    return [a for a in dict.fromkeys(game.variant.candidates(game, seat)) if refusal(game, a) is None]


def legal_actions(game: GameState, player: str | None = None) -> list[Action]:
    """The actions `player` (or every seated player) may send now, each accepted
    by `Game.play`. Deduplicated, in a stable order. Every edition's: the candidates
    are the edition's (`game.candidates`), the checks decide."""
    if player is not None:
        seat = game.seat_of[player]
        if fast_path_applies(game, seat):
            return turn_actions(game, seat)
        return checked_actions(game, seat)
    out = []
    for seat in range(len(game.names)):
        if fast_path_applies(game, seat):
            out += turn_actions(game, seat)
        else:
            out += checked_actions(game, seat)
    return out


def fast_path_applies(game: GameState, seat: int) -> bool:
    """The common position: `seat`'s own turn, nothing pending, no out-of-turn
    business. `turn_actions` answers it without asking the checks one by one; a
    property test holds it equal to `checked_actions`."""
    pending = game.pending
    return ((pending is None or isinstance(pending, Drawn)) and seat == game.turn and game.phase == "play"
            and not (game.call_hooks and game.open_to_all())   # a call due from all: more actions
            and not game.checked_legal
            and game.variant.classic)   # not DOS (it restricts the verbs, and has its own moves)


def turn_actions(game: GameState, seat: int) -> list[Action]:
    # the interned actions of this player (shared between games, see `action_cache`)
    cache = game.action_cache[2 * seat + game.side]
    name = game.names[seat]
    hand = game.hands[seat]
    faces = game.faces[game.side]
    colour = game.colour
    top = faces[game.discard[-1]]
    top_rank = top.rank if top.colour is not None else None
    holds_colour = not game.opts.bluffing and any(faces[c].colour == colour for c in hand)
    out: list[Action] = []
    seen: list[Card] = []        # (a hand is short: a list is faster than a set)
    pending = game.pending
    # the fast path's only pending is a drawn card (fast_path_applies); a None test is cheaper than isinstance
    drawn = pending is not None
    for c in ([cast(Drawn, pending).card] if drawn else hand):
        f = faces[c]             # the face in play names the card (Game.ref)
        face_colour = f.colour
        if face_colour is None:
            if holds_colour and f.rank in RESTRICTED_WILDS:
                continue
        elif face_colour != colour and f.rank != top_rank:
            continue
        if f in seen:
            continue
        seen.append(f)
        if f in cache:
            out += cache[f]
        else:
            colours = (None,) if face_colour is not None or game.colour_rule is not None else game.side_colours
            out += _play_actions(cache, name, f, "play", colours)
    # forced play: no draw, no pass while a card must be played (`must_play` decides)
    if not (game.forced_play and game.must_play(seat)):
        out.append(_verb(cache, name, "pass" if drawn else "draw"))
    if (seat in game.catchable and game.opts.uno_call == "until_caught") or \
            (len(hand) == 2 and seat not in game.uno_called):
        out.append(_verb(cache, name, "uno"))
    if game.catchable:
        for q in sorted(game.catchable):
            if q != seat:
                out.append(_catch(cache, name, game.names[q]))
    return out


def _play_actions(cache: dict[object, tuple[Action, ...]], name: str, face: Card, verb: str,
                  colours: tuple[Colour | None, ...]) -> tuple[Action, ...]:
    """The interned `play` (key: the face) or `jump` actions of a face, one per colour."""
    key: object = face if verb == "play" else (verb, face)
    actions = cache.get(key)
    if actions is None:
        actions = cache[key] = tuple(Action(name, verb, (face,), c) for c in colours)
    return actions


def _colour_actions(cache: dict[object, tuple[Action, ...]], name: str,
                    colours: tuple[Colour, ...]) -> tuple[Action, ...]:
    """The interned `colour` actions of the colours of a side."""
    key = ("colour", colours)
    actions = cache.get(key)
    if actions is None:
        actions = cache[key] = tuple(Action(name, "colour", colour=c) for c in colours)
    return actions


def _catch(cache: dict[object, tuple[Action, ...]], name: str, target: str) -> Action:
    """The interned action of catching `target`."""
    key = ("catch", target)
    actions = cache.get(key)
    if actions is None:
        actions = cache[key] = (Action(name, "catch", target=target),)
    return actions[0]


def _verb(cache: dict[object, tuple[Action, ...]], name: str, verb: str) -> Action:
    """The interned action of a verb without arguments."""
    actions = cache.get(verb)
    if actions is None:
        actions = cache[verb] = (Action(name, verb),)
    return actions[0]


#: Interned actions per player names and colour_rotation: for each seat and side
#: (index 2 * seat + side), the play actions of each face (a wild: one per colour of
#: the side, none with colour_rotation) and the verbs without arguments. Shared
#: between games: making an Action costs more than a whole legal-move answer.
_CACHES: dict[tuple[tuple[str, ...], bool], list[dict[object, tuple[Action, ...]]]] = {}
#: Bound of `_CACHES`, so that many tables of different players cannot grow it for ever.
MAX_CACHED = 1024


def action_caches(names: list[str], colour_ruled: bool) -> list[dict[object, tuple[Action, ...]]]:
    """The interned actions of a game of `names` (Game.action_cache), per seat and side;
    `colour_ruled`: a rule, not the player, names the colour a wild sets (its plays name none)."""
    key = (tuple(names), colour_ruled)
    caches = _CACHES.get(key)
    if caches is None:
        if len(_CACHES) >= MAX_CACHED:
            _CACHES.clear()
        caches = _CACHES[key] = [{} for _ in range(2 * len(names))]
    return caches
