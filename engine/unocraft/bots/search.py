"""The `lookahead` bot: `strong`, with its decisions checked by determinized rollouts.

At a decision that matters (which card, which colour for a wild, play or draw,
play the drawn card or keep it, challenge a Wild Draw Four or not) it deals the
hidden cards again (`worlds` times) as its view allows, plays each candidate move
in each of those worlds and lets every player go on as `strong` would
(`rollout.rollout_move`: `strategy.strong_move`, the strategy of `StrongBot.act`, fed
from the sampled game: the opponent is modelled as it plays). With two players a rollout stops after
`depth` actions and a table of win chances by hand sizes (`lookahead_values.json`,
fitted by self-play) judges the position: whole rounds are so noisy that a few
hundred of them cannot tell two moves apart (the previous attempt, whole random
rounds, lost to `strong`). It keeps `strong`'s move unless another won by
`margin` standard errors of the paired difference in the same worlds.

What the view allows (`Memory`), beyond hand sizes and the draw pile's size: the
cards it saw on top of the pile this round stay out of the hidden hands; with two
players, an opponent who drew one card without laying any on colour X had no card
of X and no wild then, and one who answered X with a wild while I was not about to
go out had no card of X (only cards drawn since can be of X). A Wild Draw Four
laid on the colour my action left is guilty in a world where its player's sampled
hand held that colour. Out-of-turn moves, answers to draw cards, swaps and the
other editions (flip: hidden faces on both sides of the cards; dos) are `strong`'s.

Deterministic for a seed: the search does a fixed number of worlds; the time cap
(`max_seconds`) cuts it short on a machine too slow or too busy for them.
"""

from __future__ import annotations

import json
import random
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import TypedDict

from ..rules.actions import Action
from ..rules.cards import Card, Colour, COLOUR_BY_NAME, COLOUR_NAMES, ColourInPlay, RESTRICTED_WILDS
from ..rules.editions import deck_for, find_edition
from ..rules.game import Game
from ..rules.options import Options
from ..rules.pending import Drawn, Penalty
from ..rules.views import DrawnView, PenaltyView, View
from ..rules.vocab import speaking_costs
from ..rollout import MAX_CARDS, fit_values, rollout
from ..strategy import by_verb, colour_points, face_of
from .simple import Bot, StrongBot

#: Editions whose hidden information `Memory` can sample (one face per card).
SEARCHED_EDITIONS = ("classic", "minecraft")


class Memory:
    """What one player has seen this round that later views no longer show."""

    def __init__(self) -> None:
        self.round = -1
        self.pile: dict[int, Card] = {}        # discard pile position -> face seen there
        #: player -> (a colour it lacked, whether it lacked wilds too, cards drawn since)
        self.void: dict[str, tuple[str, bool, int]] = {}
        self.counts: dict[str, int] = {}
        #: after my action: the discard pile's size, the colour, my cards
        self.expect: tuple[int, str | None, int] | None = None
        #: the colour my action left, when the only card laid since is the opponent's
        self.before: Colour | None = None
        self.call = False    # my last action was a call (UNO): nobody else acted since

    def see(self, view: View) -> None:
        if view.round != self.round:
            Memory.__init__(self)
            self.round = view.round
        discards = view.discard_count
        self.pile = {i: f for i, f in self.pile.items() if i < discards}
        top = Card.parse(view.top) if view.top else None
        if top is not None:
            self.pile[discards - 1] = top
        if self.call:   # what I knew before the call still holds
            self.call = False
            return
        others = [p for p in view.players if p.name != view.you]
        expect = self.expect if len(others) == 1 else None   # (the inferences hold for two players)
        self.before = None
        for p in others:
            name, n = p.name, p.cards
            grew = n - self.counts.get(name, n)
            if name in self.void and grew > 0:
                colour, wilds, drawn = self.void[name]
                self.void[name] = (colour, wilds, drawn + grew)
            left = COLOUR_BY_NAME.get(expect[1] or "") if expect is not None else None   # the colour I left
            if expect is not None and left is not None:
                left_discards, left_colour, my_cards = expect
                # it took exactly one card and laid none since my action, on the colour I
                # left: it had nothing of that colour (and no wild) then
                if grew == 1 and (discards, view.colour) == (left_discards, left_colour):
                    self.void[name] = (left, True, 1)
                # it answered my card with a wild, and I was not about to go out (when a
                # player is, `strong` plays wilds freely): it had nothing of my colour then
                elif grew == -1 and discards == left_discards + 1 and top is not None:
                    self.before = left
                    if top.is_wild and my_cards > 2:
                        self.void[name] = (left, False, 0)
            self.counts[name] = n
        self.expect = None

    def acted(self, view: View, action: Action) -> None:
        """Remember the position my action leaves (what the next view is compared with)."""
        discards = view.discard_count
        colour: str | None = view.colour
        cards = len(view.hand or ())
        if action.verb == "play":
            face = face_of(view, action)
            self.pile[discards] = face
            discards += 1
            cards -= 1
            colour = _colour_name(action.colour if face.is_wild else face.colour)
        if action.verb in ("play", "draw", "pass"):
            self.expect = (discards, colour, cards)
        self.call = action.verb in ("uno", "catch")


