"""The skill rating (stats/rating.py): each player's OpenSkill belief `rating_mu`, `rating_sigma`
(NULL until their first rated match), its conservative value `rating` (mu - 3*sigma, kept in the
row so the top list has an index on it), and `rated`, the matches that changed it. Unlike the
counters it is not added: a writer reads and writes it back under the row's lock (store.py).

Revision ID: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("player_stats", sa.Column("rating_mu", sa.Double))
    op.add_column("player_stats", sa.Column("rating_sigma", sa.Double))
    op.add_column("player_stats", sa.Column("rating", sa.Double))
    op.add_column("player_stats", sa.Column("rated", sa.BigInteger, nullable=False, server_default="0"))
    op.create_index("ix_player_stats_rating", "player_stats", [sa.text("rating DESC"), sa.text("rated DESC"), "key"])


def downgrade() -> None:
    op.drop_index("ix_player_stats_rating", table_name="player_stats")
    for name in ("rated", "rating", "rating_sigma", "rating_mu"):
        op.drop_column("player_stats", name)
