"""`/api/hearts/...`: create, list, read, join and start tables; a finished game's log; a player's statistics."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from fastapi import APIRouter, Header
from pydantic import AfterValidator, BaseModel, Field, StringConstraints

from heartcards.hearts.table import Table
from heartcards.hearts.tables.errors import TableElsewhereError
from heartcards.hearts.tables.models import PublicTable, TableStrength
from heartcards.hearts.tables.ownership import route_of
from heartcards.hearts.tables.players import BOT_NAMES
from heartcards.hearts.tables.relay import Relay
from heartcards.hearts.tables.service import Seating, TableService, check_table_id
from heartcards.hearts.tables.views import table_json
from heartcards.web.deps import ClientKey, PlayerId
from heartcards.web.hearts.deps import LobbyBoardDep, RelayDep, Tables
from heartcards.web.hearts.errors import NoCurrentTableError, TableNotFinishedError
from heartcards.web.hearts.models import (
    CurrentTable,
    DeviceGameAnswer,
    Lobby,
    PlayerStats,
    RecentTable,
    TableLog,
)
from heartcards.web.hearts.models import Seating as SeatingOut
from heartcards.web.names import display_name
from heartcards.web.routing import checked_path_route

router = APIRouter(prefix="/api/hearts", tags=["hearts"], route_class=checked_path_route({"table_id": check_table_id}))

COMPUTER_NAMES: Final = frozenset(name.casefold() for name in BOT_NAMES)
"""The computer players' names (every solo table shows them): a person going by one would look like the bot."""


def seat_name(value: str) -> str:
    return display_name(value, reserved=COMPUTER_NAMES)


Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=24), AfterValidator(seat_name)]
RECENT_GAMES = 50


class CreateTable(BaseModel):
    variant: Literal["classic", "special"] = "classic"
    target: Literal[50, 75, 100] = 100
    strength: TableStrength = "normal"
    mode: Literal["solo", "online"] = "solo"
    name: Name = "Player"
    idle_seconds: int = Field(default=60, ge=10, le=600)


SEED_LIMIT = 1 << 64
MAX_DEVICE_ACTIONS = 1500
"""More actions than fit the 16 KiB body limit anyway (some 45 a deal): a bound on what one record costs to check."""


def _seed(text: str) -> str:
    if int(text) >= SEED_LIMIT:
        raise ValueError("the seed must be below 2**64")
    return text


class DeviceGame(BaseModel):
    """A finished solo game played on the device: its seed (decimal text, exact past 2**53), rules, computer players'
    strength, the person's name and every action (`pass 0 2C 3C 4C`, `play 1 QS`, `next`), the person at seat 0."""

    seed: Annotated[str, StringConstraints(pattern=r"^[0-9]{1,20}$"), AfterValidator(_seed)]
    variant: Literal["classic", "special"]
    target: Literal[50, 75, 100]
    strength: TableStrength
    name: Name = "Player"
    actions: list[Annotated[str, StringConstraints(max_length=24)]] = Field(max_length=MAX_DEVICE_ACTIONS)


class JoinTable(BaseModel):
    seat: int = Field(ge=0, le=3)
    name: Name = "Player"


def _table(table: Table) -> PublicTable:
    return PublicTable.model_validate(table_json(table))


def _seating(seating: Seating, route: str | None) -> SeatingOut:
    return SeatingOut(table=_table(seating.table), seat=seating.seat, token=seating.token, route=route)


@router.post("/tables", status_code=201)
async def create_table(body: CreateTable, tables: Tables, player: PlayerId, client: ClientKey) -> SeatingOut:
    seating = await tables.create(
        address=client,
        player_id=player,
        name=body.name,
        mode=body.mode,
        variant=body.variant,
        target=body.target,
        strength=body.strength,
        idle_seconds=body.idle_seconds,
    )
    return _seating(seating, tables.route)  # this server runs the table it made


