"""Player-facing text of the tables layer, always through language files.

A key is looked up in the shared language files of `unocraft.presentation.lang` first; the lines
only the tables need (commands, table life, items, timers) live in `tables/lang/<code>.yaml`
(en, ru, sk), with English as the fallback, so a missing line never shows as a raw key.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import yaml

from ..presentation.lang import LANGUAGES, normalise, t


@lru_cache(maxsize=None)
def table_messages(lang: str) -> dict[str, str]:
    text = resources.files(__package__).joinpath("lang", f"{lang}.yaml").read_text(encoding="utf-8")
    return {str(k): str(v) for k, v in (yaml.safe_load(text) or {}).items()}


def say(lang: str | None, key: str, **args: object) -> str:
    text = t(lang, key, **args)
    if text != key:
        return text
    code = normalise(lang)
    message = table_messages(code).get(key) or table_messages("en").get(key)
    return key if message is None else message.format_map(_Args(args))


class _Args(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


__all__ = ["say", "normalise", "table_messages", "LANGUAGES"]
