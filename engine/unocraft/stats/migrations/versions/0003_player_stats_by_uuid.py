"""player_stats follows the player's UUID: a row with a UUID is keyed by it (a renamed player keeps
the row), a row without one by the name in lower case, as before; `name_key` (the current name in
lower case, indexed) finds a player by name.

The engines before keyed every row by the name and kept the UUID beside it, so a renamed player
has two rows with one UUID: they become one row (counters summed, the latest name). What
`unocraft stats migrate` remembers having imported per player (`stats_imports`) is re-keyed the
same way, so a source upgraded later is not imported twice.

Revision ID: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

COUNTERS = ("matches_played", "matches_won", "rounds_played", "rounds_won", "points",
            "uno_calls", "caught", "cards_played")


def upgrade() -> None:
    op.add_column("player_stats", sa.Column("name_key", sa.String(64)))
    op.create_index("ix_player_stats_name_key", "player_stats", ["name_key"])
    bind = op.get_bind()
    stats = sa.table("player_stats", *[sa.column(c) for c in ("key", "name", "uuid", "name_key", "updated_at",
                                                                 *COUNTERS)])
    imports = sa.table("stats_imports", *[sa.column(c) for c in ("source", "key", *COUNTERS)])
    bind.execute(stats.update().values(name_key=sa.func.lower(stats.c.name)))

    # rows with a UUID, oldest first: merged per UUID and re-keyed by it
    rows = bind.execute(sa.select(stats).where(stats.c.uuid.isnot(None))
                        .order_by(stats.c.updated_at, stats.c["key"])).mappings().all()
    by_uuid: dict[str, list[sa.RowMapping]] = {}
    for row in rows:
        by_uuid.setdefault(row["uuid"], []).append(row)
    uuid_of = {row["key"]: row["uuid"] for row in rows}
    for uuid, group in by_uuid.items():
        if len(group) == 1 and group[0]["key"] == uuid:
            continue
        latest = group[-1]
        bind.execute(stats.delete().where(stats.c["key"].in_([r["key"] for r in group])))
        bind.execute(stats.insert().values(
            key=uuid, uuid=uuid, name=latest["name"], name_key=latest["name"].lower(),
            updated_at=latest["updated_at"], **{c: sum(int(r[c]) for r in group) for c in COUNTERS}))

    marks = [m for m in bind.execute(sa.select(imports)).mappings() if m["key"] in uuid_of]
    merged: dict[tuple[str, str], dict[str, int]] = {}
    for mark in marks:
        total = merged.setdefault((mark["source"], uuid_of[mark["key"]]), dict.fromkeys(COUNTERS, 0))
        for c in COUNTERS:
            total[c] += int(mark[c])
    for mark in marks:
        bind.execute(imports.delete().where(imports.c.source == mark["source"], imports.c["key"] == mark["key"]))
    for (source, uuid), total in merged.items():
        bind.execute(imports.insert().values(source=source, key=uuid, **total))


def downgrade() -> None:
    op.drop_index("ix_player_stats_name_key", table_name="player_stats")
    op.drop_column("player_stats", "name_key")
