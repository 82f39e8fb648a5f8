"""The `lookahead` bot (unocraft.bots.search): legal in every edition, within its time
cap, deterministic for a seed, blind to hidden cards, and it keeps the cards.

Whether it plays better than `strong` is measured, not asserted here:
benchmarks/bots_match.py (see docs/bots.md)."""

import random
import time

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from unocraft.bots import BOTS, make_bot
from unocraft.rules.cards import Card
from unocraft.rules.options import Options
from unocraft.bots.search import LookaheadBot, Memory, _Position
from unocraft.simulate import actor, new_game, play_match

from test_properties import hidden_card_swap, tables


class Checked:
    """A bot whose every answer must be one of the legal actions it was given, and
    whose thinking must leave the real game untouched."""

    def __init__(self, bot, game):
        self.bot, self.game = bot, game
        self.times: list[float] = []
        self.cpu: list[float] = []      # this thread's CPU time: no wait for a busy core in it

    def act(self, view, legal):
        before = self.game.fingerprint()
        t0, c0 = time.perf_counter(), time.thread_time()
        choice = self.bot.act(view, legal)
        self.times.append(time.perf_counter() - t0)
        self.cpu.append(time.thread_time() - c0)
        assert choice in legal, f"{choice} is not legal: {[str(a) for a in legal]}"
        assert self.game.fingerprint() == before, "the search changed the real game"
        return choice

    def react(self, view, legal):
        choice = self.bot.react(view, legal)
        assert choice is None or choice in legal
        return choice


def lookahead(seed: int, worlds: int = 4, max_seconds: float | None = None) -> LookaheadBot:
    bot = make_bot("lookahead", seed)
    bot.worlds, bot.max_seconds = worlds, max_seconds
    return bot


def test_lookahead_is_a_bot_level():
    """Selectable where bot levels are: make_bot, `unocraft sim --bots`, engine.yaml's bots.kind."""
    from unocraft.cli import main
    from unocraft.tables.config import parse
    assert "lookahead" in BOTS
    assert isinstance(make_bot("lookahead", 1), LookaheadBot)
    config = parse({"bots": {"kind": "lookahead", "stand_in": "lookahead"}})
    assert config.bot_kind == config.stand_in == "lookahead"
    assert main(["sim", "--games", "2", "--players", "2", "--one-round", "--bots", "lookahead,strong",
                 "--check"]) == 0


@pytest.mark.parametrize("preset,players", [("official", 2), ("official", 3), ("minecraft", 2),
                                            ("flip", 2), ("flip", 3), ("dos", 2), ("dos", 3)])
def test_lookahead_plays_only_legal_actions_and_keeps_the_cards(preset, players):
    """Self-play with lookahead at every seat, cards counted after every action
    (`check`); in flip and dos it plays as strong (their hidden faces are not sampled)."""
    names = [f"p{i}" for i in range(players)]
    searched = 0
    for seed in range(3):
        game = new_game(names, Options.build(preset), seed)
        bots = [lookahead(seed * 10 + i) for i in range(players)]
        result = play_match(game, [Checked(b, game) for b in bots], check=True, one_round=True)
        assert result.rounds == 1 and result.winners
        searched += sum(b.searched for b in bots)
    if preset in ("official", "minecraft"):
        assert searched > 0, "the search never ran"
    else:
        assert searched == 0


@pytest.mark.slow      # lookahead games under 15 random option sets: about 45 s
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(table=tables(), seed=st.integers(0, 10**6))
def test_lookahead_is_legal_under_any_options(table, seed):
    options, players = table
    names = [f"p{i}" for i in range(players)]
    game = new_game(names, options, seed)
    bots = [Checked(lookahead(seed + i, worlds=2) if i == 0 else make_bot("strong", seed + i), game)
            for i in range(players)]
    result = play_match(game, bots, check=True, one_round=True)
    assert result.rounds == 1


