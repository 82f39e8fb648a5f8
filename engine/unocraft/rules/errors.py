"""Refusals: every action the rules do not allow is refused with a stable code.

The codes are part of the public interface (scenario files, the Minecraft
plugin's messages and bots depend on them); never rename one.
"""

from __future__ import annotations

from .events import Event

#: Every refusal code with its meaning. Stable strings: add, never rename.
CODES: dict[str, str] = {
    "not_your_turn": "acting out of turn when no out-of-turn rule allows it",
    "not_in_hand": "the card is not in that hand",
    "illegal_card": "the card does not match, or a wild draw card the rules forbid here",
    "wild_needs_colour": "a wild card was played without naming a colour",
    "nothing_to_challenge": "there is no wild draw card to challenge",
    "nothing_to_catch": "no player is catchable now",
    "option_off": "the action needs a house rule or challenge mode the table does not use",
    "draw_first": "pass before drawing",
    "must_play": "forced play: a playable card must be played",
    "only_drawn_card": "after drawing, only the drawn card may be played",
    "nothing_to_call": "an UNO (DOS) call at a moment the rules do not allow",
    "uno_too_late": "uno_call: before_play, and the next-to-last card is already down",
    "nothing_to_swap": "no swap is due",
    "illegal_target": "the named player cannot be the target",
    "game_over": "the match is over",
    "round_over": "the round is over; the next round has not been dealt",
    "round_not_over": "the next round is dealt only after this one ends",
    "choose_first": "a choice (colour, swap target, card to give) is due first",
    "answer_first": "a draw card waits for its victim's answer",
    "unknown_player": "no such player at this table",
    "bad_action": "the action is malformed or not part of this edition",
    "nothing_to_end": "DOS: the turn cannot end yet",
}

#: Codes that were merged into another: a scenario file expecting the old one still holds.
#: DOS had its own `no_match`; a card that matches nothing is `illegal_card` in every edition.
ALIASES: dict[str, str] = {"no_match": "illegal_card"}


class Refused(Exception):
    """An action was refused. `code` is one of `CODES`; the state is unchanged
    (except for a `mistake_penalty`, whose draw is reported in `events`)."""

    def __init__(self, code: str, detail: str = "", events: list[Event] | None = None) -> None:
        assert code in CODES, code
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail
        self.events = events or []


class ConfigError(ValueError):
    """Bad options, presets, decks or scenario files: a message naming what is wrong. A mistake a
    player can make when typing also names its line of the language files (`key`, with `values`
    for its placeholders), so the player reads it in their own language."""

    def __init__(self, message: str, key: str = "", **values: object):
        super().__init__(message)
        self.key = key
        self.values = values
