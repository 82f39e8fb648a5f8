"""The bridge protocol: every op the engine sends the plugin and every event the plugin sends the
engine, with their fields and types, declared once here.

An op or an event is a plain dict on the wire and in the engine (codec.py encodes a batch of dicts
as fast as it can, and the tables' tests read them as dicts); these `TypedDict`s say which keys
each kind has, so mypy refuses a misspelled field where an op is built (`Display.ops` is a
`list[Op]`) and `check_op` refuses one at run time (the tables' tests check every op they see).
Incoming events are read through `read_event`: a malformed one is refused with a log line.

`schema()` is the protocol as JSON Schema; it is checked in at
plugin/core/src/test/resources/protocol.schema.json (tests/test_protocol.py fails when it differs
from this module), where the plugin's ProtocolTest drives every op and event of it through the
plugin's code and fails when the plugin reads or writes a field this module does not declare, or
ignores one it does.
"""

from __future__ import annotations

import json
import logging
from typing import Annotated, Any, Literal, NotRequired, TypedDict, Union, get_args, get_type_hints

from . import codec
from .codec import Meta

log = logging.getLogger(__name__)

#: a chat component, version-neutral (presentation/chat.py): a text, a dict or a list of them
Component = Annotated[Any, Meta(description="a chat component (presentation/chat.py): text, object or list")]
Player = Annotated[str, Meta(description="a player's name", examples=["ann"])]
FaceKey = Annotated[str, Meta(description="a card face (presentation/faces.py)", examples=["R5"])]
#: base64 of a map's 128 × 128 colour indices
Pixels = Annotated[str, Meta(min_length=21848, max_length=21848, pattern="^[A-Za-z0-9+/]+=*$",
                                     description="base64 of the 16384 map colour indices",
                                     extra_json_schema={"contentEncoding": "base64", "x-bytes": 16384})]
Whole = Annotated[int, Meta(ge=0)]


# ================================================================ ops: engine -> plugin
class Near(TypedDict):
    """Who an announcement is for: the players within `radius` blocks of `of` (any distance when
    left out), in the same world."""
    of: Player
    radius: NotRequired[float]


class Msg(TypedDict):
    """A chat line to one player."""
    op: Literal["msg"]
    player: Player
    c: Component
    near: NotRequired[Near]


class ActionBar(TypedDict):
    """The line above the hotbar."""
    op: Literal["actionbar"]
    player: Player
    c: Component


class Title(TypedDict):
    """A title and subtitle in the middle of the screen."""
    op: Literal["title"]
    player: Player
    title: Component
    subtitle: Component


class Sound(TypedDict):
    """A sound for one player, where they stand."""
    op: Literal["sound"]
    player: Player
    sound: Annotated[str, Meta(examples=["minecraft:block.note_block.pling"])]
    volume: Annotated[float, Meta(ge=0, le=1)]
    pitch: Annotated[float, Meta(ge=0.5, le=2)]


class Face(TypedDict):
    """A card face's map pixels, sent once per plugin connection before any item shows it."""
    op: Literal["face"]
    key: FaceKey
    pixels: Pixels


class Item(TypedDict):
    """An item in a slot: a card face on a map, or a material; `tag` tells the plugin it is ours."""
    face: NotRequired[FaceKey]
    material: NotRequired[Annotated[str, Meta(examples=["minecraft:paper"])]]
    name: Component
    lore: NotRequired[list[Component]]
    glow: NotRequired[bool]
    tag: Annotated[str, Meta(examples=["card:R5"])]


class Items(TypedDict):
    """Inventory slots (0–8 hotbar, 9–35 inventory, 40 off-hand) → an item, or null to empty it;
    `held`: the hotbar slot to select (the engine sends none today; the plugin's warm-up does)."""
    op: Literal["items"]
    player: Player
    slots: dict[str, Item | None]
    held: NotRequired[Annotated[int, Meta(ge=0, le=8)]]


class Restore(TypedDict):
    """The player's own items back from the plugin's vault."""
    op: Literal["restore"]
    player: Player


class Sidebar(TypedDict):
    """The scoreboard at the side: a title and at most 15 lines, top to bottom."""
    op: Literal["sidebar"]
    player: Player
    title: Component
    lines: list[Component]


class SidebarClear(TypedDict):
    op: Literal["sidebar_clear"]
    player: Player


class Complete(TypedDict):
    """A tab-completion tree: the player's own, the shared one (no player) or the console's."""
    op: Literal["complete"]
    player: NotRequired[Player]
    tree: dict[str, list[str]]


class Console(TypedDict):
    """Lines for the server console."""
    op: Literal["console"]
    lines: list[str]


