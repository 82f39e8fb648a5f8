"""End-to-end test 4 of the Minecraft issue: `/uno` with bad arguments answers with usage and
the server keeps running (a real client, mineflayer, against the dev server)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
from harness import DevServer, require_prerequisites, run_node  # noqa: E402

pytestmark = pytest.mark.e2e  # the dev server (Java) and mineflayer clients


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_prerequisites()
    s = DevServer(tmp_path_factory.mktemp("e2e-commands"))
    s.start()
    yield s
    s.stop()


def test_bad_arguments_answer_with_usage_and_the_server_keeps_running(server):
    result = run_node("bad_args.js", server.port)
    for cmd, lines in result["answers"].items():
        if cmd != "/uno frobnicate":
            assert any("Usage: /uno" in line for line in lines), (cmd, lines)
    assert result["answers"]["/uno frobnicate"] == ["Unknown command /uno frobnicate. Type /uno help."]
    assert {"start", "spectate", "swap"} <= set(result["completions"]["first"]), result["completions"]
    assert "ru-classic" in result["completions"]["rules"], result["completions"]
    assert server.alive()
