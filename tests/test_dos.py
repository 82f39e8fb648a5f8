"""DOS edition (RULES.md §12): its `Variant` and rules in unocraft.rules.dos."""

from collections import Counter

import pytest

from unocraft.bots import make_bot
from unocraft.rules.actions import Action
from unocraft.bots import DosBot
from unocraft.rules import dos
from unocraft.rules.game import Game
from unocraft.rules.dos_events import Match
from unocraft.rules.errors import ConfigError, Refused
from unocraft.rules.options import Options
from unocraft.rules.scenario import build_game, parse
from unocraft.simulate import play_match, simulate

DOS = Options.build("dos")


def rig(hands, start=("G5", "B8"), deck=("Y6", "Y7", "Y8"), rules=None, players=("ann", "bob", "cid")):
    """A rigged DOS game: `hands` by player, the centre row, the top of the draw pile."""
    data = {"edition": "dos", "preset": "dos", "players": list(players), "hands": hands,
            "start": list(start), "deck": list(deck), "rules": rules or {}}
    return build_game(parse(data))


def act(game, player, text):
    return game.play(Action.parse(player, text))


def hand(game, player):
    return sorted(str(game.face(c)) for c in game.hands[game.seat_of[player]])


def centre(game):
    return [str(game.face(c)) for c in game.centre]


def refused(game, player, text):
    """The refusal code; the position must be unchanged."""
    before = game.fingerprint()
    with pytest.raises(Refused) as info:
        act(game, player, text)
    assert game.fingerprint() == before
    assert game.refusal(Action.parse(player, text)) == info.value.code
    return info.value.code


BASE = {"ann": ["R5", "Y9", "B9", "Y10"], "bob": ["B6", "B7", "Y6"], "cid": ["G9", "G10", "R10"]}


# ------------------------------------------------------------------ set-up
def test_new_game_deals_seven_and_lays_two_centre_cards():
    game = Game.new(["a", "b", "c"], DOS, seed=4)
    assert [len(h) for h in game.hands] == [7, 7, 7]
    assert len(game.centre) == 2
    assert game.total_cards() == 108
    assert game.turn == (game.dealer + 1) % 3
    assert "centre" in game.view("a").to_dict() and len(game.view("a").centre) == 2


def test_player_count_is_checked_and_the_edition_picks_the_rules():
    with pytest.raises(ConfigError):
        Game.new(["a", "b", "c", "d", "e"], DOS)
    assert Game.new(["a", "b"], Options.build("official")).variant.name == "classic"
    assert Game.new(["a", "b"], DOS).variant is dos.DOS


# ---------------------------------------------------------------- matching
def test_number_match_moves_both_cards_to_the_discard_pile():
    game = rig(BASE)
    act(game, "ann", "play R5 on G5")
    assert hand(game, "ann") == ["B9", "Y10", "Y9"]
    assert centre(game) == ["B8"]
    assert sorted(str(game.face(c)) for c in game.discard) == ["G5", "R5"]
    assert game.turn_player == "ann"          # the turn goes on until `end`


def test_colour_does_not_matter_but_the_number_does():
    game = rig({**BASE, "ann": ["R6", "Y8"]})
    assert refused(game, "ann", "play R6 on G5") == "illegal_card"
    act(game, "ann", "play Y8 on B8")


def test_sum_match():
    game = rig({**BASE, "ann": ["Y1", "R4", "R3", "B9"]})
    assert refused(game, "ann", "play Y1 R3 on G5") == "illegal_card"
    act(game, "ann", "play Y1 R4 on G5")
    assert hand(game, "ann") == ["B9", "R3"]
    assert centre(game) == ["B8"]


def test_one_match_per_centre_card():
    game = rig({**BASE, "ann": ["R5", "Y5", "B9"]})
    act(game, "ann", "play R5 on G5")
    assert refused(game, "ann", "play Y5 on G5") == "illegal_card"


