"""unocraft: UNO for Minecraft Java servers.

The `unocraft.rules` package is a complete, deterministic UNO rules engine that
knows nothing about Minecraft; everything else only asks it.
"""

__version__ = "0.1.0"    # the plugin's version too (plugin/pom.xml); tests/test_release.py checks both

#: The bridge protocol (the JSON of hello/pollEvents and of the op batches) this engine speaks; the
#: plugin's Bridge.PROTOCOL must be the same, or each side refuses the other with a clear message.
#: 2: op batches are sent one way (`transport.py4j_bridge.OPS_COMMAND`), not through `applyOps`.
PROTOCOL = 2
