"""`record_events=False` (self-play, bots, benchmarks): no event is built, and the
games are exactly the games played with events, under every preset."""

from __future__ import annotations

import random

import pytest

from unocraft.bots import make_bot
from unocraft.rules.events import Turn
from unocraft.rules.options import PRESETS, Options
from unocraft.simulate import actor, new_game, play_match


def play_out(preset: str, events: bool, seed: int = 11) -> tuple[list[str], str, int]:
    opts = Options.build(preset)
    names = [f"p{i}" for i in range(3 if opts.edition == "dos" else 4)]
    game = new_game(names, opts, seed, events=events)
    assert game.record_events is events
    bots = [make_bot(kind, i) for i, kind in enumerate(["strong", "random", "basic", "random"][:len(names)])]
    played, returned = [], 0
    for _ in range(400):
        if game.phase != "play":
            if game.phase == "match_over":
                break
            returned += len(game.start_next_round())
            continue
        seat = actor(game)
        legal = game.legal_actions(names[seat])
        action = bots[seat].act(game.view(names[seat], legal=False), legal)
        played.append(f"{action.player}: {action}")
        returned += len(game.play(action))
    return played, game.to_json(), returned + len(game.setup_events)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_without_events_the_same_game_is_played(preset):
    with_events = play_out(preset, True)
    without = play_out(preset, False)
    assert len(with_events[0]) > 50 and with_events[2] > len(with_events[0])
    assert without[0] == with_events[0]        # the same actions, chosen from the same legal moves
    assert without[1] == with_events[1]        # the same final state, random state included
    assert without[2] == 0                     # and not one event built


class CountingTurns:
    """A game whose `play` counts the `turn` events it returns."""

    def __init__(self, game):
        self.game, self.turn_events = game, 0

    def __getattr__(self, name):
        return getattr(self.game, name)

    def play(self, action):
        events = self.game.play(action)
        self.turn_events += sum(1 for e in events if isinstance(e, Turn))
        return events


def test_self_play_counts_turns_without_events():
    """Self-play runs without events; it counts the turns that began all the same:
    as many as the `turn` events of the same match played with events."""
    opts, names = Options.build("official", target=200), ["a", "b", "c"]
    counted = CountingTurns(new_game(names, opts, 5))
    with_events = play_match(counted, [make_bot("strong", i) for i in range(3)])
    without = play_match(new_game(names, opts, 5, events=False), [make_bot("strong", i) for i in range(3)])
    assert with_events.turns == counted.turn_events > 50
    assert without == with_events


def test_events_are_recorded_by_default():
    game = new_game(["a", "b"], Options.build("official"), 1)
    assert game.record_events and game.setup_events
    legal = game.legal_actions(game.names[actor(game)])
    random.seed(0)
    assert game.play(legal[0])
