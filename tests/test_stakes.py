"""Stakes decided by the engine (tables/stakes.py), moved by a model of the plugin's escrow that
does what core Stakes.java does: money and items are counted after every batch, and every path
ends with the sum of the balances plus the escrow where it began (RULES-free: this is the table's
setting, not a rule)."""

import pytest

from unocraft.tables.config import parse
from unocraft.tables.manager import Tables
from unocraft.tables.store import TableStore

from test_tables import texts


CONFIG = {"timers": {"lobby": 5, "turn": 30, "turn_warning": 10, "rejoin": 60, "bot_think": 0.5,
                     "catch_window": 1, "next_round": 2},
          "bots": {"fill_to": 3, "kind": "basic"}, "game": {"single_round": True}}


class Escrow:
    """The plugin's half, in memory: balances, plain items, entries held, and a log of the answers."""

    def __init__(self, balances=None, items=None):
        self.balances = dict(balances or {})
        self.items = dict(items or {})           # player -> diamonds
        self.held = {}                           # id -> (table, player, kind, amount)
        self.done = set()
        self.cut = 0
        self.refuse = set()                      # players without uno.stake

    def total(self, kind):
        own = sum(self.balances.values()) if kind == "money" else sum(self.items.values())
        return own + sum(a for _, _, k, a in self.held.values() if k == kind) + (self.cut if kind == "money" else 0)

    def apply(self, tables, ops, now):
        for op in ops:
            if op["op"] == "stake_take":
                self.take(tables, op, now)
            elif op["op"] == "stake_settle":
                self.settle(op)
            elif op["op"] == "stake_refund":
                if op["id"] in self.held:
                    _, player, kind, amount = self.held.pop(op["id"])
                    self.done.add(op["id"])
                    self._give(player, kind, amount)
            elif op["op"] == "stake_tables":
                for eid, (table, player, kind, amount) in list(self.held.items()):
                    if eid not in op["tables"].get(table, []):
                        del self.held[eid]
                        self._give(player, kind, amount)

    def take(self, tables, op, now):
        eid, player = op["id"], op["player"]
        if eid in self.held or eid in self.done:
            return
        kind, amount = ("money", op["money"]) if "money" in op else ("item", op["count"])
        purse = self.balances if kind == "money" else self.items
        reason = "no_permission" if player in self.refuse else \
            "unknown_item" if kind == "item" and op["item"] not in ("minecraft:diamond", "minecraft:emerald") else "too_little" if kind == "money" and purse.get(player, 0) < amount \
            else "too_few_items" if purse.get(player, 0) < amount else None
        if reason is None:
            purse[player] -= amount
            self.held[eid] = (op["table"], player, kind, amount)
        ev = {"type": "stake", "player": player, "id": eid, "ok": reason is None}
        if reason:
            ev["reason"] = reason
        tables.handle(ev, now)

    def settle(self, op):
        if op["id"] in self.done:
            return
        used = [self.held[e] for e in op["entries"] if e in self.held]
        assert len(used) == len(op["entries"]), op
        kind = used[0][2]
        shares = [(s["player"], s.get("money", s.get("count"))) for s in op["shares"]]
        assert sum(a for *_, a in used) == sum(n for _, n in shares) + op["cut"], op
        for e in op["entries"]:
            del self.held[e]
            self.done.add(e)
        self.done.add(op["id"])
        for player, n in shares:
            self._give(player, kind, n)
        if kind == "money":
            self.cut += op["cut"]

    def _give(self, player, kind, n):
        purse = self.balances if kind == "money" else self.items
        purse[player] = purse.get(player, 0) + n


def make(store=None, **extra):
    cfg = parse({**CONFIG, **extra})
    t = Tables(cfg, store)
    t.attach({"online": [], "vault": []}, 0)
    t.flush()
    return t


def step(tables, escrow, now, *events):
    """Events in, ops out through the escrow until nothing more moves; returns every op."""
    for ev in events:
        tables.handle(ev, now)
    out = []
    while True:
        ops = tables.flush()
        out += ops
        if not any(op["op"].startswith("stake_") for op in ops):
            return out
        escrow.apply(tables, ops, now)


