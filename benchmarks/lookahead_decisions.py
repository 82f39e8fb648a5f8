"""Where `lookahead` changes `strong`'s move, is the change right?

    nice -n 10 .venv-compiled/bin/python benchmarks/lookahead_decisions.py --deals 60 --worlds 500

Plays 2-player rounds of lookahead against strong; at every decision where the
search chose another move than strong would have, it judges both moves far more
carefully than the bot can in its time budget: `--worlds` worlds from the same
sampler, each round played to its end (no value table), the same worlds for both
moves. Prints, per kind of decision (another card, another colour for the same
wild, draw or pass against a play, a challenge), how often the search changed the
move and the mean gain in round-win chance with its standard error. A gain near
zero means the search follows noise there.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys

from unocraft.bots import make_bot
from unocraft.rollout import rollout
from unocraft.rules.options import Options
from unocraft.bots.search import LookaheadBot, _Position
from unocraft.simulate import new_game, play_match


def kind_of(chosen, strong) -> str:
    if "challenge" in (chosen.verb, strong.verb):
        return "challenge or draw"
    if chosen.verb in ("draw", "pass") or strong.verb in ("draw", "pass"):
        return "draw/pass or play"
    return "colour of a wild" if chosen.cards == strong.cards else "another card"


class Judge:
    """Wraps a LookaheadBot; judges each of its changes of strong's move."""

    def __init__(self, bot: LookaheadBot, worlds: int, gains: dict[str, list[float]]):
        self.bot, self.worlds, self.gains = bot, worlds, gains

    def react(self, view, legal):
        return self.bot.react(view, legal)

    def act(self, view, legal):
        memory = copy.deepcopy(self.bot.memory)   # as it was before this decision
        strong = self.bot.strong.act(view, legal)
        changed = self.bot.overruled
        chosen = self.bot.act(view, legal)
        if self.bot.overruled != changed:
            memory.see(view)
            position = _Position(view, memory)
            rng = random.Random(1)
            diffs = []
            for _ in range(self.worlds):
                seed = rng.getrandbits(32)
                sample = position.sample(random.Random(seed))
                diffs.append(rollout(position.game(sample, seed), position.seat, chosen, 0, [])
                             - rollout(position.game(sample, seed), position.seat, strong, 0, []))
            self.gains.setdefault(kind_of(chosen, strong), []).append(statistics.fmean(diffs))
        return chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--worlds", type=int, default=500, help="worlds to judge each changed move")
    parser.add_argument("--seed", type=int, default=9000)
    args = parser.parse_args(argv)
    print("command:", " ".join(["python"] + sys.argv))
    gains: dict[str, list[float]] = {}
    searched = 0
    for deal in range(args.deals):
        game = new_game(["p1", "p2"], Options.build("official"), args.seed + deal, events=False)
        bot = make_bot("lookahead", deal)
        play_match(game, [Judge(bot, args.worlds, gains), make_bot("strong", deal)], one_round=True)
        searched += bot.searched
    print(f"{args.deals} rounds, {searched} decisions searched, "
          f"{sum(len(g) for g in gains.values())} changed from strong's move")
    for kind, g in sorted(gains.items()):
        se = statistics.stdev(g) / len(g) ** 0.5 if len(g) > 1 else float("nan")
        print(f"  {kind}: {len(g)} changes, mean gain in round-win chance {statistics.fmean(g):+.1%} "
              f"(standard error {se:.1%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
