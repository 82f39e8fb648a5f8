"""Release artifacts (issue 8): `scripts/release` builds the wheel and the plugin jar with one
version; the jar carries py4j relocated (another plugin's py4j cannot clash) and the wheel; the
installer in the jar makes the engine's virtual environment from that wheel, once. The `release`
fixture (tests/conftest.py) runs scripts/release once for this file and tests/test_packaging.py."""

import io
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import unocraft

pytestmark = pytest.mark.slow  # scripts/release: Maven and a wheel build

ROOT = Path(__file__).resolve().parents[1]
VERSION = unocraft.__version__


def pom_version() -> str:
    import xml.etree.ElementTree as ET
    return ET.parse(ROOT / "plugin" / "pom.xml").getroot().find("{http://maven.apache.org/POM/4.0.0}version").text


def test_one_version_for_the_engine_and_the_plugin():
    assert pom_version() == VERSION
    out = subprocess.run([sys.executable, "-m", "unocraft", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip().startswith(f"unocraft {VERSION} (bridge protocol {unocraft.PROTOCOL}; rules engine: ")
    bridge = (ROOT / "plugin/core/src/main/java/dev/unocraft/core/Bridge.java").read_text()
    assert f"public static final int PROTOCOL = {unocraft.PROTOCOL};" in bridge


def test_the_release_command_builds_the_jar_and_the_wheel(release):
    assert release["jar"].is_file() and release["wheel"].is_file()
    with zipfile.ZipFile(release["jar"]) as jar:
        names = set(jar.namelist())
        assert "dev/unocraft/lib/py4j/GatewayServer.class" in names
        assert not [n for n in names if n.startswith("py4j/")]            # nothing left unrelocated
        gateway = jar.read("dev/unocraft/core/EngineGateway.class")
        assert b"dev/unocraft/lib/py4j/GatewayServer" in gateway and b"Lpy4j/" not in gateway
        assert jar.read("engine/wheel.txt").decode().strip() == release["wheel"].name
        assert jar.read(f"engine/{release['wheel'].name}") == release["wheel"].read_bytes()
        # GraalPy, for hosts without Python: the pinned jars to fetch, the engine's pure-Python dependencies
        assert "org.graalvm.python:python-language:" in jar.read("graalpy/libraries.txt").decode()
        with zipfile.ZipFile(io.BytesIO(jar.read("engine/graalpy-site.zip"))) as site:
            files = site.namelist()
            assert {"py4j/java_gateway.py", "yaml/__init__.py", "sqlalchemy/__init__.py", "starlette/routing.py"} <= set(files)
            assert not [f for f in files if f.endswith((".so", ".pyd")) or f.startswith(("msgspec/", "PIL/"))]
        assert "dev/unocraft/core/GraalPyMain.class" in names
        assert f"version: {VERSION}" in jar.read("plugin.yml").decode()
        assert jar.read("dev/unocraft/core/version.properties").decode().strip() == f"version={VERSION}"
        assert "autostart: true" in jar.read("config.yml").decode()
        # the plugin's engine settings (server-config/plugin/engine.yaml): the plugin sets the bridge itself
        engine_yaml = jar.read("engine.yaml").decode()
        assert engine_yaml == (ROOT / "server-config" / "plugin" / "engine.yaml").read_text(encoding="utf-8")
        assert "\nbridge:" not in engine_yaml and "\nserver:" not in engine_yaml and "\ntable:" in engine_yaml
    with zipfile.ZipFile(release["wheel"]) as whl:
        names = set(whl.namelist())
        assert {"unocraft/__main__.py", "unocraft/tables/admin.py", "unocraft/presentation/lang/sk.yaml",
                "unocraft/presentation/faces.zip"} <= names
        meta = whl.read(f"unocraft-{VERSION}.dist-info/METADATA").decode()
        assert re.search(rf"^Version: {re.escape(VERSION)}$", meta, re.M)


def test_the_main_class_can_be_loaded_by_bukkit_test_harnesses(release):
    """MockBukkit (the standard Bukkit test harness) subclasses the main class: it must not be final,
    nor its superclass (the Spigot plugin's)."""
    javap = Path(release["java"]).with_name("javap")
    out = subprocess.run([str(javap), "-cp", str(release["jar"]), "dev.unocraft.spigot.UnocraftPlugin",
                          "dev.unocraft.paper.UnocraftPaperPlugin"], capture_output=True, text=True, check=True).stdout
    assert "public class dev.unocraft.spigot.UnocraftPlugin extends org.bukkit.plugin.java.JavaPlugin" in out, out
    assert "public dev.unocraft.spigot.UnocraftPlugin();" in out
    assert "public class dev.unocraft.paper.UnocraftPaperPlugin extends dev.unocraft.spigot.UnocraftPlugin" in out, out
    assert "public dev.unocraft.paper.UnocraftPaperPlugin();" in out


def test_the_jar_installs_its_engine_into_a_virtual_environment_once(release, tmp_path):
    data = tmp_path / "plugins" / "unocraft"
    cmd = [release["java"], "-cp", str(release["jar"]), "dev.unocraft.core.EngineInstaller", str(data)]
    first = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert first.returncode == 0, first.stdout[-2000:] + first.stderr[-3000:]
    python = first.stdout.strip().splitlines()[-1]
    assert python == str(data / "engine-venv" / "bin" / "python")
    assert "[engine install] creating the engine's Python environment" in first.stderr
    assert f"[engine install] the engine {VERSION} is installed" in first.stderr
    version = subprocess.run([python, "-m", "unocraft", "--version"], capture_output=True, text=True, check=True)
    assert version.stdout.strip().startswith(f"unocraft {VERSION} ")
    assert not list(data.glob("*.whl"))                                       # the unpacked wheel is cleaned up
    again = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert again.returncode == 0 and again.stdout.strip() == python
    assert "[engine install]" not in again.stderr                            # once: nothing installed again
    missing = subprocess.run(cmd[:-1] + [str(tmp_path / "other"), str(tmp_path / "no-such-python")],
                             capture_output=True, text=True, timeout=60)
    assert missing.returncode == 1 and "engine.python" in missing.stderr and "cannot run unocraft" in missing.stderr
