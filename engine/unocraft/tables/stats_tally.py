"""The statistics seen from the tables: a listener of the game events counts what the human players
did (bots are not recorded), each save hands the counters to the statistics thread
(stats/service.py), and its answers to `/uno stats` and `/uno top` are shown here.

The placeholders' cache in the plugin (PlaceholderAPI's `%unocraft_…%`, when the plugin's hello
asks for it) is kept current from here too: a player's statistics are asked when they join and
after each save that wrote theirs; the top lists after such a save (at most every
`TOP_STALE_EVERY` s) and every `TOP_EVERY` s regardless (another server of a network writes too).
Reads run on the statistics thread after the writes waiting, so the values are the new ones.

A round's counters wait in the table (`Table.tally`, saved with it) until the round ends; then
they, the round and, at the end of a match, the match go to `pending` until the next save writes
them with the tables in one transaction. A table with `game.single_round` plays one-round matches.
A match that ended also leaves its result, the finishing order of its humans (`finishing`), which
goes the same way and updates their ratings (stats/rating.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules.dos_events import Add, Dos, Match
from ..rules.events import Caught, Event, MatchOver, Play, RoundOver, Uno
from ..stats import rating
from ..stats.store import COUNTERS, MIN_MATCHES_FOR_RATE, StatsStore, rate
from ..stats.service import StatsService
from .notices import Notice, PlaceholdersTop, PlaceholderValues, Said, StatsNames
from .text import say

if TYPE_CHECKING:
    from .config import Settings
    from .hints import Hints
    from .players import Players
    from .table import Table


#: the top lists the placeholders offer (`top_<kind>_<rank>_name|value`); a kind the statistics
#: store does not know (yet) is left out, never an error
PLACEHOLDER_TOPS = ("wins", "points", "rate", "rating", "winnings")
TOP_STALE_EVERY = 5.0    # seconds: the top lists asked again at most this often after a save wrote counters
TOP_EVERY = 60.0         # ... and this often regardless


def number(value: float | None) -> str:
    """A rating as a placeholder shows it: one decimal at most ("18.2", "1500"); "" unrated."""
    if value is None:
        return ""
    text = f"{float(value):.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def net_winnings(row: dict[str, Any]) -> int:
    """Money won at stakes less money lost (below zero for a player who lost more)."""
    return int(row.get("money_won", 0)) - int(row.get("money_lost", 0))


def placeholder_values(row: dict[str, Any] | None) -> dict[str, str]:
    """A player's statistics as the placeholders read them (win_rate: a whole percent; winnings: the
    net money, "-100" when lost); zeros without any."""
    row = row or {}
    return {"wins": str(row.get("matches_won", 0)), "matches": str(row.get("matches_played", 0)),
            "points": str(row.get("points", 0)), "win_rate": str(round(100 * rate(row))),
            "rating": number(row.get("rating")), "winnings": str(net_winnings(row))}


def top_entry(kind: str, row: dict[str, Any]) -> list[str]:
    """[name, value] of one row of a top list."""
    if kind == "wins":
        value = str(row.get("matches_won", 0))
    elif kind == "points":
        value = str(row.get("points", 0))
    elif kind == "rate":
        value = str(round(100 * rate(row)))
    elif kind == "winnings":
        value = str(net_winnings(row))
    else:
        value = number(row.get(kind))
    return [row["name"], value]


def placeholder_tops(store: StatsStore) -> dict[str, list[list[str]]]:
    """Every top list the store knows, on the statistics thread."""
    out = {}
    for kind in PLACEHOLDER_TOPS:
        try:
            rows = store.top(kind, min_matches=MIN_MATCHES_FOR_RATE)
        except ValueError:      # a list this store does not know (yet)
            continue
        out[kind] = [top_entry(kind, row) for row in rows]
    return out


class StatsTally:
    def __init__(self, settings: Settings, players: Players, hints: Hints, service: StatsService):
        self.settings = settings      # game.single_round: a round is a match
        self.players = players        # online, language, UUID
        self.hints = hints            # the hints shown, saved with the counters
        self.service = service
        self.pending: dict[str, dict[str, int]] = {}   # counters not yet handed over
        self.matches: list[rating.Result] = []         # match results not yet handed over, in order
        self.batches = 0                               # batch numbers without a table store (its journal numbers them)
        self.feeding = False                           # the plugin reads placeholders (its hello says)
        self.top_asked_at: float | None = None         # None: the top lists are due now
        self.top_stale = False                         # counters written since the top lists were asked
        self.top_asking = False                        # an ask of them is on its way

    # ================================================================ counting
    def counted(self, t: Table, events: list[Event]) -> list[Notice]:
        """Counts what the players did this round and, at the end of a round and of a match, adds
        the human players' counters to `pending`. It tells no one (no notices)."""
        if t.game is None:
            return []
        match_over = any(isinstance(ev, MatchOver) for ev in events)
        for ev in events:
            if isinstance(ev, Play):
                t.count(ev.player, "cards_played")
            elif isinstance(ev, Match):        # DOS: one or two cards on a centre card
                t.count(ev.player, "cards_played", len(ev.cards))
            elif isinstance(ev, Add):          # DOS: a card added to the centre row
                t.count(ev.player, "cards_played")
            elif isinstance(ev, (Uno, Dos)):
                t.count(ev.player, "uno_calls")
            elif isinstance(ev, Caught):
                t.count(ev.target, "caught")
            elif isinstance(ev, RoundOver):
                # points won; the points of a scoring where they count against you are not that
                points = ev.points if t.game.opts.scoring in ("standard", "lazy") else {}
                for seat in t.humans():
                    mine = t.tally.get(seat.name, {})
                    self.add(seat.name, rounds_played=1, rounds_won=int(ev.winner == seat.name),
                             points=int(points.get(seat.name, 0)), **mine)
                    if self.settings.config.single_round and not match_over:
                        self.add(seat.name, matches_played=1, matches_won=int(ev.winner == seat.name))
                if self.settings.config.single_round and not match_over:
                    self.matches.append(finishing(t, {ev.winner}, None))
                t.tally.clear()
            elif isinstance(ev, MatchOver):
                winners = set(ev.winners)
                for seat in t.humans():
                    self.add(seat.name, matches_played=1, matches_won=int(seat.name in winners))
                self.matches.append(finishing(t, winners, ev.scores))
        return []

    def add(self, player: str, /, **counters: int) -> None:
        mine = self.pending.setdefault(player, {})
        for counter, amount in counters.items():
            if counter in COUNTERS and amount:
                mine[counter] = mine.get(counter, 0) + amount

    def take(self) -> tuple[dict[str, dict[str, int]], dict[str, str], list[rating.Result]]:
        """The counters to save now (the hints shown among them), the UUIDs of their players, and
        the results of the matches that ended (their players are among the counters')."""
        for player, shown in self.hints.take().items():
            self.add(player, **shown)
        stats, self.pending = self.pending, {}
        matches, self.matches = [m for m in self.matches if rating.rated_sides(m)], []
        return stats, {n: self.players.uuids[n] for n in stats if n in self.players.uuids}, matches

    def hand_over(self, number: int | None, stats: dict[str, dict[str, int]], uuids: dict[str, str],
                  matches: list[rating.Result] | None = None) -> list[Notice]:
        """Saved (in the table store's journal as batch `number`, if there is one): the statistics
        thread writes them; their players are offered after /uno stats."""
        if not stats:
            return []
        if number is None:
            self.batches += 1
            number = self.batches
        self.service.record(number, stats, uuids, matches)
        if self.feeding:       # asked after the write (the statistics thread reads after what waits)
            for player in sorted(stats):
                if player in self.players.online:
                    self.ask_placeholders(player)
            self.top_stale = True
        return Said().note(StatsNames(list(stats), known=False)).items

    # ================================================================ the placeholders' cache
    def feed(self, hello: dict[str, Any]) -> None:
        """A (re)connected plugin: whether it reads placeholders; if so, every online player's values
        and the top lists are asked now (its cache may be new)."""
        self.feeding = bool(hello.get("placeholders"))
        self.top_asked_at = None
        if self.feeding:
            for player in sorted(self.players.online):
                self.ask_placeholders(player)

    def ask_placeholders(self, player: str) -> None:
        if self.feeding:
            self.service.ask(("papi", player), lambda store: store.get(player), urgent=False)

    def placeholder_tick(self, now: float) -> None:
        """The top lists asked when due (see the module's text); one ask at a time."""
        if not self.feeding or self.top_asking:
            return
        since = None if self.top_asked_at is None else now - self.top_asked_at
        if since is None or self.top_stale and since >= TOP_STALE_EVERY or since >= TOP_EVERY:
            self.top_asked_at = now
            self.top_stale = False
            self.top_asking = True
            self.service.ask(("papi_top",), placeholder_tops, urgent=False)

    # ================================================================ questions and answers
    def ask_names(self) -> None:
        self.service.ask(("names",), lambda store: store.names(), urgent=False)

    def ask_hints(self, player: str) -> None:
        """What hints the player has seen (hints.py), asked once per player."""
        if self.hints.to_ask(player):
            self.service.ask(("hints", player), lambda store: store.get(player), urgent=False)

    def ask_stats(self, player: str, who: str, named: bool) -> None:
        self.service.ask(("stats", player, who, named), lambda store: store.get(who))

    def ask_top(self, player: str, kind: str) -> None:
        self.service.ask(("top", player, kind), lambda store: store.top(kind, min_matches=MIN_MATCHES_FOR_RATE))

    def answers(self) -> list[Notice]:
        """Answers of the statistics thread: `/uno stats`, `/uno top`, the names to complete."""
        notices = Said()
        for tag, result, error in self.service.answers():
            if tag[0] == "papi":        # a database away: the cache keeps what it had
                if error is None:
                    notices.note(PlaceholderValues(tag[1], placeholder_values(result)))
            elif tag[0] == "papi_top":
                self.top_asking = False
                if error is None:
                    notices.note(PlaceholdersTop(result))
            elif tag[0] == "names":
                if error is None:
                    notices.note(StatsNames(result, known=True))
            elif tag[0] == "hints":
                if error is None:
                    self.hints.answered(tag[1], result)
            elif error is not None:
                notices.tell(tag[1], "stats.unavailable", "red")
            elif tag[0] == "stats":
                notices.add(self._show_stats(tag[1], tag[2], tag[3], result))
            elif tag[0] == "top":
                notices.add(self._show_top(tag[1], tag[2], result))
        return notices.items

    def _show_stats(self, player: str, who: str, named: bool, row: dict[str, Any] | None) -> list[Notice]:
        notices = Said()
        lang = self.players.lang(player)
        if not has_stats(row):
            if named and who.lower() != player.lower():
                return notices.error(player, "stats.none", player=who).items
            return notices.tell(player, "stats.none_self", "yellow").items
        for i, (text, colour) in enumerate(stats_lines(lang, row or {})):
            part: dict[str, Any] = {"text": text, "colour": colour}
            if i == 0:
                part["bold"] = True
            notices.send(player, [part])
        return notices.items

    def _show_top(self, player: str, kind: str, rows: list[dict[str, Any]]) -> list[Notice]:
        notices = Said()
        lang = self.players.lang(player)
        title, lines = top_lines(lang, kind, rows)
        notices.send(player, [{"text": title, "colour": "gold", "bold": True}])
        if not rows:
            return notices.send(player, [{"text": lines[0][1], "colour": "gray"}]).items
        for name, text in lines:
            notices.send(player, [{"text": text, "colour": "green" if name.lower() == player.lower() else "white"}])
        return notices.items


