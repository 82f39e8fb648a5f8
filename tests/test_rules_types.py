"""The rules engine type-checks under `mypy --strict` (issue 35): the types a reader follows are
the ones mypyc compiles (setup.py), so a wrong annotation is a failing test here before it is a
TypeError in the compiled build. mypy is pinned in the `test` extra (pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_rules_are_clean_under_mypy_strict(tmp_path):
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path),
                          "engine/unocraft/rules"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr

