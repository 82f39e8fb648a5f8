"""What a player types for a card or a colour, in their language: ``/uno play К7``,
``/uno play красная 7``, ``/uno colour modrá``.

Each language file's ``typing`` section gives its colour words, its action words and its card
codes (a colour letter and a number or an action letter, or a wild's code). The English words
and codes are accepted in every language (a click runs ``/uno play R7``), so `to_rules` turns
what a player typed into the rules' notation (SCENARIOS.md) and leaves anything else as it was,
for the rules to refuse with their own message.
"""

from __future__ import annotations

from typing import NamedTuple

from ..rules.cards import COLOUR_NAMES, Card
from .lang import DEFAULT, messages, normalise, text_cache


def _number(text: str) -> bool:
    """A card's number as typed: 0-9, and 10 of DOS."""
    return text.isascii() and text.isdigit() and int(text) <= 10


@text_cache(maxsize=None)
def _section(lang: str, part: str) -> dict[str, str]:
    """`typing.<part>.<key>` of one language, by key (English for keys the language lacks)."""
    prefix = f"typing.{part}."
    found = {k[len(prefix):]: str(v) for k, v in messages(DEFAULT).items() if k.startswith(prefix)}
    found.update({k[len(prefix):]: str(v) for k, v in messages(lang).items() if k.startswith(prefix)})
    return found


class _Reading(NamedTuple):
    """Each typed form of one language (codes in upper case, words in lower case) -> the rules'
    letter or code; English's, then the language's own."""
    colours: dict[str, str]        # colour letters of card codes
    ranks: dict[str, str]          # action letters of card codes
    wilds: dict[str, str]          # wild codes
    colour_words: dict[str, str]
    rank_words: dict[str, str]


@text_cache(maxsize=None)
def _reading(lang: str) -> _Reading:
    r = _Reading({}, {}, {}, {}, {})
    for code in dict.fromkeys((DEFAULT, lang)):
        for part, into, upper in (("code.colour", r.colours, True), ("code.rank", r.ranks, True),
                                  ("code.wild", r.wilds, True), ("colour", r.colour_words, False),
                                  ("rank", r.rank_words, False)):
            for key, typed in _section(code, part).items():
                for form in typed.split():
                    into[form.upper() if upper else form.lower()] = key
    return r


def read_card(lang: str | None, word: str) -> str | None:
    """The rules' code of a typed card code (``К7`` -> ``R7``), None when it is not one."""
    r = _reading(normalise(lang))
    typed = word.upper()
    if typed in r.wilds:
        return r.wilds[typed]
    if len(typed) >= 2 and typed[0] in r.colours:
        rest = typed[1:]
        if _number(rest):
            return r.colours[typed[0]] + str(int(rest))
        if rest in r.ranks:
            return r.colours[typed[0]] + r.ranks[rest]
    return None


def read_colour(lang: str | None, word: str) -> str | None:
    """The colour letter of a typed colour word (``красный`` -> ``R``), None when it is not one."""
    return _reading(normalise(lang)).colour_words.get(word.lower())


def to_rules(lang: str | None, words: list[str]) -> list[str]:
    """A typed action's words with the player's cards and colours in the rules' notation:
    ``["красная", "7"]`` -> ``["R7"]``, ``["Ц+4", "синий"]`` -> ``["W+4", "blue"]``; any other
    word is left as it is."""
    code = normalise(lang)
    r = _reading(code)
    out: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        colour = r.colour_words.get(word.lower())
        after = words[i + 1].lower() if i + 1 < len(words) else ""
        rank = str(int(after)) if _number(after) else r.rank_words.get(after)
        if colour is not None and rank is not None:        # "red 7", "красная пропуск"
            out.append(colour + rank)
            i += 2
            continue
        card = read_card(code, word)
        out.append(card if card is not None else COLOUR_NAMES[colour] if colour is not None else word)
        i += 1
    return out


@text_cache(maxsize=4096)
def card_code(lang: str | None, card: Card) -> str:
    """The code a player of `lang` types for `card` (``R7`` -> ``К7`` in Russian)."""
    code = normalise(lang)
    if card.is_wild:
        return _section(code, "code.wild").get(card.rank, str(card))
    letter = _section(code, "code.colour").get(card.colour or "", card.colour or "")
    rank = card.rank if card.is_number else _section(code, "code.rank").get(card.rank, card.rank)
    return letter + rank


def colour_word(lang: str | None, colour: str) -> str:
    """The first colour word of `lang` for a colour letter: what lists of colours show."""
    words = _section(normalise(lang), "colour").get(colour, "")
    return words.split()[0] if words else COLOUR_NAMES[colour]