def has_stats(row: dict[str, Any] | None) -> bool:
    """Whether a statistics row has anything to show (a row with hints shown only has not)."""
    return row is not None and any(row[c] for c in COUNTERS if not c.startswith("hint_"))


def stats_lines(lang: str, row: dict[str, Any]) -> list[tuple[str, str]]:
    """A player's statistics as lines (text, chat colour), the header first: /uno stats and the web page.
    What they won and lost at stakes only for a player who played for money (items)."""
    rated = row.get("rating") is not None
    stakes = [(say(lang, f"stats.{what}", won=row.get(f"{what}_won", 0), lost=row.get(f"{what}_lost", 0)),
               "yellow") for what in ("money", "items") if row.get(f"{what}_won") or row.get(f"{what}_lost")]
    return [(say(lang, "stats.header", player=row["name"]), "gold"),
            (say(lang, "stats.matches", count=row["matches_played"], won=row["matches_won"],
                 rate=round(100 * rate(row))), "aqua"),
            (say(lang, "stats.rating", rating=row["rating"], count=row["rated"]) if rated
             else say(lang, "stats.rating_none"), "light_purple"),
            (say(lang, "stats.rounds", count=row["rounds_played"], won=row["rounds_won"]), "aqua"),
            (say(lang, "stats.points", count=row["points"]), "aqua"),
            (say(lang, "stats.cards", count=row["cards_played"]), "gray"),
            (say(lang, "stats.uno_calls", count=row["uno_calls"]), "gray"),
            (say(lang, "stats.caught", count=row["caught"]), "gray"), *stakes]


