"""Bots: they see only their own view and the legal actions, never the state.

    bot = make_bot("strong", seed=1)
    bot.act(view, legal)      -> Action          (the bot must act: its turn, an answer, a choice)
    bot.react(view, legal)    -> Action | None   (out of turn: catch, UNO, jump-in, slap, ...)

Four strengths: `random` (any legal action), `basic` (plays the first card that
fits, never bluffs, always calls UNO), `strong` (`unocraft.strategy`) and `lookahead`
(`strong` checked by determinized rollouts, up to ~0.1 s a move: see `search.py`).
"""

from __future__ import annotations

from .simple import BasicBot, Bot, DosBot, RandomBot, StrongBot

__all__ = ["BOTS", "Bot", "BasicBot", "DosBot", "RandomBot", "StrongBot", "make_bot"]

BOTS = ("random", "basic", "strong", "lookahead")


def make_bot(kind: str, seed: int = 0) -> Bot:
    if kind == "lookahead":
        from .search import LookaheadBot   # (its value table is read on first use only)
        return LookaheadBot(seed)
    try:
        cls = {"random": RandomBot, "basic": BasicBot, "strong": StrongBot}[kind]
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; known: {', '.join(BOTS)}") from None
    return cls(seed)