def cmd(player, *args):
    return {"type": "command", "player": player, "args": list(args), "pos": [0, 40, 0]}


def join(player):
    return {"type": "join", "player": player, "locale": "en_us"}


def play_out(tables, escrow, now, kind="money", start=None):
    """Ticks until the table closes (turns time out: stand-ins play), counting after every batch."""
    start = start if start is not None else escrow.total(kind)
    for _ in range(5000):
        if not tables.tables:
            return now
        now += 5
        tables.tick(now)
        step(tables, escrow, now)
        assert escrow.total(kind) == start
    raise AssertionError("the table never closed")


def test_a_money_table_takes_every_stake_before_the_deal_and_the_winner_takes_the_pot(monkeypatch):
    escrow = Escrow({"ann": 500, "bob": 300})
    tables = make()
    ops = step(tables, escrow, 0, join("ann"), join("bob"), cmd("ann", "start", "stake=100"))
    take = next(op for op in ops if op["op"] == "stake_take")
    assert take["player"] == "ann" and take["money"] == 100 and take["table"] == "t1"
    assert any("You paid 100 coins into the pot" in x for x in texts(ops, "ann"))
    step(tables, escrow, 1, cmd("bob", "join", "t1"))
    assert escrow.balances == {"ann": 400, "bob": 200} and len(escrow.held) == 2
    t = tables.tables["t1"]
    assert [s.name for s in t.humans()] == ["ann", "bob"]
    tables.tick(10)
    ops = step(tables, escrow, 10)
    assert t.state == "playing"
    sidebar = next(op for op in ops if op["op"] == "sidebar" and op["player"] == "ann")
    assert sidebar["lines"][-1] == [{"text": "Pot: 200 coins", "colour": "gold"}]
    play_out(tables, escrow, 10, start=800)
    assert not escrow.held
    # a human's win: the pot of 200 to the winner; a bot's (a stand-in played the timed-out turns,
    # but the seat stays the human's): both stakes back
    assert sorted(escrow.balances.values()) in ([200, 600], [400, 400])
    counted = tables.tally.take()[0]
    if sorted(escrow.balances.values()) == [200, 600]:
        winner = max(escrow.balances, key=escrow.balances.get)
        loser = min(escrow.balances, key=escrow.balances.get)
        assert counted[winner]["money_won"] == 200 and counted[loser]["money_lost"] == 100


@pytest.mark.parametrize("command", [("join",), ("start",)])
def test_a_staked_table_is_sat_at_only_when_named(command):
    """A bare /uno join (or /uno start beside a staked lobby) takes no stake the player never read:
    it names the table and its stake; /uno join t1 then sits them down and takes it."""
    escrow = Escrow({"ann": 500, "bob": 300})
    tables = make()
    step(tables, escrow, 0, join("ann"), join("bob"), cmd("ann", "start", "stake=100"))
    ops = step(tables, escrow, 1, cmd("bob", *command))
    assert texts(ops, "bob") == ["Table t1 plays for 100 coins a player: to sit down and pay it in, type /uno join t1."]
    assert escrow.balances["bob"] == 300 and [s.name for s in tables.tables["t1"].seats] == ["ann"]
    assert "bob" not in tables.where and list(tables.tables) == ["t1"]
    step(tables, escrow, 2, cmd("bob", "join", "t1"))
    assert escrow.balances["bob"] == 200 and [s.name for s in tables.tables["t1"].seats] == ["ann", "bob"]


