"""Properties of every game, over random games with random option sets in every edition:

- the card total never changes (checked after every action);
- every legal action is accepted, every refused action leaves the state exactly as it was;
- the same seed, options and actions give the same game, byte for byte;
- a saved game (to_json) continues exactly like the original;
- `pop` undoes `push` exactly, and `push` does what `play` does;
- views never leak a hidden card;
- every game ends.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from unocraft.rules.actions import Action
from unocraft.rules.cards import COLOURS
from unocraft.rules.errors import ConfigError, Refused
from unocraft.rules.events import Challenge, Creeper, Reshuffle
from unocraft.rules.game import Game
from unocraft.rules.options import CHOICES, Options
from unocraft.simulate import actor, new_game

BOOL_OPTIONS = ["jump_in", "seven_o", "reverse_deflect", "five_swap", "hand_slap", "colour_rotation",
                "plus_ten", "until_the_last", "seven_rounds", "zero_costs_50", "h2o_scoring",
                "forced_play", "partners", "bluffing"]
CHOICE_OPTIONS = ["start_card", "draw", "challenge", "scoring", "creeper_targets", "draw_two_chain",
                  "draw_four_escape", "play_doubles", "silent_twos", "flip_start_card", "catch_until", "uno_call",
                  "dos_add_after_draw", "dos_call"]
import importlib.util
EDITIONS = ["classic", "minecraft", "flip"] + (["dos"] if importlib.util.find_spec("unocraft.rules.dos") else [])


@st.composite
def tables(draw):
    """A valid option set (contradictions are redrawn) and a player count."""
    edition = draw(st.sampled_from(EDITIONS))
    for _ in range(50):
        values = {"edition": edition}
        for name in BOOL_OPTIONS:
            if draw(st.integers(0, 3)) == 0:
                values[name] = name != "bluffing"
        for name in CHOICE_OPTIONS:
            if name.startswith("dos_") and edition != "dos":
                continue
            if draw(st.integers(0, 2)) == 0:
                values[name] = draw(st.sampled_from(CHOICES[name]))
        for name in ("mistake_penalty", "false_catch_penalty"):
            if draw(st.integers(0, 4)) == 0:
                values[name] = 2
        values["target"] = draw(st.sampled_from([50, 200, 500]))
        try:
            options = Options.build(None, **values)
        except ConfigError:
            continue
        break
    else:
        options = Options.build(None, edition=edition)
    if options.partners:
        players = 4
    else:
        players = draw(st.integers(2, 4 if edition == "dos" else 6))
    return options, players


def random_action(game, rng: random.Random) -> Action:
    """Any action at all, mostly illegal: random player, verb, card, colour, target."""
    name = rng.choice(game.names)
    verb = rng.choice(["play", "jump", "draw", "pass", "challenge", "uno", "catch", "swap", "give",
                       "colour", "slap", "talk", "dos", "add", "end"])
    card = game.ref(rng.randrange(game.deck.size))
    colour = rng.choice(COLOURS)
    target = rng.choice(game.names)
    if verb in ("play", "jump", "give", "add"):
        return Action(name, verb, (card,), colour if rng.random() < 0.5 else None)
    if verb == "catch":
        return Action(name, verb, target=target)
    if verb == "swap":
        return Action(name, verb, (card,) if rng.random() < 0.5 else (), target=target)
    if verb == "colour":
        return Action(name, verb, colour=colour)
    return Action(name, verb)


def hidden_card_swap(game, viewer: int, rng: random.Random):
    """A copy where one card of another player's hand is exchanged with a card of
    the draw pile that looks the same from `viewer`'s seat (flip: the same back)."""
    other = [s for s in range(len(game.names)) if s != viewer and game.hands[s]]
    if not other or not game.draw_pile:
        return None
    copy = game.copy()
    seat = rng.choice(other)
    i = rng.randrange(len(copy.hands[seat]))
    back_side = 1 - copy.side
    for j in rng.sample(range(len(copy.draw_pile)), len(copy.draw_pile)):
        a, b = copy.hands[seat][i], copy.draw_pile[j]
        if copy.edition.double_sided and copy.faces[back_side][a] != copy.faces[back_side][b]:
            continue
        if copy.faces[copy.side][a] == copy.faces[copy.side][b]:
            continue
        copy.hands[seat][i], copy.draw_pile[j] = b, a
        return copy
    return None