def _colour_name(letter: str | None) -> str | None:
    return COLOUR_NAMES.get(letter or "")


class LookaheadBot(Bot):
    """`strong`, with its turn decisions checked by determinized rollouts (see the module)."""
    name = "lookahead"

    def __init__(self, seed: int = 0, worlds: int = 40, max_seconds: float | None = 0.07,
                 candidates: int = 5, margin: float = 1.0, depth: int = 10):
        super().__init__(seed)
        self.strong = StrongBot(seed)
        self.memory = Memory()
        self.worlds = worlds
        self.max_seconds = max_seconds
        self.max_candidates = candidates
        self.margin = margin        # standard errors a better candidate must win by
        self.depth = depth          # actions a rollout plays before `values` judge (two players)
        self.searched = 0           # decisions searched, and how many of them changed
        self.overruled = 0          # strong's move (benchmarks report them)

    def react(self, view: View, legal: list[Action]) -> Action | None:
        return self.strong.react(view, legal)

    def act(self, view: View, legal: list[Action]) -> Action:
        memory = self.memory
        memory.see(view)
        choice = self.strong.act(view, legal)
        if self._searchable(view, legal):
            moves = self._candidates(view, legal, choice)
            if len(moves) > 1:
                self.searched += 1
                choice = self._search(view, moves)
                self.overruled += choice != moves[0]
        memory.acted(view, choice)
        return choice

    # -- what is searched
    def _searchable(self, view: View, legal: list[Action]) -> bool:
        """Turn decisions; and whether to challenge a wild draw card laid on the colour
        my action left (what makes it a bluff is known then), when no card answers it."""
        pending = view.pending
        if not (view.edition in SEARCHED_EDITIONS and view.phase == "play"
                and view.turn == view.you and not speaking_costs(view)):
            return False
        if pending is None or isinstance(pending, DrawnView):
            return True
        return (isinstance(pending, PenaltyView) and pending.challengeable and self.memory.before is not None
                and pending.card in RESTRICTED_WILDS and not any(a.verb == "play" for a in legal))

    def _candidates(self, view: View, legal: list[Action], choice: Action) -> list[Action]:
        """`strong`'s choice first, then its other plays by its own score (a wild in the
        two colours it would name and the colour the next player lacks), draw or pass."""
        verbs = by_verb(legal)
        if choice.verb in ("draw", "challenge") and "challenge" in verbs:
            return [choice] + [a for a in legal if a.verb in ("draw", "challenge") and a != choice]
        if choice.verb not in ("play", "draw", "pass"):
            return [choice]          # an UNO call and the like: no question
        best_colours = self._wild_colours(view)
        plays = []
        for a in verbs.get("play", []):
            if len(a.cards) != 1:
                continue
            if face_of(view, a).is_wild and a.colour is not None and a.colour not in best_colours:
                continue
            plays.append(a)
        plays.sort(key=lambda a: -StrongBot.score(view, a))
        out = [choice]
        for a in plays[:self.max_candidates]:
            if a not in out:
                out.append(a)
        for verb in ("draw", "pass"):
            for a in verbs.get(verb, []):
                if a not in out:
                    out.append(a)
        return out

    def _wild_colours(self, view: View) -> set[str]:
        points = colour_points([Card.parse(c) for c in view.hand or ()])
        ranked = sorted(points, key=lambda c: -points[c])[:2] or ["R"]
        lacks = {colour for colour, _, _ in self.memory.void.values()}
        return set(ranked) | lacks

    # -- the search
    def _search(self, view: View, moves: list[Action]) -> Action:
        start = time.perf_counter()
        base = _Position(view, self.memory)
        wins: list[list[float]] = [[] for _ in moves]
        cap = self.max_seconds
        values = _values() if len(base.names) == 2 else []
        for w in range(self.worlds):
            world_seed = self.rng.getrandbits(32)
            sample = base.sample(random.Random(world_seed))
            results = []
            for move in moves:
                if cap is not None and time.perf_counter() - start > cap:
                    break   # out of time: this world is left out (every move needs it)
                results.append(rollout(base.game(sample, world_seed), base.seat, move, self.depth, values))
            if len(results) < len(moves):
                break
            for i, result in enumerate(results):
                wins[i].append(result)
        if not wins[0]:
            return moves[0]
        return moves[_pick(wins, self.margin)]


#: The two-player win chances by hand sizes (rollout.fit_values over official rules),
#: shipped: fitting them takes seconds, too long for a table's first bot move. They
#: serve every rule set (hand sizes say most of who is ahead under any of them).
#: Made again by `python -m unocraft.bots.search --fit ROUNDS` (when the rollouts change).
VALUES_FILE = Path(__file__).with_name("lookahead_values.json")
_VALUES: list[float] = []


class ValuesFile(TypedDict):
    """`VALUES_FILE`'s JSON, as `fit` makes it."""
    about: str
    rounds: int
    max_cards: int
    values: list[float]


def _values() -> list[float]:
    if not _VALUES:
        _VALUES.extend(json.loads(VALUES_FILE.read_text())["values"])
    return _VALUES


