"""A real Minetest server with the pycraft mod (the Minecraft Pi API), for the mcpi tests.

`ensure_minetest()` installs Debian's ``minetest-server`` and ``minetest-mod-pycraft`` when they
are missing and this is root (CI is root on a fresh Debian machine); it returns None when the
server can run, else the reason it cannot (the tests skip with it). `MinetestServer` starts one on
127.0.0.1 with a throw-away world and stops it:

- the game is Debian's minetest_game, the map generator ``singlenode`` (all air: the board is
  built in the open), only the test area is generated (the test mod emerges and force-loads it);
- pycraft is copied into the world's ``worldmods`` with its API port changed to a free one (the
  mod hard-codes 4711) and set to loopback only, websockets off; ``secure.trusted_mods = pycraft``
  gives it the sockets it needs, as on any server;
- the test-only mod ``tests/minetest_mod/unocraft_test`` plays named players into pycraft's own
  callbacks (see its init.lua): `join`, `chat`, `punch` here write its command file.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

SERVER = Path("/usr/games/minetestserver")
PYCRAFT = Path("/usr/share/games/minetest/mods/pycraft")
GAME = Path("/usr/share/games/minetest/games/minetest_game")
TEST_MOD = Path(__file__).parent / "minetest_mod" / "unocraft_test"
PACKAGES = ["minetest-server", "minetest-mod-pycraft"]


def _present() -> bool:
    return SERVER.exists() and (PYCRAFT / "init.lua").exists() and GAME.exists()


def ensure_minetest() -> str | None:
    """None when a Minetest server with pycraft can start here, else why not."""
    if _present():
        return None
    if os.environ.get("UNOCRAFT_NO_APT"):
        return "minetest-server/minetest-mod-pycraft are not installed and UNOCRAFT_NO_APT is set"
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return "minetest-server and minetest-mod-pycraft are not installed (apt-get as root installs them)"
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    install = ["apt-get", "install", "-y", "--no-install-recommends", *PACKAGES]
    if subprocess.run(install, env=env, capture_output=True).returncode != 0:
        # a fresh machine has no package lists yet
        subprocess.run(["apt-get", "update"], env=env, capture_output=True)
        done = subprocess.run(install, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            return f"apt-get install {' '.join(PACKAGES)} failed: {done.stderr.strip()[-300:]}"
    return None if _present() else "minetest-server/minetest-mod-pycraft installed but files are missing"


def _die_with_parent() -> None:
    """The server gets SIGTERM when the test process dies, even killed (Linux's PR_SET_PDEATHSIG):
    no server outlives a test run that was stopped hard."""
    try:
        import ctypes
        import signal
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, int(signal.SIGTERM))
    except OSError:
        pass


def free_port(kind: int = socket.SOCK_STREAM) -> int:
    with socket.socket(socket.AF_INET, kind) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def to_minetest(x: int, y: int, z: int) -> tuple[int, int, int]:
    """pycraft's API flips z (so the API has Minecraft's handedness)."""
    return x, y, -z


class MinetestServer:
    def __init__(self):
        self.dir = Path(tempfile.mkdtemp(prefix="unocraft-minetest-"))
        self.world = self.dir / "world"
        self.api_port = free_port()
        self.udp_port = free_port(socket.SOCK_DGRAM)
        self.proc: subprocess.Popen | None = None
        self.log = self.dir / "server.log"

    # ---------------------------------------------------------------- life
    def start(self, timeout: float = 90.0) -> "MinetestServer":
        mods = self.world / "worldmods"
        mods.mkdir(parents=True)
        shutil.copytree(PYCRAFT, mods / "pycraft", ignore=shutil.ignore_patterns("mcpipy"))
        init = mods / "pycraft" / "init.lua"
        source = init.read_text(encoding="utf-8")
        patched = source.replace("socket.bind(remote_address, 4711)", f"socket.bind(remote_address, {self.api_port})")
        assert patched != source, "pycraft's init.lua changed: this script no longer knows how to set its port"
        init.write_text(patched, encoding="utf-8")
        (mods / "pycraft" / "override.conf").write_text(
            "restrict_to_local_connections = true\nsupport_websockets = false\n", encoding="utf-8")
        shutil.copytree(TEST_MOD, mods / "unocraft_test")
        (self.world / "world.mt").write_text(
            "gameid = minetest\nbackend = sqlite3\nplayer_backend = sqlite3\nauth_backend = sqlite3\n", encoding="utf-8")
        (self.world / "map_meta.txt").write_text("mg_name = singlenode\n[end_of_params]\n", encoding="utf-8")
        conf = self.dir / "minetest.conf"
        conf.write_text("\n".join([
            # pycraft needs its sockets: on Debian, trusting it is not enough (lua-socket's socket.lua
            # calls the plain `require` that mod security disables), so this throw-away loopback
            # server runs without mod security; docs/mcpi.md says what an operator's choices are
            "secure.trusted_mods = pycraft",
            "secure.enable_security = false",
            "bind_address = 127.0.0.1",
            f"port = {self.udp_port}",
            "server_announce = false",
            "mg_name = singlenode",
            "enable_damage = false",
            "creative_mode = true",
            "max_forceloaded_blocks = 1000",
            "debug_log_level = action",
            # pycraft answers one request per server step: a short step keeps the tests quick
            "dedicated_server_step = 0.01",
        ]) + "\n", encoding="utf-8")
        self.proc = subprocess.Popen(
            [str(SERVER), "--config", str(conf), "--world", str(self.world), "--gameid", "minetest",
             "--port", str(self.udp_port), "--logfile", str(self.log)],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, cwd=self.dir, preexec_fn=_die_with_parent)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"minetestserver exited with {self.proc.returncode}:\n{self.log_tail()}")
            if (self.world / "unocraft_test_ready").exists() and self._accepts():
                return self
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"minetestserver did not get ready in {timeout:.0f}s:\n{self.log_tail()}")

    def _accepts(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.api_port), timeout=0.5):
                return True
        except OSError:
            return False

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None
        shutil.rmtree(self.dir, ignore_errors=True)

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    # ---------------------------------------------------------------- stand-in players (the test mod)
    def _line(self, line: str) -> None:
        with open(self.world / "unocraft_test_in.txt", "a", encoding="utf-8") as f:
            f.write(line + "\n")

    def join(self, name: str, x: float, y: float, z: float) -> None:
        """`name` joins at API position (x, y, z)."""
        mx, my, mz = x, y, -z
        self._line(f"join {name} {mx} {my} {mz}")

    def chat(self, name: str, text: str) -> None:
        self._line(f"chat {name} {text}")

    def punch(self, name: str, x: int, y: int, z: int) -> None:
        """`name` punches the block at API position (x, y, z)."""
        self._line("punch {} {} {} {}".format(name, *to_minetest(x, y, z)))

    def chat_lines(self) -> list[str]:
        """Every line posted to the public chat so far."""
        try:
            return (self.world / "unocraft_test_chat.txt").read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return []

    def leave(self, name: str) -> None:
        self._line(f"leave {name}")
