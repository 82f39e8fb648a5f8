"""`unocraft stress`: self-play over random option sets, checked after every action.

Where `unocraft sim --check` plays one preset, this draws a new valid option set
(contradictions are redrawn), player count, seed and bots for every match, so
the combinations of house rules nobody thought to test get played. Any failure
(a card created or lost, a stalled game, an exception) is printed with what
reproduces it: the options, the players, the seed and the bots. The process's
memory is read at the start and the end: a growth beyond a bound is a failure
too, so a long run catches a leak (the compiled build once leaked a refusal's
attributes on every refused check).
"""

from __future__ import annotations

import gc
import random
import time
import traceback
from dataclasses import dataclass, field

from .bots import make_bot
from .rules import house
from .rules.errors import ConfigError
from .rules.options import CHOICES, Options
from .simulate import new_game, play_match

#: the boolean options, each turned on now and then (`bluffing` is on by default: off then):
#: the house rules' (their declarations, house.OPTIONS) and the table's own
SWITCHES = tuple(o.name for o in house.OPTIONS if o.kind == "bool") + ("partners", "bluffing")
#: the other house options, each set now and then to one of its declared stress values
HOUSE_CHOICES = {o.name: o.stress_values() for o in house.OPTIONS if o.kind == "choice"}
HOUSE_NUMBERS = {o.name: o.stress_values() for o in house.OPTIONS if o.kind == "integer"}


@dataclass
class Failure:
    error: str
    options: dict
    players: int
    seed: int
    bots: list[str]

    def __str__(self) -> str:
        return (f"{self.error}\n  options {self.options}, players {self.players}, seed {self.seed}, "
                f"bots {','.join(self.bots)}")


@dataclass
class Report:
    matches: int = 0
    failures: list[Failure] = field(default_factory=list)
    memory_start: float | None = None    #: MB, after the first match (its imports and caches)
    memory_end: float | None = None
    leak: str | None = None              #: set when memory grew beyond the bound


#: MB the process may grow by over a run before it counts as a leak (caches fill up to a bound)
MEMORY_GROWTH_BOUND = 16.0


def process_memory() -> float | None:
    """The process's resident memory in MB after a full collection (Linux); None elsewhere."""
    gc.collect()
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def random_options(rng: random.Random) -> Options:
    """A valid option set: every choice and switch drawn now and then."""
    while True:
        values: dict = {"edition": rng.choice(CHOICES["edition"])}
        for name in SWITCHES:
            if rng.random() < 0.25:
                values[name] = name != "bluffing"
        for name, allowed in CHOICES.items():
            if name != "edition" and name not in HOUSE_CHOICES and rng.random() < 0.35:
                values[name] = rng.choice(allowed)
        for name, allowed in HOUSE_CHOICES.items():
            if rng.random() < 0.35:
                values[name] = rng.choice(allowed)
        for name, allowed in HOUSE_NUMBERS.items():
            if rng.random() < 0.2:
                values[name] = rng.choice(allowed)
        if rng.random() < 0.2:
            values["false_catch_penalty"] = 2
        values["target"] = rng.choice([50, 200])
        try:
            return Options.build(None, **values)
        except ConfigError:
            continue


def run(matches: int | None, seconds: float | None, seed: int = 0, max_failures: int = 10,
        memory_bound: float = MEMORY_GROWTH_BOUND) -> Report:
    """Plays until `matches` are played or `seconds` are over (whichever is given first);
    memory grown by more than `memory_bound` MB since the first match is a failure."""
    rng = random.Random(seed)
    report = Report()
    end = time.monotonic() + seconds if seconds is not None else None
    while (matches is None or report.matches < matches) and (end is None or time.monotonic() < end):
        opts = random_options(rng)
        players = 4 if opts.partners else rng.randint(2, 4 if opts.edition == "dos" else 6)
        game_seed = rng.randrange(10**6)
        bots = [rng.choice(["random", "basic", "strong"]) for _ in range(players)]
        report.matches += 1
        try:
            game = new_game([f"p{i}" for i in range(players)], opts, game_seed)
            play_match(game, [make_bot(kind, game_seed + i) for i, kind in enumerate(bots)], check=True)
        except Exception as e:   # every failure is a bug: report it, with what reproduces it
            where = traceback.extract_tb(e.__traceback__)[-1]
            error = f"{type(e).__name__}: {e} (at {where.filename.rsplit('/', 1)[-1]}:{where.lineno})"
            report.failures.append(Failure(error, opts.changed(), players, game_seed, bots))
            if len(report.failures) >= max_failures:
                break
        if report.matches == 1:
            report.memory_start = process_memory()
    report.memory_end = process_memory()
    if report.memory_start is not None and report.memory_end is not None and \
            report.memory_end - report.memory_start > memory_bound:
        report.leak = (f"memory grew by {report.memory_end - report.memory_start:.1f} MB over "
                       f"{report.matches} matches (bound {memory_bound:g} MB): a leak")
    return report
