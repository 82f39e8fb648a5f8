"""The engine's dependencies for GraalPy, as the plugin jar carries them (engine/graalpy-site.zip).

GraalPy runs pure Python only (a C extension must be built for it, and the plugin compiles
nothing on an operator's host), so the zip holds the engine's dependencies at the versions
installed here, without their compiled parts: each of them falls back to its own pure-Python code
(PyYAML, MarkupSafe, SQLAlchemy, openskill). The two that have no such fallback are left out and
the engine does without them: msgspec (transport/codec.py: the json module instead) and Pillow
(the card faces ship drawn: presentation/faces.zip).

    python -m unocraft.graalpy_site OUT.zip      # scripts/release; the GraalPy tests
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path

#: compiled only, with the engine's own pure-Python path beside them
LEFT_OUT = {"msgspec", "pillow"}
#: what a pip install puts beside the packages that GraalPy never reads
_SKIPPED_PARTS = {"__pycache__", "bin", "share"}
_COMPILED = (".so", ".pyd", ".dylib", ".dll", ".c", ".pyx", ".pxd")


def _name(requirement: str) -> str:
    for stop in "=<>!~[; ":
        requirement = requirement.split(stop, 1)[0]
    return requirement.strip().lower().replace("_", "-")


def requirements() -> list[str]:
    """The engine's dependencies (its installed metadata), pinned to the versions installed here,
    less those GraalPy cannot run."""
    out = []
    for req in metadata.requires("unocraft") or []:
        if "extra ==" in req or _name(req) in LEFT_OUT:
            continue
        name = _name(req)
        out.append(f"{name}=={metadata.version(name)}")
    return out


def constraints() -> list[str]:
    """Every installed distribution at its version: the dependencies' own dependencies resolve to
    what the tests ran with."""
    return sorted(f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions()
                  if d.metadata["Name"] and _name(d.metadata["Name"]) not in ("unocraft", *LEFT_OUT))


def build(out: Path) -> int:
    """Writes the zip (the same inputs, the same bytes); returns the number of files in it."""
    with tempfile.TemporaryDirectory() as tmp:
        target, pins = Path(tmp) / "site", Path(tmp) / "constraints.txt"
        pins.write_text("\n".join(constraints()) + "\n", encoding="utf-8")
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-compile", "--disable-pip-version-check",
                        "--target", str(target), "-c", str(pins), *requirements()], check=True)
        files = sorted(p for p in target.rglob("*") if p.is_file()
                       and not _SKIPPED_PARTS & set(p.relative_to(target).parts) and not p.name.endswith(_COMPILED))
        out.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as z:
            for path in files:
                info = zipfile.ZipInfo(path.relative_to(target).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, path.read_bytes())
        return len(files)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m unocraft.graalpy_site OUT.zip")
    print(f"{build(Path(sys.argv[1]))} files in {sys.argv[1]}")
