"""Player-facing text of the tables layer, always through the language files.

Every line, the tables' own (commands, table life, items, timers) included, lives in the one
language file per language of `unocraft.presentation.lang` (``presentation/lang/<code>.yaml``,
en, ru, sk), with English as the fallback, so a missing line never shows as a raw key. `say`
is the tables' name for `t`.
"""

from __future__ import annotations

from typing import Any

from ..presentation.lang import LANGUAGES, for_edition, normalise, t
from ..rules.errors import ConfigError

say = t


def config_error(lang: str | None, e: ConfigError) -> str:
    """A player's typing mistake (an action, an option) in their language: its own line when the
    rules name one, else the rules' message after "Bad argument:"."""
    if not e.key:
        return say(lang, "error.bad_argument", detail=str(e))
    values = dict(e.values)
    if "edition" in values:
        values["edition"] = say(lang, f"edition.{values['edition']}")
    return say(lang, e.key, **values)


def preset_name(lang: str | None, preset: str) -> str:
    """A preset as players read it, with the id they type: "Official rules (official)"."""
    return say(lang, "preset.named", name=say(lang, f"preset.{preset}"), id=preset)


def option_list(changed: dict[str, Any], lang: str | None = None) -> str:
    """The options a table plays that differ from its preset, `name=value ...` (option names and
    values are what players type, so they stay as they are); none changed says so in `lang`."""
    return " ".join(f"{k}={v}" for k, v in changed.items()) or say(lang, "table.defaults")


__all__ = ["say", "for_edition", "normalise", "LANGUAGES", "option_list", "config_error", "preset_name"]
