"""Turn sounds: the engine's `sound` op at the right moments, to the players concerned only — your
turn (a pling), a penalty draw or a refused action (a villager's no), an UNO call (everyone at
the table) — and none at all when `sounds.enabled` is false."""

from unocraft.rules.events import Draw
from unocraft.simulate import actor
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables
from unocraft.tables.sounds import SOUND_PENALTY, SOUND_TURN, SOUND_UNO
from test_tables import CONFIG, cmd, texts

PLING = "minecraft:block.note_block.pling"
NO = "minecraft:entity.villager.no"
ORB = "minecraft:entity.experience_orb.pickup"


def sounds(ops, player=None):
    return [(op["player"], op["sound"]) for op in ops
            if op["op"] == "sound" and (player is None or op["player"] == player)]


def two_humans(**extra):
    tables = Tables(parse({**CONFIG, "bots": {"fill_to": 0}, **extra}))
    tables.attach({"online": [], "vault": []}, 0)
    for name in ("ann", "bob"):
        tables.handle({"type": "join", "player": name, "locale": "en_us"}, 0)
        cmd(tables, name, "start" if name == "ann" else "join")
    tables.flush()
    tables.tick(10)
    return tables, tables.tables["t1"], tables.flush()


def play(tables, table, steps=400, uno=(), catch=()):
    """Both humans play their first legal action; players in `uno` call UNO when they may, players
    in `catch` catch whoever they may. Yields (who, action, ops of that step, the time)."""
    now = 10.0
    for _ in range(steps):
        g = table.game
        if table.id not in tables.tables or g.phase != "play":
            return
        who, action = None, None
        for name in ("ann", "bob"):
            legal = g.legal_actions(name)
            catches = [a for a in legal if a.verb == "catch"]
            if catches and name in catch:
                who, action = name, catches[0]
                break
        if action is None:
            who = g.names[actor(g)]
            legal = g.legal_actions(who)
            calls = [a for a in legal if a.verb == "uno"]
            action = calls[0] if calls and who in uno else next(a for a in legal if a.verb != "uno")
        cmd(tables, who, *str(action).split(), now=now)
        now += 1
        yield who, action, tables.flush(), now


def test_the_player_to_move_hears_a_pling_once_per_turn_and_nobody_else():
    tables, table, ops = two_humans()
    first = table.actor_name()
    assert sounds(ops) == [(first, PLING)]
    op = next(op for op in ops if op["op"] == "sound")
    assert op == {"op": "sound", "player": first, "sound": PLING, "volume": 1.0, "pitch": SOUND_TURN[1]}
    tables.dirty.add(table.id)                     # a redraw without a new turn: no second pling
    assert sounds(tables.flush()) == []
    turns = 0
    for who, action, step_ops, _ in play(tables, table, steps=30):
        nxt = table.actor_name()
        plings = [p for p, s in sounds(step_ops) if s == PLING]
        if nxt is not None and nxt != who:
            assert plings == [nxt], (who, action, nxt, sounds(step_ops))
            turns += 1
        else:
            assert plings == [], (who, action, sounds(step_ops))
    assert turns >= 5


def test_an_uno_call_is_heard_by_everyone_at_the_table_and_a_caught_player_hears_no():
    tables, table, _ = two_humans()
    called = caught = False
    for who, action, step_ops, _ in play(tables, table, uno={"ann"}, catch={"ann", "bob"}):
        heard = sounds(step_ops)
        if action.verb == "uno":
            assert ("ann", ORB) in heard and ("bob", ORB) in heard, heard
            called = True
        else:
            assert not any(s == ORB for _, s in heard), (action, heard)
        if action.verb == "catch":
            target = action.target
            assert (target, NO) in heard and (who, NO) not in heard, (action, heard)
            caught = True
        if called and caught:
            break
    assert called and caught


def test_a_draw_card_victim_hears_no_a_turn_draw_is_silent_and_a_refusal_is_heard_by_its_player():
    tables, table, _ = two_humans()
    events = []
    apply = table.apply
    table.apply = lambda action, now: events.append(apply(action, now)) or events[-1]
    victims = plain = 0
    for who, action, step_ops, _ in play(tables, table, uno={"ann", "bob"}):
        heard = sounds(step_ops)
        for ev in events[-1]:
            if isinstance(ev, Draw) and ev.reason == "draw_card":
                assert (ev.player, NO) in heard, (action, heard)
                victims += 1
            elif isinstance(ev, Draw) and ev.reason == "turn":
                assert (ev.player, NO) not in heard, (action, heard)
                plain += 1
        if victims and plain:
            break
    assert victims and plain
    # out of turn: refused, and only the one who tried hears it
    idle = "bob" if table.actor_name() == "ann" else "ann"
    cmd(tables, idle, "draw", now=900)
    ops = tables.flush()
    assert any("not your turn" in t for t in texts(ops, idle))
    assert sounds(ops) == [(idle, NO)]
    assert next(op for op in ops if op["op"] == "sound")["pitch"] == SOUND_PENALTY[1]


def test_sounds_can_be_turned_off_and_their_volume_set():
    tables, table, ops = two_humans(sounds={"enabled": False})
    everything = list(ops)
    for _, _, step_ops, _ in play(tables, table, steps=200, uno={"ann", "bob"}, catch={"ann", "bob"}):
        everything += step_ops
    idle = "bob" if table.actor_name() == "ann" else "ann"
    cmd(tables, idle, "draw", now=900)
    everything += tables.flush()
    assert any(op["op"] == "title" for op in everything)          # the turns were there
    assert sounds(everything) == []
    tables, table, ops = two_humans(sounds={"volume": 0.25})
    assert [op["volume"] for op in ops if op["op"] == "sound"] == [0.25]
    assert SOUND_UNO[0] == ORB and SOUND_PENALTY[0] == NO and SOUND_TURN[0] == PLING
