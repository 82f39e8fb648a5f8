"""Test settings. In CI (CI=true) hypothesis runs derandomized, so a landing never
depends on the examples of the day; locally every run explores new random games."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


# ---------------------------------------------------------------- the test tiers

TIERS = ("e2e", "db", "slow")     # pyproject.toml's markers; tests/test_tiers.py
SLOW_HINT = 5.0                    # seconds: a test in no tier that takes longer belongs in `slow`


def pytest_terminal_summary(terminalreporter):
    """Names the tests of no tier that took over SLOW_HINT s here, so the fast tier stays fast
    (a hint, not a failure: a busy machine is slow too)."""
    reports = [r for key in ("passed", "failed") for r in terminalreporter.stats.get(key, [])]
    slow = sorted(((r.duration, r.nodeid) for r in reports if r.when == "call" and r.duration > SLOW_HINT
                   and not any(tier in r.keywords for tier in TIERS)), reverse=True)
    if slow:
        terminalreporter.write_sep("-", f"over {SLOW_HINT:g} s without a tier marker (pytest.mark.slow?)")
        for duration, nodeid in slow:
            terminalreporter.write_line(f"{duration:6.1f} s  {nodeid}")


# ---------------------------------------------------------------- the release artifacts

def _java():
    from unocraft.serve import find_java
    try:
        return find_java()
    except Exception as e:  # noqa: BLE001
        return None if os.environ.get("UNOCRAFT_E2E") != "1" else pytest.fail(str(e))


@pytest.fixture(scope="session")
def release():
    """scripts/release run once per test session (tests/test_release.py, tests/test_packaging.py)."""
    import unocraft
    root = Path(__file__).resolve().parents[1]
    java = _java()
    if java is None or shutil.which("mvn") is None:
        pytest.skip("the release build needs Maven and a JDK (run scripts/test, which checks for both)")
    env = dict(os.environ, JAVA_HOME=str(Path(java).resolve().parent.parent))
    proc = subprocess.run([str(root / "scripts" / "release")], cwd=root, env=env, capture_output=True, text=True,
                          timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    version = unocraft.__version__
    return {"java": java, "jar": root / "dist" / f"unocraft-{version}.jar",
            "wheel": root / "dist" / f"unocraft-{version}-py3-none-any.whl"}


# ---------------------------------------------------------------- the bridge protocol

@pytest.fixture(autouse=True)
def ops_follow_the_protocol(monkeypatch):
    """Every op batch the tables hand over in a test holds only ops and fields the bridge protocol
    declares (engine/unocraft/transport/protocol.py), of their types: a misspelled field fails here."""
    from unocraft.tables.display import Display
    from unocraft.transport.protocol import check_op
    take = Display.take

    def checked(self):
        ops = take(self)
        for op in ops:
            check_op(op)
        return ops
    monkeypatch.setattr(Display, "take", checked)
