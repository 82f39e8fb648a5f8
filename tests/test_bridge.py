"""The py4j bridge against the real plugin core (in the dev server jar): the engine's transport
works, and the gateway refuses what it must: a wrong or missing token, a second engine while one
is attached, and any call beyond the bridge's own methods (no `gateway.jvm`, no reflection)."""

import json
import sys
import time
from pathlib import Path

import pytest
from py4j.java_gateway import GatewayParameters, JavaGateway
from py4j.protocol import Py4JError

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import plugin_without_engine  # noqa: E402

from unocraft.transport import Py4jTransport, TransportClosed  # noqa: E402


@pytest.fixture(scope="module")
def plugin(tmp_path_factory):
    yield from plugin_without_engine(tmp_path_factory, "bridge")


def test_the_token_file_is_owner_only(plugin):
    assert plugin["token"].stat().st_mode & 0o077 == 0
    assert len(plugin["token"].read_text().strip()) == 64


def test_hello_poll_apply_and_stats(plugin):
    t = Py4jTransport("127.0.0.1", plugin["port"], plugin["token"], connect_timeout=10)
    try:
        hello = t.connect()
        assert hello["platform"] == "minestom" and hello["protocol"] == 1
        assert t.poll(10) == []
        t.apply([{"op": "msg", "player": "nobody", "c": "hello"}, {"op": "complete", "tree": {"": ["start"]}}])
        time.sleep(0.2)
        assert t.stats()["batches"] >= 1
    finally:
        t.close()


def test_a_second_engine_is_refused_while_one_is_attached(plugin):
    first = Py4jTransport("127.0.0.1", plugin["port"], plugin["token"], connect_timeout=10)
    first.connect()
    try:
        second = Py4jTransport("127.0.0.1", plugin["port"], plugin["token"], connect_timeout=1)
        with pytest.raises(TransportClosed):
            second.connect()
        assert "refused a second engine connection" in plugin["log"].read_text()
        assert first.poll(0) == []       # the first one still works
    finally:
        first.close()


@pytest.mark.parametrize("token", ["wrong", None])
def test_a_wrong_or_missing_token_is_refused_and_logged(plugin, token):
    time.sleep(0.3)   # the previous engine's socket is closed
    gw = JavaGateway(gateway_parameters=GatewayParameters(port=plugin["port"], auth_token=token))
    try:
        with pytest.raises(Py4JError):
            gw.entry_point.hello()
    finally:
        gw.close()
    time.sleep(0.3)
    assert "wrong or missing token" in plugin["log"].read_text()


def test_nothing_but_the_bridge_methods_can_be_reached(plugin):
    time.sleep(0.3)
    token = plugin["token"].read_text().strip()
    gw = JavaGateway(gateway_parameters=GatewayParameters(port=plugin["port"], auth_token=token))
    try:
        assert json.loads(gw.entry_point.hello())["platform"] == "minestom"
        with pytest.raises(Py4JError, match="not allowed"):
            gw.entry_point.getClass()
        with pytest.raises(Py4JError, match="not allowed"):
            gw.entry_point.toString()
    finally:
        gw.close()
    time.sleep(0.3)
    gw = JavaGateway(gateway_parameters=GatewayParameters(port=plugin["port"], auth_token=token))
    try:
        with pytest.raises(Py4JError):
            gw.jvm.java.lang.System.getProperty("user.home")
    finally:
        gw.close()


def _listening_addresses(port: int) -> list[str]:
    """Local addresses of LISTEN sockets on `port`, from /proc/net/tcp{,6} (hex, as the kernel shows)."""
    found = []
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(name).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            addr, hexport = local.split(":")
            if state == "0A" and int(hexport, 16) == port:
                found.append(addr)
    return found


def test_the_gateway_listens_on_loopback_only(plugin):
    addresses = _listening_addresses(plugin["port"])
    if not addresses:
        pytest.skip("/proc/net/tcp is not readable here")
    loopback4 = "0100007F"                              # 127.0.0.1
    loopback6 = "00000000000000000000000001000000"      # ::1
    mapped4 = "0000000000000000FFFF00000100007F"        # ::ffff:127.0.0.1 (Java's IPv4 on an IPv6 socket)
    assert all(a in (loopback4, loopback6, mapped4) for a in addresses), addresses
