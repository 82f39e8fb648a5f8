"""The plugin's own messages (CoreMessages.java: the engine away, items kept, a stake paid out ...)
come from the engine's language files at every attach (the `strings` op): every one the plugin
has, in the server's language, so none stays the jar's built-in English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from unocraft.tables.config import parse
from unocraft.tables.manager import Tables
from unocraft.tables.text import say

CORE_MESSAGES = Path(__file__).resolve().parents[1] / "plugin/core/src/main/java/dev/unocraft/core/CoreMessages.java"


def plugin_keys() -> set[str]:
    return set(re.findall(r'strings\.put\("(\w+)"', CORE_MESSAGES.read_text()))


@pytest.mark.parametrize("language", ["en", "ru", "sk"])
def test_every_plugin_message_is_sent_in_the_servers_language(language):
    tables = Tables(parse({"language": language}), None)
    tables.attach({"online": [], "vault": []}, 0)
    sent = next(op["strings"] for op in tables.flush() if op["op"] == "strings")
    assert len(plugin_keys()) >= 9, plugin_keys()
    assert set(sent) == plugin_keys()
    assert sent["stake_paid"]["text"] == say(language, "engine.stake_paid")
    if language != "en":
        assert all(sent[k]["text"] != say("en", f"engine.{k}") for k in sent if k != "no_engine"), sent
