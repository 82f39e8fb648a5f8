"""benchmarks/memory_growth.py: plays the matches it says and prints the growth; bad options are one line."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # runs the benchmark's matches in a process of its own

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "memory_growth.py"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300)


def test_it_prints_the_growth_over_the_matches_played():
    proc = run("--rules", "jump_in=true", "--matches", "3", "--warm-up", "1")
    assert proc.returncode == 0, proc.stderr
    assert re.fullmatch(r"(plain Python|compiled with mypyc): official jump_in=true: [+-]\d+\.\d MB over 3 matches"
                        r" \(\d+\.\d -> \d+\.\d MB\)\n", proc.stdout), proc.stdout


def test_bad_input_is_one_line_and_exit_2():
    for args, words in ((["--rules", "bogus=1"], "unknown option 'bogus'"), (["--matches", "0"], "--matches must be positive")):
        proc = run(*args)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
        assert proc.stderr.strip().splitlines()[-1] == f"memory_growth.py: error: {words}" or \
            words in proc.stderr.strip().splitlines()[-1], proc.stderr