def test_wild_dos_is_a_two_of_any_colour():
    game = rig({**BASE, "ann": ["W2", "R3", "B9", "Y10"]})
    act(game, "ann", "play W2 R3 on G5")
    assert hand(game, "ann") == ["B9", "Y10"]
    # a single Wild DOS on a 2 takes the centre card's colour: a colour match
    game = rig({**BASE, "ann": ["W2", "R9", "B9"]}, start=("W2", "B8"))
    act(game, "ann", "play W2 on W2")
    act(game, "ann", "add R9")
    assert centre(game) == ["B8", "R9"]


def test_wild_number_names_its_number():
    game = rig({**BASE, "ann": ["R#", "R3", "B9"]})
    assert refused(game, "ann", "play R# 4 on G5") == "illegal_card"
    assert refused(game, "ann", "play R3 4 on G5") == "bad_action"
    events = act(game, "ann", "play R# 8 on B8")
    assert next(e for e in events if isinstance(e, Match)).number == 8
    # without a number it takes the one that works; in a sum too
    game = rig({**BASE, "ann": ["R#", "R3", "B9"]})
    act(game, "ann", "play R3 R# on G5")
    assert hand(game, "ann") == ["B9"]


def test_wild_number_keeps_its_colour():
    game = rig({**BASE, "ann": ["R#", "G#", "B9", "Y10"]})
    act(game, "ann", "play R# on G5")
    assert refused(game, "ann", "add Y10") == "bad_action"      # red on green: no bonus
    game = rig({**BASE, "ann": ["R#", "G#", "B9", "Y10"]})
    act(game, "ann", "play G# on G5")
    act(game, "ann", "add Y10")


def test_legal_actions_name_the_wild_number_when_only_one_works():
    game = rig({**BASE, "ann": ["R#", "B9"]})
    legal = [str(a) for a in game.legal_actions("ann")]
    assert "play R# 5 on G5" in legal and "play R# 8 on B8" in legal


# ------------------------------------------------------------- colour bonus
def test_colour_match_earns_one_add():
    game = rig({**BASE, "ann": ["G5", "Y9", "B9", "Y10"]})
    act(game, "ann", "play G5 on G5")
    act(game, "ann", "add Y9")
    assert refused(game, "ann", "add B9") == "bad_action"
    act(game, "ann", "end")
    assert centre(game) == ["B8", "Y9"]
    assert game.turn_player == "bob"


def test_no_colour_match_no_add():
    game = rig(BASE)
    act(game, "ann", "play R5 on G5")
    assert refused(game, "ann", "add Y9") == "bad_action"


def test_double_colour_match_makes_every_other_player_draw_one():
    game = rig({**BASE, "ann": ["G1", "G4", "B9", "Y10"]})
    act(game, "ann", "play G1 G4 on G5")
    assert hand(game, "bob") == ["B6", "B7", "Y6", "Y6"]
    assert hand(game, "cid") == ["G10", "G9", "R10", "Y7"]
    assert len(game.hands[0]) == 2
    act(game, "ann", "add Y10")
    act(game, "ann", "end")
    assert centre(game) == ["B8", "Y10"]


def test_double_match_of_mixed_colours_is_no_colour_match():
    game = rig({**BASE, "ann": ["G1", "R4", "B9", "Y10"]})
    act(game, "ann", "play G1 R4 on G5")
    assert [len(h) for h in game.hands] == [2, 3, 3]
    assert refused(game, "ann", "add B9") == "bad_action"


# --------------------------------------------------------------- refusals
def test_refusals_leave_the_state_unchanged():
    game = rig(BASE)
    assert refused(game, "ann", "play R6 on G5") == "not_in_hand"
    assert refused(game, "ann", "play Y9 on G5") == "illegal_card"
    assert refused(game, "ann", "play R5 on Y7") == "illegal_card"
    assert refused(game, "bob", "play B6 on G5") == "not_your_turn"
    assert refused(game, "bob", "draw") == "not_your_turn"
    assert refused(game, "ann", "end") == "nothing_to_end"
    assert refused(game, "ann", "add Y9") == "draw_first"
    assert refused(game, "ann", "uno") == "bad_action"
    assert refused(game, "ann", "dos") == "nothing_to_call"


