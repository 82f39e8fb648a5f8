"""Views → what a player sees: card items, chat lines with buttons, the status line.

Pure functions of a rules view (and the player's language and page): no clock, no I/O.
display.py turns their results into display ops.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Protocol

from ..presentation import chat
from ..presentation.faces import face_key
from ..presentation.lang import about, card_name, colour_label, colour_name, text_cache
from ..rules.actions import Action, CardRef, parse_ref
from ..rules.cards import COLOUR_BY_NAME, Card
from ..rules.views import DosView, PenaltyView, View
from ..rules.vocab import EVENT_TONES, HOUSE_VERBS, LAYING, VERBS
from . import render_dos
from ..transport.protocol import Item
from .text import for_edition, say

HOTBAR_CARDS = 8          # slots 0-7 show a page of the hand, slot 8 turns the page
PAGE_SLOT = 8
MAIN_SLOTS = range(9, 36)  # the rest of the hand, in the inventory
OFFHAND = 40
TAG_CARD = "card:"
TAG_PAGE = "page"
TAG_TOP = "top"


@lru_cache(maxsize=4096)
def face_of(code: str, side: str) -> tuple[Card, bool]:
    """The face of a card in play on `side` (flip cards name both faces; a Wild DOS in the centre
    row carries the colour it was given: "W2 red")."""
    ref = parse_ref(code.split(" ")[0])
    if isinstance(ref, tuple):
        return (ref[1], True) if side == "dark" else (ref[0], False)
    return ref, side == "dark"


def hand_code(ref: CardRef, side: str) -> str:
    """A legal action's card as the hand shows it: the face up on `side` (the rules name a
    card by that face; a card named by both faces, "RS/O4", as scenario files may, shows
    the one up)."""
    if isinstance(ref, tuple):
        return str(ref[1] if side == "dark" else ref[0])
    return str(ref)


def uno_offered(view: View, legal: list[Action]) -> str | None:
    """When the [UNO!] button shows: "now" with two cards and one to play, "late" with one card
    left after playing without the call (until someone catches it), else None. The rules also
    accept a call with two cards and nothing to play; it would change nothing, so it is not offered."""
    if not any(a.verb == "uno" for a in legal):
        return None
    if len(view.hand or ()) == 1:
        return "late"
    return "now" if any(a.verb in LAYING for a in legal) else None


def playable_codes(legal: list[Action], side: str = "light") -> set[str]:
    return {hand_code(a.cards[0], side) for a in legal if a.verb in LAYING and a.cards}


def card_component(card: Card, lang: str, bold: bool = False) -> dict[str, Any]:
    colour = chat.CHAT_COLOUR.get(card.colour, "white") if card.colour else "white"
    c: dict[str, Any] = {"text": card_name(lang, card), "colour": colour}
    if bold:
        c["bold"] = True
    return c


@text_cache(maxsize=8192)
def card_item(code: str, side: str, lang: str, playable: bool, can_call_uno: bool,
              edition: str | None = None) -> Item:
    """The item of a hand card (its face in `edition`'s art). One dict per distinct item, shared
    by every redraw (never change it): display.py compares it to the one sent without looking inside."""
    card, dark = face_of(code, side)
    lore = [{"text": say(lang, "item.play_lore"), "colour": "gray"}]
    if can_call_uno:
        lore.append({"text": say(lang, "item.uno_lore"), "colour": "gold"})
    return {"face": face_key(card, dark, edition=edition), "name": card_component(card, lang, bold=playable),
            "lore": lore, "glow": playable, "tag": TAG_CARD + code}


def pages_of(hand_size: int) -> int:
    return max(1, -(-hand_size // HOTBAR_CARDS))


def hand_slots(view: View, lang: str, page: int, legal: list[Action]) -> dict[int, Item | None]:
    """Every engine slot of a seated player: hotbar page, page button, the rest in the
    inventory, the top card in the off-hand. Slots without a card map to None (emptied)."""
    side = view.side
    slots = dict(_card_slots(view.hand or (), side, lang, page,
                             frozenset(playable_codes(legal, side)), uno_offered(view, legal) is not None,
                             view.edition))
    slots[OFFHAND] = top_item(view, lang)
    return slots


@text_cache(maxsize=4096)
def _card_slots(hand: tuple[str, ...], side: str, lang: str, page: int, playable: frozenset[str],
                can_uno: bool, edition: str | None = None) -> dict[int, Item | None]:
    """The hand's slots (all but the off-hand) from what they show, one shared dict per distinct
    hand, page and choice (a redraw mostly finds the hands of the players who did not act
    unchanged; never change it: `hand_slots` copies it)."""
    pages = pages_of(len(hand))
    page %= pages
    shown = hand[page * HOTBAR_CARDS:(page + 1) * HOTBAR_CARDS]
    rest = hand[:page * HOTBAR_CARDS] + hand[(page + 1) * HOTBAR_CARDS:]
    slots: dict[int, Item | None] = {}
    for i in range(HOTBAR_CARDS):
        slots[i] = card_item(shown[i], side, lang, shown[i] in playable, can_uno, edition) if i < len(shown) else None
    slots[PAGE_SLOT] = page_item(page, pages, lang) if pages > 1 else None
    for n, slot in enumerate(MAIN_SLOTS):
        slots[slot] = card_item(rest[n], side, lang, rest[n] in playable, can_uno, edition) if n < len(rest) else None
    return slots


@text_cache(maxsize=1024)
def page_item(page: int, pages: int, lang: str) -> Item:
    """The arrow that turns the page (shared like `card_item`'s)."""
    return {"material": "minecraft:arrow",
            "name": {"text": say(lang, "item.page", page=page + 1, pages=pages), "colour": "yellow"},
            "lore": [{"text": say(lang, "item.page_lore"), "colour": "gray"}],
            "glow": False, "tag": TAG_PAGE}


def top_item(view: View, lang: str) -> Item | None:
    top = view.top
    if isinstance(view, DosView):   # DOS has no top card: show the first centre card
        top = view.centre[0] if view.centre else None
    if not top:
        return None
    return _top_item(top, view.side, lang, view.edition)


@text_cache(maxsize=4096)
def _top_item(top: str, side: str, lang: str, edition: str | None = None) -> Item:
    """The top card in the off-hand (shared like `card_item`'s)."""
    card, dark = face_of(top, side)
    name = card_component(card, lang)
    return {"face": face_key(card, dark, edition=edition),
            "name": {"text": say(lang, "item.top", card=card_name(lang, card)), "colour": name["colour"]},
            "lore": [], "glow": False, "tag": TAG_TOP}


def subtitle(view: View, lang: str) -> list[dict[str, Any]]:
    """The title's subtitle on a player's turn: the card to match, and the colour when a wild
    set it (the status line has the rest; the subtitle is shown double size)."""
    top = view.top
    if isinstance(view, DosView):   # the centre row instead of a top card
        row = ", ".join(card_name(lang, render_dos.centre_card(c)) for c in view.centre)
        return [{"text": say(lang, "turn.subtitle", card=row or "-"), "colour": "white"}]
    if not top:
        return [{"text": "", "colour": "white"}]
    card = face_of(top, view.side)[0]
    letter = COLOUR_BY_NAME.get(view.colour or "")
    colour = chat.CHAT_COLOUR.get(letter or card.colour or "", "white")
    if card.is_wild and letter:
        return [{"text": say(lang, "turn.subtitle_colour", card=card_name(lang, card),
                             colour=colour_name(lang, letter)), "colour": colour}]
    return [{"text": say(lang, "turn.subtitle", card=card_name(lang, card)), "colour": colour}]


def status_line(view: View, lang: str) -> list[dict[str, Any]]:
    """The action bar: whose turn, top card, colour, direction, card counts."""
    dos = isinstance(view, DosView)
    return _status_line(view.top, view.side, dos, view.colour, view.turn, view.direction,
                        tuple([(p.name, p.cards) for p in view.players]),
                        view.centre if isinstance(view, DosView) else (), lang)


@text_cache(maxsize=8192)
def _status_line(top: str | None, side: str, dos: bool, colour: str | None, turn: str | None, direction: str,
                 counts: tuple[tuple[str, int], ...], centre: tuple[str, ...], lang: str) -> list[dict[str, Any]]:
    """The action bar from what it shows, one shared list per distinct line (the same line goes
    to every player of a language at the table; never change it)."""
    card = face_of(top, side)[0] if top else None
    if dos:   # the centre row instead of a top card
        card = None
    colour_letter = COLOUR_BY_NAME.get(colour) if colour else None
    names = "  ".join(f"{name} {cards}" for name, cards in counts)
    row = ", ".join(card_name(lang, render_dos.centre_card(c)) for c in centre)
    text = say(lang, "status", player=turn or "-",
               card=card_name(lang, card) if card else (row or "-"),
               colour=colour_name(lang, colour_letter) if colour_letter else "-",
               direction=say(lang, f"direction.{direction}"), counts=names)
    return [{"text": text, "colour": chat.CHAT_COLOUR.get(colour_letter, "white") if colour_letter else "white"}]


def turn_lines(view: View, lang: str, token: int, legal: list[Action]) -> list[list[dict[str, Any]]]:
    """The chat lines a player gets when they have something to do: the hand with clickable
    cards, and a button for every other choice the rules offer now."""
    if isinstance(view, DosView):
        return render_dos.turn_lines(view, lang, token, legal)
    lines: list[list[dict[str, Any]]] = []
    verbs = {a.verb for a in legal}
    hand = view.hand or ()
    side = view.side
    playable = playable_codes(legal, side)
    if hand and (verbs & LAYING or "draw" in verbs):
        line = [chat.text(say(lang, "game.hand") + " ", "gray")]
        for n, code in enumerate(hand):
            card, dark = face_of(code, side)
            if n:
                line.append(chat.text(" "))
            ok = code in playable
            line.append(chat.card_component(card, lang, token, playable=ok, dark=dark))
        lines.append(line)
    uno = uno_offered(view, legal)
    buttons = chat.turn_buttons(lang, token, can_draw="draw" in verbs and "challenge" not in verbs,
                                can_pass="pass" in verbs, can_uno=uno == "now")
    if buttons:
        lines.append(buttons)
    if uno == "late":
        lines.append(chat.fill(say(lang, "uno.call_late"), {"uno": chat.uno_button(lang, token)}, "gold"))
    pending = view.pending
    if "challenge" in verbs and isinstance(pending, PenaltyView):
        accused = Card.parse(pending.card) if pending.card else None
        lines.append(chat.challenge_buttons(lang, token, pending.source, accused, pending.amount)
                     if accused else [])
    if "colour" in verbs:
        lines.append(chat.colour_buttons(lang, token, dark=side == "dark"))
    for verb in HOUSE_VERBS:     # a house rule's own verbs: buttons by what the verb's word names
        if verb in verbs and not VERBS[verb].chat:
            lines.append(_house_buttons(verb, VERBS[verb].names, lang, token, legal, side))
    catches = [a.target for a in legal if a.verb == "catch" and a.target]
    if catches:
        line = []
        for n, target in enumerate(sorted(set(catches))):
            if n:
                line.append(chat.text(" "))
            line.append(chat.catch_button(lang, token, target))
        lines.append(line)
    return [line for line in lines if line]


def _house_buttons(verb: str, names: str, lang: str, token: int, legal: list[Action], side: str) -> list[dict[str, Any]]:
    """[`button.<verb>` X] per player it names (a swap), one button per card it names (the card
    given back), or one button."""
    mine = [a for a in legal if a.verb == verb]
    if names == "player":
        return chat.player_buttons(lang, token, verb, sorted({a.target for a in mine if a.target}))
    if names == "card":
        codes: list[str] = []
        for a in mine:
            if a.cards:
                ref = a.cards[0]
                code = f"{ref[0]}/{ref[1]}" if isinstance(ref, tuple) else str(ref)
                if code not in codes:
                    codes.append(code)
        line: list[dict[str, Any]] = []
        for n, code in enumerate(codes):
            if n:
                line.append(chat.text(" "))
            comp = card_component(face_of(code, side)[0], lang, bold=True)
            line.append(chat.button(comp["text"], comp["colour"], chat.command(verb, code, token=token), comp["text"]))
        return line
    return [chat.button(say(lang, f"button.{verb}"), "gold", chat.command(verb, token=token),
                        say(lang, f"button.{verb}_hover"))]


def wild_colour_line(code: str, lang: str, token: int, legal: list[Action], side: str = "light") -> list[dict[str, Any]]:
    """"Choose a colour: [Red] …" for a wild the player right-clicked; each button plays it."""
    colours = []
    for a in legal:
        if a.verb in LAYING and a.cards and a.colour:
            if hand_code(a.cards[0], side) == code and a.colour not in colours:
                colours.append(a.colour)
    line = [chat.text(say(lang, "game.choose_colour") + " ", "gray")]
    for n, colour in enumerate(colours):
        if n:
            line.append(chat.text(" "))
        from ..rules.cards import COLOUR_NAMES
        line.append(chat.button(colour_label(lang, colour), chat.CHAT_COLOUR[colour],
                                chat.command("play", code, COLOUR_NAMES[colour], token=token),
                                say(lang, "button.colour_hover", colour=colour_name(lang, colour))))
    return line


class Told(Protocol):
    """What `event_line` reads of an event: its arguments as a player reads them (a rules `Event`,
    or the spectator's dict the web page keeps)."""

    def for_player(self, viewer: str | None, /) -> dict[str, Any]: ...


def event_line(ev: Told, viewer: str | None, lang: str, edition: str | None = None) -> list[dict[str, Any]] | None:
    """One rules event as a chat line for `viewer` (None: spectator) at a table of `edition`, or
    None when it is not told.
    It reads the event as `for_player` gives it (the language lines' arguments): the web page hands
    in the spectator's dicts it keeps (web/feed.py), not the typed events."""
    d = ev.for_player(viewer) if viewer is not None else ev.for_player(None)
    kind = d["type"]
    p = d.get("player")

    def card(code: str) -> str:
        return card_name(lang, face_of(code, "light")[0])

    def line(text: str, colour: str = "white") -> list[dict[str, Any]]:
        return [{"text": text, "colour": colour}]

    if (kind == "play" or EVENT_TONES.get(kind) == "played") and "card" in d:
        face = parse_ref(d["card"])
        face = face[0] if isinstance(face, tuple) else face
        colour = COLOUR_BY_NAME.get(d.get("colour") or "", None)
        if face.is_wild and colour:
            return line(about(lang, "game.played_colour", viewer, p, card=card(d["card"]),
                              colour=colour_name(lang, colour)), chat.CHAT_COLOUR.get(colour, "white"))
        return line(about(lang, "game.played", viewer, p, card=card(d["card"])),
                    chat.CHAT_COLOUR.get(face.colour, "white") if face.colour else "white")
    if kind == "draw":
        if viewer == p and d.get("cards"):
            if len(d["cards"]) == 1:
                return line(say(lang, "game.you_drew_card", card=card(d["cards"][0])), "aqua")
            return line(say(lang, "game.you_drew", count=len(d["cards"]),
                            cards=", ".join(card(c) for c in d["cards"])), "aqua")
        return line(say(lang, "game.drew", player=p, count=d.get("count", 1)), "gray")
    if kind == "turn" and d.get("skipped"):
        return line(" ".join(about(lang, "game.skipped", viewer, s) for s in d["skipped"]), "gray")
    if kind == "direction":
        return line(say(lang, "game.reversed"), "gray")
    if kind == "colour" and d.get("colour"):
        letter = COLOUR_BY_NAME.get(d["colour"])
        if letter:
            return line(say(lang, "game.colour_chosen", colour=colour_name(lang, letter)), chat.CHAT_COLOUR[letter])
    if kind == "uno":
        return line(about(lang, "uno.called", viewer, p), "gold")
    if kind == "caught":
        return line(about(lang, for_edition("uno.caught", edition), viewer, d.get("target"), count=d.get("amount", 2)),
                    "red")
    if kind == "challenge":
        key = "challenge.guilty" if d.get("guilty") else "challenge.innocent"
        who = d.get("target") if d.get("guilty") else p
        amount = d.get("amount")   # None: Wild Draw Colour, drawn until the colour
        if amount is None:
            return line(say(lang, key + "_until", player=who), "yellow")
        return line(say(lang, key, player=who, count=amount), "yellow")
    if kind == "round_over":
        pts = (d.get("points") or {}).get(d.get("winner"), 0)
        won = line(about(lang, "round.won", viewer, d.get("winner"), count=pts), "green")
        scores = d.get("scores") or {}
        if scores:
            won.append({"text": " " + say(lang, "table.scores", scores=", ".join(f"{n} {v}" for n, v in scores.items())),
                        "colour": "gray"})
        return won
    if kind == "match_over":
        winners = d.get("winners") or [d.get("winner")]
        score = (d.get("scores") or {}).get(winners[0], 0) if winners and winners[0] else 0
        return line(about(lang, "match.won", viewer, ", ".join(w for w in winners if w), count=score), "green")
    if kind == "match":   # DOS
        return line(about(lang, "event.match", viewer, p, cards=" + ".join(card(c) for c in d.get("cards", [])),
                          centre=card(d["on"]) if d.get("on") else "?"), "white")
    if kind == "add":     # DOS
        return line(about(lang, "event.add", viewer, p, card=card(d["card"])), "gray")
    tone = EVENT_TONES.get(kind)
    if tone is not None:
        return line(about(lang, f"event.{kind}", viewer, p, target=d.get("target"),
                          side=say(lang, f"side.{d.get('side', 'light')}"), place=d.get("place"),
                          winner=d.get("winner"), count=d.get("amount", 2)), TONE_COLOURS[tone])
    return None


#: the chat colour of an event told in one line (`event.<type>`), by its tone (rules/vocab.py)
TONE_COLOURS = {"played": "aqua", "news": "aqua", "call": "gold", "penalty": "red", "quiet": "gray", "good": "green",
                "creeper": "dark_green", "flip": "light_purple", "blocked": "yellow"}
