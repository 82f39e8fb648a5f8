"""The `lookahead` bot: determinized rollouts over what its view knows.

At a decision that matters (which card, which colour for a wild, play or draw,
play the drawn card or keep it) it deals the hidden cards again many times in a
way the view allows, plays each candidate move in each of those worlds, lets
`strong`'s own judgement (a fast copy that reads the sampled game, `rollout_move`)
play the round to its end for every player, and counts the rounds it wins. It
keeps `strong`'s move unless another candidate won clearly more often in the
same worlds (paired comparison, common random numbers): with a few hundred
rollouts the noise is large, and a bot that follows noise plays worse than the
heuristic it started from.

What the view allows (`Memory`), beyond hand sizes and the draw pile's size:
the cards it saw on top of the pile this round stay out of the hidden hands,
and an opponent who drew one card without playing on colour X had no card of X
and no wild then (only cards drawn since can be of X). Out of turn, answers to
draw cards, swaps and the other editions (flip: hidden faces on both sides; dos)
are left to `strong`.

Deterministic for a seed: the search does a fixed number of worlds
(`worlds`); `max_seconds` only cuts it short on a machine too slow for that.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

from .bots import Bot, StrongBot, _by_verb, _face
from .rules.actions import Action
from .rules.cards import Card, COLOUR_BY_NAME, RESTRICTED_WILDS
from .rules.editions import build_deck, find_edition
from .rules.game import Game
from .rules.options import Options
from .simulate import actor

#: Editions whose hidden information `Memory` can sample (one face per card).
SEARCHED_EDITIONS = ("classic", "minecraft")
#: A rollout that has not ended after this many actions counts as half a win.
ROLLOUT_CAP = 400


class Memory:
    """What one player has seen this round that later views no longer show."""

    def __init__(self) -> None:
        self.round = -1
        self.pile: dict[int, Card] = {}        # discard pile position -> face seen there
        self.void: dict[str, tuple[str, int]] = {}   # player -> (colour, cards drawn since)
        self.counts: dict[str, int] = {}
        self.expect: tuple[int, str] | None = None   # (discard count, colour) after my action

    def see(self, view: dict) -> None:
        if view["round"] != self.round:
            self.__init__()
            self.round = view["round"]
        discards = view["discard_count"]
        self.pile = {i: f for i, f in self.pile.items() if i < discards}
        if view["top"]:
            self.pile[discards - 1] = Card.parse(view["top"])
        others = [p for p in view["players"] if p["name"] != view["you"]]
        for p in others:
            name, n = p["name"], p["cards"]
            grew = n - self.counts.get(name, n)
            if name in self.void and grew > 0:
                colour, drawn = self.void[name]
                self.void[name] = (colour, drawn + grew)
            # two players: the opponent took exactly one card and laid none since my action,
            # on the colour I left: it had nothing of that colour (and no wild) then
            if (len(others) == 1 and grew == 1 and self.expect is not None
                    and self.expect == (discards, view["colour"])):
                self.void[name] = (COLOUR_BY_NAME[view["colour"]], 1)
            self.counts[name] = n
        self.expect = None

    def acted(self, view: dict, action: Action) -> None:
        """Remember the position my action leaves (what the next view is compared with)."""
        discards = view["discard_count"]
        colour = view["colour"]
        if action.verb == "play":
            face = _face(view, action)
            self.pile[discards] = face
            discards += 1
            colour = _colour_name(action.colour if face.is_wild else face.colour)
        if action.verb in ("play", "draw", "pass"):
            self.expect = (discards, colour)


def _colour_name(letter: str | None) -> str | None:
    from .rules.cards import COLOUR_NAMES
    return COLOUR_NAMES.get(letter or "")


class LookaheadBot(Bot):
    """`strong`, with its turn decisions checked by determinized rollouts (see the module)."""
    name = "lookahead"

    def __init__(self, seed: int = 0, worlds: int = 40, max_seconds: float | None = 0.09,
                 candidates: int = 5, margin: float = 1.0):
        super().__init__(seed)
        self.strong = StrongBot(seed)
        self.memory = Memory()
        self.worlds = worlds
        self.max_seconds = max_seconds
        self.max_candidates = candidates
        self.margin = margin        # standard errors a better candidate must win by
        self.searched = 0           # decisions searched (benchmarks report them)

    def react(self, view, legal):
        return self.strong.react(view, legal)

    def act(self, view, legal):
        memory = self.memory
        memory.see(view)
        choice = self.strong.act(view, legal)
        if self._searchable(view):
            moves = self._candidates(view, legal, choice)
            if len(moves) > 1:
                self.searched += 1
                choice = self._search(view, moves)
        memory.acted(view, choice)
        return choice

    # -- what is searched
    @staticmethod
    def _searchable(view: dict) -> bool:
        pending = view.get("pending")
        return (view["edition"] in SEARCHED_EDITIONS and view["phase"] == "play"
                and view["turn"] == view["you"] and not view["silence"]
                and (pending is None or pending["kind"] == "drawn"))

    def _candidates(self, view: dict, legal: list[Action], choice: Action) -> list[Action]:
        """`strong`'s choice first, then its other plays by its own score (a wild in the
        two colours it would name and the colour the next player lacks), draw or pass."""
        if choice.verb not in ("play", "draw", "pass"):
            return [choice]          # an UNO call and the like: no question
        verbs = _by_verb(legal)
        strong = self.strong
        best_colours = self._wild_colours(view)
        plays = []
        for a in verbs.get("play", []):
            if len(a.cards) != 1:
                continue
            if _face(view, a).is_wild and a.colour is not None and a.colour not in best_colours:
                continue
            plays.append(a)
        plays.sort(key=lambda a: -strong._score(view, a))
        out = [choice]
        for a in plays[:self.max_candidates]:
            if a not in out:
                out.append(a)
        for verb in ("draw", "pass"):
            for a in verbs.get(verb, []):
                if a not in out:
                    out.append(a)
        return out

    def _wild_colours(self, view: dict) -> set[str]:
        points: dict[str, float] = {}
        for c in view["hand"]:
            card = Card.parse(c)
            if card.colour:
                points[card.colour] = points.get(card.colour, 0) + 1 + StrongBot._points(card) / 10
        ranked = sorted(points, key=lambda c: -points[c])[:2] or ["R"]
        lacks = {colour for colour, _ in self.memory.void.values()}
        return set(ranked) | lacks

    # -- the search
    def _search(self, view: dict, moves: list[Action]) -> Action:
        start = time.perf_counter()
        base = _Position(view, self.memory)
        wins = [[] for _ in moves]
        for w in range(self.worlds):
            world_seed = self.rng.getrandbits(32)
            sample = base.sample(random.Random(world_seed))
            for i, move in enumerate(moves):
                wins[i].append(_rollout(base.game(sample, world_seed), base.seat, move))
            if self.max_seconds is not None and time.perf_counter() - start > self.max_seconds:
                break
        return moves[_pick(wins, self.margin)]


def _pick(wins: list[list[float]], margin: float) -> int:
    """Index 0 (the heuristic's move) unless another won by `margin` standard errors
    of the paired difference (the same worlds for every move)."""
    n = len(wins[0])
    best, best_gain = 0, 0.0
    for i in range(1, len(wins)):
        diffs = [a - b for a, b in zip(wins[i], wins[0])]
        mean = sum(diffs) / n
        if n > 1:
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            se = (var / n) ** 0.5
        else:
            se = 1.0
        if mean > margin * se and mean > best_gain:
            best, best_gain = i, mean
    return best


class _Position:
    """The public part of a position, from a view, and the deals of hidden cards it allows."""

    _OPTIONS: dict[tuple, Options] = {}

    def __init__(self, view: dict, memory: Memory):
        self.view = view
        self.memory = memory
        changed = view["options"]
        key = tuple(sorted(changed.items()))
        opts = self._OPTIONS.get(key)
        if opts is None:
            opts = self._OPTIONS[key] = replace(Options(), **changed)
        self.opts = opts
        self.names = [p["name"] for p in view["players"]]
        self.seat = self.names.index(view["you"])
        self.deck = build_deck(find_edition(view["edition"]), opts.plus_ten)
        faces = self.deck.faces[0]
        free = {}
        for card, face in enumerate(faces):
            free.setdefault(face, []).append(card)
        self.hand = [free[f].pop() for f in map(Card.parse, view["hand"])]
        self.top = free[Card.parse(view["top"])].pop()
        seen = []
        for pos, face in sorted(memory.pile.items()):
            if pos != view["discard_count"] - 1 and free.get(face):
                seen.append(free[face].pop())
        self.seen = seen
        self.unknown = [c for cards in free.values() for c in cards]
        self.unknown.sort()
        pending = view.get("pending")
        self.drawn = None
        if pending is not None and pending["kind"] == "drawn":
            face = Card.parse(pending["card"])
            self.drawn = next(c for c in self.hand if faces[c] is face)

    def sample(self, rng: random.Random) -> tuple[list[list[int]], list[int], list[int]]:
        """Hands, discard pile and draw pile: the hidden cards dealt at random, an
        opponent known to lack a colour getting none of it but for the cards drawn since."""
        faces = self.deck.faces[0]
        pool = list(self.unknown)
        rng.shuffle(pool)
        hands: list[list[int]] = []
        for s, p in enumerate(self.view["players"]):
            if s == self.seat:
                hands.append(list(self.hand))
                continue
            n = p["cards"]
            lack = self.memory.void.get(p["name"])
            if lack is None:
                hands.append(pool[len(pool) - n:] if n else [])
                del pool[len(pool) - n:]
                continue
            colour, drawn = lack
            restricted = max(0, n - drawn)
            hand, rest = [], []
            for c in pool:
                f = faces[c]
                if restricted and f.colour is not None and f.colour != colour:
                    hand.append(c)
                    restricted -= 1
                else:
                    rest.append(c)
            while len(hand) < n and rest:
                hand.append(rest.pop())
            hands.append(hand)
            pool = rest
        under = self.view["discard_count"] - 1 - len(self.seen)
        under = max(0, min(under, len(pool) - self.view["draw_count"]))
        discard = pool[:under] + self.seen + [self.top]
        return hands, discard, pool[under:]

    def game(self, sample, seed: int) -> Game:
        view = self.view
        hands, discard, draw = sample
        g = Game(self.names, self.opts, seed, self.deck)
        g.record_events = False
        g.hands = [list(h) for h in hands]
        g.discard = list(discard)
        g.draw_pile = list(draw)
        g.colour = COLOUR_BY_NAME.get(view["colour"] or "", "") if view["colour"] else ""
        g.direction = 1 if view["direction"] == "cw" else -1
        g.turn = self.seat
        g.dealer = self.names.index(view["dealer"])
        g.active = [p["active"] for p in view["players"]]
        g.scores = [p["score"] for p in view["players"]]
        g.uno_called = {s for s, p in enumerate(view["players"]) if p["called_uno"]}
        g.catchable = {s for s, p in enumerate(view["players"]) if p["catchable"]}
        g.start_top = view["start_card"]
        g.round_no = view["round"]
        if self.drawn is not None:
            g.pending = {"kind": "drawn", "card": self.drawn}
        return g


def _rollout(game: Game, me: int, move: Action) -> float:
    """1 when `me` wins the round after `move`, everyone playing `rollout_move`."""
    game.play(move)
    for _ in range(ROLLOUT_CAP):
        if game.phase != "play":
            return 1.0 if game.round_winner == me else 0.0
        game.play(rollout_move(game, actor(game)))
    return 0.5


def _points(face: Card) -> int:
    if face.is_number:
        return face.number or 0
    return 50 if face.is_wild else 20


_HITS = ("S", "+2", "+1", "+5", "E", "W+4", "W+2", "WC")


def rollout_move(game: Game, seat: int) -> Action:
    """`StrongBot.act` read off the game instead of a view (its rules, 50 times faster):
    the rollouts play as the opponent does."""
    name = game.names[seat]
    legal = game.legal_actions(name)
    hand = game.hands[seat]
    faces = game.faces[game.side]
    pending = game.pending
    kind = pending["kind"] if pending is not None else None
    plays: list[Action] = []
    other = None
    for a in legal:
        verb = a.verb
        if verb == "uno" and len(hand) == 2:
            return a
        if verb == "play" and len(a.cards) == 1:
            plays.append(a)
        elif verb in ("draw", "pass") and other is None:
            other = a
    counts: dict[str, int] = {}
    for c in hand:
        colour = faces[c].colour
        if colour is not None:
            counts[colour] = counts.get(colour, 0) + 1
    if kind is not None and kind not in ("drawn", "penalty"):
        return _choice(game, seat, legal, kind, counts)
    if kind == "penalty":
        if plays:
            return max(plays, key=lambda a: counts.get(a.colour or a.cards[0].colour, 0))
        if pending["challengeable"] and len(game.hands[pending["source"]]) >= 6:
            for a in legal:
                if a.verb == "challenge":
                    return a
        return other or legal[0]
    if plays:
        nxt = len(game.hands[game._next(seat)])
        danger = any(len(game.hands[q]) <= 2 for q in game._others(seat))
        holds = game.colour in counts
        best, best_score = plays[0], -1e9
        for a in plays:
            face = a.cards[0]
            score = _points(face)
            if face.is_wild:
                if not danger:
                    score -= 60
                if face.rank in RESTRICTED_WILDS and holds:
                    score -= 200 if nxt > 2 else 40
                if a.colour is not None:
                    score += 3 * counts.get(a.colour, 0)
            else:
                score += 3 * (counts.get(face.colour, 0) - 1)
            if nxt <= 3 and face.rank in _HITS:
                score += 40
            elif face.rank == "R" and nxt <= 2:
                score += 25
            if score > best_score:
                best, best_score = a, score
        if best_score > -50 or other is None:
            return best
    return other or legal[0]


def _choice(game: Game, seat: int, legal: list[Action], kind: str, counts: dict[str, int]) -> Action:
    """A colour, a swap or a card to give, as `strong` chooses them."""
    if kind == "colour":
        return max(legal, key=lambda a: counts.get(a.colour or "", 0) if a.verb == "colour" else -1)
    swaps = [a for a in legal if a.verb == "swap"]
    if swaps:
        sizes = {game.names[q]: len(game.hands[q]) for q in range(len(game.names))}
        return min(swaps, key=lambda a: (sizes.get(a.target or "", 99),
                                         -_points(a.cards[0]) if a.cards else 0))
    gives = [a for a in legal if a.verb == "give"]
    if gives:
        return min(gives, key=lambda a: _points(a.cards[0]))
    return legal[0]
