"""The table's bookkeeping: who the game waits for, who is away, and what the table does next by itself."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from heartcards.hearts.engine import Game, Phase, Variant
from heartcards.hearts.table import (
    DISCONNECT_GRACE_SECONDS,
    BotTurn,
    NextDeal,
    Seat,
    Table,
    token_hash,
)

CREATED = datetime(2026, 12, 1, tzinfo=UTC)


def table_with(kinds: list[str], idle_seconds: int = 60) -> Table:
    """A playing table of seed 7 whose seats are `kinds` ("human" ones connected, with tokens "t0".."t3")."""
    seats = [
        Seat(number, kind, f"P{number}", token_hash=token_hash(f"t{number}") if kind == "human" else None)
        for number, kind in enumerate(kinds)
    ]
    for seat in seats:
        seat.connections = 1 if seat.human else 0
    game = Game(7, Variant.CLASSIC, 100)
    table = Table("t" * 32, "online", Variant.CLASSIC, 100, "easy", idle_seconds, "playing", CREATED, game, seats, 7)
    table.after_change(0.0)
    return table


def bots_pass(table: Table) -> None:
    for seat in table.seats:
        if seat.kind == "bot":
            table.game.apply_pass(seat.number, table.game.hand(seat.number)[:3])


def test_a_seat_is_found_by_its_token_only() -> None:
    table = table_with(["human", "bot", "human", "bot"])
    assert table.seat_of_token("t2") is table.seats[2]
    assert table.seat_of_token("t1") is None and table.seat_of_token("T2") is None


def test_every_seat_is_due_to_pass_until_it_has_passed() -> None:
    table = table_with(["human"] * 4)
    assert table.game.phase is Phase.PASS and table.due_seats() == [0, 1, 2, 3]
    assert all(seat.waiting_since == 0.0 for seat in table.seats)
    table.game.apply_pass(1, table.game.hand(1)[:3])
    table.after_change(5.0)
    assert table.due_seats() == [0, 2, 3]
    assert table.seats[1].waiting_since is None and table.seats[0].waiting_since == 0.0  # the clock keeps running


def test_a_computer_player_acts_when_due_and_a_table_without_people_pauses() -> None:
    table = table_with(["human", "bot", "bot", "bot"])
    assert table.next_step(1.0, 12.0) == BotTurn(1)
    table.seats[0].connections = 0
    assert table.next_step(1.0, 12.0) is None


def test_an_idle_person_goes_away_only_while_another_person_waits() -> None:
    alone = table_with(["human", "bot", "bot", "bot"], idle_seconds=10)
    bots_pass(alone)
    alone.after_change(2.0)
    assert not alone.refresh_presence(1000.0) and not alone.seats[0].away  # nobody else is kept waiting
    pair = table_with(["human", "human", "bot", "bot"], idle_seconds=10)
    bots_pass(pair)
    pair.game.apply_pass(1, pair.game.hand(1)[:3])
    pair.after_change(2.0)
    assert pair.next_step(5.0, 12.0) == 5.0  # seat 0's idle limit, 10 s after the pass phase began
    assert not pair.refresh_presence(9.9)
    assert pair.refresh_presence(10.0) and pair.seats[0].away and pair.seats[0].automatic
    assert pair.next_step(10.0, 12.0) == BotTurn(0)


def test_a_closed_socket_has_a_grace_period_before_a_computer_player_stands_in() -> None:
    table = table_with(["human", "human", "bot", "bot"])
    bots_pass(table)
    table.after_change(2.0)
    table.seats[1].connections = 0
    table.seats[1].disconnected_at = 100.0
    assert table.next_step(101.0, 12.0) == DISCONNECT_GRACE_SECONDS - 1.0
    assert not table.refresh_presence(100.0 + DISCONNECT_GRACE_SECONDS - 0.01)
    assert table.refresh_presence(100.0 + DISCONNECT_GRACE_SECONDS) and table.seats[1].away


def test_the_next_deal_waits_for_the_people_or_the_pause() -> None:
    table = table_with(["human", "bot", "bot", "bot"])
    game = table.game
    while game.phase is not Phase.DEAL_OVER:
        if game.phase is Phase.PASS:
            for seat in range(4):
                game.apply_pass(seat, game.hand(seat)[:3])
        else:
            assert game.turn is not None
            game.apply_play(game.turn, game.legal_plays(game.turn)[0])
    table.after_change(50.0)
    assert table.due_seats() == [0, 1, 2, 3] and table.deal_over_since == 50.0
    assert table.next_step(54.0, 12.0) == 8.0  # the person has not said `next`
    assert table.next_step(62.0, 12.0) == NextDeal()  # the pause is over
    table.seats[0].ready = True
    assert table.next_step(51.0, 12.0) == NextDeal()  # everyone present said `next`


def test_unvisited_time_counts_from_the_last_person() -> None:
    table = table_with(["human", "bot", "bot", "bot"])
    assert table.unvisited_for(CREATED + timedelta(days=3)) == timedelta(0)  # someone is connected
    table.seats[0].connections = 0
    assert table.unvisited_for(CREATED + timedelta(hours=2)) == timedelta(hours=2)
    table.last_seen_at = CREATED + timedelta(hours=1)
    assert table.unvisited_for(CREATED + timedelta(hours=2)) == timedelta(hours=1)


def test_a_person_who_joined_but_never_connected_goes_away_after_the_idle_time() -> None:
    table = table_with(["human", "human", "bot", "bot"], idle_seconds=30)
    table.seats[1].connections = 0  # joined over HTTP, never opened the socket (disconnected_at is None)
    bots_pass(table)
    table.game.apply_pass(0, table.game.hand(0)[:3])
    table.after_change(0.0)
    assert not table.refresh_presence(1.0)
    assert table.next_step(1.0, 12.0) == 30.0  # woken when the idle time is over, not never
    assert not table.refresh_presence(30.0) and not table.seats[1].away
    assert table.refresh_presence(31.0) and table.seats[1].away
    assert table.next_step(31.0, 12.0) == BotTurn(1)  # a computer player passes for them: the game goes on
