"""The event classes (rules/events.py, rules/dos_events.py, a house rule's in its module): each
kind is one class, every kind the chat tells has its line in every language, and a house rule's
declared tones (`EVENTS`) name kinds that exist."""

from __future__ import annotations

import pytest

from unocraft.presentation import chat
from unocraft.rules import dos_events as dos
from unocraft.rules import events as ev
from unocraft.rules.house import MODULES
from unocraft.rules.house import (five_swap, hand_slap, mistake_penalty, seven_o, seven_rounds, silent_twos,
                                  until_the_last)
from unocraft.tables import render

#: one event of every kind (each class once)
SAMPLES: list[ev.Event] = [
    ev.DealerDraw({"ann": "R5", "bob": "G2"}), ev.Dealer("ann"), ev.Dealt(7, ["R1"] * 7, to="ann"),
    ev.StartCard("R5", "ann"), ev.StartCardReturned("W+4"), ev.Reshuffle(40), ev.Turn("bob", ["cid"]),
    ev.Play("ann", "W", "red"), ev.JumpIn("bob"), ev.Draw("ann", 2, "uno_penalty", ["R1", "G2"], to="ann"),
    ev.MayPlayDrawn("ann", "R1", to="ann"), ev.Creeper("ann"), ev.Direction("ccw"), ev.Flip("dark", "P5"),
    ev.ChooseColour("ann"), ev.ColourChosen("ann", "blue"), ev.ChooseSwap("ann"), ev.MustAnswer("bob", "W+4", 4),
    ev.Challenge("bob", "ann", True, 4, ["R1", "W+4"], to="bob"), ev.CardReturned("ann", "W+4"), ev.Uno("ann"),
    ev.UnoSafe("ann"), ev.Caught("bob", "ann", 2), ev.FalseCatch("bob", "cid", 2), ev.Blocked("ann", "blocked"),
    ev.RoundOver("ann", "bob", {"ann": 30, "bob": 0}, {"ann": 30, "bob": 0}, {"ann": [], "bob": ["R7"]}),
    ev.MatchOver(["ann"], {"ann": 530, "bob": 20}), ev.Eliminated("cid"),
    dos.CentreRow(["R1", "G2"], "ann"), dos.Match("ann", ["R2", "Y3"], "G5", True, True, 5),
    dos.ColourBonus("ann", True), dos.Add("ann", "W2", "red", False), dos.EndTurn("ann"),
    dos.CentreRefill(["B3"]), dos.Dos("ann"),
    five_swap.SwapCard("ann", "bob", "R5", to="bob"), five_swap.GiveCard("bob", "ann", "G2", to="ann"),
    hand_slap.SlapNow("ann"), hand_slap.Slapped("bob"), hand_slap.SlapLast("cid"), hand_slap.SlapLate("cid"),
    mistake_penalty.Mistake("bob", "not_your_turn"), seven_o.SwapHands("ann", "bob"), seven_o.RotateHands("cw"),
    seven_rounds.Refilled("ann", 1), silent_twos.Silenced("ann"), silent_twos.SilenceOver(),
    silent_twos.BrokeSilence("bob"), until_the_last.WentOut("ann", 1),
]

#: the kinds the chat does not tell: the hand, the sidebar and the prompts show them (render.py)
UNTOLD = {"dealer_draw", "dealer", "dealt", "start_card", "start_card_returned", "reshuffle", "may_play_drawn",
          "choose_colour", "choose_swap", "must_answer", "card_returned", "uno_safe", "centre_row", "end_turn",
          "centre_refill", "swap_card", "give_card", "slap", "seven_rounds", "silence_over"}


def concrete(cls: type) -> set[str]:
    """The names of `cls` and the classes below it that name a kind (`PlayerEvent` and `Event` name
    none). (By name: a `slots=True` dataclass replaces its class, and the first may linger among
    the subclasses until collected.)"""
    out = {f"{cls.__module__}.{cls.__qualname__}"} if cls.kind is not ev.Event.kind else set()
    for sub in cls.__subclasses__():
        out |= concrete(sub)
    return out


def test_every_kind_is_one_class_and_sampled():
    classes = concrete(ev.Event)
    assert sorted(f"{type(s).__module__}.{type(s).__qualname__}" for s in SAMPLES) == sorted(classes)
    assert len({s.kind for s in SAMPLES}) == len(SAMPLES) == len(classes)


def test_a_house_rules_kinds_live_in_its_module():
    """Issue 35: a house rule's own kinds are declared in rules/house/<rule>.py; the tones its
    `EVENTS` declares name kinds that exist."""
    common = {"unocraft.rules.events", "unocraft.rules.dos_events"}
    kinds = {s.kind: type(s).__module__ for s in SAMPLES}
    assert set(kinds.values()) - common <= {m.__name__ for m in MODULES}
    for module in MODULES:
        for kind in getattr(module, "EVENTS", {}):
            assert kinds.get(kind) in common | {module.__name__}, (module.__name__, kind)


@pytest.mark.parametrize("lang", ["en", "ru", "sk"])
def test_every_told_kind_has_its_line(lang):
    for sample in SAMPLES:
        for viewer in ("ann", "bob", None):
            line = render.event_line(sample, viewer, lang)
            if sample.kind in UNTOLD:
                assert line is None, sample.kind
                continue
            assert line, (sample.kind, viewer)
            text = chat.plain_text(line)
            assert text.strip() and "{" not in text and "event." not in text, (sample.kind, text)


def test_a_secret_is_for_its_player_only():
    for sample in SAMPLES:
        secret = sample.secret()
        public = sample.for_player(None)
        assert public == {"type": sample.kind, **sample.public()}
        if secret is None:
            assert sample.to is None and "to" not in sample.to_dict()
            continue
        assert sample.to is not None and not set(secret) & set(public)
        assert sample.for_player(sample.to) == {**public, **secret}
        assert sample.to_dict() == {**public, "to": sample.to, "secret": secret}