class Strings(TypedDict):
    """The texts the plugin shows on its own (paused, resumed, ...), in the server's language."""
    op: Literal["strings"]
    strings: dict[str, Component]


class Placeholders(TypedDict):
    """PlaceholderAPI's cache: a player's `values`, or (no player) the `top` lists, [name, value] rows."""
    op: Literal["placeholders"]
    player: NotRequired[Player]
    values: NotRequired[dict[str, str]]
    top: NotRequired[dict[str, list[tuple[str, str]]]]


class StakeTake(TypedDict):
    """Take a pay-in: `money`, or `count` of `item`; answered by a `stake` event."""
    op: Literal["stake_take"]
    id: str
    table: str
    player: Player
    money: NotRequired[Whole]
    item: NotRequired[Annotated[str, Meta(examples=["minecraft:diamond"])]]
    count: NotRequired[Whole]


class Share(TypedDict):
    """What one player gets of a settled pot (paid to `uuid` when known: a renamed player too)."""
    player: Player
    uuid: NotRequired[str]
    money: NotRequired[Whole]
    count: NotRequired[Whole]


class StakeSettle(TypedDict):
    """Pay out the pay-ins `entries`: `shares` to the players, `cut` to the house."""
    op: Literal["stake_settle"]
    id: str
    table: str
    entries: list[str]
    shares: list[Share]
    cut: Whole
    why: str


class StakeRefund(TypedDict):
    """A held pay-in back to its payer."""
    op: Literal["stake_refund"]
    id: str


class StakeTables(TypedDict):
    """Table id → the pay-ins the engine holds (at attach): the plugin gives back the rest."""
    op: Literal["stake_tables"]
    tables: dict[str, list[str]]


Vec = Annotated[list[float], Meta(min_length=3, max_length=3, description="x, y, z in blocks")]


class Prop(TypedDict):
    """One display entity of a table in the world (display entities only: nothing placed or
    broken). `at`: where it stands, from the table's centre; `yaw`/`pitch`: its rotation in degrees;
    `scale`: its size. An `item` shows a card face's map (`face`), a `block` a block (`block`), a
    `text` a component (`text`; `billboard`: it turns to face who looks). `came`: where a card just
    played comes from (it moves from there to `at`)."""
    kind: Literal["item", "text", "block"]
    at: Vec
    yaw: NotRequired[float]
    pitch: NotRequired[float]
    scale: NotRequired[Vec]
    face: NotRequired[FaceKey]
    block: NotRequired[Annotated[str, Meta(examples=["minecraft:green_wool"])]]
    text: NotRequired[Component]
    billboard: NotRequired[Literal["fixed", "vertical", "center"]]
    glow: NotRequired[bool]
    came: NotRequired[Vec]


class Stage(TypedDict):
    """A table in the world: its display entities by id, `put` (new or changed) and `drop` (gone).
    `at` is its centre in `world`; `reset`: `put` is all of it, anything else shown of it goes."""
    op: Literal["stage"]
    table: str
    world: str
    at: Vec
    reset: NotRequired[bool]
    put: dict[str, Prop]
    drop: list[str]


class StageRemove(TypedDict):
    """The table is gone from the world: every display entity of it removed."""
    op: Literal["stage_remove"]
    table: str


class StageTables(TypedDict):
    """The tables the engine shows in the world (at attach): the plugin removes any other's entities."""
    op: Literal["stage_tables"]
    tables: list[str]


Op = Union[Msg, ActionBar, Title, Sound, Face, Items, Restore, Sidebar, SidebarClear, Complete, Console, Strings,
           Placeholders, StakeTake, StakeSettle, StakeRefund, StakeTables, Stage, StageRemove, StageTables]


# ================================================================ events: plugin -> engine
class Numbered(TypedDict):
    """What the plugin's queue adds to every event: its run (`session`), the event's number in it
    (`seq`) and when it was queued (`t`, the plugin's nanoseconds)."""
    session: NotRequired[str]
    seq: NotRequired[int]
    t: NotRequired[int]


Position = Annotated[list[float], Meta(description="x, y, z where the player stands")]
World = Annotated[str, Meta(description="the world the player is in, by name", examples=["world"])]


class Where(Numbered):
    """What the plugin knows of the player when it builds the event."""
    player: Player
    locale: NotRequired[Annotated[str, Meta(examples=["en_us"])]]
    pos: NotRequired[Position]
    world: NotRequired[World]


class CommandEvent(Where):
    """`/uno args…` (`admin`: the player holds uno.admin)."""
    type: Literal["command"]
    args: list[str]
    admin: NotRequired[bool]
    uuid: NotRequired[str]


class UseEvent(Where):
    """A right-click with an engine item in hand (`slot`: where it is; the mcpi front end has none)."""
    type: Literal["use"]
    slot: NotRequired[int]
    tag: str


