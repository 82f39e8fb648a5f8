"""Scenario files (docs/scenarios.md): load a rigged game, replay it, check it.

    result = run_file("tests/scenarios/s05_challenge/wd4_guilty.yaml")
    result.ok, result.message

A malformed file raises `ConfigError` naming the field; the command line turns
that into exit code 2.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import yaml  # type: ignore[import-untyped]

from .actions import Action, CardRef, parse_ref, ref_str
from .cards import Card, COLOUR_NAMES, DARK_COLOURS, parse_colour
from .editions import Deck, Edition, build_deck, find_edition
from .errors import ALIASES, ConfigError, Refused
from .events import Event
from .game import Game
from .options import Options

TOP_KEYS = {"name", "rule", "edition", "preset", "rules", "players", "dealer", "seed", "deck",
            "hands", "start", "actions", "expect", "description", "note", "notes"}
EXPECT_KEYS = {"hand_count", "hand", "top", "colour", "color", "turn", "direction", "side", "scores",
               "round_winner", "round_points", "error", "centre", "draw_count", "match_winners",
               "phase", "pending", "catchable", "dealer"}
DEAL_KEYS = {"hands", "start", "deck"}     # the fields of a rigged deal (the first, or a `next_round`)


@dataclass
class Deal:
    """A deal's `hands:`, `start:` and `deck:`: the first deal's, or a `next_round` action's
    (with none of them, the engine deals the next round itself, in seed order)."""
    deck: list[CardRef] = field(default_factory=list)
    hands: dict[str, list[CardRef]] | None = None
    start: list[CardRef] | None = None
    player: str = "table"        # as an action: nobody acts, the table deals

    def __str__(self) -> str:
        return "next_round"


@dataclass
class Scenario:
    name: str
    path: str
    options: Options
    players: list[str]
    dealer: int
    seed: int
    deck: list[CardRef]
    hands: dict[str, list[CardRef]] | None
    start: list[CardRef] | None
    actions: list[Action | Deal]
    checks: dict[int, list[dict[str, Any]]] = field(default_factory=dict)   # index -> expectations
    end: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Result:
    ok: bool
    message: str
    events: list[Event] = field(default_factory=list)


# ------------------------------------------------------------------- loading
def load(path: str | Path) -> Scenario:
    path = str(path)
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        data = yaml.safe_load(text)
    except OSError as e:
        raise ConfigError(f"{path}: cannot read: {e.strerror}") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark else ""
        raise ConfigError(f"{path}:{where}: bad YAML: {getattr(e, 'problem', e)}") from None
    try:
        return parse(data, path, _action_lines(text))
    except ConfigError as e:
        raise ConfigError(f"{path}: {e}") from None


def _action_lines(text: str) -> list[int]:
    """The line number of each item of `actions:`, so an error can name the line."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    if not isinstance(root, yaml.MappingNode):
        return []
    for key, value in root.value:
        if key.value == "actions" and isinstance(value, yaml.SequenceNode):
            return [item.start_mark.line + 1 for item in value.value]
    return []


