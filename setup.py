"""Optional compiled build of the rules engine.

`pip install .` installs plain Python. With UNOCRAFT_COMPILE=1 the same rules
modules are compiled to C extensions with mypyc (from mypy, a build requirement):
no second implementation, the typed Python source stays the one source of truth.
`scripts/build-compiled` builds it into .venv-compiled; the tests run on both.
"""

import os

from setuptools import setup

#: The modules compiled; the rest (scenario files, tables, bridge) stays interpreted.
COMPILED = [f"engine/unocraft/rules/{name}.py" for name in (
    "cards", "actions", "events", "errors", "editions", "options",
    "legal", "views", "scoring", "game", "dos")]

ext_modules = []
if os.environ.get("UNOCRAFT_COMPILE") == "1":
    from mypyc.build import mypycify
    ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules)
