"""A small translation layer: ``t("ru", "game.played", player="Alex", card=...)``.

Messages live in ``lang/<code>.yaml`` as nested mappings; a key is the dotted
path (``"game.drew"``). A message with ``one``/``few``/``many``/``other`` forms
is a plural, chosen by the ``count`` argument with the language's rule. A key
missing in a language falls back to English, and a key missing everywhere comes
back as the key itself: a missing line must never stop a game.

An operator's files (``plugins/unocraft/lang/<code>.yaml``, checked by overrides.py) replace
single lines of a shipped language or add a language; `use_overrides` applies the checked lines
and empties every cache that holds text (`text_cache`), so each caller sees them at once.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Protocol, TypeVar

import yaml  # type: ignore[import-untyped]  # no stubs installed (types-PyYAML)

from ..rules.cards import Card

DEFAULT = "en"
#: the languages shipped with the engine (an operator's files may add more: `languages()`)
LANGUAGES = ("en", "ru", "sk")
PLURAL_FORMS = frozenset({"one", "few", "many", "other"})

Message = str | dict[str, str]
F = TypeVar("F", bound=Callable[..., object])


class _Cache(Protocol):
    """An `lru_cache`'d function, as `clear_text_caches` uses it."""
    def cache_clear(self) -> None: ...


#: every cache of text (a line, a card's name, a rendered item with its name): emptied when the
#: operator's lines change (`use_overrides`)
_TEXT_CACHES: list[_Cache] = []
#: the operator's checked lines: language -> key -> message (overrides.py)
_overrides: dict[str, dict[str, Message]] = {}


def text_cache(maxsize: int | None) -> Callable[[F], F]:
    """`lru_cache` for a function whose answer holds text from the language files: a reload of
    the operator's files empties it."""
    def wrap(f: F) -> F:
        cached = lru_cache(maxsize=maxsize)(f)
        _TEXT_CACHES.append(cached)
        return cached  # type: ignore[return-value]
    return wrap


def clear_text_caches() -> None:
    for cached in _TEXT_CACHES:
        cached.cache_clear()


def languages() -> tuple[str, ...]:
    """The shipped languages, then those an operator's files add."""
    return LANGUAGES + tuple(sorted(set(_overrides) - set(LANGUAGES)))


def use_overrides(lines: dict[str, dict[str, Message]]) -> bool:
    """Makes the operator's checked `lines` (language -> key -> message) the ones in use, in place
    of the previous ones; True when that changed anything (the text caches are emptied then)."""
    global _overrides
    lines = {code: dict(found) for code, found in lines.items() if found or code not in LANGUAGES}
    if lines == _overrides:
        return False
    _overrides = lines
    clear_text_caches()
    return True


@text_cache(maxsize=256)    # every line a player reads asks it (the same few locales)
def normalise(lang: str | None, fallback: str = DEFAULT) -> str:
    """A supported language code from a Minecraft locale ("ru_ru", "sk_SK",
    "en_us") or a code; anything else is `fallback` (the server's `language`)."""
    code = (lang or fallback).replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES or code in _overrides else fallback


def _flatten(tree: dict[object, object], prefix: str = "") -> dict[str, Message]:
    out: dict[str, Message] = {}
    for key, value in tree.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and not set(value) <= PLURAL_FORMS:
            out.update(_flatten(value, path + "."))
        elif isinstance(value, dict):
            out[path] = {str(k): str(v) for k, v in value.items()}
        else:
            out[path] = str(value)
    return out


@lru_cache(maxsize=None)
def shipped(lang: str) -> dict[str, Message]:
    """Every message of one shipped language file, by dotted key (empty for another language)."""
    if lang not in LANGUAGES:
        return {}
    text = resources.files(__package__).joinpath("lang", f"{lang}.yaml").read_text(encoding="utf-8")
    return _flatten(yaml.safe_load(text) or {})


@text_cache(maxsize=None)
def messages(lang: str) -> dict[str, Message]:
    """Every message of one language, by dotted key: the shipped file's with the operator's lines
    over them."""
    found = _overrides.get(lang)
    return {**shipped(lang), **found} if found else shipped(lang)


def load_all() -> None:
    """Reads every language file now (the engine's start-up): the first player of a language
    would otherwise wait for its file's YAML to be read (~0.1 s) inside the answer to their click."""
    for code in languages():
        messages(code)


