"""The house rules (RULES.md §10): one module each, one `RULE` per module.

A house rule module names its option (one of options.HOUSE_OPTIONS), the scenario
files under tests/scenarios/ that prove it, and the hooks of the core it joins
(`HouseRule.install`). To add one: its option in options.py, its module here
and in `RULES`, its scenarios; tests/test_house_rules.py holds the three together.

The order of `RULES` is the order in which the hooks run: draw_two_chain before
draw_four_escape and reverse_deflect (the first answer that fits a draw card is
taken, §16.4); seven_o before five_swap (five_swap refuses a swap nobody is due);
hand_slap before silent_twos (the order of their actions in the legal list).
"""

from __future__ import annotations

from ..core import HouseRule
from ..options import Options
from . import (colour_rotation, draw_four_escape, draw_two_chain, five_swap, forced_play, h2o_scoring,
               hand_slap, jump_in, mistake_penalty, play_doubles, plus_ten, reverse_deflect,
               seven_o, seven_rounds, silent_twos, until_the_last, zero_costs_50)

RULES: tuple[HouseRule, ...] = (
    jump_in.RULE, play_doubles.RULE, seven_o.RULE, draw_two_chain.RULE, draw_four_escape.RULE,
    reverse_deflect.RULE, hand_slap.RULE, silent_twos.RULE, five_swap.RULE, colour_rotation.RULE,
    plus_ten.RULE, until_the_last.RULE, seven_rounds.RULE, zero_costs_50.RULE, h2o_scoring.RULE,
    mistake_penalty.RULE, forced_play.RULE)


def _verbs() -> dict[str, tuple[HouseRule, ...]]:
    verbs: dict[str, tuple[HouseRule, ...]] = {}
    for rule in RULES:
        for verb in rule.verbs:
            verbs[verb] = verbs.get(verb, ()) + (rule,)
    return verbs


#: verb -> the rules that decide it, at every table (GameCore.HOUSE_VERBS)
VERBS = _verbs()

#: The options asked about last, and their rules: a table, self-play and the
#: benchmark make game after game with one `Options` (asking all the rules costs
#: a new game about 2 us, compiled, of its ~35).
_last: tuple[Options | None, tuple[HouseRule, ...]] = (None, ())


def active_rules(opts: Options) -> tuple[HouseRule, ...]:
    """The house rules `opts` turn on, in the order of `RULES`."""
    global _last
    if _last[0] is opts:
        return _last[1]
    found = tuple(rule for rule in RULES if rule.active(opts))
    _last = (opts, found)
    return found
