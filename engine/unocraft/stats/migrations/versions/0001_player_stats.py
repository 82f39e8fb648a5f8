"""player_stats: the table as the engine wrote it before Alembic (its own `unocraft_schema`
version 1), made or adopted.

A database made by an older engine may hold the table already, with every column or (before
version 1) only some: the missing ones are added, the rows kept. The old version table goes.
The column list is written out here, not imported, so this revision stays what it was.

Revision ID: 0001
"""

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

COUNTERS = ("matches_played", "matches_won", "rounds_played", "rounds_won", "points",
            "uno_calls", "caught", "cards_played")


def _columns() -> list[sa.Column[Any]]:
    return [sa.Column("key", sa.String(64), primary_key=True),
            sa.Column("name", sa.String(64), nullable=False),
            sa.Column("uuid", sa.String(36)),
            *[sa.Column(c, sa.BigInteger, nullable=False, server_default="0") for c in COUNTERS],
            sa.Column("updated_at", sa.Double, nullable=False, server_default="0")]


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    if not inspector.has_table("player_stats"):
        op.create_table("player_stats", *_columns())
    else:
        have = {c["name"] for c in inspector.get_columns("player_stats")}
        for column in _columns():
            if column.name not in have:      # written by an engine older than schema version 1
                op.add_column("player_stats", column)
    if inspector.has_table("unocraft_schema"):
        op.drop_table("unocraft_schema")


def downgrade() -> None:
    op.drop_table("player_stats")