def parse(data: Any, path: str = "<scenario>", lines: list[int] | None = None) -> Scenario:
    if not isinstance(data, dict):
        raise ConfigError("a scenario file is a YAML mapping")
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ConfigError(f"unknown field {sorted(unknown)[0]!r}")
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise ConfigError("field players: a list of player names is required")
    players = [str(p) for p in players]
    rules = data.get("rules") or {}
    if not isinstance(rules, dict):
        raise ConfigError("field rules: a mapping of option: value")
    overrides = dict(rules)
    if data.get("edition") is not None:
        overrides["edition"] = str(data["edition"])
    try:
        options = Options.build(data.get("preset"), **overrides)
    except ConfigError as e:
        raise ConfigError(f"field rules: {e}") from None
    find_edition(options.edition).check_players(len(players))
    dealer_name = str(data.get("dealer", players[-1]))
    if dealer_name not in players:
        raise ConfigError(f"field dealer: unknown player {dealer_name!r}")
    seed = data.get("seed", 0)
    if not isinstance(seed, int):
        raise ConfigError("field seed: a whole number")
    deal = _deal(data, "", players)
    actions: list[Action | Deal] = []
    raw_actions = data.get("actions") or []
    if not isinstance(raw_actions, list):
        raise ConfigError("field actions: a list of `who: verb args`")
    for i, item in enumerate(raw_actions):
        where = f"field actions[{i}]" + (f" (line {lines[i]})" if lines and i < len(lines) else "")
        try:
            actions.append(_action(item, players))
        except ConfigError as e:
            raise ConfigError(f"{where}: {e}") from None
    scenario = Scenario(str(data.get("name", Path(path).stem)), path, options, players,
                        players.index(dealer_name), seed, deal.deck, deal.hands, deal.start, actions)
    for i, exp in enumerate(data.get("expect") or []):
        if not isinstance(exp, dict):
            raise ConfigError(f"field expect[{i}]: a mapping")
        if "end" in exp:
            body = exp["end"] or {}
            _check_expect_keys(body, f"expect[{i}].end", players)
            scenario.end.append(body)
            continue
        index = exp.get("after", exp.get("action"))
        if not isinstance(index, int) or not -1 <= index < len(actions):
            raise ConfigError(f"field expect[{i}]: `after`/`action` must name an action index "
                              f"from -1 to {len(actions) - 1}")
        body = {k: v for k, v in exp.items() if k not in ("after", "action")}
        _check_expect_keys(body, f"expect[{i}]", players)
        scenario.checks.setdefault(index, []).append(body)
    return scenario


def _deal(data: dict[str, Any], prefix: str, players: list[str]) -> Deal:
    """The `hands:`, `start:` and `deck:` of a deal (the first one, or a `next_round`'s)."""
    deck = _refs(data.get("deck") or [], f"{prefix}deck")
    hands = None
    if data.get("hands") is not None:
        if not isinstance(data["hands"], dict):
            raise ConfigError(f"field {prefix}hands: a mapping of player: [cards]")
        hands = {}
        for name, cards in data["hands"].items():
            if str(name) not in players:
                raise ConfigError(f"field {prefix}hands: unknown player {name!r}")
            hands[str(name)] = _refs(cards or [], f"{prefix}hands.{name}")
    start = data.get("start")
    if start is not None:
        start = _refs(start if isinstance(start, list) else [start], f"{prefix}start")
    return Deal(deck, hands, start)


def _action(item: Any, players: list[str]) -> Action | Deal:
    """One item of `actions:`: `who: verb args`, `next_round` or `next_round: {deal}`. Every
    player it names, acting or targeted, must be seated: naming another is a malformed file."""
    if item == "next_round":
        return Deal()
    if not isinstance(item, dict) or len(item) != 1:
        raise ConfigError("expected `who: verb args` or `next_round`")
    (who, text), = item.items()
    if who == "next_round":
        if text is None:
            return Deal()
        if not isinstance(text, dict) or set(text) - DEAL_KEYS:
            raise ConfigError("next_round takes a mapping with hands, start and deck")
        return _deal(text, "next_round.", players)
    if str(who) not in players:
        raise ConfigError(f"unknown player {who!r} (the players are {', '.join(players)})")
    action = Action.parse(str(who), str(text))
    if action.target is not None and action.target not in players:
        raise ConfigError(f"unknown player {action.target!r} in `{who}: {text}` "
                          f"(the players are {', '.join(players)})")
    return action


def _refs(items: Any, where: str) -> list[CardRef]:
    if not isinstance(items, list):
        raise ConfigError(f"field {where}: a list of cards")
    out = []
    for j, item in enumerate(items):
        try:
            out.append(parse_ref(str(item)))
        except ConfigError as e:
            raise ConfigError(f"field {where}[{j}]: {e}") from None
    return out


def _check_expect_keys(body: dict[str, Any], where: str, players: list[str]) -> None:
    unknown = set(body) - EXPECT_KEYS
    if unknown:
        raise ConfigError(f"field {where}: unknown expectation {sorted(unknown)[0]!r}")
    for key in ("hand_count", "hand", "scores", "round_points"):
        for name in (body.get(key) or {}):
            if str(name) not in players:
                raise ConfigError(f"field {where}.{key}: unknown player {name!r}")
    for key in ("turn", "round_winner", "dealer"):
        if key in body and str(body[key]) not in players:
            raise ConfigError(f"field {where}.{key}: unknown player {body[key]!r}")


