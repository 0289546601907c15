"""The daily deal as a shared event (docs/h2h-web-api.md, "The daily deal"): today's ranking among the players who won
it, and a player's streak and calendar, on an app whose clock the test sets."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert

from heartcards.heart_to_heart.engine import Game, Move
from heartcards.heart_to_heart.solver import daily_code, solve
from heartcards.runtime.settings import Settings
from heartcards.storage.h2h_models import GAMES
from heartcards.storage.h2h_records import GameStatus
from heartcards.storage.h2h_repository import H2HRepository
from heartcards.storage.hearts_repository import HeartsRepository, SeatRecord, TableRecord
from heartcards.web.app import create_app
from heartcards.web.h2h import routes
from heartcards.web.h2h.daily import CALENDAR_DAYS, STREAK_WINDOW_DAYS, player_days, streak_from
from tests.support.off_the_loop import LoopSpy

DAY_ONE = date(2026, 3, 9)


@dataclass
class SetClock:
    """A wall clock that stands still until the test moves it."""

    moment: datetime

    def now(self) -> datetime:
        return self.moment

    def advance(self, seconds: float) -> None:
        self.moment += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> SetClock:
    return SetClock(datetime(2026, 3, 9, 8, 0, tzinfo=UTC))


@pytest.fixture
def app(each_database_url: str, clock: SetClock) -> Iterator[Any]:
    made = create_app(Settings(database_url=each_database_url), clock=clock.now)
    try:
        yield made
    finally:
        made.state.services.close()


def player(app: Any) -> TestClient:
    return TestClient(app, raise_server_exceptions=False)


def player_id(client: TestClient) -> str:
    client.get("/api/h2h/daily")
    value = client.cookies.get("hc_player")
    assert value is not None
    return value


def longer_win(code: str) -> list[Move]:
    """A winning line longer than the fewest moves: the optimal line up to the first place where another move still
    wins but only in more moves, then the best from there."""
    game = Game.from_code(code)
    best = solve(game.position).moves
    for played, optimal in enumerate(best):
        for move in game.legal_moves():
            if move == optimal:
                continue
            game.play(move)
            rest = solve(game.position)
            game.undo()
            if rest.winnable and played + 1 + len(rest.moves) > len(best):
                return [*best[:played], move, *rest.moves]
        game.play(optimal)
    raise AssertionError(f"every winning line of {code} is a fewest-moves one")


def win(client: TestClient, clock: SetClock, moves: list[Move], seconds: float, hint: bool = False) -> None:
    """Start today's deal, take `seconds` (and a hint at the start if asked), then play `moves` in one batch."""
    created = client.post("/api/h2h/games", json={"daily": True})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    if hint:
        assert client.post(f"/api/h2h/games/{game_id}/hint").status_code == 200
    clock.advance(seconds)
    stored = client.post(f"/api/h2h/games/{game_id}/moves", json={"from": 0, "moves": [str(m) for m in moves]})
    assert stored.status_code == 200, stored.text
    assert stored.json()["view"]["status"] == "won"


def name_player(app: Any, player_id: str, name: str, clock: SetClock, mode: str = "online") -> None:
    """Seat `player_id` at a Hearts table under `name`: at an online one, the only place a player chooses a name for
    others today."""
    engine = app.state.services.engine
    table = TableRecord(
        id=f"t{mode}{player_id[:8]}",
        mode=mode,
        variant="classic",
        target=100,
        strength="normal",
        idle_seconds=60,
        status="finished",
        game={},
        created_at=clock.now(),
        seats=[SeatRecord(0, "human", name, player_id), SeatRecord(1, "bot", "Ada")],
    )
    HeartsRepository(engine).create_table(table, clock.now())


def test_the_ranking_orders_todays_winners_by_moves_then_time(app: Any, clock: SetClock) -> None:
    code = daily_code(DAY_ONE)
    best = list(solve(Game.from_code(code).position).moves)
    longer = longer_win(code)
    ann, bea, cid = player(app), player(app), player(app)
    name_player(app, player_id(ann), "Ann", clock)
    name_player(app, player_id(bea), "You", clock, mode="solo")  # a solo table's name is seen by nobody else
    win(cid, clock, longer, seconds=20)
    win(bea, clock, best, seconds=95, hint=True)
    win(ann, clock, best, seconds=40)

    daily = ann.get("/api/h2h/daily").json()
    assert daily["date"] == "2026-03-09" and daily["code"] == code
    assert daily["par"] == len(best)
    lines = [(line["place"], line["name"], line["moves"], line["seconds"], line["hints"]) for line in daily["ranking"]]
    assert lines == [
        (1, "Ann", len(best), 40.0, 0),
        (2, None, len(best), 95.0, 1),
        (3, None, len(longer), 20.0, 0),
    ]
    assert [line["me"] for line in daily["ranking"]] == [True, False, False]
    assert [line["me"] for line in bea.get("/api/h2h/daily").json()["ranking"]] == [False, True, False]
    assert daily["played"] is True and daily["streak"] == 1


