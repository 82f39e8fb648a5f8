"""Alembic migrations of the statistics schema (run by `StatsStore.migrate` on start)."""
