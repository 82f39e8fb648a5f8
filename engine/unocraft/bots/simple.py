"""The bots that decide from their view alone: random, basic, strong (its strategy in
unocraft.strategy) and the DOS player."""

from __future__ import annotations

import random
from collections import Counter

from ..rules.actions import Action, named_face
from ..rules.cards import Card, Colour, COLOUR_BY_NAME, COLOUR_NAMES
from ..rules.views import DosTurnView, DosView, PenaltyView, View
from ..rules.vocab import HOUSE_CALLS, HOUSE_CHOICES, JUMPS
from ..strategy import about_to_go_out, by_verb, colour_counts, face_of, play_score, strong_move

class Bot:
    name = "bot"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def act(self, view: View, legal: list[Action]) -> Action:
        raise NotImplementedError

    def react(self, view: View, legal: list[Action]) -> Action | None:
        return None


class RandomBot(Bot):
    """A random legal action. Like RLCard's random agent it mostly plays when it
    can (nine times in ten a random card), else any legal action uniformly; out
    of turn it acts now and then."""
    name = "random"

    def act(self, view: View, legal: list[Action]) -> Action:
        plays = [a for a in legal if a.verb == "play"]
        if plays and self.rng.random() < 0.9:
            return self.rng.choice(plays)
        return self.rng.choice(legal)

    def react(self, view: View, legal: list[Action]) -> Action | None:
        if legal and self.rng.random() < 0.25:
            return self.rng.choice(legal)
        return None


def _draw_or_pass(verbs: dict[str, list[Action]], legal: list[Action]) -> Action:
    """Nothing worth playing: draw, else pass, else whatever is legal."""
    for verb in ("draw", "pass"):
        if verb in verbs:
            return verbs[verb][0]
    return legal[0]


class BasicBot(Bot):
    """Plays the first card that fits (keeping wilds last), picks its most common
    colour, never bluffs or challenges, calls UNO and catches when it can."""
    name = "basic"

    def act(self, view: View, legal: list[Action]) -> Action:
        verbs = by_verb(legal)
        for call in ("uno", "dos"):
            if call in verbs:
                return verbs[call][0]
        if "colour" in verbs:
            return self._colour_choice(view, verbs["colour"])
        for choice in HOUSE_CHOICES:       # a swap, a card to give back: the first
            if choice in verbs:
                return verbs[choice][0]
        plays = [a for a in verbs.get("play", []) if len(a.cards) == 1]
        if plays:
            plain = [a for a in plays if not face_of(view, a).is_wild]
            if plain:
                return plain[0]
            honest = [a for a in plays if not self._bluff(view, a)]
            if honest:
                return self._best_colour(view, honest)
        return _draw_or_pass(verbs, legal)

    def react(self, view: View, legal: list[Action]) -> Action | None:
        verbs = by_verb(legal)
        for verb in ("uno", "dos", "catch", *HOUSE_CALLS):
            if verb in verbs:
                return verbs[verb][0]
        return None

    @staticmethod
    def _bluff(view: View, action: Action) -> bool:
        """The rules say which of our cards would be a bluff now (`view.bluffs`)."""
        return str(face_of(view, action)) in (view.bluffs or ())

    @staticmethod
    def _colour_counts(view: View) -> Counter[Colour | None]:
        return Counter(Card.parse(c).colour for c in view.hand or () if Card.parse(c).colour)

    def _best_colour(self, view: View, actions: list[Action]) -> Action:
        counts = self._colour_counts(view)
        return max(actions, key=lambda a: counts.get(a.colour, 0) if a.colour else 0)

    def _colour_choice(self, view: View, actions: list[Action]) -> Action:
        counts = self._colour_counts(view)
        return max(actions, key=lambda a: counts.get(a.colour, 0))