def top_lines(lang: str, kind: str, rows: list[dict[str, Any]]) -> tuple[str, list[tuple[str, str]]]:
    """A top list's title and its lines (player, text); an empty list is one line ("", why):
    /uno top and the web page."""
    title = say(lang, f"top.{kind}", count=MIN_MATCHES_FOR_RATE)
    if not rows:
        key = {"rate": "top.empty_rate", "rating": "top.empty_rating",
               "winnings": "top.empty_winnings"}.get(kind, "top.empty")
        return title, [("", say(lang, key, count=MIN_MATCHES_FOR_RATE))]
    lines = []
    for rank, row in enumerate(rows, 1):
        if kind == "wins":
            text = say(lang, "top.line_wins", rank=rank, player=row["name"], count=row["matches_won"])
        elif kind == "points":
            text = say(lang, "top.line_points", rank=rank, player=row["name"], count=row["points"])
        elif kind == "rating":
            text = say(lang, "top.line_rating", rank=rank, player=row["name"], rating=row["rating"], count=row["rated"])
        elif kind == "winnings":
            text = say(lang, "top.line_winnings", rank=rank, player=row["name"], net=net_winnings(row),
                       won=row["money_won"], lost=row["money_lost"])
        else:
            text = say(lang, "top.line_rate", rank=rank, player=row["name"], rate=round(100 * rate(row)),
                       won=row["matches_won"], count=row["matches_played"])
        lines.append((row["name"], text))
    return title, lines


