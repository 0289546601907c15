"""A table to and from its stored form (`heartcards.storage.hearts_repository`), and its seats' results once over.

The table itself (`heartcards.hearts.table`) knows nothing of storage; this is where the two meet.
"""

from __future__ import annotations

from heartcards.hearts.engine import Game, Variant
from heartcards.hearts.engine.deal_record import moons_per_seat, queens_per_seat
from heartcards.hearts.table import SEAT_COUNT, Seat, Table
from heartcards.hearts.tables.views import json_text
from heartcards.storage.hearts_repository import SeatRecord, SeatResult, TableRecord


def game_text(table: Table) -> str:
    """`table.game.to_dict()` as compact JSON text, what every action stores. A game's actions only grow, so the
    text of the actions already stored is kept (`Table.record_text`) and only the new ones are encoded: a long
    game's whole record was encoded again after every card, which cost as much as the rest of the save."""
    game = table.game
    actions = game.actions
    kept = table.record_text
    if kept is None or kept[0] is not game or kept[1] > len(actions):  # a new game, or one put back to a save
        head = json_text({**game.to_dict(), "actions": []})
        if not head.endswith('"actions":[]}'):  # the record's fields in another order: encode it whole
            return json_text(game.to_dict())
        kept = (game, 0, head[: -len("]}")])
    _, count, text = kept
    if count < len(actions):
        added = json_text(actions[count:])[1:-1]
        text = f"{text},{added}" if count else text + added
        kept = (game, len(actions), text)
    table.record_text = kept
    return text + "]}"


def seat_record(seat: Seat) -> SeatRecord:
    return SeatRecord(seat.number, seat.kind, seat.name, seat.player_id, seat.token_hash)


def table_record(table: Table) -> TableRecord:
    return TableRecord(
        id=table.id,
        mode=table.mode,
        variant=table.variant.value,
        target=table.target,
        strength=table.strength,
        idle_seconds=table.idle_seconds,
        status=table.status,
        game=table.game.to_dict(),
        created_at=table.created_at,
        seats=[seat_record(seat) for seat in table.seats],
        finished_at=table.finished_at,
    )


def table_from_record(record: TableRecord) -> Table:
    """A stored table, its game replayed from the saved actions (raises `GameRecordError` if they do not)."""
    game = Game.from_dict(record.game)
    seats = [
        Seat(seat.seat, seat.kind, seat.name, seat.player_id, seat.token_hash)
        for seat in sorted(record.seats, key=lambda seat: seat.seat)
    ]
    return Table(
        id=record.id,
        mode=record.mode,
        variant=Variant(record.variant),
        target=record.target,
        strength=record.strength,
        idle_seconds=record.idle_seconds,
        status=record.status,
        created_at=record.created_at,
        game=game,
        seats=seats,
        seed=game.seed,
        finished_at=record.finished_at,
        last_seen_at=record.updated_at,
        logged_deals=len(game.records),
    )


def seat_results(table: Table) -> list[SeatResult]:
    """Each seat's result once the game is over: total, place (1 = lowest total; ties share), moons, queens, and
    whether its person left for good (away at the end)."""
    game = table.game
    totals = game.totals
    moons = moons_per_seat(game.records)
    queens = queens_per_seat(game.records)
    return [
        SeatResult(
            seat=seat,
            total=totals[seat],
            place=1 + sum(1 for other in totals if other < totals[seat]),
            won=seat in game.winners,
            moons=moons[seat],
            queens=queens[seat],
            left=table.seats[seat].human and table.seats[seat].away,
        )
        for seat in range(SEAT_COUNT)
    ]
