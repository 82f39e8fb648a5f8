"""The skill rating: OpenSkill's Plackett-Luce model (the Weng-Lin method), fed with each match's
finishing order of its human players.

A player's skill is a belief: `mu` (the estimate, 25 for a newcomer) and `sigma` (its uncertainty,
25/3 for a newcomer, shrinking with every rated match). Lists order by the conservative value
`mu - 3*sigma` (the skill the player has with ~99.9 % certainty: 0 for a newcomer), so one lucky win
does not top them; it is shown as `SCALE` times that, rounded (`shown`).

A match result is its sides in finishing order: `[[rank, [name, ...]], ...]`, a lower rank finished
better, equal ranks tie, a side of two is a pair of partners (a team of the model). Bots are left
out (the humans are ranked among themselves); a result with fewer than two sides of humans changes
no rating (`rated_sides`).
"""

from __future__ import annotations

from openskill.models import PlackettLuce

#: the shown rating is SCALE * (mu - 3*sigma), rounded: a newcomer 0, a strong regular near 1000
SCALE = 40
Z = 3.0                 # sigmas below the estimate: the conservative value

MODEL = PlackettLuce()  # the model's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
MU, SIGMA = MODEL.mu, MODEL.sigma

Result = list[list]     # [[rank, [name, ...]], ...]


def conservative(mu: float, sigma: float) -> float:
    return mu - Z * sigma


def shown(value: float | None) -> int | None:
    """The number players see, from the stored conservative value (None: not rated yet)."""
    return None if value is None else round(SCALE * value)


def result(order: list[tuple[float, list[str]]]) -> Result:
    """A match result from (rank, the side's human names); sides without humans dropped."""
    return [[rank, list(names)] for rank, names in order if names]


def rated_sides(match: Result) -> Result:
    """The sides that count: with a human each, at least two of them (else nothing changes)."""
    sides = [[rank, names] for rank, names in match if names]
    return sides if len(sides) >= 2 else []


def update(match: Result, ratings: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """The new (mu, sigma) of every player of `match` (a key of `ratings` or a newcomer), or {}
    when the match rates nobody."""
    sides = rated_sides(match)
    if not sides:
        return {}
    teams = [[MODEL.rating(*ratings.get(name, (MU, SIGMA))) for name in names] for _, names in sides]
    new = MODEL.rate(teams, ranks=[float(rank) for rank, _ in sides])
    return {name: (r.mu, r.sigma) for (_, names), team in zip(sides, new) for name, r in zip(names, team)}