class ClickEvent(Where):
    """An inventory click on an engine item."""
    type: Literal["click"]
    slot: int
    tag: str


class ChatEvent(Numbered):
    """A chat message was sent (not its text)."""
    type: Literal["chat"]
    player: Player


class JoinEvent(Where):
    type: Literal["join"]
    uuid: NotRequired[str]


class QuitEvent(Numbered):
    type: Literal["quit"]
    player: Player


class RespawnEvent(Where):
    """Back from a death: the server emptied the inventory."""
    type: Literal["respawn"]


class ConsoleEvent(Numbered):
    """`/uno args…` typed at the server console."""
    type: Literal["console"]
    args: list[str]


class StakeEvent(Numbered):
    """The answer to a `stake_take`: paid, or why not."""
    type: Literal["stake"]
    player: Player
    id: str
    ok: bool
    reason: NotRequired[str]


class RefusedBatchEvent(Numbered):
    """The plugin refused a whole op batch (malformed): why."""
    type: Literal["refused_batch"]
    error: str


Event = Union[CommandEvent, UseEvent, ClickEvent, ChatEvent, JoinEvent, QuitEvent, RespawnEvent, ConsoleEvent,
              StakeEvent, RefusedBatchEvent]


def _by_tag(union: Any, key: str) -> dict[str, Any]:
    """Each kind's name (its `key` field's one value) -> its type, in the union's order."""
    return {get_args(get_type_hints(t)[key])[0]: t for t in get_args(union)}


#: op name -> its type, in the schema's order (a face before the items that show it)
OPS = _by_tag(Op, "op")
#: event type -> its type
EVENTS = _by_tag(Event, "type")


def _fields(t: Any) -> frozenset[str]:
    return frozenset(get_type_hints(t))


_OP_FIELDS = {name: _fields(t) for name, t in OPS.items()}


def check_op(op: Any) -> None:
    """Raises ValueError unless `op` is one the protocol declares: a known op, each field declared
    (none misspelled), of its type (nested objects too). For tests: the engine itself trusts the
    types mypy checked."""
    kind = op.get("op") if isinstance(op, dict) else None
    if kind not in OPS:
        raise ValueError(f"an op the protocol does not declare: {op!r:.200}")
    unknown = set(op) - _OP_FIELDS[kind]
    if unknown:
        raise ValueError(f"{kind} op with fields the protocol does not declare: {sorted(unknown)}")
    try:
        codec.convert(op, OPS[kind])
    except codec.ValidationError as e:
        raise ValueError(f"{kind} op: {e}") from None
    for nested, t in _NESTED.get(kind, ()):
        for value in nested(op):
            unknown = set(value) - _fields(t)
            if unknown:
                raise ValueError(f"{kind} op: {t.__name__} with fields the protocol does not declare: {sorted(unknown)}")


#: the objects inside an op whose keys are declared too: op -> (its objects of that type, the type)
_NESTED: dict[str, tuple[tuple[Any, Any], ...]] = {
    "msg": ((lambda op: [op["near"]] if "near" in op else [], Near),),
    "items": ((lambda op: [i for i in op["slots"].values() if i is not None], Item),),
    "stake_settle": ((lambda op: op["shares"], Share),),
    "stage": ((lambda op: list(op["put"].values()), Prop),),
}


def read_event(raw: Any) -> Any:
    """The plugin's event checked against its declared type (unknown keys dropped), or None with
    one log line when it is malformed: an unknown type, a field missing or of another type."""
    kind = raw.get("type") if isinstance(raw, dict) else None
    t = EVENTS.get(kind) if isinstance(kind, str) else None
    if t is None:
        log.warning("ignored a player event of no known type: %.200r", raw)
        return None
    try:
        return codec.convert(raw, t)
    except codec.ValidationError as e:
        log.warning("ignored a malformed %s event (%s): %.200r", kind, e, raw)
        return None


def schema() -> dict[str, Any]:
    """The protocol as JSON Schema: `ops` and `events`, name -> a reference into `$defs` (needs msgspec)."""
    import msgspec
    ops, defs = msgspec.json.schema_components(list(OPS.values()), ref_template="#/$defs/{name}")
    events, more = msgspec.json.schema_components(list(EVENTS.values()), ref_template="#/$defs/{name}")
    return {"$comment": "generated from engine/unocraft/transport/protocol.py (tests/test_protocol.py); do not edit",
            "ops": dict(zip(OPS, ops)), "events": dict(zip(EVENTS, events)), "$defs": {**defs, **more}}


def schema_text() -> str:
    """`schema()` as the checked-in file holds it."""
    return json.dumps(schema(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