class StrongBot(BasicBot):
    """The best we have: `strategy.strong_move` (what it does, and why, is said
    there) on the facts its view gives; out of turn it calls UNO, catches, answers
    a house rule's call, and jumps in whenever it can (a jump-in is a free turn). DOS: `DosBot`."""
    name = "strong"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.dos = DosBot(seed)

    def act(self, view: View, legal: list[Action]) -> Action:
        if view.edition == "dos":
            return self.dos.act(view, legal)
        seen = _Seen(view)
        pending = view.pending
        source = seen.names.index(pending.source) if isinstance(pending, PenaltyView) else -1
        return strong_move(legal, seen.hand, seen.colour, seen.names, seen.sizes, seen.active,
                           seen.seat, seen.next_seat, source)

    def react(self, view: View, legal: list[Action]) -> Action | None:
        if view.edition == "dos":
            return self.dos.react(view, legal)
        verbs = by_verb(legal)
        for verb in ("uno", "catch", *HOUSE_CALLS, *JUMPS):
            if verb in verbs:
                return self._best_colour(view, verbs[verb]) if verb in JUMPS else verbs[verb][0]
        return None

    @staticmethod
    def score(view: View, action: Action) -> int:
        """`strategy.play_score` of a play, from a view (the lookahead bot ranks its candidates by it)."""
        seen = _Seen(view)
        return play_score(action, colour_counts(seen.hand), seen.colour, seen.sizes[seen.next_seat],
                          about_to_go_out(seen.sizes, seen.active, seen.seat))


class _Seen:
    """The facts `strategy.strong_move` weighs, read off a view."""

    def __init__(self, view: View):
        players = view.players
        self.hand = [Card.parse(c) for c in view.hand or ()]
        self.colour = COLOUR_BY_NAME.get(view.colour or "", "")
        self.names = [p.name for p in players]
        self.sizes = [p.cards for p in players]
        self.active = [p.active for p in players]
        self.seat = self.names.index(view.you or "")
        step = 1 if view.direction == "cw" else -1
        playing = [s for s, active in enumerate(self.active) if active]
        me = playing.index(self.seat) if self.seat in playing else 0
        self.next_seat = playing[(me + step) % len(playing)]


class DosBot:
    """A DOS player that knows the game. Same interface as `unocraft.bots.Bot`
    (`act`, `react`; it reads only its view and the legal actions), used by
    `strong` in the dos edition. It calls DOS and catches; prefers
    colour matches, then double matches, then high points; spends its bonus adds
    on its highest-point cards; draws rather than ending a turn without a match;
    after a draw without a match it adds its lowest card."""
    name = "dos"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    @staticmethod
    def _points(face: Card) -> int:
        return {"W2": 20, "#": 40}.get(face.rank, face.number or 0)

    def act(self, view: View, legal: list[Action]) -> Action:
        by_verb: dict[str, list[Action]] = {}
        for a in legal:
            by_verb.setdefault(a.verb, []).append(a)
        if "dos" in by_verb:
            return by_verb["dos"][0]
        plays = by_verb.get("play", [])
        if plays:
            return max(plays, key=lambda a: self._score(view, a))
        adds = by_verb.get("add", [])
        pending = view.pending
        if adds and isinstance(pending, DosTurnView) and pending.matched:
            return max(adds, key=lambda a: self._points(named_face(a.cards[0])))
        if "draw" in by_verb:
            return by_verb["draw"][0]
        if adds:
            return min(adds, key=lambda a: self._points(named_face(a.cards[0])))
        return by_verb.get("end", legal)[0]

    def _score(self, view: View, action: Action) -> float:
        """Colour matches first (a bonus card), then doubles, then points shed."""
        faces = [named_face(c) for c in action.cards]
        want = None
        centre = view.centre if isinstance(view, DosView) else ()
        colours = view.centre_colours if isinstance(view, DosView) else ()
        for code, colour in zip(centre, colours):
            if code.split()[0] == str(action.centre):   # the engine takes the first such card
                want = colour
                break
        own = {COLOUR_NAMES[f.colour] for f in faces if f.colour is not None}
        colour_match = len(own) <= 1 if want is None else own <= {want}
        double = len(faces) == 2
        return (100 * colour_match + 30 * double * (1 + colour_match)
                + sum(self._points(f) for f in faces) - 15 * sum(f.rank == "W2" for f in faces))

    def react(self, view: View, legal: list[Action]) -> Action | None:
        for a in legal:
            if a.verb in ("dos", "catch"):
                return a
        return None