def test_lookahead_is_deterministic_for_a_seed():
    def actions(seed):
        game = new_game(["a", "b"], Options.build("official"), 7, events=True)
        seen = []

        class Log:
            def __init__(self, bot):
                self.bot = bot

            def act(self, view, legal):
                choice = self.bot.act(view, legal)
                seen.append(str(choice))
                return choice

            def react(self, view, legal):
                return self.bot.react(view, legal)

        play_match(game, [Log(lookahead(seed, worlds=6)), Log(make_bot("strong", 2))], one_round=True)
        return seen

    first = actions(5)
    assert len(first) > 10
    assert actions(5) == first


def test_lookahead_keeps_within_its_time_cap(monkeypatch):
    """More worlds than the cap allows: the search stops at the cap, before the next rollout.
    The clock is a fake one that moves TICK s each time it is read (the search reads it when it
    starts and before each rollout), so the cap binds after the same reads on any machine, busy
    or not: 0.02 and 0.04 s are within a 0.05 s cap, 0.06 s is over it. Patched on the time
    module itself, so the compiled build's search reads it too."""
    cap, tick = 0.05, 0.02
    reads = [0]

    def clock() -> float:
        reads[0] += 1
        return reads[0] * tick

    game = new_game(["a", "b"], Options.build("official"), 3)
    bot = lookahead(1, worlds=100000, max_seconds=cap)
    per_decision: list[int] = []

    class Counted:
        def act(self, view, legal):
            before = reads[0]
            choice = bot.act(view, legal)
            per_decision.append(reads[0] - before)
            assert choice in legal
            return choice

        def react(self, view, legal):
            return bot.react(view, legal)

    monkeypatch.setattr(time, "perf_counter", clock)
    play_match(game, [Counted(), Checked(make_bot("strong", 2), game)], one_round=True)
    monkeypatch.undo()
    assert bot.searched > 0
    # the start, two rollouts within the cap, the read that finds it over: no third rollout
    assert max(per_decision) == 1 + 3, per_decision


def test_lookahead_sees_only_its_view():
    """Two games that differ only in hidden cards give the same decision."""
    rng = random.Random(1)
    compared = 0
    for seed in range(20):
        game = new_game(["a", "b"], Options.build("official"), seed)
        seat = actor(game)
        other = hidden_card_swap(game, seat, rng)
        name = game.names[seat]
        if other is None or game.pending is not None:
            continue
        legal = game.legal_actions(name)
        one = lookahead(9, worlds=8).act(game.view(name, legal=False), legal)
        two = lookahead(9, worlds=8).act(other.view(name, legal=False), other.legal_actions(name))
        assert one == two
        compared += 1
    assert compared >= 10


def test_the_deals_it_imagines_agree_with_the_view():
    """Every sampled world holds the whole deck once: my hand and the top card as
    they are, each opponent as many cards as the view says, the draw pile as long."""
    game = new_game(["a", "b", "c"], Options.build("official"), 12)
    name = game.turn_player
    view = game.view(name, legal=False)
    memory = Memory()
    memory.see(view)
    position = _Position(view, memory)
    for seed in range(20):
        hands, discard, draw = position.sample(random.Random(seed))
        world = position.game((hands, discard, draw), seed)
        assert sorted(world.all_cards()) == list(range(game.deck.size))
        for s in range(3):
            assert len(world.hands[s]) == len(game.hands[s])
        assert world.codes(world.hands[game.turn]) == game.codes(game.hands[game.turn])
        assert world.top_face is game.top_face and world.colour == game.colour
        assert len(world.draw_pile) == len(game.draw_pile)
        assert sorted(map(str, world.legal_actions(name))) == sorted(map(str, game.legal_actions(name)))


