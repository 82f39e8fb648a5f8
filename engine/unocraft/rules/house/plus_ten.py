"""Plus ten (RULES.md §10): the four blank cards of a classic or minecraft deck
act as "+10", a wild draw card for ten.

The cards are the whole rule: `editions.build_deck(plus_ten=True)` adds them
(Options refuses the option for decks without blanks), and the core plays W+10
as the wild draw card it is: the next player draws ten, it is never a start
card, and it scores 50 (editions.py).
"""

from __future__ import annotations

from ..options import HouseOption
from ..state import HouseRule

SCENARIOS = ("s10_house/plus_ten.yaml", "s10_house/plus_ten_scores_50.yaml")

OPTION = HouseOption("plus_ten", False, "the four blank cards of a classic or minecraft deck act as "
                     "+10, a wild draw card for ten")

RULE: HouseRule = HouseRule("plus_ten", SCENARIOS)
