"""The skill rating: OpenSkill's Plackett-Luce model (the Weng-Lin method), fed with each match's
finishing order of its human players, and its read-modify-write in the statistics database.

A player's skill is a belief: `mu` (the estimate, 25 for a newcomer) and `sigma` (its uncertainty,
25/3 for a newcomer, shrinking with every rated match). Lists order by the conservative value
`mu - 3*sigma` (the skill the player has with ~99.9 % certainty: 0 for a newcomer), so one lucky win
does not top them; it is shown as `SCALE` times that, rounded (`shown`).

A match result is its sides in finishing order: `[[rank, [name, ...]], ...]`, a lower rank finished
better, equal ranks tie, a side of two is a pair of partners (a team of the model). Bots are left
out (the humans are ranked among themselves); a result with fewer than two sides of humans changes
no rating (`rated_sides`).

A rating is not a sum: `rate` reads the players' ratings under their rows' lock (SELECT ... FOR
UPDATE, in the batch's transaction, whose counters' upsert took the locks already, in one key
order), applies the matches in order and writes them back, so two writers rating the same player
take turns and the second starts from the first's result.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

#: the shown rating is SCALE * (mu - 3*sigma), rounded: a newcomer 0, a strong regular near 1000
SCALE = 40
Z = 3.0                 # sigmas below the estimate: the conservative value
MU, SIGMA = 25.0, 25.0 / 3.0    # a newcomer: the model's defaults
_CHUNK = 500            # players per SELECT

#: a match's sides in finishing order, `[[rank, [name, ...]], ...]`; a side mixes a number and a list, and
#: the journal gives it back from JSON as a list (never a tuple), so no tighter type fits it
Result = list[list[Any]]
Rated = tuple[float, float, int]     # a player's rating: (mu, sigma, matches that changed it)


@functools.cache
def model() -> PlackettLuce:
    """The model (its defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300), made at first use: the
    package imports all of its models (~30-80 ms), which an engine's start need not wait for."""
    from openskill.models import PlackettLuce
    made = PlackettLuce()
    assert (made.mu, made.sigma) == (MU, SIGMA)
    return made


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
    m = model()
    teams = [[m.rating(*ratings.get(name, (MU, SIGMA))) for name in names] for _, names in sides]
    new = m.rate(teams, ranks=[float(rank) for rank, _ in sides])
    return {name: (r.mu, r.sigma) for (_, names), team in zip(sides, new) for name, r in zip(names, team)}


# ------------------------------------------------------------------ in the database (store.py's table)
def rate(conn: Connection, table: sa.Table, matches: list[Result], uuids: dict[str, str]) -> None:
    """Applies match results to the players' ratings in `table` (player_stats), in order: read
    under the rows' lock, updated, written back. A player's row is keyed as the counters' are
    (their UUID, else the name in lower case) and exists already (the batch's upsert made it)."""
    keyed = [[[rank, [uuids.get(n) or n.lower() for n in names]] for rank, names in sides]
             for sides in map(rated_sides, matches) if sides]
    if not keyed:
        return
    read, write = _statements(table)
    keys = sorted({k for match in keyed for _, ks in match for k in ks})
    ratings: dict[str, tuple[float, float]] = {}
    for i in range(0, len(keys), _CHUNK):
        for key, mu, sigma in conn.execute(read, {"b_keys": keys[i:i + _CHUNK]}):
            if mu is not None:
                ratings[key] = (float(mu), float(sigma))
    changed: dict[str, int] = {}
    for match in keyed:
        new = update(match, ratings)
        ratings.update(new)
        for key in new:
            changed[key] = changed.get(key, 0) + 1
    conn.execute(write, [{"b_key": k, "b_mu": ratings[k][0], "b_sigma": ratings[k][1],
                   "b_rating": conservative(*ratings[k]), "b_rated": n} for k, n in sorted(changed.items())])


@functools.cache
def _statements(table: sa.Table) -> tuple[sa.Select[Any, Any, Any], sa.Update]:
    """`rate`'s read (under the rows' lock) and write, built once (a statement costs ~0.1 ms to build)."""
    c = table.c
    read = (sa.select(c["key"], c.rating_mu, c.rating_sigma).where(c["key"].in_(sa.bindparam("b_keys", expanding=True)))
            .order_by(c["key"]).with_for_update())
    write = (table.update().where(c["key"] == sa.bindparam("b_key"))
             .values(rating_mu=sa.bindparam("b_mu"), rating_sigma=sa.bindparam("b_sigma"),
                     rating=sa.bindparam("b_rating"), rated=c.rated + sa.bindparam("b_rated")))
    return read, write


def adopt(conn: Connection, table: sa.Table, ratings: dict[str, Rated]) -> None:
    """Rows `key` without a rating take the given one `(mu, sigma, rated)` (a row kept by name that
    was taken over, an imported player's); a row rated already keeps its own (a rating is no sum)."""
    if not ratings:
        return
    c = table.c
    keys = sorted(ratings)
    unrated = [k for k, rated in conn.execute(
        sa.select(c["key"], c.rated).where(c["key"].in_(keys)).order_by(c["key"]).with_for_update()) if not rated]
    for key in unrated:
        mu, sigma, rated = ratings[key]
        conn.execute(table.update().where(c["key"] == key).values(
            rating_mu=mu, rating_sigma=sigma, rating=conservative(mu, sigma), rated=rated))
