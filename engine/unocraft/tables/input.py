"""Player input that is not a plain command: a click on a card in the inventory, a right-click
with a card or button item, a chat line, and a typed game action (`/uno play R7`), each turned
into a rules action for `act`, which checks that the player may act now (seated, dealt, the turn
token of a chat click still current) and answers a refusal. The rules decide; nothing here does.
Each returns what it decided for the players (notices.py).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

from ..presentation import codes
from ..rules.actions import Action, parse_ref
from ..rules.cards import DARK_COLOURS, LIGHT_COLOURS, Card, parse_colour
from ..rules.errors import ConfigError, Refused
from ..rules.vocab import CHAT, LAYING, NAMING_PLAYER
from . import commands, render
from .notices import Notice, PlaySound, Said
from .sounds import SOUND_PENALTY
from .table import Table
from .text import config_error, for_edition, say

if TYPE_CHECKING:
    from .call import Call
    from .lifecycle import Lifecycle


class Input:
    def __init__(self, core: Lifecycle):
        self.core = core

    # ================================================================ what the plugin forwards
    def click(self, player: str, tag: str, now: float) -> list[Notice]:
        """A click on a card in the inventory calls UNO when a call is possible now (the mod flow
        of RULES.md §13); any other click on a card does nothing."""
        t = self.core.seated_table(player)
        if t is None or t.game is None or not tag.startswith(render.TAG_CARD):
            return []
        call = Action(player, "uno")
        # a stray click (looking, trying to move a card) is no false call: the card's lore says when a click calls UNO
        if t.game.refusal(call) is not None:
            return []
        return self.act(player, call, None, now)

    def use(self, player: str, tag: str, now: float) -> list[Notice]:
        """A right-click with an item: a card plays it (a wild asks its colour first), the page
        button turns the page of the hand, the top card shows the status line."""
        t = self.core.seated_table(player)
        if t is None or t.game is None:
            return Said().error(player, "error.not_at_table").items
        if tag == render.TAG_PAGE:
            t.pages[player] = t.pages.get(player, 0) + 1
            self.core.changed(t)
            return []
        if tag == render.TAG_TOP:
            return Said().send(player, render.status_line(t.view(player), self.core.lang(player))).items
        if not tag.startswith(render.TAG_CARD):
            return []
        code = tag[len(render.TAG_CARD):]
        view = t.view(player)
        if code not in (view.hand or ()):
            return Said().error(player, "error.wrong_card_item").items
        side = view.side
        face = render.face_of(code, side)[0]
        legal = t.legal(player)
        if face.is_wild and any(a.colour for a in legal if a.verb in LAYING and a.cards
                                and render.playable_codes([a], side) == {code}):
            return Said().send(player, render.wild_colour_line(code, self.core.lang(player), t.token, legal, side)).items
        return self.act(player, Action(player, "play", (parse_ref(code),)), None, now)

    def chat(self, player: str, now: float) -> list[Notice]:
        """A chat line is an action when the rules make it one now (silent twos, RULES.md §10:
        talking while the table keeps silence). Any other chat is none of the game's business."""
        t = self.core.seated_table(player)
        if t is None or t.state != "playing" or t.game is None or t.game.phase != "play":
            return []
        said = next((a for a in t.legal(player) if a.verb in CHAT), None)
        return self.act(player, Action(player, said.verb), None, now) if said is not None else []

    def typed(self, c: Call) -> list[Notice]:
        """A typed game action (`/uno play R7`, `/uno colour blue`): a card code or colour the
        game does not know gets its own answer, with the nearest codes of the player's hand."""
        player, name = c.player, c.name
        lang = self.core.lang(player)
        verb = commands.VERB_OF.get(name, name)
        named = c.rest[:1] if verb in NAMING_PLAYER else []    # a player's name is never a card
        rest = named + codes.to_rules(lang, c.rest[len(named):])
        text = " ".join([verb] + rest)
        t = self.core.seated_table(player)
        out = Said()
        try:
            action = Action.parse(player, text)
        except ConfigError as e:
            bad, told = self._bad_word(player, t, verb, rest)
            out.add(told)
            if not bad:
                if e.key == "parse.needs_card":
                    e.values["example"] = self._example(t, player, lang)
                elif e.key == "parse.needs_colour":
                    e.values["colours"] = self._colour_list(t, lang)
                out.send(player, [{"text": config_error(lang, e), "colour": "red"}])
            return out.usage(player, name).items
        if t is not None and action.colour is not None and action.colour not in colours(t):
            out.add(self._not_a_colour(player, t, codes.colour_word(lang, action.colour)))
            return out.usage(player, name).items
        return self.act(player, action, c.token, c.now)

    # ================================================================ acting
    def act(self, player: str, action: Action, token: str | None, now: float) -> list[Notice]:
        """The action, made where the input entered (a click, a right-click, a chat line, a typed
        command), played if the player may act now; else why not."""
        t = self.core.seated_table(player)
        out = Said()
        if t is None:
            return out.error(player, "error.not_at_table").items
        if t.state != "playing" or t.game is None:     # the lobby: the deal comes at the countdown's end
            wait = math.ceil(t.countdown_at - now)
            if wait > 0:
                return out.tell(player, "start.not_dealt", "yellow", count=wait).items
            return out.tell(player, "start.not_dealt_soon", "yellow").items
        if token is not None and token != str(t.token):
            return out.error(player, "error.stale_click").items
        if t.game.phase != "play":
            return self._refused(player, "round_over" if t.game.phase == "round_over" else "game_over")
        try:
            return self.core.play(t, action, now)
        except Refused as r:
            if r.code == "wild_needs_colour":
                legal = t.legal(player)
                side = t.view(player).side
                code = render.hand_code(action.cards[0], side) if action.cards else ""
                out.send(player, render.wild_colour_line(code, self.core.lang(player), t.token, legal, side))
            else:
                out.add(self._refused(player, r.code, t.game.opts.edition))
                if r.code == "not_in_hand" and action.cards:
                    lang = self.core.lang(player)
                    typed = codes.card_code(lang, render.face_of(render.hand_code(action.cards[0], "light"), "light")[0])
                    out.did_you_mean(player, self._nearest_cards(t, player, typed, lang))
            if r.events:
                out.add(self.core.penalised(t, r.events, now))
            return out.items

    def _refused(self, player: str, code: str, edition: str | None = None) -> list[Notice]:
        lang = self.core.lang(player)
        reason = for_edition(f"refusal.{code}", edition)
        # a sentence of its own, unless the edition words the refusal its own way (DOS matches centre cards)
        key = {"not_your_turn": "error.not_your_turn", "illegal_card": "error.cannot_play"}.get(code)
        if key and reason == f"refusal.{code}":
            text = say(lang, key)
        else:
            text = say(lang, "error.refused", reason=say(lang, reason))
        return Said().send(player, [{"text": text, "colour": "red"}]).note(PlaySound(player, SOUND_PENALTY)).items

    # ================================================================ a word the game does not know
    def _bad_word(self, player: str, t: Table | None, verb: str, rest: list[str]) -> tuple[bool, list[Notice]]:
        """Tells the player which word of an action is neither a card code nor a colour (True),
        or False when the fault is elsewhere (a missing argument)."""
        words = rest[1:] if verb in NAMING_PLAYER else rest
        for word in words:
            if word.lower() == "on" or word.isdigit() or _parses(parse_colour, word) \
                    or verb != "colour" and _parses(parse_ref, word):
                continue
            if verb == "colour" or word.isalpha() and len(word) > 2:    # meant as a colour
                return True, self._not_a_colour(player, t, word)
            lang = self.core.lang(player)
            out = Said().error(player, "error.unknown_card", card=word, examples=", ".join(
                codes.card_code(lang, Card.parse(c)) for c in ("R7", "YS", "G+2", "W", "W+4")))
            return True, out.did_you_mean(player, self._nearest_cards(t, player, word, self.core.lang(player))).items
        return False, []

    def _not_a_colour(self, player: str, t: Table | None, word: str) -> list[Notice]:
        named = self._colour_list(t, self.core.lang(player))
        return Said().error(player, "error.not_a_colour", word=word, colours=named).items

    @staticmethod
    def _colour_list(t: Table | None, lang: str) -> str:
        """The colours a player may name now, as their language types them."""
        return ", ".join(codes.colour_word(lang, c) for c in (colours(t) if t is not None else LIGHT_COLOURS))

    @staticmethod
    def _example(t: Table | None, player: str, lang: str) -> str:
        """A card code to show in "needs a card": the player's first card, else a red 7."""
        view = t.view(player) if t is not None and t.game is not None else None   # None: no game
        hand = view.hand if view is not None else None
        card = render.face_of(hand[0], view.side)[0] if view is not None and hand else Card.parse("R7")
        return codes.card_code(lang, card)

    @staticmethod
    def _nearest_cards(t: Table | None, player: str, word: str, lang: str) -> list[str]:
        """The codes in the player's hand closest to a mistyped one (`R77` -> `R7`)."""
        if t is None or t.game is None:
            return []
        view = t.view(player)
        side = view.side
        shown = {codes.card_code(lang, render.face_of(code, side)[0]) for code in view.hand or ()}
        return commands.nearest(word.upper(), sorted(shown))


def colours(t: Table) -> tuple[str, ...]:
    """The colours a player of `t` may name now: the side in play; before the deal, every
    colour of the table's edition."""
    if t.game is not None:
        side = t.game.side_colours
        return tuple(side() if callable(side) else side)
    return LIGHT_COLOURS + DARK_COLOURS if t.options().edition == "flip" else LIGHT_COLOURS


def _parses(parse: Callable[[str], object], word: str) -> bool:
    try:
        parse(word)
    except ConfigError:
        return False
    return True
