"""Chat lines as version-neutral component descriptions.

Minecraft changed its chat JSON (1.21.5 renamed ``clickEvent``/``hoverEvent``
and their inner keys), so nothing here is Minecraft JSON. A component is a
plain dict the Java side turns into an Adventure component:

    {"text": "[7]",                          # required
     "colour": "red",                        # a Minecraft named colour
     "bold": True,                           # only when true
     "click": {"command": "/uno play R7 #t12"},   # runs the command
     "hover": "Red 7",                       # shown on mouse-over
     "extra": [ ...components... ]}          # children inherit the parent's style and click

A line is a list of components. Every command a click runs ends with the turn
token argument ``#t<token>``, so the engine can refuse a click on an old line
(`split_token` takes it off again).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..rules.cards import Card, COLOUR_NAMES, DARK_COLOURS, DARK_RING, LIGHT_COLOURS, LIGHT_RING
from .codes import card_code
from .lang import card_name, colour_label, colour_name, for_edition, t, text_cache

# plain data for the wire, as transport/protocol.py's Component: the tables add keys the module's text does
# not list (`underlined`, `italic`, a click that opens a `url`), so it is no TypedDict of these
Component = dict[str, Any]
Line = list[Component]

TOKEN_PREFIX = "#t"

#: Minecraft's named chat colour for each card colour.
CHAT_COLOUR = {
    "R": "red", "Y": "yellow", "G": "green", "B": "blue",
    "P": "light_purple", "T": "dark_aqua", "O": "gold", "V": "dark_purple",
}
DISABLED = "dark_gray"
#: Short labels of action ranks; the hover gives the full name.
RANK_LABEL = {"S": "⊘", "R": "⇄", "F": "↻", "E": "⊘⊘", "W+4": "+4", "W+2": "+2",
              "W+10": "+10", "WC": "+?", "W2": "2"}


def token_arg(token: int | str) -> str:
    """The command argument that carries a turn token: ``token_arg(12) == "#t12"``."""
    return f"{TOKEN_PREFIX}{token}"


def split_token(args: list[str]) -> tuple[list[str], str | None]:
    """The arguments without a trailing turn token, and the token (None when
    the command was typed without one)."""
    if args and args[-1].startswith(TOKEN_PREFIX) and len(args[-1]) > len(TOKEN_PREFIX):
        return args[:-1], args[-1][len(TOKEN_PREFIX):]
    return list(args), None


def command(*words: str, token: int | str) -> str:
    """``command("play", "R7", token=12) == "/uno play R7 #t12"``."""
    return " ".join(("/uno", *words, token_arg(token)))


def text(value: str, colour: str | None = None, bold: bool = False,
         click: str | None = None, hover: str | None = None,
         extra: list[Component] | None = None) -> Component:
    """One component; unset fields are left out."""
    c: Component = {"text": value}
    if colour:
        c["colour"] = colour
    if bold:
        c["bold"] = True
    if click:
        c["click"] = {"command": click}
    if hover:
        c["hover"] = hover
    if extra:
        c["extra"] = extra
    return c


def label(value: str, colour: str) -> Component:
    """A button's look without its click, where a line names a button the player will meet."""
    return text(f"[{value}]", colour, bold=True)


def button(label: str, colour: str, click: str, hover: str) -> Component:
    """A bold ``[label]`` that runs `click`."""
    return text(f"[{label}]", colour, bold=True, click=click, hover=hover)


def _label(card: Card, lang: str | None) -> str:
    if card.rank == "C":        # the Creeper has no symbol: its name
        return card_name(lang, card)
    return RANK_LABEL.get(card.rank, card.rank)


def card_component(card: Card, lang: str | None, token: int | str,
                   playable: bool = True, dark: bool = False) -> Component:
    """One card of a hand: ``[7]`` in the card's colour; a click plays it. A
    wild shows its label in the colours of its ring. Unplayable cards are grey
    and do nothing. The hover names the card and the code to type (``R7``,
    ``W+4``; in flip the face in play)."""
    shape = _card_shape(card, lang, playable, dark)
    if not playable:
        return shape
    c = dict(shape)       # the click in its place, with this prompt's token
    c["click"] = {"command": command("play", str(card), token=token)}
    return c


@text_cache(maxsize=8192)    # a turn prompt shows a whole hand: built once per card, language and look
def _card_shape(card: Card, lang: str | None, playable: bool, dark: bool) -> Component:
    """A card's component without its turn token (a playable one's click is a placeholder that
    `card_component` replaces); one shared dict per distinct card button: never change it."""
    label = _label(card, lang)
    hover = _card_hover(card, lang, playable)
    if not playable:
        return text(f"[{label}]", DISABLED, hover=hover)
    click = "/uno play"
    if card.colour is not None:
        return text(f"[{label}]", CHAT_COLOUR[card.colour], bold=True, click=click, hover=hover)
    if card.rank == "C":
        return text(f"[{label}]", "dark_green", bold=True, click=click, hover=hover)
    ring = DARK_RING if dark or card.rank == "WC" else LIGHT_RING
    letters = [text(ch, CHAT_COLOUR[ring[n % 4]]) for n, ch in enumerate(label)]
    return text("[", "white", bold=True, click=click, hover=hover, extra=letters + [text("]", "white")])