def test_an_opponent_who_drew_on_a_colour_is_dealt_none_of_it():
    """Two players: the opponent drew one card and laid none on the colour my move
    left, so it had none of that colour and no wild; the worlds respect that, but
    for the one card it drew."""
    game = new_game(["me", "you"], Options.build("official"), 0)
    me = game.turn_player
    memory = Memory()
    while True:     # my turn: draw and pass, until the opponent must draw in turn
        view = game.view(me, legal=False)
        memory.see(view)
        legal = game.legal_actions(me)
        move = next(a for a in legal if a.verb in ("draw", "pass")) if game.pending is None or \
            game.pending.kind == "drawn" else legal[0]
        memory.acted(view, move)
        game.play(move)
        while game.phase == "play" and actor(game) != game.seat_of[me]:
            other = game.names[actor(game)]
            options = game.legal_actions(other)
            draw = next((a for a in options if a.verb in ("draw", "pass")), options[0])
            game.play(draw)
        if memory.void or game.phase != "play":
            view = game.view(me, legal=False)
            memory.see(view)
            break
    assert game.phase == "play"
    colour = game.colour
    opponent = game.names[1 - game.seat_of[me]]
    assert memory.void.get(opponent) == (colour, True, 1)
    position = _Position(view, memory)
    for seed in range(30):
        hands, _, _ = position.sample(random.Random(seed))
        faces = [game.faces[0][c] for c in hands[game.seat_of[opponent]]]
        assert sum(1 for f in faces if f.colour == colour or f.is_wild) <= 1
        assert len(faces) == len(game.hands[game.seat_of[opponent]])


@pytest.mark.parametrize("preset,changes,players", [
    ("official", {}, 3), ("official", {"draw_two_chain": "stacking"}, 3), ("official", {"seven_o": True}, 3),
    ("minecraft", {}, 3), ("official", {"play_doubles": "together", "five_swap": True}, 4),
    ("flip", {}, 2), ("ru-classic", {}, 4)])
def test_rollouts_play_as_strong_does(preset, changes, players):
    """One strategy (`strategy.strong_move`), two callers: `strong` feeds it from a view,
    the rollouts from the game. On turn they choose the same action (else the rollouts
    model the opponent wrongly), doubles, swaps and both sides of flip cards included."""
    from unocraft.rollout import rollout_move
    compared = 0
    verbs = set()
    for seed in range(15):
        game = new_game(["a", "b", "c", "d"][:players], Options.build(preset, **changes), seed, events=False)
        while game.phase == "play":
            seat = actor(game)
            name = game.names[seat]
            legal = game.legal_actions(name)
            expected = make_bot("strong", 1).act(game.view(name, legal=False), legal)
            assert rollout_move(game, seat) == expected, game.view(name)
            compared += 1
            verbs.add(expected.verb if len(expected.cards) < 2 else "double")
            game.play(expected)
    assert compared > 500
    assert {"play", "draw"} <= verbs
    if changes.get("play_doubles"):
        assert {"double", "swap", "give"} <= verbs


@pytest.mark.slow      # long self-play: the values fitted again
def test_the_shipped_value_table_is_what_self_play_gives():
    """lookahead_values.json is what `python -m unocraft.bots.search --fit` makes: a fresh
    smaller fit agrees with it on the common hand sizes (refit when the rollouts change)."""
    import json
    from unocraft.rollout import _key
    from unocraft.bots.search import VALUES_FILE, fit
    shipped = json.loads(VALUES_FILE.read_text())["values"]
    fresh = fit(1500)["values"]
    assert len(fresh) == len(shipped)
    cells = [_key(a, b, act) for a in range(1, 8) for b in range(1, 8) for act in (True, False)]
    worst = max(abs(fresh[k] - shipped[k]) for k in cells)
    assert worst < 0.08, f"the shipped values differ from self-play by up to {worst:.2f}"
    # and they mean something: fewer cards than the opponent, better chances
    assert shipped[_key(2, 7, True)] > 0.6 > 0.4 > shipped[_key(7, 2, True)]