def plural_form(lang: str, n: int) -> str:
    """The CLDR plural category of an integer count."""
    n = abs(int(n))
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    if lang == "sk":
        return "one" if n == 1 else "few" if 2 <= n <= 4 else "other"
    return "one" if n == 1 else "other"


class _Args(dict[str, object]):
    def __missing__(self, key: str) -> str:   # a missing argument shows as itself
        return "{" + key + "}"


def _pick(message: Message, lang: str, args: dict[str, Any]) -> str:
    # `t`'s arguments are values of any type; a plural's `count` is the number plural_form takes
    if isinstance(message, str):
        return message
    form = plural_form(lang, args.get("count", 0))
    return message.get(form) or message.get("other") or message.get("many") or next(iter(message.values()))


def t(lang: str | None, key: str, **args: object) -> str:
    """The message `key` in `lang` with `args` filled in."""
    found = _message(lang, key)
    if found is None:
        return key
    code, message = found
    return _pick(message, code, args).format_map(_Args(args))


@text_cache(maxsize=8192)   # every line a player reads asks it: one look-up instead of three
def _message(lang: str | None, key: str) -> tuple[str, Message] | None:
    """The language a message comes from (English when `lang` lacks it) and the message; None
    when no language has it."""
    code = normalise(lang)
    message = messages(code).get(key)
    if message is None:
        code, message = DEFAULT, messages(DEFAULT).get(key)
    return None if message is None else (code, message)


def has(key: str) -> bool:
    """Whether the reference language has the line `key` (every language has its keys)."""
    return key in messages(DEFAULT)


def about(lang: str | None, key: str, viewer: str | None, player: str | None, **args: object) -> str:
    """The line `key` about `player`, or its "you" line (``you.<key>``) when the reader is the
    player: "ann played Red 7." to the others, "You played Red 7." to ann."""
    if viewer is not None and viewer == player and has("you." + key):
        return t(lang, "you." + key, player=player, **args)
    return t(lang, key, player=player, **args)


#: The lines that name the call (UNO, with one card left) and their DOS versions: in DOS the call
#: is DOS, due when a player's own match or add leaves them two cards (rules/dos.py). Whoever shows
#: one of these lines asks `for_edition` for it, the one place that chooses.
DOS_LINES = {
    "uno.button": "dos.button",
    "hint.first_game": "dos.hint_first_game",
    "hint.catch": "dos.hint_catch",
    "uno.catch_hover": "dos.catch_hover",
    "uno.caught": "dos.caught",                     # and you.uno.caught -> you.dos.caught (`about`)
    "refusal.nothing_to_call": "dos.nothing_to_call",
    "refusal.illegal_card": "dos.no_match",         # DOS matches centre cards, there is no top card
    "sidebar.uno": "dos.sidebar",
}
#: DOS versions that need not say "DOS" (they name no call)
DOS_NAMELESS = frozenset({"dos.no_match"})


def for_edition(key: str, edition: str | None) -> str:
    """The key of the line `key` as a table of `edition` says it (its DOS version in DOS)."""
    return DOS_LINES.get(key, key) if edition == "dos" else key


def colour_name(lang: str | None, colour: str) -> str:
    """A colour as a sentence names it: ``colour_name("ru", "R") == "красный"`` ("Теперь цвет: красный.")."""
    return t(lang, f"colour.{colour}")


def colour_label(lang: str | None, colour: str) -> str:
    """A colour as a button's label, which begins with a capital: "[Красный]"."""
    name = colour_name(lang, colour)
    return name[:1].upper() + name[1:]


@text_cache(maxsize=4096)   # cards are interned (Card.parse): a hand's names are looked up once per language
def card_name(lang: str | None, card: Card | None) -> str:
    """A card's name: "Red 7", "Красная 7", "Červená „Ber dve“", "Wild Draw
    Four"; None is the card back."""
    if card is None:
        return t(lang, "card.back")
    if card.is_wild:
        return t(lang, f"card.wild.{card.rank}")
    colour = t(lang, f"card.colour.{card.colour}")
    if card.is_number:
        return t(lang, "card.number", colour=colour, number=card.rank)
    return t(lang, "card.action", colour=colour, action=t(lang, f"card.rank.{card.rank}"))
