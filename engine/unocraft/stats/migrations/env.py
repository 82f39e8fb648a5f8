"""Alembic's entry point: migrations run on the connection `StatsStore.migrate` hands over (inside
its transaction and lock), never from a config file of their own."""

from alembic import context

from unocraft.stats.store import VERSION_TABLE

context.configure(connection=context.config.attributes["connection"], version_table=VERSION_TABLE)
with context.begin_transaction():
    context.run_migrations()
