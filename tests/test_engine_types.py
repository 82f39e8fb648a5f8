"""The whole engine type-checks under mypy (issue 35): the tables, web, statistics, bots and transports
read the rules' types (Seat | None, Game | None, the bridge protocol's Op) and mypy finds nothing. A run of
all 117 modules takes about 10 s: the slow tier. The rules alone, under --strict: test_rules_types.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow     # mypy over the whole engine: ~10 s

ROOT = Path(__file__).resolve().parents[1]


def test_the_whole_engine_is_clean_under_mypy(tmp_path):
    run = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path), "engine/unocraft"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