# ------------------------------------------------------------ draw and add
def test_draw_then_add_ends_the_turn():
    game = rig({**BASE, "ann": ["R9", "Y9"]})
    act(game, "ann", "draw")
    assert hand(game, "ann") == ["R9", "Y6", "Y9"]
    assert refused(game, "ann", "draw") == "bad_action"
    act(game, "ann", "add R9")
    assert centre(game) == ["G5", "B8", "R9"]
    assert game.turn_player == "bob"
    assert game.pending is None


def test_draw_then_end_keeps_the_cards_unless_the_add_is_required():
    game = rig({**BASE, "ann": ["R9", "Y9"]})          # 001: the add is allowed, not required
    act(game, "ann", "draw")
    act(game, "ann", "end")
    assert hand(game, "ann") == ["R9", "Y6", "Y9"]
    assert centre(game) == ["G5", "B8"]
    assert game.turn_player == "bob"
    game = rig({**BASE, "ann": ["R9", "Y9"]}, rules={"dos_add_after_draw": "must"})
    act(game, "ann", "draw")
    assert refused(game, "ann", "end") == "nothing_to_end"
    act(game, "ann", "add R9")
    assert game.turn_player == "bob"


def test_draw_then_match():
    game = rig({**BASE, "ann": ["R9", "Y9"]}, deck=("R5", "Y7"))
    act(game, "ann", "draw")
    act(game, "ann", "play R5 on G5")
    act(game, "ann", "end")
    assert hand(game, "ann") == ["R9", "Y9"]
    assert centre(game) == ["B8", "Y7"]


def test_add_wild_dos_needs_a_colour():
    game = rig({**BASE, "ann": ["W2", "Y9"]})
    act(game, "ann", "draw")
    assert refused(game, "ann", "add W2") == "wild_needs_colour"
    act(game, "ann", "add W2 red")
    assert dos.centre_colour(game, game.centre[-1]) == "R"


def test_forced_play_and_draw_until_playable():
    game = rig(BASE, rules={"forced_play": True})
    assert refused(game, "ann", "draw") == "must_play"
    game = rig({**BASE, "ann": ["R9", "Y9"]}, deck=("Y6", "Y7", "R8", "Y10"),
               rules={"draw": "until_playable"})
    act(game, "ann", "draw")
    assert hand(game, "ann") == ["R8", "R9", "Y6", "Y7", "Y9"]


# ------------------------------------------------------------ centre refill
def test_centre_is_refilled_to_two_at_the_end_of_the_turn():
    game = rig({**BASE, "ann": ["R5", "Y8", "B9"]})
    pile = len(game.draw_pile)
    act(game, "ann", "play R5 on G5")
    act(game, "ann", "play Y8 on B8")
    assert centre(game) == []
    act(game, "ann", "end")
    assert centre(game) == ["Y6", "Y7"]
    assert len(game.draw_pile) == pile - 2


def test_a_row_of_three_is_not_refilled():
    game = rig({**BASE, "ann": ["R9", "Y9"], "bob": ["Y8", "B6"]})
    act(game, "ann", "draw")
    act(game, "ann", "add R9")
    act(game, "bob", "play Y8 on B8")
    act(game, "bob", "end")
    assert centre(game) == ["G5", "R9"]


def test_refill_reshuffles_the_whole_discard_pile():
    game = rig(BASE)
    # move the whole draw pile into the discard pile: the refill must reshuffle it
    game.discard, game.draw_pile = game.draw_pile, []
    total = game.total_cards()
    act(game, "ann", "play R5 on G5")
    act(game, "ann", "end")
    assert len(game.centre) == 2 and game.total_cards() == total


# ------------------------------------------------------------------ DOS call
def test_dos_call_and_catch():
    game = rig({**BASE, "ann": ["R5", "Y9", "B9"]})
    act(game, "ann", "play R5 on G5")
    assert game.catchable == {0}
    act(game, "bob", "catch ann")
    assert len(game.hands[0]) == 3                    # the dos preset: 1 card
    game = rig({**BASE, "ann": ["R5", "Y9", "B9"]})
    act(game, "ann", "play R5 on G5")
    act(game, "ann", "dos")
    assert refused(game, "bob", "catch ann") == "nothing_to_catch"