@router.get("/tables")
async def lobby(tables: Tables, board: LobbyBoardDep) -> Lobby:
    """The lobby: this server's tables, or with several servers the site's, alike through any of them."""
    entries = tables.lobby() if board is None else await board.read()
    return Lobby(tables=[PublicTable.model_validate(entry.table) for entry in entries])


@router.get("/tables/current")
async def current_table(tables: Tables, player: PlayerId) -> CurrentTable:
    """The player's newest unfinished table and seat (no token: the browser keeps it)."""
    found = await tables.current_for(player)
    if found is None:
        raise NoCurrentTableError()
    table, seat = found
    return CurrentTable(table=_table(table), seat=seat)


@router.get("/tables/{table_id}")
async def read_table(table_id: str, tables: Tables) -> PublicTable:
    return _table(await tables.table(table_id))


async def _owner(
    tables: TableService, relay: Relay | None, table_id: str, error: TableElsewhereError
) -> tuple[Relay, str]:
    """The relay and the server that runs a table, to ask it; raises `error` when there is none to ask."""
    owner = None if relay is None else await tables.owner_of(table_id)
    if relay is None or owner is None:
        raise error
    return relay, owner


@router.post("/tables/{table_id}/join")
async def join_table(table_id: str, body: JoinTable, tables: Tables, relay: RelayDep, player: PlayerId) -> SeatingOut:
    try:
        return _seating(await tables.join(table_id, body.seat, body.name, player), tables.route)
    except TableElsewhereError as elsewhere:  # another server runs it: asked to seat the player there
        link, owner = await _owner(tables, relay, table_id, elsewhere)
        request = {"kind": "join", "table": table_id, "seat": body.seat, "name": body.name, "player": player}
        reply = await link.request(owner, request)
        return _seating(Seating(await tables.table(table_id), body.seat, reply["token"]), route_of(owner))


@router.post("/tables/{table_id}/start")
async def start_table(
    table_id: str, tables: Tables, relay: RelayDep, x_seat_token: Annotated[str | None, Header()] = None
) -> PublicTable:
    try:
        return _table(await tables.start_by_token(table_id, x_seat_token))
    except TableElsewhereError as elsewhere:
        link, owner = await _owner(tables, relay, table_id, elsewhere)
        await link.request(owner, {"kind": "start", "table": table_id, "token": x_seat_token})
        return _table(await tables.table(table_id))


@router.get("/tables/{table_id}/log")
async def table_log(table_id: str, tables: Tables) -> TableLog:
    """A finished game's deals, one log line each (hands, passes, tricks, points): readable by anyone with the id."""
    table, deals = await tables.log(table_id)
    if table.status != "finished":
        raise TableNotFinishedError(table=table.id)
    return TableLog(table=_table(table), seed=table.seed, deals=deals)


@router.get("/stats")
async def player_stats(tables: Tables, player: PlayerId) -> PlayerStats:
    summary = await tables.player_summary(player, RECENT_GAMES)
    return PlayerStats(
        games=summary.games,
        wins=summary.wins,
        average_place=round(summary.place_sum / summary.games, 2) if summary.games else None,
        moons=summary.moons,
        queens_taken=summary.queens,
        recent=[RecentTable.model_validate(game) for game in summary.recent],
    )


@router.post("/device-games")
async def record_device_game(body: DeviceGame, tables: Tables, player: PlayerId, client: ClientKey) -> DeviceGameAnswer:
    """A solo game played on the device: replayed by the server's engine and bots (every card checked) and, once
    accepted, counted in the player's statistics (never rated); a resend is answered alike and counts once."""
    table, counted = await tables.record_device_game(
        address=client,
        player_id=player,
        name=body.name,
        seed=int(body.seed),
        variant=body.variant,
        target=body.target,
        strength=body.strength,
        actions=body.actions,
    )
    return DeviceGameAnswer(table=_table(table), counted=counted)
