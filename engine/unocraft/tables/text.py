"""Player-facing text of the tables layer, always through the language files.

Every line, the tables' own (commands, table life, items, timers) included, lives in the one
language file per language of `unocraft.presentation.lang` (``presentation/lang/<code>.yaml``,
en, ru, sk), with English as the fallback, so a missing line never shows as a raw key. `say`
is the tables' name for `t`.
"""

from __future__ import annotations

from ..presentation.lang import LANGUAGES, normalise, t

say = t


def option_list(changed: dict, lang: str | None = None) -> str:
    """The options a table plays that differ from its preset, `name=value ...` (option names and
    values are what players type, so they stay as they are); none changed says so in `lang`."""
    return " ".join(f"{k}={v}" for k, v in changed.items()) or say(lang, "table.defaults")


__all__ = ["say", "normalise", "LANGUAGES", "option_list"]
