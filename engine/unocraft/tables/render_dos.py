"""DOS at a Minecraft table: the centre row, and a button for every match, bonus card
and choice the rules offer now. Which matches exist is the engine's answer
(`legal_actions`); this module only shows them."""

from __future__ import annotations

from typing import Any

from ..presentation import chat
from ..presentation.lang import card_name
from ..rules.actions import Action, named_face, parse_ref
from ..rules.cards import Card
from ..rules.views import DosView
from .text import say


def _label(card: Card) -> str:
    return "2" if card.rank == "W2" else card.rank


def centre_card(code: str) -> Card:
    """The card of a centre or hand code (DOS has no two-sided cards: a ref is one card)."""
    return named_face(parse_ref(code.split()[0]))


def card_text(code: str, lang: str) -> dict[str, Any]:
    """A centre or hand card as coloured text, e.g. ``[5]`` in green, with its name on hover."""
    card = centre_card(code)
    return chat.text(f"[{_label(card)}]", _colour(card.colour), bold=True, hover=card_name(lang, card))


def centre_line(view: DosView, lang: str) -> list[dict[str, Any]]:
    cards = [card_text(code, lang) for code in view.centre]
    return [chat.text(say(lang, "dos.centre") + " ", "gray")] + _spaced(cards)


def _action_button(action: Action, label: str, colour: str, hover: str, token: int) -> dict[str, Any]:
    return chat.button(label, colour, chat.command(*str(action).split(), token=token), hover)


def match_label(action: Action) -> str:
    cards = "+".join(_label(named_face(c)) for c in action.cards)
    if action.number is not None:
        cards += f"={action.number}"
    return f"{cards} → {_label(named_face(action.centre))}" if action.centre is not None else cards


def _colour(letter: str | None) -> str:
    return chat.CHAT_COLOUR.get(letter, "white") if letter else "light_purple"


def _spaced(parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for n, part in enumerate(parts):
        if n:
            out.append(chat.text(" "))
        out.append(part)
    return out


def _button_line(title: str, buttons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """"Title: [a] [b] …", or nothing when there is no button."""
    return [chat.text(title + " ", "gray")] + _spaced(buttons) if buttons else []


def turn_lines(view: DosView, lang: str, token: int, legal: list[Action]) -> list[list[dict[str, Any]]]:
    lines = [centre_line(view, lang)]
    matches = [a for a in legal if a.verb == "play"]
    lines.append(_button_line(say(lang, "dos.matches"), [
        _action_button(a, match_label(a), _colour(named_face(a.cards[0]).colour),
                       say(lang, "dos.match_hover", cards=" + ".join(card_name(lang, named_face(c)) for c in a.cards),
                           centre=card_name(lang, named_face(a.centre)) if a.centre else "?"), token)
        for a in matches]))
    adds = [a for a in legal if a.verb == "add"]
    lines.append(_button_line(say(lang, "dos.add"), [
        _action_button(a, _label(named_face(a.cards[0])), _colour(a.colour or named_face(a.cards[0]).colour),
                       say(lang, "dos.add_hover", card=card_name(lang, named_face(a.cards[0]))), token)
        for a in adds]))
    verbs = {a.verb for a in legal}
    buttons = []
    if "draw" in verbs:
        buttons.append(chat.draw_button(lang, token))
    if "end" in verbs:
        buttons.append(chat.button(say(lang, "dos.end"), "gray", chat.command("end", token=token),
                                   say(lang, "dos.end_hover")))
    if "dos" in verbs:
        buttons.append(chat.button(say(lang, "dos.button"), "gold", chat.command("dos", token=token), say(lang, "dos.call_hover")))
    for target in sorted({a.target for a in legal if a.verb == "catch" and a.target}):
        buttons.append(chat.catch_button(lang, token, target, "dos"))
    lines.append(_spaced(buttons))
    return [line for line in lines if line]
