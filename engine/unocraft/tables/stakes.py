"""Stakes: what a table plays for, money or items, decided here and moved by the plugin.

A table's owner sets the stake in the lobby (`/uno start stake=100`, `stake=3 diamond`); every human
who sits down pays it in (a `stake_take` op; the plugin takes it, keeps it in escrow on disk and
answers with a `stake` event) and is unseated, told only why, when they cannot: the seat is announced
(to the table; a new table's opening, to the players near) only once it is paid, so a stake the server
cannot take (an item it does not know, money a player does not have) opens nothing anyone reads. A
stake that cannot be one (`1e3`, `diamond_`, `100 coins`) is refused before anything (`parse`). The
cards are not dealt while a pay-in is on its way. The plugin only moves what it is told (core Stakes.java): who gets
what is decided here, in one `stake_settle` op naming the pay-ins it uses up:
- the match's winner takes the pot (partners share it; what does not divide goes to the first
  seated), less the house cut (`stakes.house_cut` percent, to no one);
- a bot's win (a stand-in counts as a bot) refunds every payer (`stakes.on_bot_win: refund`): a
  player should not lose a stake to the server's own program; `house` keeps the pot instead;
- a player who gets up in the lobby is refunded; one who leaves a game forfeits the stake to the
  pot (`stakes.on_leave: forfeit`) or is refunded (`refund`), the same when their rejoin time runs out;
- a table that closes without a winner refunds everyone.
A pay-in's id is random (and starts with its table's), so an op sent again moves nothing, and an
answer for a pay-in no table waits for any more (its player got up, its table closed) sends it back.
When the engine attaches, it names every pay-in its tables hold (`stake_tables`): the plugin refunds
whatever it holds for a table the engine no longer has (one that could not be resumed).
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol, TypedDict

from ..rules.events import Event, MatchOver, RoundOver
from ..transport.incoming import StakeAnswer
from ..transport.protocol import Op
from .notices import Notice, Said, StakeMove
from .text import say

if TYPE_CHECKING:
    from .config import EngineConfig, Settings
    from .players import Players
    from .registry import Registry
    from .table import Amount, PayIn, Stake, Table

log = logging.getLogger("unocraft.stakes")

#: a count (apart from the item: `3 diamond`, `3xdiamond`, `3*diamond`) and an item id as Minecraft
#: writes one, `namespace:path` or the path alone (minecraft's); a path starts with a letter and ends
#: with a letter or digit (`diamond_` is a slip of the keyboard, `1e3` a number, neither an item)
_ITEM = re.compile(r"^(?:(\d+)(?:\s+|\s*[x*×]\s*))?((?:[a-z0-9_.-]+:)?[a-z](?:[a-z0-9_./-]*[a-z0-9])?)$")
#: what a player who means money writes after the amount (no item of the game is called so)
MONEY_WORDS = ("coin", "coins", "money", "dollar", "dollars", "$", "eur", "euro", "euros")
REASONS = ("offline", "no_permission", "no_economy", "too_little", "unknown_item", "too_few_items", "bad_stake",
           "failed")


class StakeError(ValueError):
    """A stake the player typed cannot be used: `key` is the language line (stake.error.<key>)."""

    def __init__(self, key: str, **args: Any):
        super().__init__(key)
        self.key, self.fields = key, args


def parse(text: str, config: EngineConfig) -> Stake | None:
    """`100` (money), `3 diamond` / `3xdiamond` / `diamond` (items), `none` (no stake): the stake as the
    table keeps it, or None. Raises StakeError with what is wrong."""
    text = text.strip().lower()
    if text in ("", "none", "off"):
        return None
    if not config.stakes_enabled:
        raise StakeError("switched_off")
    if re.fullmatch(r"-?\d+", text):
        amount = int(text)
        if amount <= 0:
            raise StakeError("bad", stake=text)
        if amount > config.stakes_max_money:
            raise StakeError("too_big", stake=text, max=config.stakes_max_money)
        return {"money": amount}
    money = re.fullmatch(r"(\d+)\s*(\S+)", text)
    if money and money.group(2) in MONEY_WORDS:        # `100 coins`: money, not 100 of an item called coins
        raise StakeError("money_word", word=money.group(2), amount=int(money.group(1)))
    m = _ITEM.match(text)
    if m is None:
        raise StakeError("bad", stake=text)
    count = int(m.group(1)) if m.group(1) else 1
    item = m.group(2) if ":" in m.group(2) else "minecraft:" + m.group(2)
    if count <= 0:
        raise StakeError("bad", stake=text)
    if count > config.stakes_max_items:
        raise StakeError("too_big", stake=text, max=config.stakes_max_items)
    forbidden = {f if ":" in f else "minecraft:" + f for f in config.stakes_forbidden}
    if item in forbidden:
        raise StakeError("forbidden", item=item.split(":", 1)[1])
    return {"item": item, "count": count}


def words(stake: Stake | None) -> str:
    """The stake as a command writes it: `100`, `3 diamond`."""
    if not stake:
        return "none"
    return str(stake["money"]) if "money" in stake else f"{stake['count']} {stake['item'].split(':', 1)[1]}"


def amount(stake: Amount) -> int:
    return stake["money"] if "money" in stake else stake["count"]


class _Paid(TypedDict, total=False):
    """Whom a share is paid to, when the engine knows it (`_uuid`)."""
    uuid: str


class Seating(Protocol):
    """What the stakes ask of the seats (lifecycle.py, which decides who sits where): a player
    seated for good once their pay-in is held, or got up from the lobby when it cannot be."""

    def seated(self, t: Table, player: str, then: str, now: float) -> list[Notice]: ...

    def unseat(self, t: Table, player: str) -> list[Notice]: ...


class Record(Protocol):
    """Where what a player won and lost at stakes is counted (stats_tally.py: `StatsTally.add`)."""

    def __call__(self, player: str, /, **counters: int) -> None: ...


class Stakes:
    """The tables' stakes: pay-ins, forfeits and the pot's settlement (see the module). What each
    decides (the moves for the plugin, the lines for the players) it returns as notices. It reads
    the settings, the players (language, UUID) and the registry (the tables; a changed one is marked
    there), seats and unseats through `seating`, and counts winnings in `record`."""

    def __init__(self, settings: Settings, players: Players, registry: Registry, seating: Seating,
                 record: Record) -> None:
        self.settings = settings
        self.players = players
        self.registry = registry
        self.seating = seating
        self.record = record

    @property
    def config(self) -> EngineConfig:
        return self.settings.config

    @staticmethod
    def _op(op: Op) -> list[Notice]:
        return Said().note(StakeMove(op)).items

    def _take(self, t: Table, eid: str, player: str) -> list[Notice]:
        """The pay-in `eid` of `player` asked of the plugin (a table that holds pay-ins plays for a stake)."""
        return self._op({"op": "stake_take", "id": eid, "table": t.id, "player": player, **_staked(t)})

    def _entries(self, t: Table) -> dict[str, PayIn]:
        return t.pot.setdefault("entries", {})

    # ---------------------------------------------------------------- paying in
    def refusal(self, t: Table, stake: Stake | None) -> str | None:
        """Whether the table's stake may become `stake`: the language key of a refusal, or None."""
        paid_by_others = [e for e in self._entries(t).values() if e["player"] != t.owner]
        if stake != t.stake and paid_by_others:
            return "stake.error.locked"
        return None

    def set(self, t: Table, stake: Stake | None, by: str, now: float) -> list[Notice]:
        """The owner (`by`, or uno.admin) sets the table's stake in the lobby (`refusal` allowed it):
        the owner's own pay-in follows it; anyone else's fixes it."""
        if stake == t.stake:
            return []
        out, unsaid = Said(), dict[str, str]()        # unsaid: who sat down with a pay-in on its way, not announced yet
        for eid, e in list(self._entries(t).items()):
            if e["state"] == "held":
                out.add(self._settle(t, [eid], {e["player"]: amount(_staked(t))}, 0, "changed"))
            else:       # on its way: its answer finds no pay-in and it goes back (`answered`)
                if e.get("then"):
                    unsaid[e["player"]] = e["then"]
                del self._entries(t)[eid]
        t.stake = stake
        for seat in list(t.humans()):
            then = unsaid.get(seat.name)
            if seat.name == t.owner and stake:
                out.add(self.sat(t, seat.name, then))
            elif then and not stake:        # the table plays for nothing now: seated for good
                out.add(self.seating.seated(t, seat.name, then, now))
            elif stake and seat.name != t.owner:    # nobody pays what they did not sit down for: they sit down again, or not
                out.tell(seat.name, "stake.reseat", "yellow", table=t.id, stake=self.shown(stake, seat.name))
                out.add(self.seating.unseat(t, seat.name))
        return out.items

    def sat(self, t: Table, player: str, then: str | None = None) -> list[Notice]:
        """A human sat down at a staked table: their pay-in is asked for. `then`, what is said once it
        is paid (`Lifecycle.seated`: "opened", "joined"): nobody reads that a player sat down, nor that
        a table opened, before the plugin took the stake (it may be refused: no such item, too little)."""
        if not t.stake:
            return []
        eid = f"{t.id}.{secrets.token_hex(6)}"     # never the same twice, even after a restart from an older save
        entry: PayIn = {"player": player, "state": "paying"}
        uuid = self.players.uuid(player)
        if uuid:
            entry["uuid"] = uuid
        if then:
            entry["then"] = then
        self._entries(t)[eid] = entry
        return self._take(t, eid, player)

    def unpaid(self, t: Table) -> bool:
        """Whether a pay-in of the table is still on its way (the deal waits for it)."""
        return any(e["state"] == "paying" for e in self._entries(t).values())

    def opening(self, t: Table) -> bool:
        """Whether the table waits for its owner's first pay-in: not announced yet, nobody else sits down."""
        return any(e.get("then") == "opened" for e in self._entries(t).values())

    def answered(self, ev: StakeAnswer, now: float) -> list[Notice]:
        """The plugin's answer to a pay-in: paid, or refused (the player gets up, told why)."""
        eid, player = ev.id, ev.player
        t = self.registry.tables.get(eid.split(".", 1)[0])
        e = self._entries(t).get(eid) if t is not None else None
        if e is None and ev.ok:      # its player got up, its table closed or its stake changed meanwhile
            log.info("%s's pay-in %s came when no table waited for it: it goes back", player, eid)
            return self._op({"op": "stake_refund", "id": eid})
        if t is None or e is None or e["state"] != "paying":
            return []
        if ev.ok:
            e["state"] = "held"
            then = e.pop("then", None)
            log.info("%s paid %s into table %s", player, words(t.stake), t.id)
            self.registry.changed(t)
            out = Said(self.seating.seated(t, player, then, now) if then else [])
            return out.tell(player, "stake.paid", "green", stake=self.shown(t.stake, player)).items
        del self._entries(t)[eid]
        reason = ev.reason if ev.reason in REASONS else "failed"
        log.info("%s could not pay %s into table %s: %s", player, words(t.stake), t.id, reason)
        out = Said().error(player, f"stake.refused.{reason}", stake=self.shown(t.stake, player),
                           item=_staked(t).get("item", "").removeprefix("minecraft:"))     # the id as typed
        if t.state == "lobby" and t.seat(player) is not None:
            out.add(self.seating.unseat(t, player))
        return out.items

    def shown(self, stake: Stake | None, player: str) -> str:
        """The stake in the player's words: "100 coins", "3 × diamond"."""
        return words_in(stake, self.players.lang(player))

    def pot_words(self, t: Table, lang: str) -> str | None:
        """What is in the table's pot now, in `lang` (None: the table plays for nothing, or nobody
        has paid in yet)."""
        pot = in_pot(t)
        return words_in(pot, lang) if pot and amount(pot) else None

    # ---------------------------------------------------------------- getting up, ending
    def got_up(self, t: Table, player: str) -> list[Notice]:
        """A human left their seat: in the lobby the stake comes back; in a game, `stakes.on_leave`."""
        out = Said()
        for eid, e in list(self._entries(t).items()):
            if e["player"] != player or e["state"] == "forfeit":
                continue
            if t.state == "lobby" or e["state"] == "paying" or self.config.stakes_on_leave == "refund":
                if e["state"] == "held":
                    out.add(self._settle(t, [eid], {player: amount(_staked(t))}, 0, "refund"))
                else:       # on its way: its answer finds no pay-in and it goes back (`answered`)
                    del self._entries(t)[eid]
            else:
                e["state"] = "forfeit"
                out.tell(player, "stake.forfeit", "gray", stake=self.shown(t.stake, player))
        return out.items

    def counted(self, t: Table, events: list[Event]) -> list[Notice]:
        """A listener of the game's events: the pot goes to the match's winners."""
        if not t.stake or not t.pot.get("entries"):
            return []
        for ev in events:
            if isinstance(ev, MatchOver) or (isinstance(ev, RoundOver) and self.config.single_round):
                return self._award(t, list(ev.winners) if isinstance(ev, MatchOver) else [ev.winner])
        return []

    def _award(self, t: Table, winners: list[str]) -> list[Notice]:
        held = {eid: e for eid, e in self._entries(t).items() if e["state"] in ("held", "forfeit")}
        if not held:
            return []
        pot = amount(_staked(t)) * len(held)
        humans = [s.name for s in t.seats if s.name in winners and s.human]
        if not humans and self.config.stakes_on_bot_win == "refund":
            return self._refund(t, "bot_won")
        # lost is what each paid, won what each received (a winner's own stake comes back inside the pot)
        unit = "money" if "money" in _staked(t) else "items"
        for e in held.values():
            self.record(e["player"], **{f"{unit}_lost": amount(_staked(t))})
        if not humans:
            return self._settle(t, list(held), {}, pot, "house")
        cut = pot * self.config.stakes_house_cut // 100
        each, extra = divmod(pot - cut, len(humans))
        shares = {name: each + (1 if i < extra else 0) for i, name in enumerate(humans)}
        out = Said(self._settle(t, list(held), shares, cut, "won"))
        for name, share in shares.items():
            if share:
                self.record(name, **{f"{unit}_won": share})
            out.tell(name, "stake.won", "gold", stake=self.shown({**_staked(t), **_as(_staked(t), share)}, name))
        return out.items

    def _refund(self, t: Table, why: str) -> list[Notice]:
        out = Said()
        for eid, e in list(self._entries(t).items()):
            if e["state"] in ("held", "forfeit"):
                out.add(self._settle(t, [eid], {e["player"]: amount(_staked(t))}, 0, why))
                out.tell(e["player"], "stake.refunded", "green", stake=self.shown(t.stake, e["player"]))
        return out.items

    def closing(self, t: Table) -> list[Notice]:
        """The table closes: what is still in the pot (no winner took it) goes back."""
        return self._refund(t, "closed")

    def _settle(self, t: Table, eids: list[str], shares: dict[str, int], cut: int, why: str) -> list[Notice]:
        uuids = {e["player"]: e["uuid"] for e in self._entries(t).values() if e.get("uuid")}
        settle = self._op({"op": "stake_settle", "id": f"{t.id}.{secrets.token_hex(6)}.s", "table": t.id, "entries": eids,
                           "shares": [{"player": p, **_uuid(self.players, p, uuids), **_as(_staked(t), v)}
                                      for p, v in shares.items()],
                           "cut": cut, "why": why})
        for eid in eids:
            self._entries(t).pop(eid, None)
        log.info("table %s: %s %s", t.id, why, ", ".join(f"{p} {v}" for p, v in shares.items()) or f"house {cut}")
        self.registry.changed(t)
        return settle

    def attached(self) -> list[Notice]:
        """A plugin attached: every pay-in the tables hold, so that it refunds what no table holds,
        then the pay-ins still unanswered again (an answer the restart lost, or a take a stop called
        off: the plugin answers again, or takes)."""
        out = Said(self._op({"op": "stake_tables", "tables": {t.id: list(self._entries(t))
                                                              for t in self.registry.tables.values() if self._entries(t)}}))
        for t in self.registry.tables.values():
            for eid, e in self._entries(t).items():
                if e["state"] == "paying":
                    out.add(self._take(t, eid, e["player"]))
        return out.items