def test_a_player_who_cannot_pay_does_not_sit_down_and_is_told_why():
    escrow = Escrow({"ann": 500, "bob": 50, "cid": 1000})
    escrow.refuse.add("cid")
    tables = make()
    step(tables, escrow, 0, join("ann"), join("bob"), join("cid"), cmd("ann", "start", "stake=100"))
    ops = step(tables, escrow, 1, cmd("bob", "join", "t1"))
    assert texts(ops, "bob") == ["You do not have 100 coins to pay into the pot, so you cannot sit at this table."]
    ops = step(tables, escrow, 1, cmd("cid", "join", "t1"))
    assert len(texts(ops, "cid")) == 1 and "may not play for stakes" in texts(ops, "cid")[0]
    assert [s.name for s in tables.tables["t1"].humans()] == ["ann"]
    assert escrow.balances == {"ann": 400, "bob": 50, "cid": 1000}


def test_the_deal_waits_for_a_pay_in_on_its_way():
    escrow = Escrow({"ann": 500})
    tables = make()
    tables.handle(join("ann"), 0)
    tables.handle(cmd("ann", "start", "stake=100"), 0)
    ops = tables.flush()                       # the take is sent; no answer yet
    tables.tick(30)
    tables.flush()
    assert tables.tables["t1"].state == "lobby"
    escrow.apply(tables, ops, 30)
    tables.tick(31)
    step(tables, escrow, 31)
    assert tables.tables["t1"].state == "playing"


@pytest.mark.parametrize("on_leave,back", [("forfeit", 0), ("refund", 100)])
def test_a_leave_in_a_game_forfeits_or_refunds_and_a_leave_in_the_lobby_refunds(on_leave, back):
    escrow = Escrow({"ann": 500, "bob": 500, "cid": 500})
    tables = make(stakes={"on_leave": on_leave})
    step(tables, escrow, 0, join("ann"), join("bob"), join("cid"), cmd("ann", "start", "stake=100"))
    step(tables, escrow, 1, cmd("bob", "join", "t1"), cmd("cid", "join", "t1"))
    step(tables, escrow, 2, cmd("cid", "leave"))      # the lobby: back at once
    assert escrow.balances["cid"] == 500
    tables.tick(10)
    step(tables, escrow, 10)
    ops = step(tables, escrow, 11, cmd("bob", "leave"))
    assert escrow.balances["bob"] == 400 + back
    if on_leave == "forfeit":
        assert any("stays in the pot" in x for x in texts(ops, "bob"))
    play_out(tables, escrow, 11, start=1500)
    assert not escrow.held
    if on_leave == "forfeit":      # bob's 100 went to the winner (ann) or, a bot winning, back to both
        assert escrow.balances["ann"] in (600, 500) and escrow.balances["bob"] in (400, 500)


def test_close_refunds_every_stake_and_an_item_stake_moves_items():
    escrow = Escrow(items={"ann": 5, "bob": 3})
    tables = make()
    step(tables, escrow, 0, join("ann"), join("bob"), cmd("ann", "start", "stake=3", "diamond"))
    step(tables, escrow, 1, cmd("bob", "join", "t1"))
    assert escrow.items == {"ann": 2, "bob": 0}
    assert tables.tables["t1"].stake == {"item": "minecraft:diamond", "count": 3}
    tables.tick(10)
    step(tables, escrow, 10)
    ops = step(tables, escrow, 11, {"type": "console", "args": ["close", "t1"]})
    assert escrow.items == {"ann": 5, "bob": 3} and not escrow.held
    assert any("Your stake of 3 × diamond is back" in x for x in texts(ops, "bob"))


def _only_ann_reads(ops, *lines):
    """ann reads exactly `lines` (each a part of one line), and nobody else reads anything."""
    said = texts(ops, "ann")
    assert len(said) == len(lines) and all(part in x for part, x in zip(lines, said)), said
    assert not [op for op in ops if op["op"] == "msg" and op["player"] != "ann"], \
        [(op["player"], texts([op])) for op in ops if op["op"] == "msg" and op["player"] != "ann"]


