"""The tables, the transports (issue 44), the statistics, the presentation and the bots type-check
under `mypy --strict`, as the rules do (test_rules_types.py): no collaborator typed `Any`, no bare
`dict` where a stake, a pay-in, an event, a statistics batch or a match result has its own type.
The modules they import beyond these (the rules, strategy, rollout, sqlite_files) are read for
their types but not held to --strict here (`--follow-imports=silent`): the whole engine is checked
under plain mypy by test_engine_types.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow     # mypy over these packages and what they import: ~7 s, beside test_engine_types.py

ROOT = Path(__file__).resolve().parents[1]

#: held to --strict, in one run (one analysis of what they share)
STRICT_PACKAGES = ("tables", "transport", "stats", "presentation", "bots")


def test_the_tables_transports_statistics_presentation_and_bots_are_clean_under_mypy_strict(tmp_path):
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--cache-dir",
                          str(tmp_path), *(f"engine/unocraft/{p}" for p in STRICT_PACKAGES)],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
