"""Every scenario file under tests/scenarios/ is a rules test (shared/rules/SCENARIOS.md)."""

from pathlib import Path

import pytest

from unocraft.rules.scenario import run_file

ROOT = Path(__file__).parent / "scenarios"
FILES = sorted(ROOT.rglob("*.yaml"))


def test_there_are_scenarios():
    assert len(FILES) >= 1


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario(path):
    result = run_file(path)
    assert result.ok, result.message