@pytest.mark.parametrize("stake,line", [
    ("-5", "\"-5\" is not a stake"), ("0", "\"0\" is not a stake"), ("1e3", "\"1e3\" is not a stake"),
    ("3 diamond_", "\"3 diamond_\" is not a stake"), ("diamond_", "\"diamond_\" is not a stake"),
    ("3 4", "is not a stake"), ("3diamond", "is not a stake"), ("_diamond", "is not a stake"),
    ("100 coins", "\"coins\" is not an item: to play for money, write the amount alone (stake=100)"),
    ("5coins", "\"coins\" is not an item"), ("99999999", "more than this server allows"),
    ("65 diamond", "more than this server allows: 64 at most"), ("shulker_box", "cannot be staked")])
def test_a_bad_stake_is_refused_before_a_table_opens_with_nothing_announced_nor_taken(stake, line):
    escrow = Escrow({"ann": 500, "bob": 500}, items={"ann": 5})
    tables = make()
    step(tables, escrow, 0, join("ann"), join("bob"))
    tables.handle(cmd("ann", "start", *f"stake={stake}".split(" ")), 0)
    assert not tables.tables                     # not even for a moment
    ops = step(tables, escrow, 0)
    _only_ann_reads(ops, line, "Usage: /uno start")
    assert not [op for op in ops if op["op"].startswith("stake_")]
    assert not tables.tables and escrow.balances == {"ann": 500, "bob": 500} and escrow.items == {"ann": 5}


@pytest.mark.parametrize("stake", ["abc", "lots", "3xx", "2 minecraft:no_such_thing"])
def test_an_item_the_server_does_not_know_opens_no_table_and_is_announced_to_nobody(stake):
    """A well-formed id the server has no item for: the plugin says so (`unknown_item`) before the
    table is announced to anyone; the owner reads that one line, nothing is taken."""
    escrow = Escrow({"ann": 500, "bob": 500}, items={"ann": 5})
    tables = make()
    step(tables, escrow, 0, join("ann"), join("bob"))
    ops = step(tables, escrow, 0, cmd("ann", "start", *f"stake={stake}".split(" ")))
    item = stake.split(" ")[-1].removeprefix("minecraft:").removeprefix("3x")
    _only_ann_reads(ops, f'This server knows no item called "{item}": write an amount of money (stake=100)')
    assert not tables.tables and escrow.balances == {"ann": 500, "bob": 500} and escrow.items == {"ann": 5}
    assert not escrow.held


def test_another_player_does_not_sit_at_a_table_not_announced_yet():
    escrow = Escrow({"ann": 500, "bob": 500})
    tables = make()
    step(tables, escrow, 0, join("ann"), join("bob"))
    tables.handle(cmd("ann", "start", "stake=abc"), 0)
    ops = tables.flush()                                 # ann's take is on its way
    tables.handle(cmd("bob", "start"), 0)                # bob, near, opens a table of his own
    escrow.apply(tables, ops, 0)
    step(tables, escrow, 0)
    assert list(tables.tables) == ["t2"] and [s.name for s in tables.tables["t2"].seats] == ["bob"]


def test_an_opened_table_is_announced_once_its_owner_has_paid():
    escrow = Escrow({"ann": 500, "bob": 500})
    tables = make()
    step(tables, escrow, 0, join("ann"), join("bob"))
    tables.handle(cmd("ann", "start", "stake=100"), 0)
    ops = tables.flush()
    assert not texts(ops) and [op["op"] for op in ops if op["op"].startswith("stake_")] == ["stake_take"]
    escrow.apply(tables, ops, 0)
    ops = step(tables, escrow, 0)
    assert texts(ops, "bob") == ["ann opened UNO table t1. Join with /uno join t1."]
    assert texts(ops, "ann") == ["You opened UNO table t1; others join with /uno join t1.",
                                 "The game starts in 5 seconds.", "You paid 100 coins into the pot."]


def test_a_player_who_cannot_pay_reads_only_why_and_nobody_reads_that_they_joined():
    escrow = Escrow({"ann": 500, "bob": 50, "cid": 500})
    tables = make()
    step(tables, escrow, 0, join("ann"), join("bob"), join("cid"), cmd("ann", "start", "stake=100"))
    ops = step(tables, escrow, 1, cmd("bob", "join", "t1"))
    assert texts(ops, "bob") == ["You do not have 100 coins to pay into the pot, so you cannot sit at this table."]
    assert not texts(ops, "ann") and not texts(ops, "cid")
    assert [s.name for s in tables.tables["t1"].humans()] == ["ann"] and escrow.balances["bob"] == 50