def own_hidden_face_swap(game, viewer: int, rng: random.Random):
    """Flip: a copy where one card of `viewer`'s own hand is exchanged with a draw-pile
    card showing the same face in play but another hidden face (the holder cannot
    see the other side of their own cards, §11)."""
    hand = game.hands[viewer]
    if not game.edition.double_sided or not hand or not game.draw_pile:
        return None
    side, back = game.side, 1 - game.side
    for i in rng.sample(range(len(hand)), len(hand)):
        for j in range(len(game.draw_pile)):
            a, b = hand[i], game.draw_pile[j]
            if game.faces[side][a] is game.faces[side][b] and game.faces[back][a] is not game.faces[back][b]:
                copy = game.copy()
                copy.hands[viewer][i], copy.draw_pile[j] = b, a
                return copy
    return None


def public_view(game, name):
    v = game.view(name, legal=False)
    return json.dumps(v.to_dict(), sort_keys=True)


def play_out(game, rng: random.Random, steps: int, check_refusals: bool = True) -> list[str]:
    """Random legal play for `steps` actions; checks the properties as it goes."""
    total = game.total_cards()
    log = []
    for _ in range(steps):
        if game.phase != "play":
            if game.phase == "match_over":
                break
            game.start_next_round()
            assert game.total_cards() == total
            continue
        if check_refusals:
            for _ in range(3):
                action = random_action(game, rng)
                code = game.refusal(action)
                if code is None:
                    if action.verb in ("play", "jump"):   # an accepted card is listed among the legal actions
                        assert any(a.verb in ("play", "jump") and a.cards == action.cards
                                   for a in game.legal_actions(action.player)), f"{action} is accepted but not listed"
                    continue
                before = game.fingerprint()
                try:
                    game.play(action)
                except Refused as refused:
                    assert refused.code == code
                    if not refused.events:
                        assert game.fingerprint() == before, f"refused {action} changed the state"
                else:
                    raise AssertionError(f"{action} was refused by refusal() ({code}) but accepted")
                assert game.total_cards() == total
        legal = game.legal_actions()
        assert legal, "nobody can act"
        from unocraft.rules import legal as legal_module
        if legal_module.fast_path_applies(game, game.turn):   # the fast path answers like the checks
            assert set(legal_module.turn_actions(game, game.turn)) == \
                set(legal_module.checked_actions(game, game.turn))
        seat = actor(game)
        mine = [a for a in legal if a.player == game.names[seat]]
        assert mine, f"{game.names[seat]} must act but has no legal action"
        action = rng.choice(mine if rng.random() < 0.85 else legal)
        events = game.play(action)          # every legal action is accepted
        log.append(f"{action.player}: {action}")
        log += [e.to_json() for e in events]
        assert game.total_cards() == total, f"card count changed after {action}"
        assert sorted(game.all_cards()) == list(range(game.deck.size))
    return log


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])  # a random game shrinks badly: report at once
@given(table=tables(), seed=st.integers(0, 10**6))
def test_random_games_keep_every_property(table, seed):
    options, players = table
    names = [f"p{i}" for i in range(players)]
    game = new_game(names, options, seed)
    rng = random.Random(seed)
    play_out(game, rng, 150)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])  # a random game shrinks badly: report at once
@given(table=tables(), seed=st.integers(0, 10**6))
def test_same_seed_same_game_byte_for_byte(table, seed):
    options, players = table
    names = [f"p{i}" for i in range(players)]
    logs = []
    for _ in range(2):
        game = new_game(names, options, seed)
        logs.append(play_out(game, random.Random(seed), 120, check_refusals=False))
    assert logs[0] == logs[1]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])  # a random game shrinks badly: report at once
@given(table=tables(), seed=st.integers(0, 10**6), cut=st.integers(0, 80))
def test_saved_game_continues_identically(table, seed, cut):
    options, players = table
    names = [f"p{i}" for i in range(players)]
    game = new_game(names, options, seed)
    rng = random.Random(seed)
    play_out(game, rng, cut, check_refusals=False)
    restored = type(game).from_json(game.to_json())
    assert restored.fingerprint() == game.fingerprint()
    state = rng.getstate()
    a = play_out(game, rng, 60, check_refusals=False)
    rng.setstate(state)
    b = play_out(restored, rng, 60, check_refusals=False)
    assert a == b


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])  # a random game shrinks badly: report at once
@given(table=tables(), seed=st.integers(0, 10**6), cut=st.integers(0, 80), depth=st.integers(1, 6))
def test_pop_undoes_push(table, seed, cut, depth):
    options, players = table
    names = [f"p{i}" for i in range(players)]
    game = new_game(names, options, seed)
    rng = random.Random(seed)
    play_out(game, rng, cut, check_refusals=False)
    for _ in range(30):
        if game.phase != "play":
            break
        action = rng.choice(game.legal_actions())
        before = game.to_json()
        pushed = [e.to_json() for e in game.push(action)]
        after = game.to_json()
        game.pop()
        assert game.to_json() == before, f"pop after push {action} left a different game"
        played = [e.to_json() for e in game.play(action)]
        assert played == pushed and game.to_json() == after, f"push {action} differs from play"
    # a line of pushes taken back one by one, then nothing left to pop
    start = game.to_json()
    lines = []
    for _ in range(depth):
        if game.phase != "play":
            break
        lines.append(game.to_json())
        game.push(rng.choice(game.legal_actions()))
    while lines:
        game.pop()
        assert game.to_json() == lines.pop()
    assert game.to_json() == start
    try:
        game.pop()
    except IndexError:
        pass
    else:
        raise AssertionError("pop without a push must raise IndexError")


