"""`unocraft serve` (unocraft.devserver_build) starts its JVMs (Maven building the plugin, the dev server) so that a start
shows our lines only: Java 24+ warns about sun.misc.Unsafe, which Minestom and Maven's Guava use."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from unocraft import devserver_build as build


def fake_maven(bin_dir: Path, record: Path) -> None:
    """An `mvn` that writes down the MAVEN_OPTS and JAVA_HOME it was given and makes the jar."""
    mvn = bin_dir / "mvn"
    mvn.write_text("#!/bin/sh\n"
                   f'printf "%s\\n%s\\n" "$MAVEN_OPTS" "$JAVA_HOME" > "{record}"\n'
                   f'mkdir -p devserver/target && touch "{build.DEVSERVER_JAR}"\n')
    mvn.chmod(mvn.stat().st_mode | stat.S_IEXEC)


def test_maven_runs_with_unsafe_memory_access_allowed_and_keeps_the_users_options(tmp_path, monkeypatch):
    java = build.find_java()          # the dev server's Java (25+): the flag exists
    plugin, bin_dir, record = tmp_path / "plugin", tmp_path / "bin", tmp_path / "maven.txt"
    plugin.mkdir()
    bin_dir.mkdir()
    fake_maven(bin_dir, record)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("MAVEN_OPTS", "-Xmx1g")
    jar = build.build_plugin(plugin, java, force=True)
    assert jar == plugin / build.DEVSERVER_JAR and jar.exists()
    opts, java_home = record.read_text().splitlines()
    assert opts == f"-Xmx1g {build.ALLOW_UNSAFE}"
    assert Path(java_home) == Path(java).resolve().parent.parent


def test_an_older_java_gets_no_flag_it_would_refuse(tmp_path, monkeypatch):
    plugin, bin_dir, record = tmp_path / "plugin", tmp_path / "bin", tmp_path / "maven.txt"
    plugin.mkdir()
    bin_dir.mkdir()
    fake_maven(bin_dir, record)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.delenv("MAVEN_OPTS", raising=False)
    monkeypatch.setattr(build, "java_version", lambda java: 21)      # a Java 21 ...
    build.build_plugin(plugin, str(tmp_path / "jdk-21" / "bin" / "java"), force=True)
    assert record.read_text().splitlines()[1] == str(tmp_path / "jdk-21")
    assert record.read_text().splitlines()[0] == ""                  # ... gets no flag


def test_the_dev_server_alone_is_built_offline_first_then_online_when_the_cache_lacks_something(tmp_path, monkeypatch):
    plugin, bin_dir, calls = tmp_path / "plugin", tmp_path / "bin", tmp_path / "calls.txt"
    plugin.mkdir()
    bin_dir.mkdir()
    mvn = bin_dir / "mvn"      # offline (-o) it fails, as with a cold local repository
    mvn.write_text("#!/bin/sh\n"
                   f'echo "$*" >> "{calls}"\n'
                   'case " $* " in *" -o "*) exit 1;; esac\n'
                   f'mkdir -p devserver/target && touch "{build.DEVSERVER_JAR}"\n')
    mvn.chmod(mvn.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(build, "java_version", lambda java: 25)
    jar = build.build_plugin(plugin, str(tmp_path / "jdk" / "bin" / "java"), force=True)
    assert jar.exists()
    offline, online = calls.read_text().splitlines()
    assert offline.split() == ["-o", *build.MAVEN_DEVSERVER] and online.split() == build.MAVEN_DEVSERVER
    assert "-pl devserver -am package" in online and "-Dmaven.test.skip=true" in online


def test_a_change_to_spigot_or_paper_does_not_rebuild_the_dev_server(tmp_path):
    plugin = tmp_path / "plugin"
    for module in ("core", "paper", "devserver"):
        (plugin / module / "src").mkdir(parents=True)
        (plugin / module / "src" / "A.java").write_text("")
    (plugin / "pom.xml").write_text("")
    jar = plugin / build.DEVSERVER_JAR
    jar.parent.mkdir(parents=True)
    jar.touch()
    os.utime(plugin / "paper" / "src" / "A.java", (jar.stat().st_mtime + 10,) * 2)
    assert build._newest_source(plugin) <= jar.stat().st_mtime
    os.utime(plugin / "core" / "src" / "A.java", (jar.stat().st_mtime + 10,) * 2)
    assert build._newest_source(plugin) > jar.stat().st_mtime
