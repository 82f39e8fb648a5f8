"""Engine behaviour that scenario files cannot reach (long rounds, set-up, options)."""

import pytest

from unocraft.rules.actions import Action
from unocraft.rules.scoring import hand_points
from unocraft.rules.errors import ConfigError, Refused
from unocraft.rules.events import Blocked, CardReturned, DealerDraw
from unocraft.rules.game import Game
from unocraft.rules.options import Options, PRESETS
from unocraft.rules.scenario import build_game, parse


def drawing_only(game, limit=5000):
    """Everyone only draws and passes: the round can only end by the engine's limits."""
    events = []
    for _ in range(limit):
        if game.phase != "play":
            return events
        name = game.turn_player
        verbs = {a.verb: a for a in game.legal_actions(name)}
        events = game.play(verbs.get("pass") or verbs.get("draw") or game.legal_actions(name)[0])
    raise AssertionError("the round did not end")


def test_turn_limit_ends_a_round_and_the_lowest_hand_wins():
    game = Game.new(["a", "b"], Options.build("official", turn_limit="100"), seed=2)
    for seat in (0, 1):                 # big hands: nobody goes out within 100 turns
        while len(game.hands[seat]) < 50:
            game.hands[seat].append(game.draw_pile.pop())
    events = []
    while game.phase == "play":
        legal = game.legal_actions(game.turn_player)
        plays = [a for a in legal if a.verb == "play"]
        events = game.play(plays[0] if plays else legal[0])
    assert [e.reason for e in events if isinstance(e, Blocked)] == ["turn_limit"]
    assert game.phase in ("round_over", "match_over")
    assert game.turns_this_round <= 101
    points = [hand_points(game, s) for s in range(2)]
    assert points[game.round_winner] == min(points)


def test_a_round_where_every_card_is_held_ends_blocked():
    game = Game.new(["a", "b"], Options.build("official", turn_limit="0"), seed=3)
    events = drawing_only(game, limit=20000)
    assert game.phase in ("round_over", "match_over")
    assert [e.reason for e in events if isinstance(e, Blocked)] == ["blocked"]
    assert len(game.draw_pile) == 0 and len(game.discard) == 1


def test_dealer_is_chosen_by_the_cards_and_the_deal_rotates_clockwise():
    game = Game.new(["a", "b", "c", "d"], Options.build("official", target="1"), seed=5)
    draws = [e for e in game.setup_events if isinstance(e, DealerDraw)]
    assert draws, "every player draws for the deal"
    first = game.dealer
    game.phase = "round_over"       # as after a round
    game.start_next_round()
    assert game.dealer == (first + 1) % 4
    assert all(len(h) == 7 for h in game.hands)
    assert game.total_cards() == 108


@pytest.mark.parametrize("values, words", [
    ({"partners": True, "scoring": "alternative"}, "partners needs scoring"),
    ({"draw_four_escape": "draw_two_of_colour"}, "needs draw_two_chain: pass_on"),
    ({"edition": "dos", "jump_in": True}, "does not apply to the dos edition"),
    ({"edition": "flip", "plus_ten": True}, "plus_ten"),
    ({"uno_penalty": 99}, "between 0 and 20"),
    ({"turn_limit": 5}, "turn_limit"),
    ({"scoring": "golf"}, "must be one of"),
    ({"edition": "flip", "h2o_scoring": True}, "h2o_scoring .* points count against you"),
    ({"dos_add_after_draw": "must"}, "only to the dos edition"),
    ({"dos_call": "two_or_fewer"}, "only to the dos edition"),
    ({"catch_until": "forever"}, "catch_until must be one of"),
])
def test_contradictions_are_refused_when_the_table_is_configured(values, words):
    with pytest.raises(ConfigError, match=words):
        Options.build(None, **values)


def test_partners_need_four_players():
    with pytest.raises(ConfigError, match="4 players"):
        Game.new(["a", "b", "c"], Options.build(None, partners=True))


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_builds_and_any_option_is_overridable(preset):
    opts = Options.build(preset, target="300")
    assert opts.target == 300
    assert Options.build(preset).edition in ("classic", "minecraft", "flip", "dos")


