"""What a player won and lost at tables played for a stake: four counters, `money_won`,
`money_lost` (whole units of the server's economy), `items_won`, `items_lost` (items), added like
the others (`x = x + n`), in `player_stats` and in what an import remembers (`stats_imports`).

`/uno top winnings` lists the players who ever staked (`money_won + money_lost > 0`) by their net
money, `money_won - money_lost`, the most first. Its index in PostgreSQL and SQLite is on that
expression and holds only those players (a partial index: the many who never staked are not in
it). MariaDB/MySQL index no expression and have no partial index: there the net is a stored
generated column, `net_winnings`, NULL for a player who never staked (NULLs come last in a
descending scan, so the list reads only the players on it), with the index on it.

Revision ID: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

WINNINGS = ("money_won", "money_lost", "items_won", "items_lost")
# the same text as unocraft.stats.store.NET_SQL and STAKED_SQL (a database uses the index only for
# the identical expression and condition)
NET_SQL = "money_won - money_lost"
STAKED_SQL = "money_won + money_lost > 0"


def upgrade() -> None:
    for table in ("player_stats", "stats_imports"):
        for name in WINNINGS:
            op.add_column(table, sa.Column(name, sa.BigInteger, nullable=False, server_default="0"))
    if op.get_bind().dialect.name == "mysql":
        op.add_column("player_stats", sa.Column("net_winnings", sa.BigInteger, sa.Computed(
            f"CASE WHEN {STAKED_SQL} THEN {NET_SQL} END", persisted=True)))
        op.create_index("ix_player_stats_winnings", "player_stats",
                        [sa.text("net_winnings DESC"), sa.text("money_won DESC"), "key"])
    else:
        op.create_index("ix_player_stats_winnings", "player_stats",
                        [sa.text(f"({NET_SQL}) DESC"), sa.text("money_won DESC"), "key"],
                        postgresql_where=sa.text(STAKED_SQL), sqlite_where=sa.text(STAKED_SQL))


def downgrade() -> None:
    op.drop_index("ix_player_stats_winnings", table_name="player_stats")
    if op.get_bind().dialect.name == "mysql":
        op.drop_column("player_stats", "net_winnings")
    for table in ("player_stats", "stats_imports"):
        for name in WINNINGS:
            op.drop_column(table, name)
