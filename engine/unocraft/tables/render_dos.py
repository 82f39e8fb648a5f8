"""DOS at a Minecraft table: the centre row, and a button for every match, bonus card
and choice the rules offer now. Which matches exist is the engine's answer
(`legal_actions`); this module only shows them."""

from __future__ import annotations

from ..presentation import chat
from ..presentation.lang import card_name
from ..rules.actions import Action, parse_ref
from ..rules.cards import Card
from .text import say


def _label(card: Card) -> str:
    return "2" if card.rank == "W2" else card.rank


def card_text(code: str, lang: str) -> dict:
    """A centre or hand card as coloured text, e.g. ``[5]`` in green, with its name on hover."""
    card = parse_ref(code.split()[0])
    colour = chat.CHAT_COLOUR.get(card.colour, "white") if card.colour else "light_purple"
    return chat.text(f"[{_label(card)}]", colour, bold=True, hover=card_name(lang, card))


def centre_line(view: dict, lang: str) -> list[dict]:
    line = [chat.text(say(lang, "dos.centre") + " ", "gray")]
    for n, code in enumerate(view.get("centre") or []):
        if n:
            line.append(chat.text(" "))
        line.append(card_text(code, lang))
    return line


def _action_button(action: Action, label: str, colour: str, hover: str, token: int) -> dict:
    return chat.button(label, colour, chat.command(*str(action).split(), token=token), hover)


def match_label(action: Action) -> str:
    cards = "+".join(_label(c) for c in action.cards)
    if action.number is not None:
        cards += f"={action.number}"
    return f"{cards} → {_label(action.centre)}" if action.centre is not None else cards


def turn_lines(view: dict, lang: str, token: int, legal: list[Action]) -> list[list[dict]]:
    lines = [centre_line(view, lang)]
    matches = [a for a in legal if a.verb == "play"]
    if matches:
        line = [chat.text(say(lang, "dos.matches") + " ", "gray")]
        for n, a in enumerate(matches):
            if n:
                line.append(chat.text(" "))
            colour = chat.CHAT_COLOUR.get(a.cards[0].colour, "white") if a.cards[0].colour else "light_purple"
            line.append(_action_button(a, match_label(a), colour,
                                       say(lang, "dos.match_hover", cards=" + ".join(card_name(lang, c) for c in a.cards),
                                           centre=card_name(lang, a.centre) if a.centre else "?"), token))
        lines.append(line)
    adds = [a for a in legal if a.verb == "add"]
    if adds:
        line = [chat.text(say(lang, "dos.add") + " ", "gray")]
        for n, a in enumerate(adds):
            if n:
                line.append(chat.text(" "))
            card = a.cards[0]
            colour = chat.CHAT_COLOUR.get(a.colour or card.colour, "white") if (a.colour or card.colour) else "light_purple"
            line.append(_action_button(a, _label(card), colour, say(lang, "dos.add_hover", card=card_name(lang, card)),
                                       token))
        lines.append(line)
    verbs = {a.verb for a in legal}
    buttons = []
    if "draw" in verbs:
        buttons.append(chat.draw_button(lang, token))
    if "end" in verbs:
        buttons.append(chat.button(say(lang, "dos.end"), "gray", chat.command("end", token=token),
                                   say(lang, "dos.end_hover")))
    if "dos" in verbs:
        buttons.append(chat.button("DOS!", "gold", chat.command("dos", token=token), say(lang, "dos.call_hover")))
    for target in sorted({a.target for a in legal if a.verb == "catch" and a.target}):
        buttons.append(chat.catch_button(lang, token, target))
    if buttons:
        line = []
        for n, b in enumerate(buttons):
            if n:
                line.append(chat.text(" "))
            line.append(b)
        lines.append(line)
    return [line for line in lines if line]
