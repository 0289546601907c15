"""The Hearts socket's messages, both ways, as Pydantic models: what a client may send is one discriminated union
(`ClientMessage`, on `type`), validated in one place (`parse_message`); what the server sends is `Pong`, `ErrorMessage`
or a `state` (whose shape is `StateMessage`; it is encoded by `fanout.state_text` from the same views, in pieces, so
a change costs one encoding of what every seat shares).
"""

from __future__ import annotations

import json
import math
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter, ValidationError, WithJsonSchema

from heartcards.cards import Card, CardTextError
from heartcards.errors import KeyedError
from heartcards.hearts.engine import BadCardError
from heartcards.hearts.tables.errors import BadMessageError, CardMissingError
from heartcards.hearts.tables.models import PublicTable, View

MAX_MESSAGE_CHARS: Final = 2048
MAX_PASS_CARDS: Final = 13
MAX_ID_CHARS: Final = 64


def _usable_id(value: object) -> str | int | float | None:
    """The client's id, echoed only when it is a short string or a finite number (NaN or infinity would make the
    answer something other than JSON); anything else is dropped, not refused."""
    if isinstance(value, bool) or (isinstance(value, float) and not math.isfinite(value)):
        return None
    if isinstance(value, int | float) or (isinstance(value, str) and len(value) <= MAX_ID_CHARS):
        return value
    return None


def _card(value: object) -> Card:
    """A card from its text (`QS`); a `Card` as it is (the server's own messages, the tests)."""
    if isinstance(value, Card):
        return value
    if value is None:
        raise CardMissingError()
    if not isinstance(value, str) or len(value) > 4:
        raise BadCardError(str(value)[:8])
    try:
        return Card.parse(value)
    except CardTextError as error:
        raise BadCardError(value) from error


MessageId = Annotated[str | int | float | None, BeforeValidator(_usable_id)]
CardText = Annotated[
    Card, BeforeValidator(_card), WithJsonSchema({"type": "string", "description": "A card: 2C, 10H, QS, AD, …"})
]


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)
    id: MessageId = None
    """Echoed in the answer (the `state` or `error` it causes) when it is a short string or a number."""


class Hello(_Message):
    """The first message of every socket (and any later one: "send me the state again"). With a seat's token, the
    socket plays that seat; without one, it watches."""

    type: Literal["hello"]
    token: Annotated[str, Field(max_length=200)] | None = None


class Ping(_Message):
    type: Literal["ping"]


class Pass(_Message):
    """The three cards to pass (the engine says if they are not three of the seat's own)."""

    type: Literal["pass"]
    cards: Annotated[list[CardText], Field(max_length=MAX_PASS_CARDS)]


class Play(_Message):
    type: Literal["play"]
    card: CardText = Field(default=None, validate_default=True)


class Next(_Message):
    """Seen the score table: deal the next deal once everyone has."""

    type: Literal["next"]


class Start(_Message):
    """The creator starts an online table (computer players take the empty seats)."""

    type: Literal["start"]


class Back(_Message):
    """The person is back: a computer player no longer stands in for them."""

    type: Literal["back"]


Action = Pass | Play | Next | Start | Back
"""A seat's action (a spectator may send none)."""
ClientMessage = Annotated[Hello | Ping | Action, Field(discriminator="type")]
_CLIENT_MESSAGE: Final[TypeAdapter[Hello | Ping | Action]] = TypeAdapter(ClientMessage)


def parse_message(raw: str | bytes | None) -> Hello | Ping | Action:
    """A client message, validated; raises `BadMessageError`, or the `KeyedError` a field's check raised (a bad
    card is the engine's `BadCardError`)."""
    if raw is None:
        raise BadMessageError(problem="empty")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise BadMessageError(problem="not UTF-8 text") from error
    if len(raw) > MAX_MESSAGE_CHARS:
        raise BadMessageError(problem="too long")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as error:
        raise BadMessageError(problem="not JSON") from error
    if not isinstance(data, dict):
        raise BadMessageError(problem="not an object")
    try:
        return _CLIENT_MESSAGE.validate_python(data)
    except ValidationError as error:
        raise _reason(error, data) from error


def message_id_in(raw: str | bytes | None) -> str | int | float | None:
    """The `id` of a message that `parse_message` refused, when it is a JSON object with a usable one: the error
    answer echoes it, so a client waiting on its id is answered whatever was wrong with the rest."""
    try:
        data = json.loads(raw) if raw is not None and len(raw) <= MAX_MESSAGE_CHARS else None
    except (ValueError, RecursionError):
        return None
    return _usable_id(data.get("id")) if isinstance(data, dict) else None


def _reason(error: ValidationError, data: dict[str, Any]) -> KeyedError:
    """The error a client is told: the field check's own `KeyedError` if one failed, else what was wrong."""
    problems = error.errors()
    for problem in problems:
        cause = problem.get("ctx", {}).get("error")
        if isinstance(cause, KeyedError):
            return cause
    first = problems[0]
    if first["type"] == "union_tag_invalid":
        return BadMessageError(problem=f"unknown type {str(data.get('type'))[:20]!r}")
    where = ".".join(str(part) for part in first["loc"][1:]) or "message"
    return BadMessageError(problem=f"{where}: {first['msg']}"[:120])


def _type_always_sent(schema: dict[str, Any]) -> None:
    """The server always sends a message's `type` (its default only spares writing it): the schema says so, so that a
    client generated from it can tell the messages apart. `id` stays optional: it is left out when there is none."""
    required = schema.setdefault("required", [])
    if "type" not in required:
        required.insert(0, "type")


class Pong(BaseModel):
    model_config = ConfigDict(json_schema_extra=_type_always_sent)
    type: Literal["pong"] = "pong"
    id: str | int | float | None = None


class ErrorMessage(BaseModel):
    """An action refused (nothing changed) or a first message refused (then the socket closes)."""

    model_config = ConfigDict(json_schema_extra=_type_always_sent)
    type: Literal["error"] = "error"
    key: str
    message: str
    params: dict[str, str | int | float | bool]
    id: str | int | float | None = None


class StateMessage(BaseModel):
    """What a socket is sent after each change: the public table, the socket's seat (None: watching) and the seat's
    view (None while the table waits for players; a spectator's has the public part only, with an empty hand)."""

    model_config = ConfigDict(json_schema_extra=_type_always_sent)
    type: Literal["state"] = "state"
    table: PublicTable
    seat: int | None
    view: View | None
    id: str | int | float | None = None


ServerMessage = Annotated[StateMessage | Pong | ErrorMessage, Field(discriminator="type")]
"""Everything the server sends on the socket."""


def outgoing(message: Pong | ErrorMessage) -> dict[str, Any]:
    """A server message as the JSON object it is sent as (no `id` when there is none to echo)."""
    return message.model_dump(exclude={"id"} if message.id is None else set())
