"""Builds the dev server jar (`unocraft serve`'s) with Maven. Standard library only, so that
scripts/run can start it with the system Python while pip fills .venv:

    PYTHONPATH=engine python3 -m unocraft.devserver_build
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from .rules.errors import ConfigError

log = logging.getLogger("unocraft.serve")

MIN_JAVA = 25     # Minestom 2026.05.17-1.21.11 is built for Java 25
DEVSERVER_JAR = Path("devserver") / "target" / "unocraft-devserver.jar"
#: Java 24 and later print four WARNING lines the first time a library calls sun.misc.Unsafe's
#: memory methods (JEP 471, 498): Minestom does, and so does the Guava inside Maven. The JVMs this
#: command starts (Maven, the dev server) allow it, so a start shows our lines only; the flag
#: exists from Java 23.
ALLOW_UNSAFE = "--sun-misc-unsafe-memory-access=allow"
ALLOW_UNSAFE_SINCE = 23


def repo_plugin_dir() -> Path | None:
    env = os.environ.get("UNOCRAFT_PLUGIN_DIR")
    if env:
        return Path(env)
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "plugin" / "pom.xml").exists():
            return parent / "plugin"
    return None


def java_version(java: str) -> int:
    try:
        out = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=30).stderr
    except (OSError, subprocess.SubprocessError):
        return 0
    m = re.search(r'version "(\d+)', out)
    return int(m.group(1)) if m else 0


def find_java(explicit: str | None = None) -> str:
    """A Java runtime new enough for the dev server."""
    candidates = [explicit, os.environ.get("UNOCRAFT_JAVA")]
    if os.environ.get("JAVA_HOME"):
        candidates.append(str(Path(os.environ["JAVA_HOME"]) / "bin" / "java"))
    jvm = Path("/usr/lib/jvm")
    if jvm.is_dir():
        candidates += [str(p / "bin" / "java") for p in sorted(jvm.iterdir(), reverse=True)]
    candidates.append(shutil.which("java"))
    for c in candidates:
        if c and Path(c).exists() and java_version(c) >= MIN_JAVA:
            return c
    raise ConfigError(f"the dev server needs Java {MIN_JAVA} or newer; set UNOCRAFT_JAVA or JAVA_HOME")


#: what the dev server jar is built from (the other modules are Spigot's and Paper's)
DEVSERVER_SOURCES = ("core", "adventure", "devserver")
#: Maven's shortest build of the dev server jar: only its modules (devserver and the core it
#: needs), quiet, batch, no tests compiled or run, no javadoc or source jars. scripts/test and
#: scripts/release build every module themselves.
MAVEN_DEVSERVER = ["-q", "-B", "-pl", "devserver", "-am", "package",
                   "-Dmaven.test.skip=true", "-Dmaven.javadoc.skip=true", "-Dmaven.source.skip=true"]


def _newest_source(plugin: Path) -> float:
    newest = (plugin / "pom.xml").stat().st_mtime if (plugin / "pom.xml").exists() else 0.0
    for module in DEVSERVER_SOURCES:
        for p in (plugin / module).rglob("*"):
            if "target" in p.parts or not p.is_file():
                continue
            if p.name == "pom.xml" or "src" in p.parts:
                newest = max(newest, p.stat().st_mtime)
    return newest


def jar_is_up_to_date(plugin: Path) -> bool:
    jar = plugin / DEVSERVER_JAR
    return jar.exists() and jar.stat().st_mtime >= _newest_source(plugin)


def build_plugin(plugin: Path, java: str, force: bool = False) -> Path:
    """Maven builds the dev server jar, skipped when it is newer than every source file it is built
    from; offline first (a warm local repository answers at once), online when that fails."""
    jar = plugin / DEVSERVER_JAR
    if not force and jar_is_up_to_date(plugin):
        log.info("plugin is up to date (%s)", jar)
        return jar
    mvn = shutil.which("mvn")
    if mvn is None:
        raise ConfigError("Maven (mvn) is needed to build the plugin")
    log.info("building the dev server (mvn -q -pl devserver -am package) ...")
    env = dict(os.environ, JAVA_HOME=str(Path(java).resolve().parent.parent))
    if java_version(java) >= ALLOW_UNSAFE_SINCE:
        env["MAVEN_OPTS"] = f"{env.get('MAVEN_OPTS', '')} {ALLOW_UNSAFE}".strip()
    # offline, its output kept back: a cold cache makes it fail, and the online build says why if it fails too
    result = subprocess.run([mvn, "-o", *MAVEN_DEVSERVER], cwd=plugin, env=env, capture_output=True)
    if result.returncode != 0 or not jar.exists():
        log.info("the local Maven repository lacks some of it: building online")
        result = subprocess.run([mvn, *MAVEN_DEVSERVER], cwd=plugin, env=env)
    if result.returncode != 0 or not jar.exists():
        raise ConfigError(f"the plugin build failed (exit {result.returncode}) in {plugin}")
    return jar


def main() -> int:
    """Builds the jar if it is out of date; exit 1 (the reason on stderr) when it cannot."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    plugin = repo_plugin_dir()
    try:
        if plugin is None:
            raise ConfigError("cannot find the plugin sources (plugin/pom.xml); set UNOCRAFT_PLUGIN_DIR")
        if not jar_is_up_to_date(plugin):     # (an up-to-date jar says nothing here; serve says it)
            build_plugin(plugin, find_java())
    except ConfigError as e:
        print(f"unocraft: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
