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
  .venv/bin/python -m pip install -q -e ".[${UNOCRAFT_EXTRAS:-test}]"
  rm -f .venv/.installed-* && touch "$stamp"
fi
export PATH="$ROOT/.venv/bin:$PATH"
