"""Player-facing text of the tables layer, through the language files.

Everything goes through `unocraft.presentation.lang.t`. A few lines the tables need are not (yet)
in the language files; until they are, they come from `FALLBACK` (English), so a missing key
never shows up as a raw key to a player.
"""

from __future__ import annotations

from ..presentation.lang import normalise, t

FALLBACK: dict[str, str] = {
    "usage": "Usage: /uno <start|join|leave|spectate|rules|help|play|draw|pass|uno|catch|challenge|colour|swap>",
    "usage.rules": "Usage: /uno rules [preset] [option=value ...]",
    "usage.action": "Usage: /uno {command}",
    "error.bad_argument": "Bad argument: {detail}",
    "error.no_table": "There is no open table here. Start one with /uno start.",
    "error.already_seated": "You are already at table {table}.",
    "error.table_full": "Table {table} is full.",
    "error.game_running": "The game at table {table} is already running; watch it with /uno spectate.",
    "error.not_owner": "Only {player}, who opened the table, can change its rules.",
    "error.rules_locked": "The rules can only change before the deal.",
    "error.refused": "Not now: {reason}",
    "error.no_such_table": "There is no table {table}.",
    "error.wrong_card_item": "That card is not yours.",
    "table.opened": "{player} opened UNO table {table}. Join with /uno join {table}.",
    "table.you_left": "You left the table; your items are back.",
    "table.spectating": "You are watching table {table}.",
    "table.rules": "Rules at table {table}: {preset} {options}",
    "table.closed": "Table {table} is closed.",
    "table.away": "{player} is away; a bot plays for them.",
    "table.back": "{player} is back.",
    "table.resumed": "The game continues where it stopped.",
    "turn.warning": "Play within {count} seconds or a bot plays for you.",
    "turn.timeout": "Time is up: a bot played for {player}.",
    "item.play_lore": "Right-click to play",
    "item.uno_lore": "Click it in your inventory to call UNO",
    "item.page": "More cards ({page}/{pages})",
    "item.page_lore": "Right-click for the next page",
    "item.top": "Top card: {card}",
    "status": "Turn: {player} | Top: {card} | Colour: {colour} | {direction} | {counts}",
    "direction.cw": "↻",
    "direction.ccw": "↺",
    "round.next": "The next round starts in {count} seconds.",
    "refusal.not_your_turn": "it is not your turn",
    "refusal.not_in_hand": "you do not hold that card",
    "refusal.illegal_card": "that card does not match",
    "refusal.wild_needs_colour": "choose a colour",
    "refusal.nothing_to_challenge": "there is nothing to challenge",
    "refusal.nothing_to_catch": "nobody can be caught now",
    "refusal.option_off": "this table does not use that rule",
    "refusal.draw_first": "draw first",
    "refusal.must_play": "you must play a card",
    "refusal.only_drawn_card": "only the card you drew may be played",
    "refusal.nothing_to_call": "UNO is called with two cards before playing, or right after playing",
    "refusal.nothing_to_swap": "no swap is due",
    "refusal.illegal_target": "that player cannot be chosen",
    "refusal.game_over": "the game is over",
    "refusal.round_over": "the round is over",
    "refusal.choose_first": "make your choice first",
    "refusal.answer_first": "a draw card waits for an answer",
    "refusal.unknown_player": "no such player at this table",
    "refusal.bad_action": "that is not an action of this game",
}


def say(lang: str | None, key: str, **args: object) -> str:
    text = t(lang, key, **args)
    if text == key and key in FALLBACK:
        return FALLBACK[key].format_map(_Args(args))
    return text


class _Args(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


__all__ = ["say", "normalise", "FALLBACK"]