def _wild_draw_four_on_my_red(mine: list[str], theirs: list[str]):
    """Two players: I lay R3 on R7, the opponent answers with a Wild Draw Four (blue).
    Returns the game (my decision: challenge or draw) and my memory of it."""
    from unocraft.rules.actions import Action
    game = new_game(["me", "you"], Options.build("official"), 1, events=False)
    faces = game.faces[0]
    free = list(range(game.deck.size))

    def take(code):
        card = next(c for c in free if str(faces[c]) == code)
        free.remove(card)
        return card

    game.hands = [[take(c) for c in mine + ["R3"]], [take(c) for c in theirs + ["W+4"]]]
    game.discard = [take("R7")]
    game.draw_pile = free
    game.colour, game.turn, game.pending, game.start_top = "R", 0, None, False
    memory = Memory()
    view = game.view("me", legal=False)
    memory.see(view)
    play = Action("me", "play", (Card.parse("R3"),))
    memory.acted(view, play)
    game.play(play)
    game.play(Action("you", "play", (Card.parse("W+4"),), "B"))
    assert game.pending.kind == "penalty" and game.turn == 0
    return game, memory


@pytest.mark.parametrize("mine,theirs,expected", [
    # I hold 4 cards after R3: strong lays a Wild Draw Four only without red, so it is
    # innocent in every world and a challenge would cost 6 cards
    (["B1", "G2", "Y3", "Y4"], ["R1", "R2", "R4", "G5", "B6", "G6", "Y6"], "draw"),
    # I hold 2 cards: strong bluffs then, a 5-card hand most likely held red; strong
    # itself would draw (it challenges hands of 6 or more)
    (["B1", "G2"], ["R1", "R2", "R4", "G5"], "challenge"),
])
def test_lookahead_challenges_a_wild_draw_four_when_a_bluff_is_likely(mine, theirs, expected):
    game, memory = _wild_draw_four_on_my_red(mine, theirs)
    bot = lookahead(3, worlds=60)
    bot.memory = memory
    choice = bot.act(game.view("me", legal=False), game.legal_actions("me"))
    if choice.verb == "uno":     # two cards: the call comes first, as strong makes it
        game.play(choice)
        choice = bot.act(game.view("me", legal=False), game.legal_actions("me"))
    assert bot.searched == 1
    assert choice.verb == expected


def test_the_match_benchmark_reports_a_win_rate_with_its_interval(capsys):
    """benchmarks/bots_match.py: mirrored deals, a rate inside its interval, times per move."""
    import re
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))
    import bots_match
    assert bots_match.main(["--bots", "strong,basic", "--deals", "20", "--progress", "0"]) == 0
    out = capsys.readouterr().out
    found = re.search(r"strong won ([\d.]+)% \(95% CI ([\d.]+)%\.\.([\d.]+)%\)", out)
    assert found and "40 rounds (20 deals, mirrored)" in out
    rate, low, high = map(float, found.groups())
    assert 0 <= low <= rate <= high <= 100 and high - low < 60
    assert "basic (bot 2):" in out and "per move median" in out


def test_the_rollouts_are_compiled_with_the_engine():
    """In the compiled build the rollouts and the strategy they play are compiled too
    (setup.py): they are most of the search's time. (Plain Python: nothing to check.)"""
    from unocraft import engine_build, rollout, strategy
    if not engine_build.is_compiled():
        pytest.skip("plain Python build: the compiled-build run of scripts/test checks this")
    assert not rollout.__file__.endswith(".py"), rollout.__file__
    assert not strategy.__file__.endswith(".py"), strategy.__file__   # the strategy they play


@pytest.mark.slow      # a whole round of lookahead bots at a table
def test_a_table_plays_a_round_with_lookahead_bots():
    """engine.yaml's bots.kind and bots.stand_in at work: a lookahead bot in the empty
    seat and, after the turn timer, for the absent player; the round ends."""
    from test_tables import make, started
    from unocraft.bots.search import LookaheadBot
    tables = make(bots={"fill_to": 2, "kind": "lookahead", "stand_in": "lookahead"})
    started(tables)
    table = next(iter(tables.tables.values()))
    now = 10.0
    while table.game.phase == "play" and now < 5000:
        now += 5
        tables.tick(now)
        tables.flush()
    assert table.game.phase != "play", "the round did not end"
    bots = list(table._bots.values())
    assert len(bots) == 2 and all(isinstance(b, LookaheadBot) for b in bots)
    assert sum(b.searched for b in bots) > 0