def test_the_daily_page_and_the_statistics_are_read_off_the_event_loop(
    app: Any, clock: SetClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a busy day the ranking sorts thousands of wins; a player of thousands of games costs tens of milliseconds
    of statistics: on the event loop, every other request of the server would wait for them."""
    spy = LoopSpy(monkeypatch)
    spy.watch(routes, "read_daily")
    spy.watch(H2HRepository, "stats")
    ann = player(app)
    win(ann, clock, list(solve(Game.from_code(daily_code(DAY_ONE)).position).moves), seconds=30)
    assert ann.get("/api/h2h/daily").json()["ranking"][0]["me"] is True
    assert ann.get("/api/h2h/stats").json()["won"] == 1
    assert spy.on_the_loop == []


def test_a_players_better_second_win_is_their_one_line(app: Any, clock: SetClock) -> None:
    code = daily_code(DAY_ONE)
    ann = player(app)
    win(ann, clock, longer_win(code), seconds=10)
    win(ann, clock, list(solve(Game.from_code(code).position).moves), seconds=50)
    ranking = ann.get("/api/h2h/daily").json()["ranking"]
    assert [(line["moves"], line["seconds"]) for line in ranking] == [
        (len(solve(Game.from_code(code).position).moves), 50.0)
    ]


def test_the_streak_counts_a_second_day_and_breaks_after_a_missed_one(app: Any, clock: SetClock) -> None:
    ann = player(app)
    first = ann.get("/api/h2h/daily").json()
    assert (first["streak"], first["played"]) == (0, False)
    assert len(first["calendar"]) == CALENDAR_DAYS and first["calendar"][-1] == {"date": "2026-03-09", "won": False}

    win(ann, clock, list(solve(Game.from_code(daily_code(DAY_ONE)).position).moves), seconds=30)
    assert ann.get("/api/h2h/daily").json()["streak"] == 1

    clock.moment = datetime(2026, 3, 10, 7, 0, tzinfo=UTC)
    morning = ann.get("/api/h2h/daily").json()
    assert (morning["code"], morning["streak"], morning["played"]) == (daily_code(DAY_ONE + timedelta(1)), 1, False)
    win(ann, clock, list(solve(Game.from_code(morning["code"]).position).moves), seconds=30)
    evening = ann.get("/api/h2h/daily").json()
    assert (evening["streak"], evening["played"]) == (2, True)
    assert [day["date"] for day in evening["calendar"] if day["won"]] == ["2026-03-09", "2026-03-10"]

    clock.moment = datetime(2026, 3, 12, 9, 0, tzinfo=UTC)  # the 11th went by without a win
    assert ann.get("/api/h2h/daily").json()["streak"] == 0


def test_yesterdays_deal_won_today_does_not_count_for_yesterday(app: Any, clock: SetClock) -> None:
    ann = player(app)
    yesterday = daily_code(DAY_ONE - timedelta(1))
    created = ann.post("/api/h2h/games", json={"code": yesterday})
    moves = [str(move) for move in solve(Game.from_code(yesterday).position).moves]
    assert ann.post(f"/api/h2h/games/{created.json()['id']}/moves", json={"from": 0, "moves": moves}).status_code == 200
    daily = ann.get("/api/h2h/daily").json()
    assert daily["streak"] == 0 and not any(day["won"] for day in daily["calendar"])


def test_a_streak_longer_than_one_window_of_days_is_counted_whole() -> None:
    today = date(2026, 3, 9)
    won = frozenset(today - timedelta(days=back) for back in range(1, 200))
    assert streak_from(won, today) == 199
    assert streak_from(won | {today}, today) == 200
    assert streak_from(won - {today - timedelta(days=50)}, today) == 49


def test_player_days_reads_back_past_its_first_window(app: Any) -> None:
    """A streak longer than the days read at once: the wins are written straight to the database, in one transaction
    (no solving, and not a commit a game)."""
    ann = player(app)
    repository = app.state.h2h.repository
    days = STREAK_WINDOW_DAYS + 3
    noons = [
        datetime(day.year, day.month, day.day, 12, 0, tzinfo=UTC)
        for day in (DAY_ONE - timedelta(days=back) for back in range(days))
    ]
    ann_id = player_id(ann)  # a request
    repository.ensure_player(ann_id, noons[-1])
    wins = [
        {
            "id": f"{back:032x}",
            "player_id": ann_id,
            "code": daily_code(noon.date()),
            "moves": "S",
            "move_count": 1,
            "score": 0,
            "status": GameStatus.WON.value,
            "assisted": False,
            "hints": 0,
            "seconds": 60.0,
            "paused": False,
            "created_at": noon,
            "last_active_at": noon,
            "finished_at": noon,
        }
        for back, noon in enumerate(noons)
    ]
    with repository.engine.begin() as connection:
        connection.execute(insert(GAMES), wins)
    assert ann.get("/api/h2h/daily").json()["streak"] == days
    assert player_days(repository, ann_id, DAY_ONE + timedelta(days=1), daily_code).streak == days