@text_cache(maxsize=4096)    # a turn prompt shows a whole hand: its hovers are looked up once per language
def _card_hover(card: Card, lang: str | None, playable: bool) -> str:
    """The hover of a card button: its name, what a click does, the code to type (/uno play R7)."""
    name = card_name(lang, card)
    typed = t(lang, "button.code_hover", code=card_code(lang, card))
    if not playable:
        return t(lang, "button.cannot_play_hover", card=name) + "\n" + typed
    return name + "\n" + t(lang, "button.play_hover", card=name) + "\n" + typed


def hand_line(cards: Iterable[Card], lang: str | None, token: int | str,
              playable: Iterable[Card] | None = None, dark: bool = False) -> Line:
    """"Your hand: [7] [⊘] [+4] …"; `playable` (from the rules' legal actions)
    greys out the rest, None leaves every card clickable."""
    allowed = None if playable is None else set(playable)
    line: Line = [text(t(lang, "game.hand") + " ", "gray")]
    for n, card in enumerate(cards):
        if n:
            line.append(text(" "))
        line.append(card_component(card, lang, token, allowed is None or card in allowed, dark))
    return line


def colour_buttons(lang: str | None, token: int | str, dark: bool = False) -> Line:
    """"Choose a colour: [Red] [Yellow] [Green] [Blue]" (the dark four on the
    dark side of Flip); a click runs ``/uno colour red #t…``."""
    line: Line = [text(t(lang, "game.choose_colour") + " ", "gray")]
    for n, colour in enumerate(DARK_COLOURS if dark else LIGHT_COLOURS):
        if n:
            line.append(text(" "))
        line.append(button(colour_label(lang, colour), CHAT_COLOUR[colour],
                           command("colour", COLOUR_NAMES[colour], token=token),
                           t(lang, "button.colour_hover", colour=colour_name(lang, colour))))
    return line


def draw_button(lang: str | None, token: int | str) -> Component:
    return button(t(lang, "button.draw"), "aqua", command("draw", token=token), t(lang, "button.draw_hover"))


def pass_button(lang: str | None, token: int | str) -> Component:
    return button(t(lang, "button.pass"), "gray", command("pass", token=token), t(lang, "button.pass_hover"))


def uno_button(lang: str | None, token: int | str) -> Component:
    return button(t(lang, "uno.button"), "gold", command("uno", token=token), t(lang, "uno.hover"))


def catch_button(lang: str | None, token: int | str, player: str, edition: str | None = None) -> Component:
    """Catch `player`, who did not call UNO with one card left (in DOS, `edition`: DOS with two)."""
    return button(t(lang, "uno.catch_button", player=player), "red", command("catch", player, token=token),
                  t(lang, for_edition("uno.catch_hover", edition), player=player))


def challenge_buttons(lang: str | None, token: int | str, player: str, card: Card, count: int | None) -> Line:
    """[Challenge] [Accept] after `player` played a wild draw `card`; accepting
    is drawing the `count` cards (None: a Wild Draw Colour's, until the colour)."""
    name = card_name(lang, card)
    accept = (t(lang, "challenge.accept_hover", count=count) if count is not None
              else t(lang, "challenge.accept_hover_until"))
    return [button(t(lang, "challenge.button"), "red", command("challenge", token=token),
                   t(lang, "challenge.hover", player=player, card=name)),
            text(" "),
            button(t(lang, "challenge.accept_button"), "green", command("draw", token=token), accept)]


def player_buttons(lang: str | None, token: int | str, verb: str, players: Iterable[str]) -> Line:
    """One [`button.<verb>` X] per player X (a seven-o swap: [Swap with X])."""
    line: Line = []
    for n, player in enumerate(players):
        if n:
            line.append(text(" "))
        line.append(button(t(lang, f"button.{verb}", player=player), "light_purple", command(verb, player, token=token),
                           t(lang, f"button.{verb}_hover", player=player)))
    return line


def turn_buttons(lang: str | None, token: int | str, can_draw: bool = True, can_pass: bool = False,
                 can_uno: bool = False) -> Line:
    """The action row under a hand: [Draw] [Pass] [UNO!], whichever apply."""
    parts = [p for p, on in ((draw_button, can_draw), (pass_button, can_pass), (uno_button, can_uno)) if on]
    line: Line = []
    for n, make in enumerate(parts):
        if n:
            line.append(text(" "))
        line.append(make(lang, token))
    return line


def fill(value: str, parts: dict[str, Component], colour: str) -> Line:
    """A translated line whose `{name}` placeholders (left in by `t`) are the components `parts`
    names, a button in the middle of a sentence: ``fill("Click {uno} now", {"uno": ...}, "gold")``."""
    line: Line = []
    rest = value
    while rest:
        found = [(rest.find("{" + name + "}"), name) for name in parts if "{" + name + "}" in rest]
        if not found:
            line.append(text(rest, colour))
            break
        at, name = min(found)
        if at:
            line.append(text(rest[:at], colour))
        line.append(parts[name])
        rest = rest[at + len(name) + 2:]
    return line


def commands_in(line: Line) -> list[str]:
    """Every click command of a line, children included (for tests and logs)."""
    found = []
    for c in line:
        if "click" in c:
            found.append(c["click"]["command"])
        found += commands_in(c.get("extra", []))
    return found


def plain_text(line: Line) -> str:
    """The line as plain text (consoles, RCON, logs)."""
    return "".join(c["text"] + plain_text(c.get("extra", [])) for c in line)