def test_a_player_who_pays_is_announced_once_after_paying():
    escrow = Escrow({"ann": 500, "bob": 500})
    tables = make()
    step(tables, escrow, 0, join("ann"), join("bob"), cmd("ann", "start", "stake=100"))
    tables.handle(cmd("bob", "join", "t1"), 1)
    ops = tables.flush()
    assert not texts(ops, "ann") and not texts(ops, "bob")       # the take is on its way: nothing said yet
    escrow.apply(tables, ops, 1)
    ops = step(tables, escrow, 1)
    assert texts(ops, "ann") == ["bob joined the table."]
    assert texts(ops, "bob") == ["You sat down at the table.", "You paid 100 coins into the pot."]


def test_a_table_without_a_stake_announces_at_once():
    tables = make()
    ops = step(tables, Escrow(), 0, join("ann"), join("bob"), cmd("ann", "start"))
    assert texts(ops, "bob") == ["ann opened UNO table t1. Join with /uno join t1."]
    ops = step(tables, Escrow(), 1, cmd("bob", "join", "t1"))
    assert texts(ops, "bob") == ["You sat down at the table."] and texts(ops, "ann") == ["bob joined the table."]


@pytest.mark.parametrize("item,name", [("minecraft:diamond_", "diamond"), ("minecraft:_diamond_sword", "diamond sword"),
                                       ("minecraft:oak__log", "oak log"), ("mod:coin", "coin"), ("diamond", "diamond")])
def test_an_item_name_never_ends_in_a_space(item, name):
    from unocraft.tables.stakes import item_name, words_in
    assert item_name(item) == name
    assert words_in({"item": item, "count": 3}, "en") == f"3 × {name}"


def test_good_stakes_still_read():
    from unocraft.tables.stakes import parse as stake
    cfg = parse(CONFIG)
    assert stake("100", cfg) == {"money": 100}
    for text in ("3 diamond", "3xdiamond", "3 x diamond", "3*diamond", "3 minecraft:diamond", "3 × diamond"):
        assert stake(text, cfg) == {"item": "minecraft:diamond", "count": 3}, text
    assert stake("diamond", cfg) == {"item": "minecraft:diamond", "count": 1}
    assert stake("2 mymod:ruby_coin", cfg) == {"item": "mymod:ruby_coin", "count": 2}


def test_stakes_switched_off_are_refused():
    tables = make(stakes={"enabled": False})
    ops = step(tables, Escrow(), 0, join("ann"), cmd("ann", "start", "stake=10"))
    assert any("switched off" in x for x in texts(ops, "ann"))


def test_the_owner_may_change_the_stake_until_someone_else_pays_in():
    escrow = Escrow({"ann": 500, "bob": 500})
    tables = make()
    step(tables, escrow, 0, join("ann"), join("bob"), cmd("ann", "start", "stake=100"))
    ops = step(tables, escrow, 1, cmd("ann", "rules", "stake=50"))
    assert escrow.balances["ann"] == 450 and len(escrow.held) == 1
    assert any("stake: 50 coins a player" in x for x in texts(ops, "ann"))
    step(tables, escrow, 1, cmd("bob", "join", "t1"))
    ops = step(tables, escrow, 2, cmd("ann", "rules", "stake=200"))
    assert any("fixed once another player has paid in" in x for x in texts(ops, "ann"))
    assert escrow.balances == {"ann": 450, "bob": 450} and tables.tables["t1"].stake == {"money": 50}