def test_unknown_player_and_bad_colour_are_refused_without_change():
    sc = parse({"players": ["ann", "bob"], "hands": {"ann": ["W", "R1"], "bob": ["B1"]}, "start": "R5"})
    game = build_game(sc)
    before = game.fingerprint()
    for action, code in [(Action.parse("zed", "draw"), "unknown_player"),
                         (Action.parse("ann", "play W pink"), "bad_action"),
                         (Action.parse("ann", "play W"), "wild_needs_colour")]:
        with pytest.raises(Refused) as err:
            game.play(action)
        assert err.value.code == code
        assert game.fingerprint() == before


@pytest.mark.parametrize("verb", ["jump_in", "restricted", "answer", "expect_keys", "all", "flip", ""])
def test_a_hand_built_action_with_no_such_verb_is_refused_without_change(verb):
    """`Action.parse` knows the verbs; an Action built by hand may name anything, including the
    names of the checks' own helpers (`check_jump_in`, ...): refused, not called (the edition's verb
    table holds only its verbs)."""
    sc = parse({"players": ["ann", "bob"], "hands": {"ann": ["R1", "R2"], "bob": ["B1"]}, "start": "R5"})
    game = build_game(sc)
    before = game.fingerprint()
    with pytest.raises(Refused) as err:
        game.play(Action("ann", verb))
    assert err.value.code == "bad_action" and f"{verb} is not part of the classic edition" in str(err.value)
    assert game.fingerprint() == before
    game.play(Action.parse("ann", "play R1"))     # and the game goes on
    assert game.turn_player == "bob"


def test_mistake_penalty_draws_and_still_refuses():
    sc = parse({"players": ["ann", "bob"], "rules": {"mistake_penalty": 2},
                "hands": {"ann": ["G1", "R1"], "bob": ["B1"]}, "start": "R5"})
    game = build_game(sc)
    with pytest.raises(Refused) as err:
        game.play(Action.parse("ann", "play G1"))
    assert err.value.code == "illegal_card"
    assert len(game.hands[0]) == 4 and game.turn_player == "ann"


def test_ru_challenge_of_a_double_wild_draw_four_reshuffled_away():
    """ru challenge: a guilty +4 goes back to the offender's hand (§5) — unless it is no
    longer in the discard pile: played as a double it lay under the second +4, and the draw of a
    catch reshuffled it into the draw pile. Found by a stress run. Play doubles no longer take two
    Wild Draw Fours (issue 33: no wild is a double, 003), so the double is laid by hand here, as a
    game saved before then holds it."""
    sc = parse({"players": ["ann", "bob", "cid"], "dealer": "cid",
                "rules": {"challenge": "ru", "play_doubles": "together"},
                "hands": {"ann": ["W+4", "W+4", "B1"], "bob": ["G1", "G2"], "cid": ["Y1", "Y2"]},
                "start": "B5"})
    game = build_game(sc)
    total = game.total_cards()
    with pytest.raises(Refused):
        game.play(Action.parse("ann", "play W+4 W+4 red"))
    game.play(Action.parse("ann", "play W+4 red"))              # guilty: ann holds blue
    second = next(c for c in game.hands[0] if str(game.face(c)) == "W+4")
    game.hands[0].remove(second)                                 # the second +4 of the double, on top
    game.discard.append(second)
    game.catchable.add(0)                                        # one card left, UNO not called
    game.discard = game.draw_pile + game.discard                 # the draw pile runs dry
    game.draw_pile = []
    game.play(Action.parse("cid", "catch ann"))                  # ann draws 2: a reshuffle
    challenged = game.pending.card
    assert challenged not in game.discard
    events = game.play(Action.parse("bob", "challenge"))
    assert [e for e in events if isinstance(e, CardReturned)] == []
    assert len(game.hands[0]) == 1 + 2 + 4                      # ru: draws 4 (the second +4 only joined the pile)
    assert game.total_cards() == total and game.turn_player == "bob"
