"""unocraft: UNO for Minecraft Java servers.

The `unocraft.rules` package is a complete, deterministic UNO rules engine that
knows nothing about Minecraft; everything else only asks it.
"""

__version__ = "0.1.0"
