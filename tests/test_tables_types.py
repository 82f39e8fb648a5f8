"""The tables and the transports type-check under `mypy --strict` (issue 44), as the rules do
(test_rules_types.py): no collaborator typed `Any`, no bare `dict` where a stake, a pay-in or an
event has its own type. The packages they import (statistics, presentation, bots) are read for
their types but not held to --strict here (`--follow-imports=silent`): the whole engine is
checked under plain mypy by test_engine_types.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow     # mypy over the tables and what they import: ~7 s, beside test_engine_types.py

ROOT = Path(__file__).resolve().parents[1]


def test_the_tables_and_transports_are_clean_under_mypy_strict(tmp_path):
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--cache-dir",
                          str(tmp_path), "engine/unocraft/tables", "engine/unocraft/transport"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
