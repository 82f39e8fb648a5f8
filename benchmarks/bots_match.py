"""Two bot levels head to head in 2-player rounds: win rate with a 95% CI, time per move.

    nice -n 10 .venv-compiled/bin/python benchmarks/bots_match.py --bots lookahead,strong --deals 500

Every deal is played twice with the seats exchanged (same seed: same dealer, same
hands, same draw pile), so the luck of the deal cancels out; the confidence
interval is then taken over the deals (the mean of each pair's two results, a
normal interval), which is what the mirroring buys. `--no-mirror` plays each
deal once and gives a Wilson interval over the rounds. Each round is one round
of a fresh match (`one_round`), seats alternate between the two bots.
Per-move times are of `act` (the decisions on turn), for each bot, in wall time
(what a player waits, including the waits for a core on a busy machine) and in
the thread's CPU time (the bot's own work); the times of the decisions the search
looked into are shown apart.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

from unocraft import engine_build
from unocraft.bots import make_bot
from unocraft.rules.options import Options
from unocraft.simulate import new_game, play_match, wilson


class Timed:
    """A bot whose `act` calls are timed."""

    def __init__(self, bot):
        self.bot = bot
        self.times: list[float] = []
        self.cpu: list[float] = []         # the thread's CPU time: without the waits for a core
        self.searched: list[float] = []    # times of the decisions the search looked into

    def act(self, view, legal):
        t0 = time.perf_counter()
        c0 = time.thread_time()
        before = getattr(self.bot, "searched", 0)
        choice = self.bot.act(view, legal)
        self.times.append(time.perf_counter() - t0)
        self.cpu.append(time.thread_time() - c0)
        if getattr(self.bot, "searched", 0) != before:
            self.searched.append(self.times[-1])
        return choice

    def react(self, view, legal):
        return self.bot.react(view, legal)


def make(kind: str, seed: int, args) -> object:
    bot = make_bot(kind, seed)
    if kind == "lookahead":
        bot.worlds = args.worlds
        bot.max_seconds = args.max_seconds
        bot.depth = args.depth
        bot.margin = args.margin
    return bot


class Tally:
    """One bot level's moves over the match."""

    def __init__(self):
        self.times: list[float] = []
        self.cpu: list[float] = []
        self.searched: list[float] = []
        self.overruled = 0

    def add(self, timed: Timed) -> None:
        self.times += timed.times
        self.cpu += timed.cpu
        self.searched += timed.searched
        self.overruled += getattr(timed.bot, "overruled", 0)


def play_deal(kinds: tuple[str, str], deal: int, args, tallies: list[Tally]) -> float:
    """Rounds won by kinds[0] over the one or two games of `deal` (1 per game)."""
    opts = Options.build(args.preset)
    seating = [(0, 1), (1, 0)] if args.mirror else [(0, 1) if deal % 2 == 0 else (1, 0)]
    won = 0.0
    for order in seating:
        game = new_game(["p1", "p2"], opts, args.seed + deal, events=False)
        bots = [Timed(make(kinds[k], args.seed * 7919 + deal * 31 + s, args)) for s, k in enumerate(order)]
        result = play_match(game, bots, one_round=True)
        first = order.index(0)
        won += 1.0 if result.winners == [game.names[first]] else 0.0
        for s, k in enumerate(order):
            tallies[k].add(bots[s])
    return won


def interval(scores: list[float], mirror: bool) -> tuple[float, float, float]:
    """(rate, low, high) of the first bot's round wins."""
    if not mirror:
        wins = sum(scores)
        low, high = wilson(wins, len(scores))
        return wins / len(scores), low, high
    pairs = [s / 2 for s in scores]
    mean = statistics.fmean(pairs)
    sd = statistics.stdev(pairs) if len(pairs) > 1 else 0.5
    half = 1.96 * sd / math.sqrt(len(pairs))
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def ms(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(kinds, scores, tallies: list[Tally], args, seconds: float, final: bool) -> None:
    rounds = len(scores) * (2 if args.mirror else 1)
    rate, low, high = interval(scores, args.mirror)
    print(f"{'result' if final else 'so far'}: {kinds[0]} vs {kinds[1]}, {rounds} rounds "
          f"({len(scores)} deals{', mirrored' if args.mirror else ''}): {kinds[0]} won {rate:.1%} "
          f"(95% CI {low:.1%}..{high:.1%}), {seconds:.0f} s", flush=True)
    if final and args.mirror:
        low, high = wilson(sum(scores), rounds)
        print(f"  (Wilson interval over the {rounds} rounds, the pairing ignored: {low:.1%}..{high:.1%})")
    if final:
        for k, kind in enumerate(kinds):
            t = tallies[k].times
            over = sum(1 for x in t if x > 0.1)
            print(f"  {kind} (bot {k + 1}): {len(t)} moves, per move median {ms(t, 0.5):.2f} ms, "
                  f"p99 {ms(t, 0.99):.1f} ms, max {ms(t, 1.0):.1f} ms, {over} over 100 ms")
            cpu = tallies[k].cpu
            print(f"    CPU time per move (no waiting for a busy core): median {ms(cpu, 0.5):.2f} ms, "
                  f"p99 {ms(cpu, 0.99):.1f} ms, max {ms(cpu, 1.0):.1f} ms")
            searched = tallies[k].searched
            if searched:
                print(f"    {len(searched)} moves searched (median {ms(searched, 0.5):.1f} ms, "
                      f"p99 {ms(searched, 0.99):.1f} ms), {tallies[k].overruled} of them "
                      f"changed from strong's move")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bots", default="lookahead,strong", help="two bot levels, the first is measured")
    parser.add_argument("--deals", type=int, default=500, help="deals (each played twice when mirrored)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="official")
    parser.add_argument("--no-mirror", dest="mirror", action="store_false")
    parser.add_argument("--worlds", type=int, default=40, help="lookahead: worlds per searched decision")
    parser.add_argument("--max-seconds", type=float, default=0.07, help="lookahead: time cap per decision")
    parser.add_argument("--depth", type=int, default=10, help="lookahead: actions before the value table judges")
    parser.add_argument("--margin", type=float, default=1.0, help="lookahead: standard errors to overrule strong")
    parser.add_argument("--progress", type=int, default=100, help="print the figures every this many deals")
    args = parser.parse_args(argv)
    kinds = tuple(k.strip() for k in args.bots.split(","))
    if len(kinds) != 2:
        parser.error("--bots takes two levels, e.g. lookahead,strong")
    print("command:", " ".join([sys.executable.rsplit("/", 3)[-3] + "/bin/python"] + sys.argv))
    print("engine:", engine_build.engine_build())
    scores: list[float] = []
    tallies = [Tally(), Tally()]
    t0 = time.perf_counter()
    for deal in range(args.deals):
        scores.append(play_deal(kinds, deal, args, tallies))
        if args.progress and (deal + 1) % args.progress == 0 and deal + 1 < args.deals:
            report(kinds, scores, tallies, args, time.perf_counter() - t0, final=False)
    report(kinds, scores, tallies, args, time.perf_counter() - t0, final=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