def test_play_commits_pushes():
    game = new_game(["a", "b", "c"], Options.build("official"), 3)
    game.push(game.legal_actions(game.turn_player)[0])
    game.play(game.legal_actions(actor_name(game))[0])
    try:
        game.pop()
    except IndexError:
        pass
    else:
        raise AssertionError("a play must clear the pushes before it")


def test_pop_restores_the_random_state_after_a_reshuffle():
    game = new_game(["a", "b", "c"], Options.build("official"), 5)
    game.discard = game.draw_pile + game.discard     # empty draw pile: the next draw reshuffles
    game.draw_pile = []
    before = game.to_json()
    events = game.push(Action(game.turn_player, "draw"))
    assert any(isinstance(e, Reshuffle) for e in events)
    game.pop()
    assert game.to_json() == before


def actor_name(game) -> str:
    return game.names[actor(game)]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])  # a random game shrinks badly: report at once
@given(table=tables(), seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_views_never_leak_a_hidden_card(table, seed, steps):
    options, players = table
    names = [f"p{i}" for i in range(players)]
    game = new_game(names, options, seed)
    rng = random.Random(seed)
    play_out(game, rng, steps, check_refusals=False)
    if game.phase != "play":
        return  # at the end of a round every hand is shown
    for viewer in range(players):
        other = hidden_card_swap(game, viewer, rng)
        if other is not None:
            assert public_view(other, names[viewer]) == public_view(game, names[viewer])
        other = own_hidden_face_swap(game, viewer, rng)
        if other is not None:   # what you may do is part of your view: no hidden face in it either
            assert json.dumps(other.view(names[viewer]).to_dict(), sort_keys=True) == \
                json.dumps(game.view(names[viewer]).to_dict(), sort_keys=True)
    # a spectator sees no hand at all
    assert game.view(None).hand is None


def test_wd4_challenge_reveals_the_hand_only_to_the_challenger():
    from unocraft.rules.scenario import build_game, parse
    sc = parse({"players": ["ann", "bob", "cid"], "dealer": "cid",
                "hands": {"ann": ["R7", "W+4", "G3"], "bob": ["B1", "B2"], "cid": ["Y5"]},
                "start": "R5", "deck": ["G1", "G2", "G4", "G5"]})
    game = build_game(sc)
    game.play(Action.parse("ann", "play W+4 blue"))
    events = game.play(Action.parse("bob", "challenge"))
    challenge = next(e for e in events if isinstance(e, Challenge))
    assert sorted(challenge.for_player("bob")["hand"]) == ["G3", "R7", "W+4"]
    assert "hand" not in challenge.for_player("cid")
    assert "revealed" in game.view("bob").to_dict() and "revealed" not in game.view("cid").to_dict()


def test_creeper_is_shown_to_everyone():
    from unocraft.rules.scenario import build_game, parse
    sc = parse({"preset": "minecraft", "players": ["ann", "bob"], "dealer": "bob",
                "hands": {"ann": ["R1"], "bob": ["B2"]}, "start": "G5", "deck": ["C", "G1", "G2", "G3"]})
    game = build_game(sc)
    events = game.play(Action.parse("ann", "draw"))
    assert any(isinstance(e, Creeper) and e.player == "ann" for e in events)
    assert all(e.for_player("bob").get("type") for e in events)
    assert len(game.hands[0]) == 5


def test_full_rounds_end_under_every_preset():
    from unocraft.simulate import simulate
    for preset, players in [("official", 4), ("minecraft", 3), ("ru-classic", 5), ("flip", 4), ("dos", 3)]:
        stats = simulate(3, players, Options.build(preset), ["strong", "random", "basic"], seed=5, check=True)
        assert stats.games == 3 and stats.rounds >= 3
