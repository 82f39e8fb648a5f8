"""The compiled build of the rules engine, by default.

`pip install .` compiles the rules modules to C extensions with mypyc (from mypy,
a build requirement) when a C compiler and the Python headers are present, and
installs plain Python otherwise: the same typed Python source either way, no
second implementation. UNOCRAFT_COMPILE=1 requires the compiled build (fails
without a compiler), UNOCRAFT_COMPILE=0 installs plain Python. An editable
install (`pip install -e .`, the scripts' .venv) stays plain unless
UNOCRAFT_COMPILE=1: compiled modules would land in the source tree and hide
edits to the .py files. `unocraft --version` says which build runs.
"""

import glob
import importlib.util
import os
import shutil
import sys
import sysconfig

from setuptools import setup
from setuptools.command.build_ext import build_ext

#: The modules compiled; the rest (scenario files, tables, bridge) stays interpreted.
#: Every house rule module (rules/house/) is compiled: the core calls their hooks.
COMPILED = [f"engine/unocraft/rules/{name}.py" for name in (
    "cards", "actions", "events", "errors", "editions", "options", "pending",
    "hooks", "views", "state", "dealing", "scoring", "round_end", "answers", "plays", "verbs", "dispatch",
    "legal", "viewer", "game", "dos_events", "dos_match", "dos", "match")] + \
    sorted(glob.glob("engine/unocraft/rules/house/*.py"))
#: the search's rollouts (the lookahead bot spends most of its time there) and the
#: strategy they play (strong's, which the rollouts call for every move)
COMPILED += ["engine/unocraft/strategy.py", "engine/unocraft/rollout.py"]

MODE = os.environ.get("UNOCRAFT_COMPILE", "auto")   # auto | 1 | 0


def why_plain() -> str | None:
    """Why this build installs plain Python, or None to compile."""
    if MODE == "0":
        return "UNOCRAFT_COMPILE=0"
    if MODE == "1":
        return None
    if "editable_wheel" in sys.argv:
        return "an editable install (UNOCRAFT_COMPILE=1 compiles it in place)"
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if not shutil.which(cc):
        return f"no C compiler ({cc})"
    if not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")):
        return "no Python headers (Python.h)"
    if importlib.util.find_spec("mypyc") is None:
        # a build without pip's isolated environment (scripts/_venv.sh's editable install) has no
        # mypy: its metadata step must not need it
        return "no mypyc (mypy is a build requirement; the editable install goes without it)"
    return None


class OptionalBuildExt(build_ext):
    """Builds the compiled modules; when the C compiler fails (and the compiled
    build was not required), the package stays plain Python, which works alike."""

    def run(self):
        try:
            super().run()
        except Exception as e:   # distutils raises CompileError, LinkError, PlatformError...
            if MODE == "1":
                raise
            print(f"unocraft: compiling the rules engine failed ({e}); installing plain Python",
                  file=sys.stderr)


reason = why_plain()
ext_modules = []
if reason is None:
    from mypyc.build import mypycify
    ext_modules = mypycify(COMPILED, opt_level="3")
    print("unocraft: building the rules engine compiled with mypyc", file=sys.stderr)
else:
    print(f"unocraft: building the rules engine as plain Python: {reason}", file=sys.stderr)

setup(ext_modules=ext_modules, cmdclass={"build_ext": OptionalBuildExt})
