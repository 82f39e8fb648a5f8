# Sourced by the scripts: creates .venv once and installs the package into it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
# Reinstall only when pyproject.toml changed since the last install. The venv's own pip (Python
# 3.11's is 22.3 or newer) installs editable pyproject packages: no upgrade, no wait for it.
stamp=.venv/.installed-$(sha1sum pyproject.toml | cut -c1-12)-${UNOCRAFT_EXTRAS:-test}
if [ ! -f "$stamp" ]; then
  # built in .venv, without pip's isolated build environment: that one also installs mypy (15 MB)
  # for the compiled build, which an editable install never is (setup.py) unless UNOCRAFT_COMPILE=1
  # asks; the rest of [build-system] requires comes from pyproject.toml. No byte-compiling of every
  # installed module: Python compiles what it imports, on first use.
  build_requires=$(.venv/bin/python - <<'PY'
import os, tomllib
with open("pyproject.toml", "rb") as f:
    requires = tomllib.load(f)["build-system"]["requires"]
print(" ".join(r for r in requires if os.environ.get("UNOCRAFT_COMPILE") == "1" or not r.startswith("mypy")))
PY
)
  .venv/bin/python -m pip install -q --no-compile $build_requires
  .venv/bin/python -m pip install -q --no-compile --no-build-isolation -e ".[${UNOCRAFT_EXTRAS:-test}]"
  rm -f .venv/.installed-* && touch "$stamp"
fi
export PATH="$ROOT/.venv/bin:$PATH"
