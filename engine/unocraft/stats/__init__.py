"""Player statistics: the database (`store`: schema and queries, on SQLite, PostgreSQL or
MariaDB), the thread that writes and reads it off the engine loop (`service`), the schema's
Alembic migrations (`migrations/`), `unocraft stats migrate` (`importer`) and the skill
rating (`rating`: OpenSkill's Plackett-Luce model). It knows nothing of
tables: the tables layer hands it counters and asks it for rows."""