# ---------------------------------------------------------------- set-up
def _face_side(face: Card) -> int:
    return 1 if (face.colour in DARK_COLOURS or face.rank in ("WC", "+5", "E")) else 0


def build_game(sc: Scenario) -> Game:
    """The rigged game: named cards where the file puts them, the rest in seed order."""
    edition = find_edition(sc.options.edition)
    # the same order as the take() calls below: hands, start, deck
    named = sum((sc.hands or {}).values(), []) + (sc.start or []) + sc.deck
    pairs = [r for r in named if isinstance(r, tuple)]
    if pairs and not edition.double_sided:
        raise ConfigError("LIGHT/DARK cards exist only in the flip edition")
    deck = build_deck(edition, sc.options.plus_ten, pairs=pairs, pairing_seed=sc.seed)
    order, hands, start = _arrange(deck, edition, sc.players, Deal(sc.deck, sc.hands, sc.start),
                                   sc.seed, len(pairs))
    return Game.rigged(sc.players, sc.options, sc.seed, deck, sc.dealer, order, hands, start)


def _arrange(deck: Deck, edition: Edition, players: list[str], deal: Deal, seed: int, named_pairs: int = 0
             ) -> tuple[list[int], list[list[int]] | None, list[int] | None]:
    """Card ids for a rigged deal: (draw pile order, top first; hands or None; start or None).
    The named cards where the deal puts them, the rest below in `seed` order. The first
    `named_pairs` ids are the flip cards the file named by both faces (built for it); a
    later deal finds a named pair among the deck's own pairs."""
    free = list(range(deck.size))
    pair_ids = iter(range(named_pairs))
    taken: set[int] = set()

    def take(ref: CardRef) -> int:
        if isinstance(ref, tuple):
            if named_pairs:
                card = next(pair_ids)
            else:
                found = next((c for c in free if c not in taken and deck.faces[0][c] == ref[0]
                              and deck.faces[1][c] == ref[1]), None)
                if found is None:
                    raise ConfigError(f"this game's deck has no card {ref_str(ref)} left")
                card = found
        else:
            side = _face_side(ref) if edition.double_sided else 0
            found = next((c for c in free if c not in taken and c >= named_pairs
                          and deck.faces[side][c] == ref), None)
            if found is None:
                raise ConfigError(f"more copies of {ref} than the {edition.name} deck has")
            card = found
        taken.add(card)
        return card

    hands = {n: [take(r) for r in refs] for n, refs in (deal.hands or {}).items()}
    start = [take(r) for r in deal.start] if deal.start else None
    top = [take(r) for r in deal.deck]
    rest = [c for c in free if c not in taken]
    random.Random(seed).shuffle(rest)
    order = top + rest                     # top of the draw pile first
    return order, ([hands.get(n, []) for n in players] if deal.hands is not None else None), start


def _next_round(game: Game, action: Deal, seed: int) -> list[Event]:
    """Deals the next round: the engine's own deal, or the one the file rigs."""
    rigged = None
    if action.hands is not None or action.start or action.deck:
        try:
            rigged = _arrange(game.deck, game.edition, game.names, action, seed + game.round_no)
        except ConfigError as e:
            raise ConfigError(f"next_round: {e}") from None
    return game.start_next_round(rigged)


