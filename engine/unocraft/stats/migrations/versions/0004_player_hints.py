"""The hints a player has been shown (a first game's how-to, the first catch), remembered with
their statistics so each is shown once per player, on every server of a network: two counters
of times shown, added like the others (`x = x + n`), so engines writing at once lose nothing.

Revision ID: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

HINTS = ("hint_game", "hint_catch")


def upgrade() -> None:
    for table in ("player_stats", "stats_imports"):
        for name in HINTS:
            op.add_column(table, sa.Column(name, sa.BigInteger, nullable=False, server_default="0"))


def downgrade() -> None:
    for table in ("player_stats", "stats_imports"):
        for name in HINTS:
            op.drop_column(table, name)
