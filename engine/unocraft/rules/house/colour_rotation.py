"""Colour rotation (RULES.md §10): a Wild sets the colour by itself, to the next
colour round the card's ring in the direction of play; nobody names one (the
legal actions offer wilds without a colour).
"""

from __future__ import annotations

from ..cards import DARK_RING, LIGHT_RING, Card, ColourInPlay
from ..options import HouseOption
from ..state import GameState, HouseRule

SCENARIOS = ("s10_house/colour_rotation.yaml", "s10_house/colour_rotation_ccw.yaml",
             "s10_house/colour_rotation_off.yaml", "s10_house/colour_rotation_wild_draw_four.yaml")

OPTION = HouseOption("colour_rotation", False, "a Wild sets the next colour round the card's ring, "
                     "in the direction of play; nobody names one")


class ColourRotation(HouseRule):
    def install(self, game: GameState) -> None:
        game.colour_rule = self

    def new_colour(self, game: GameState, face: Card) -> ColourInPlay:
        ring = DARK_RING if game.side else LIGHT_RING
        i = ring.index(game.colour) if game.colour in ring else -game.direction
        return ring[(i + game.direction) % 4]


RULE: HouseRule = ColourRotation("colour_rotation", SCENARIOS)
