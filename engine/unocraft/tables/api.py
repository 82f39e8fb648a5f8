"""The tables layer as other front ends use it (`unocraft serve`, the mcpi board): the loop, its
config and store, a table as a board reads it, and the item tags a click names. Nothing outside
the tables layer reaches past this module."""

from __future__ import annotations

from .config import EngineConfig, load as load_config, parse as parse_config
from .loop import EngineLoop
from .render import TAG_CARD, TAG_TOP, face_of
from .store import TableStore
from .table import Table
from .text import say

__all__ = ["EngineConfig", "EngineLoop", "Table", "TableStore", "TAG_CARD", "TAG_TOP", "face_of", "load_config",
           "parse_config", "say"]