def test_a_repeated_answer_or_op_moves_nothing_twice():
    escrow = Escrow({"ann": 500})
    tables = make()
    ops = step(tables, escrow, 0, join("ann"), cmd("ann", "start", "stake=100"))
    take = next(op for op in ops if op["op"] == "stake_take")
    escrow.apply(tables, [take], 1)            # the same op again: the escrow knows its id
    tables.handle({"type": "stake", "player": "ann", "id": take["id"], "ok": True}, 1)   # an answer again
    step(tables, escrow, 1)
    assert escrow.balances == {"ann": 400}
    ops = step(tables, escrow, 2, cmd("ann", "leave"))
    settle = [op for op in ops if op["op"] == "stake_settle"]
    assert len(settle) == 1 and escrow.balances == {"ann": 500}
    escrow.apply(tables, settle, 3)
    assert escrow.balances == {"ann": 500}


def test_an_engine_restart_keeps_the_pot_and_names_it_to_the_plugin(tmp_path):
    escrow = Escrow({"ann": 500, "bob": 500})
    store = TableStore(str(tmp_path / "t.sqlite"))
    tables = make(store)
    step(tables, escrow, 0, join("ann"), join("bob"), cmd("ann", "start", "stake=100"))
    step(tables, escrow, 1, cmd("bob", "join", "t1"))
    tables.tick(10)
    step(tables, escrow, 10)
    tables.save()
    ids = set(escrow.held)
    again = Tables(parse(CONFIG), TableStore(str(tmp_path / "t.sqlite")))
    again.attach({"online": ["ann", "bob"], "vault": []}, 20)
    ops = again.flush()
    named = next(op for op in ops if op["op"] == "stake_tables")
    assert set(named["tables"]["t1"]) == ids
    escrow.apply(again, ops, 20)
    assert set(escrow.held) == ids               # nothing refunded: the table goes on with its pot
    play_out(again, escrow, 20, start=1000)
    assert not escrow.held and sum(escrow.balances.values()) == 1000


def test_a_table_the_engine_lost_is_refunded_at_attach(tmp_path):
    escrow = Escrow({"ann": 500})
    tables = make()
    step(tables, escrow, 0, join("ann"), cmd("ann", "start", "stake=100"))
    fresh = make()                               # no saved tables: the pot's table is gone
    escrow.apply(fresh, [{"op": "stake_tables", "tables": {}}], 1)
    assert escrow.balances == {"ann": 500} and not escrow.held


def test_a_player_who_gets_up_before_the_pay_in_is_answered_gets_it_back_when_it_is():
    escrow = Escrow({"ann": 500, "bob": 500})
    tables = make()
    step(tables, escrow, 0, join("ann"), join("bob"), cmd("ann", "start", "stake=100"))
    tables.handle(cmd("bob", "join", "t1"), 1)
    ops = tables.flush()                                  # bob's take is on its way ...
    tables.handle(cmd("bob", "leave"), 1)                 # ... and bob gets up before its answer
    escrow.apply(tables, ops, 1)
    step(tables, escrow, 2)
    assert escrow.balances == {"ann": 400, "bob": 500} and len(escrow.held) == 1


def test_a_stake_set_later_charges_the_owner_and_seats_the_others_again_without_charging_them():
    escrow = Escrow({"ann": 500, "bob": 500})
    tables = make()
    step(tables, escrow, 0, join("ann"), join("bob"), cmd("ann", "start"))
    step(tables, escrow, 1, cmd("bob", "join", "t1"))
    ops = step(tables, escrow, 2, cmd("ann", "rules", "stake=40"))
    assert escrow.balances == {"ann": 460, "bob": 500}
    assert any("now plays for 40 coins" in x for x in texts(ops, "bob"))
    assert [s.name for s in tables.tables["t1"].humans()] == ["ann"]
    step(tables, escrow, 3, cmd("bob", "join", "t1"))
    assert escrow.balances == {"ann": 460, "bob": 460}