def in_pot(t: Table) -> Stake | None:
    """What is in the table's pot now, as a stake: {"money": 200}, {"item", "count": 6} (the count
    0 while nobody has paid in); None: the table plays for nothing. Only amounts: no payer's name."""
    if not t.stake:
        return None
    n = sum(1 for e in t.pot.get("entries", {}).values() if e["state"] in ("held", "forfeit"))
    return {**t.stake, **_as(t.stake, amount(t.stake) * n)}


def _staked(t: Table) -> Stake:
    """The stake of a table the caller knows plays for one (it holds pay-ins)."""
    if t.stake is None:
        raise ValueError(f"table {t.id} plays for nothing")
    return t.stake


def _as(stake: Amount, n: int) -> Amount:
    return {"money": n} if "money" in stake else {"count": n}


def _uuid(players: Players, player: str, known: dict[str, str] | None = None) -> _Paid:
    """The player's UUID as a share carries it: the plugin pays a share to it (a renamed player too)."""
    uuid = players.uuid(player) or (known or {}).get(player)
    return {"uuid": uuid} if uuid else {}


def words_in(stake: Mapping[str, Any] | None, lang: str) -> str:
    """A stake in `lang`: "100 coins", "3 × diamond" (a `Stake`, or one as the web page's snapshot holds it)."""
    if not stake:
        return ""
    if "money" in stake:
        return say(lang, "stake.money", count=stake["money"])
    return say(lang, "stake.items", amount=stake["count"], item=item_name(stake["item"]))


def item_name(item: str) -> str:
    """An item id as a player reads it: `minecraft:diamond_sword` -> "diamond sword" (never a space at
    either end, nor two together)."""
    path = item.split(":", 1)[-1]
    return " ".join(path.replace("_", " ").split()) or path