def fit(rounds: int) -> ValuesFile:
    names = ["a", "b"]
    opts = Options.build("official")
    values = fit_values(lambda seed: Game.new(names, opts, seed, events=False), rounds)
    return {"about": "two-player win chances by (my cards, their cards, whether I act): "
                     "unocraft.rollout.fit_values, official rules", "rounds": rounds,
            "max_cards": MAX_CARDS, "values": [round(v, 4) for v in values]}


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


#: a deal of the hidden cards: the hands (by seat), the discard pile and the draw pile, as card numbers
Sample = tuple[list[list[int]], list[int], list[int]]


class _Position:
    """The public part of a position, from a view, and the deals of hidden cards it allows."""

    _OPTIONS: dict[tuple[tuple[str, object], ...], Options] = {}

    def __init__(self, view: View, memory: Memory):
        self.view = view
        self.memory = memory
        changed = view.options
        key = tuple(sorted(changed.items()))
        opts = self._OPTIONS.get(key)
        if opts is None:
            opts = self._OPTIONS[key] = replace(Options(), **changed)
        self.opts = opts
        self.names = [p.name for p in view.players]
        self.seat = self.names.index(view.you or "")
        self.deck = deck_for(find_edition(view.edition), opts)
        faces = self.deck.faces[0]
        free: dict[Card, list[int]] = {}
        for card, face in enumerate(faces):
            free.setdefault(face, []).append(card)
        self.hand = [free[f].pop() for f in map(Card.parse, view.hand or ())]
        self.top = free[Card.parse(view.top or "")].pop()
        seen = []
        for pos, face in sorted(memory.pile.items()):
            if pos != view.discard_count - 1 and free.get(face):
                seen.append(free[face].pop())
        self.seen = seen
        self.unknown = [c for cards in free.values() for c in cards]
        self.unknown.sort()
        pending = view.pending
        self.drawn = None
        if isinstance(pending, DrawnView) and pending.card is not None:
            face = Card.parse(pending.card)
            self.drawn = next(c for c in self.hand if faces[c] is face)
        self.penalty = pending if isinstance(pending, PenaltyView) else None

    def sample(self, rng: random.Random) -> Sample:
        """Hands, discard pile and draw pile: the hidden cards dealt at random, an
        opponent known to lack a colour getting none of it but for the cards drawn since."""
        faces = self.deck.faces[0]
        pool = list(self.unknown)
        rng.shuffle(pool)
        hands: list[list[int]] = []
        for s, p in enumerate(self.view.players):
            if s == self.seat:
                hands.append(list(self.hand))
                continue
            n = p.cards
            lack = self.memory.void.get(p.name)
            if lack is None:
                hands.append(pool[len(pool) - n:] if n else [])
                del pool[len(pool) - n:]
                continue
            colour, no_wilds, drawn = lack
            restricted = max(0, n - drawn)
            hand, rest = [], []
            for c in pool:
                f = faces[c]
                if restricted and f.colour != colour and not (no_wilds and f.is_wild):
                    hand.append(c)
                    restricted -= 1
                else:
                    rest.append(c)
            while len(hand) < n and rest:
                hand.append(rest.pop())
            hands.append(hand)
            pool = rest
        under = self.view.discard_count - 1 - len(self.seen)
        under = max(0, min(under, len(pool) - self.view.draw_count))
        discard = pool[:under] + self.seen + [self.top]
        return hands, discard, pool[under:]

    def game(self, sample: Sample, seed: int) -> Game:
        view = self.view
        hands, discard, draw = sample
        g = Game(self.names, self.opts, seed, self.deck)
        g.record_events = False
        g.hands = [list(h) for h in hands]
        g.discard = list(discard)
        g.draw_pile = list(draw)
        g.colour = COLOUR_BY_NAME.get(view.colour or "", "") if view.colour else ""
        g.direction = 1 if view.direction == "cw" else -1
        g.turn = self.seat
        g.dealer = self.names.index(view.dealer)
        g.active = [p.active for p in view.players]
        g.scores = [p.score for p in view.players]
        g.uno_called = {s for s, p in enumerate(view.players) if p.called_uno}
        g.catchable = {s for s, p in enumerate(view.players) if p.catchable}
        g.start_top = view.start_card
        g.round_no = view.round
        if self.drawn is not None:
            g.pending = Drawn(self.drawn)
        p = self.penalty
        if p is not None:   # a wild draw card on the colour I left: guilty if its player held that colour
            source = self.names.index(p.source)
            prev: ColourInPlay = self.memory.before or ""
            faces = self.deck.faces[0]
            g.pending = Penalty(self.seat, source, p.card, p.amount, self.top,
                                any(faces[c].colour == prev for c in hands[source]), prev,
                                True, tuple(hands[source]) + (self.top,))
        return g


if __name__ == "__main__":
    if sys.argv[1:2] != ["--fit"] or len(sys.argv) != 3:
        sys.exit("usage: python -m unocraft.bots.search --fit ROUNDS   (writes " + str(VALUES_FILE) + ")")
    VALUES_FILE.write_text(json.dumps(fit(int(sys.argv[2]))) + "\n")