# ---------------------------------------------------------------- running
def run(sc: Scenario, on_event: Callable[[Event], None] | None = None) -> Result:
    try:
        game = build_game(sc)
    except ConfigError:
        raise
    except Refused as e:
        raise ConfigError(f"impossible position: {e}") from None
    events: list[Event] = list(getattr(game, "setup_events", []))
    if on_event:
        for ev in events:
            on_event(ev)
    failure = _check_all(game, sc.checks.get(-1, []), -1, None)
    if failure:
        return Result(False, failure, events)
    for i, action in enumerate(sc.actions):
        expected_error = next((c["error"] for c in sc.checks.get(i, []) if "error" in c), None)
        if expected_error is not None:
            expected_error = ALIASES.get(str(expected_error), str(expected_error))
        before = game.fingerprint()
        try:
            new = _next_round(game, action, sc.seed) if isinstance(action, Deal) else game.play(action)
        except Refused as refused:
            new = refused.events
            if expected_error is None:
                return Result(False, f"action {i} ({action.player}: {action}) was refused: "
                                     f"{refused.code} {refused.detail}".rstrip(), events + new)
            if refused.code != expected_error:
                return Result(False, f"action {i} ({action.player}: {action}): expected error "
                                     f"{expected_error}, got {refused.code}", events + new)
            if not refused.events and game.fingerprint() != before:
                return Result(False, f"action {i}: refused but the state changed", events)
        else:
            if expected_error is not None:
                return Result(False, f"action {i} ({action.player}: {action}): expected error "
                                     f"{expected_error}, but it was accepted", events + new)
        for ev in new:
            if on_event:
                on_event(ev)
        events += new
        failure = _check_all(game, [{k: v for k, v in c.items() if k != "error"}
                                    for c in sc.checks.get(i, [])], i, action)
        if failure:
            return Result(False, failure, events)
    failure = _check_all(game, sc.end, "end", None)
    if failure:
        return Result(False, failure, events)
    return Result(True, "ok", events)


def run_file(path: str | Path, on_event: Callable[[Event], None] | None = None) -> Result:
    return run(load(path), on_event)


def _check_all(game: Game, checks: list[dict[str, Any]], index: int | str,
               action: Action | Deal | None) -> str | None:
    for body in checks:
        for key, expected in body.items():
            actual, want = _actual(game, key, expected)
            if actual != want:
                where = f"after action {index}" if index != "end" else "at the end"
                if action is not None:
                    where += f" ({action.player}: {action})"
                return f"{where}: {key}: expected {want!r}, got {actual!r}"
    return None


def _face_text(game: Game, card: int, expected: str) -> str:
    if "/" in expected and getattr(game.edition, "double_sided", False):
        return f"{game.faces[0][card]}/{game.faces[1][card]}"
    return str(game.face(card))


def _norm_code(text: Any) -> str:
    ref = parse_ref(str(text))
    return ref_str(ref)


def _actual(game: Game, key: str, expected: Any) -> tuple[Any, Any]:
    names = game.names
    if key == "hand_count":
        return ({n: len(game.hands[names.index(str(n))]) for n in expected},
                {str(n): int(v) for n, v in expected.items()})
    if key == "hand":
        actual, want = {}, {}
        for n, cards in expected.items():
            hand = game.hands[names.index(str(n))]
            want[str(n)] = sorted(_norm_code(c) for c in cards or [])
            has_pairs = any("/" in w for w in want[str(n)])
            actual[str(n)] = sorted(_face_text(game, c, "/" if has_pairs else "") for c in hand)
        return actual, want
    if key == "top":
        top_code = _norm_code(expected)
        return _face_text(game, game.discard[-1], top_code), top_code
    if key in ("colour", "color"):
        colour_name = COLOUR_NAMES[parse_colour(str(expected))]
        return COLOUR_NAMES.get(game.colour), colour_name
    if key == "turn":
        return game.turn_player, str(expected)
    if key == "direction":
        return game.direction_name, str(expected)
    if key == "side":
        return game.side_name, str(expected)
    if key in ("scores", "round_points"):
        values = game.scores if key == "scores" else game.round_points
        return ({str(n): values[names.index(str(n))] for n in expected},
                {str(n): int(v) for n, v in expected.items()})
    if key == "dealer":
        return names[game.dealer], str(expected)
    if key == "round_winner":
        w = game.round_winner
        return (names[w] if w is not None else None), str(expected)
    if key == "match_winners":
        return sorted(names[s] for s in game.match_winners), sorted(str(x) for x in expected)
    if key == "draw_count":
        return len(game.draw_pile), int(expected)
    if key == "phase":
        return game.phase, str(expected)
    if key == "pending":
        p = game.pending
        return (p.kind if p is not None else None), expected
    if key == "catchable":
        return sorted(names[s] for s in game.catchable), sorted(str(x) for x in expected)
    if key == "centre":
        centre: list[int] = getattr(game, "centre")   # DOS only: its centre row
        return [str(game.face(c)) for c in centre], [_norm_code(c) for c in expected]
    raise ConfigError(f"unknown expectation {key!r}")
