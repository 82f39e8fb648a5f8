"""`unocraft stats migrate --from sqlite:PATH --to URL`: adds one server's statistics to a network's
shared database (or any other statistics database).

Idempotent and incremental: the target remembers, per source and player, what it imported
(`stats_imports`), so a second run adds nothing and a later run adds only what the source gained
since. A source is known by the writer id in its `engine_meta` (made here if the file predates it),
so moving or renaming the file does not import it twice.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Callable

import sqlalchemy as sa

from ..rules.errors import ConfigError
from .store import STORAGES, StatsStore, database_url


def target_url(text: str) -> sa.engine.URL:
    """`postgresql://...`, `mysql://...` / `mariadb://...`, or `sqlite:PATH`."""
    if text.startswith("sqlite:"):
        return sa.engine.make_url(f"sqlite:///{Path(text.removeprefix('sqlite:').removeprefix('///')).resolve()}")
    scheme = text.split(":", 1)[0].split("+")[0]
    storage = {"postgres": "postgresql", "mariadb": "mysql"}.get(scheme, scheme)
    if storage not in STORAGES:
        raise ConfigError(f"--to: expected postgresql://..., mysql://... or sqlite:PATH, got {text!r}")
    try:
        return database_url(storage, text, "")
    except ValueError as e:
        raise ConfigError(f"--to: {e}") from None


def source_path(text: str) -> Path:
    if not text.startswith("sqlite:"):
        raise ConfigError(f"--from: expected sqlite:PATH (a server's tables file), got {text!r}")
    path = Path(text.removeprefix("sqlite:").removeprefix("///"))
    if not path.is_file():
        raise ConfigError(f"--from: no such file: {path}")
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as e:
        raise ConfigError(f"--from: {path} is not an SQLite database ({e})") from None
    if "player_stats" not in names:
        raise ConfigError(f"--from: {path} holds no statistics (no player_stats table)")
    return path


def migrate(source: str, target: str, describe: Callable[[Path], tuple[str, int]]) -> str:
    """Runs the import; returns the line to print. `describe(path)` gives the source's writer id
    (made if the file predates it) and how many tables it holds (tables.store.describe). ConfigError for bad arguments; a database error
    (unreachable, refused) passes up as SQLAlchemy's."""
    path = source_path(source)
    url = target_url(target)
    if url.get_backend_name() == "sqlite" and Path(url.database or "").resolve() == path.resolve():
        raise ConfigError("--from and --to are the same file")
    source_id, tables_count = describe(path)     # its writer id names the source
    src, dst = StatsStore(path), StatsStore(url)
    try:
        changed, read = dst.import_from(src, source_id)
    finally:
        src.close()
        dst.close()
    where = url.render_as_string(hide_password=True)
    if changed == 0:
        return f"nothing new in {path}: its {read} players' statistics are in {where} already"
    note = f" (its {tables_count} tables stay in {path}: a table lives on one server)" if tables_count else ""
    return f"added {changed} of {read} players' statistics from {path} to {where}{note}"