def test_going_out_scores_the_dos_points():
    game = rig({"ann": ["R5"], "bob": ["W2", "R#", "Y7"], "cid": ["G9", "G10"]})
    act(game, "ann", "play R5 on G5")
    assert game.phase == "round_over"
    assert game.round_points[0] == 20 + 40 + 7 + 9 + 10
    game.start_next_round()
    assert len(game.centre) == 2 and game.total_cards() == 108


def test_turn_limit_ends_a_round_even_with_an_empty_discard_pile():
    game = rig({**BASE, "ann": ["R9", "Y9"]}, rules={"turn_limit": 100})
    game.turns_this_round = 99
    assert game.discard == []
    act(game, "ann", "draw")
    act(game, "ann", "add R9")
    assert game.phase == "round_over"
    assert game.total_cards() == 108


# --------------------------------------------------------- whole games
def test_every_legal_action_is_accepted_and_json_round_trips():
    game = Game.new(["a", "b", "c"], DOS, seed=11)
    bots = [make_bot("random", i) for i in range(3)]
    for _ in range(300):
        if game.phase != "play":
            break
        copy = Game.from_json(game.to_json())
        assert copy.fingerprint() == game.fingerprint()
        legal = game.legal_actions()
        assert legal
        for action in legal:
            assert game.refusal(action) is None
        seat = game.seat_of[legal[0].player]
        turn_legal = game.legal_actions(game.turn_player)
        choice = bots[seat].act(game.view(game.turn_player, legal=False), turn_legal)
        game.play(choice)
        assert game.total_cards() == 108


@pytest.mark.slow      # long self-play
def test_card_conservation_over_200_random_self_play_rounds():
    stats = simulate(200, 3, DOS, ["random", "strong"], seed=1, check=True, one_round=True)
    assert stats.rounds == 200


@pytest.mark.parametrize("rules", [{"draw": "until_playable"}, {"forced_play": True},
                                   {"mistake_penalty": 2}, {"start_card": "number_only"},
                                   {"scoring": "elimination"}])
def test_self_play_with_options(rules):
    simulate(5, 4, Options.build("dos", **rules), ["random", "basic", "strong"], seed=3, check=True)


def test_start_card_number_only_gives_a_row_of_numbers():
    opts = Options.build("dos", start_card="number_only")
    for seed in range(30):
        game = Game.new(["a", "b"], opts, seed)
        assert all(game.face(c).is_number for c in game.centre)


@pytest.mark.slow      # long self-play: win rates
def test_strong_plays_dos_with_the_dos_bot_and_beats_basic_and_random():
    wins = Counter()
    for seed in range(20):
        game = Game.new(["strong", "random", "basic"], DOS, seed)
        bots = [make_bot("strong", seed), make_bot("random", seed), make_bot("basic", seed)]
        result = play_match(game, bots, check=True)
        wins.update(result.winners)
    assert isinstance(make_bot("strong").dos, DosBot)
    assert wins["strong"] > wins["random"] and wins["strong"] > wins["basic"]


def test_play_without_on_matches_the_first_centre_card_preferring_colour():
    from unocraft.rules.scenario import build_game, parse
    sc = parse({"edition": "dos", "preset": "dos", "players": ["ann", "bob"], "dealer": "bob",
                "hands": {"ann": ["B5", "R9", "G1"], "bob": ["Y3"]}, "start": ["R5", "B5"],
                "deck": ["G3", "G4", "G6"]})
    game = build_game(sc)
    game.play(Action.parse("ann", "play B5"))            # B5 matches R5 and B5: the colour match wins
    assert [str(game.face(c)) for c in game.centre] == ["R5"]
    before = game.fingerprint()
    with pytest.raises(Refused) as err:
        game.play(Action.parse("ann", "play G1"))
    assert err.value.code == "illegal_card" and game.fingerprint() == before
