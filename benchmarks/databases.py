"""The databases a statistics benchmark measures: SQLite always, PostgreSQL and MariaDB started by
scripts/services in a folder of their own for the run (as the tests do) and stopped after it."""

from __future__ import annotations

import contextlib
import subprocess
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def database_urls(kinds: list[str], tmp: Path) -> Iterator[dict[str, str | None]]:
    """kind -> its URL ("" for SQLite: a file the benchmark makes; None: its server did not start)."""
    services = tmp / "services"
    urls: dict[str, str | None] = {"sqlite": ""}
    if set(kinds) - {"sqlite"}:
        subprocess.run([str(ROOT / "scripts" / "services"), "start", str(services)], check=False)
        env = dict(line.split("=", 1) for line in (services / "env").read_text().split() if "=" in line)
        urls["postgresql"] = env.get("UNOCRAFT_TEST_POSTGRESQL_URL")
        urls["mysql"] = env.get("UNOCRAFT_TEST_MYSQL_URL")
    try:
        yield urls
    finally:
        if services.exists():
            subprocess.run([str(ROOT / "scripts" / "services"), "stop", str(services)], check=False)