def test_a_pay_in_answered_after_its_table_closed_goes_back():
    escrow = Escrow({"ann": 500, "bob": 500})
    tables = make()
    step(tables, escrow, 0, join("ann"), join("bob"), cmd("ann", "start", "stake=100"))
    tables.handle(cmd("bob", "join", "t1"), 1)
    ops = tables.flush()                                  # bob's take is on its way ...
    tables.handle({"type": "console", "args": ["close", "t1"]}, 1)   # ... and the table closes
    escrow.apply(tables, tables.flush(), 1)
    escrow.apply(tables, ops, 1)                          # the answer comes now
    step(tables, escrow, 2)
    assert escrow.balances == {"ann": 500, "bob": 500} and not escrow.held


def test_an_attach_asks_again_for_a_pay_in_never_answered():
    escrow = Escrow({"ann": 500})
    tables = make()
    tables.handle(join("ann"), 0)
    tables.handle(cmd("ann", "start", "stake=100"), 0)
    first = next(op for op in tables.flush() if op["op"] == "stake_take")    # lost: the plugin stopped
    tables.attach({"online": ["ann"], "vault": []}, 5)
    ops = tables.flush()
    assert [op["op"] for op in ops if op["op"].startswith("stake_")] == ["stake_tables", "stake_take"]
    assert next(op for op in ops if op["op"] == "stake_take") == first
    escrow.apply(tables, ops, 5)
    tables.tick(20)
    step(tables, escrow, 20)
    assert escrow.balances == {"ann": 400} and tables.tables["t1"].state == "playing"


@pytest.mark.parametrize("cut,shares", [(0, {"ann": 150, "cid": 150}), (10, {"ann": 135, "cid": 135})])
def test_partners_share_the_pot_less_the_house_cut(cut, shares):
    from unocraft.rules.events import MatchOver
    escrow = Escrow({"ann": 500, "bob": 500, "cid": 500})
    tables = make(stakes={"house_cut": cut})
    step(tables, escrow, 0, join("ann"), join("bob"), join("cid"), cmd("ann", "start", "stake=100"))
    step(tables, escrow, 1, cmd("bob", "join", "t1"), cmd("cid", "join", "t1"))
    t = tables.tables["t1"]
    tables.display.show(tables.core.stakes.counted(t, [MatchOver(["ann", "cid"], {})]))   # a partners' match won by ann and cid
    ops = step(tables, escrow, 2)
    settle = next(op for op in ops if op["op"] == "stake_settle")
    assert {s["player"]: s["money"] for s in settle["shares"]} == shares and settle["cut"] == 300 * cut // 100
    assert escrow.balances == {"ann": 400 + shares["ann"], "bob": 400, "cid": 400 + shares["cid"]}
    assert escrow.total("money") == 1500


def test_a_pot_that_does_not_divide_gives_the_rest_to_the_first_seated():
    from unocraft.rules.events import MatchOver
    escrow = Escrow({"ann": 500, "bob": 500, "cid": 500})
    tables = make()
    step(tables, escrow, 0, join("ann"), join("bob"), join("cid"), cmd("ann", "start", "stake=101"))
    step(tables, escrow, 1, cmd("bob", "join", "t1"), cmd("cid", "join", "t1"))
    tables.display.show(tables.core.stakes.counted(tables.tables["t1"], [MatchOver(["cid", "ann"], {})]))
    step(tables, escrow, 2)
    # a pot of 303 for two: 152 to ann (seated first), 151 to cid
    assert escrow.balances == {"ann": 399 + 152, "bob": 399, "cid": 399 + 151} and escrow.total("money") == 1500


def test_a_bot_win_with_house_keeps_the_pot():
    from unocraft.rules.events import MatchOver
    escrow = Escrow({"ann": 500})
    tables = make(stakes={"on_bot_win": "house"})
    step(tables, escrow, 0, join("ann"), cmd("ann", "start", "stake=100"))
    tables.tick(10)
    step(tables, escrow, 10)
    t = tables.tables["t1"]
    bot = next(s.name for s in t.seats if s.bot)
    tables.display.show(tables.core.stakes.counted(t, [MatchOver([bot], {})]))
    step(tables, escrow, 11)
    assert escrow.balances == {"ann": 400} and escrow.cut == 100 and not escrow.held
