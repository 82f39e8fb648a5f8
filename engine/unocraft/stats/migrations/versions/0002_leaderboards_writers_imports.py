"""Indexes for the top lists, the writers' last applied batch (exactly-once writes from several
engines), and what `unocraft stats migrate` imported from each source.

The rate list's index is on an expression in PostgreSQL and SQLite; MariaDB/MySQL index no
expression, so there the share is a stored generated column, `win_rate`, and the index is on it.

Revision ID: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

COUNTERS = ("matches_played", "matches_won", "rounds_played", "rounds_won", "points",
            "uno_calls", "caught", "cards_played")
# the same text as unocraft.stats.store.RATE_SQL (a database uses the index only for the identical expression)
RATE_SQL = "CASE WHEN matches_played > 0 THEN matches_won * 1.0 / matches_played ELSE 0 END"


def upgrade() -> None:
    op.create_index("ix_player_stats_wins", "player_stats",
                    [sa.text("matches_won DESC"), "matches_played", "key"])
    op.create_index("ix_player_stats_points", "player_stats",
                    [sa.text("points DESC"), "rounds_played", "key"])
    op.create_index("ix_player_stats_updated", "player_stats", [sa.text("updated_at DESC")])
    if op.get_bind().dialect.name == "mysql":
        op.add_column("player_stats", sa.Column("win_rate", sa.Double, sa.Computed(RATE_SQL, persisted=True)))
        op.create_index("ix_player_stats_rate", "player_stats",
                        [sa.text("win_rate DESC"), sa.text("matches_played DESC"), "key"])
    else:
        op.create_index("ix_player_stats_rate", "player_stats",
                        [sa.text(f"({RATE_SQL}) DESC"), sa.text("matches_played DESC"), "key"])
    op.create_table("stats_writers",
                    sa.Column("writer", sa.String(64), primary_key=True),
                    sa.Column("applied_upto", sa.BigInteger, nullable=False),
                    sa.Column("updated_at", sa.Double, nullable=False))
    op.create_table("stats_imports",
                    sa.Column("source", sa.String(64), primary_key=True),
                    sa.Column("key", sa.String(64), primary_key=True),
                    *[sa.Column(c, sa.BigInteger, nullable=False, server_default="0") for c in COUNTERS])


def downgrade() -> None:
    op.drop_table("stats_imports")
    op.drop_table("stats_writers")
    for name in ("ix_player_stats_rate", "ix_player_stats_updated", "ix_player_stats_points", "ix_player_stats_wins"):
        op.drop_index(name, table_name="player_stats")
    if op.get_bind().dialect.name == "mysql":
        op.drop_column("player_stats", "win_rate")