def finishing(t: Table, winners: set[str], scores: dict[str, int] | None) -> rating.Result:
    """The match's result for the ratings: its sides (players; with `partners`, the two pairs of
    partners, seats 0+2 and 1+3) in finishing order, the winners first, then by the match's score
    (the most points first in `standard` scoring, the fewest in the scorings of penalty points;
    equal scores tie). Without scores (a one-round match, `lazy` scoring) the others tie second.
    Bots are left out: the humans are ranked among themselves."""
    game = t.game
    if game is None:
        raise ValueError(f"table {t.id}: a match that ended was dealt")
    names = list(game.names)
    humans = {s.name for s in t.humans()}
    scoring = game.opts.scoring
    sides = ([[names[0], names[2]], [names[1], names[3]]] if game.opts.partners and len(names) == 4
             else [[n] for n in names])

    def place(side: list[str]) -> tuple[int, int]:
        if any(n in winners for n in side):
            return (0, 0)
        if scores is None or scoring == "lazy":
            return (1, 0)
        score = int(scores.get(side[0], 0))
        return (1, -score if scoring == "standard" else score)
    order: list[tuple[float, list[str]]] = []
    last, rank = None, -1
    for side in sorted(sides, key=place):
        if place(side) != last:
            rank, last = rank + 1, place(side)
        order.append((rank, [n for n in side if n in humans]))
    return rating.result(order)
