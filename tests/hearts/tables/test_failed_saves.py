"""Nothing applied that was not stored: when the database refuses a write (a full disk, a lost connection), a
person's action, a computer player's move and a join change nothing and say so, and the table goes on once the
database is back."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy.exc
from sqlalchemy import text

from heartcards.hearts.engine import Phase
from heartcards.hearts.tables import drivers
from heartcards.hearts.tables.errors import NotSavedError
from heartcards.hearts.tables.messages import Pass
from heartcards.hearts.tables.service import Connection, TableService
from heartcards.hearts.tables.stored_tables import game_text
from heartcards.storage.database import open_engine, upgrade_database
from heartcards.storage.hearts_repository import GameSave, HeartsRepository


class FlakyRepository(HeartsRepository):
    """A repository whose writes fail while `broken` is set, as on a full disk."""

    broken = False

    def _check(self) -> None:
        if self.broken:
            raise OSError(28, "No space left on device")

    def save_games(self, *args: Any, **kwargs: Any) -> set[str]:
        self._check()
        return super().save_games(*args, **kwargs)

    def save_seat(self, *args: Any, **kwargs: Any) -> None:
        self._check()
        super().save_seat(*args, **kwargs)

    def create_table(self, *args: Any, **kwargs: Any) -> None:
        self._check()
        super().create_table(*args, **kwargs)


def run(
    tmp_path: Path,
    scenario: Callable[[TableService, FlakyRepository, Any], Any],
    kind: type[FlakyRepository] = FlakyRepository,
) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'saves.sqlite3'}")
    upgrade_database(engine)
    repository = kind(engine)

    async def main() -> None:
        service = TableService(repository, deal_pause_seconds=30.0)
        try:
            await scenario(service, repository, engine)
        finally:
            await service.stop()

    asyncio.run(main())
    engine.dispose()


def stored_actions(engine: Any, table_id: str) -> int:
    with engine.connect() as connection:
        game = connection.execute(text("SELECT game FROM hearts_tables WHERE id = :id"), {"id": table_id}).scalar()
    return len(json.loads(game)["actions"]) if game else 0


def test_a_persons_action_that_cannot_be_stored_changes_nothing(tmp_path: Path) -> None:
    async def scenario(service: TableService, repository: FlakyRepository, engine: Any) -> None:
        seating = await service.create(
            player_id="p", name="Ada", mode="online", variant="classic", target=50, strength="easy", idle_seconds=60
        )
        table = seating.table
        for number in (1, 2, 3):
            await service.join(table.id, number, f"P{number}", f"p{number}")
        await service.start_table(table, table.seats[0], None, None)
        service.drivers.cancel(table.id)
        person = Connection(seat=0, language="en")
        service.fanout.add(table, person)
        before = list(table.game.actions)
        repository.broken = True
        cards = list(table.game.hand(0)[:3])
        with pytest.raises(NotSavedError):
            await service.act(table, person, Pass(type="pass", cards=cards, id=1))
        assert list(table.game.actions) == before and table.game.observation(0).passes_chosen[0] is False
        assert person.outbox.empty()  # nothing published
        repository.broken = False
        await service.act(table, person, Pass(type="pass", cards=cards, id=2))  # the retry plays it once
        assert len(table.game.actions) == len(before) + 1 == stored_actions(engine, table.id)

    run(tmp_path, scenario)


def test_a_join_that_cannot_be_stored_leaves_the_seat_empty(tmp_path: Path) -> None:
    async def scenario(service: TableService, repository: FlakyRepository, engine: Any) -> None:
        seating = await service.create(
            player_id="p", name="Ada", mode="online", variant="classic", target=50, strength="easy", idle_seconds=60
        )
        repository.broken = True
        with pytest.raises(NotSavedError):
            await service.join(seating.table.id, 2, "Bo", "p2")
        assert seating.table.seats[2].kind == "empty" and seating.table.seats[2].token_hash is None
        with pytest.raises(NotSavedError):
            await service.start_table(seating.table, seating.table.seats[0], None, None)
        assert seating.table.status == "waiting" and [seat.kind for seat in seating.table.seats][1:] == ["empty"] * 3
        repository.broken = False
        joined = await service.join(seating.table.id, 2, "Bo", "p2")
        assert joined.table.seats[2].kind == "human"

    run(tmp_path, scenario)


def test_a_table_that_cannot_be_stored_is_not_made_and_not_counted(tmp_path: Path) -> None:
    async def scenario(service: TableService, repository: FlakyRepository, engine: Any) -> None:
        repository.broken = True
        for _ in range(20):  # more than the player's quota: a refused table is not counted against it
            with pytest.raises(NotSavedError):
                await service.create(
                    player_id="p",
                    name="Ada",
                    mode="solo",
                    variant="classic",
                    target=50,
                    strength="easy",
                    idle_seconds=60,
                )
        assert not service.tables and not service.lobby()
        with engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM hearts_tables")).scalar() == 0
        repository.broken = False
        seating = await service.create(
            player_id="p", name="Ada", mode="solo", variant="classic", target=50, strength="easy", idle_seconds=60
        )
        assert service.tables == {seating.table.id: seating.table} and stored_actions(engine, seating.table.id) >= 0

    run(tmp_path, scenario)


def test_the_computer_players_wait_for_the_database_and_go_on_when_it_is_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(drivers, "SAVE_RETRY_SECONDS", 0.05)

    async def scenario(service: TableService, repository: FlakyRepository, engine: Any) -> None:
        seating = await service.create(
            player_id="p", name="Ada", mode="solo", variant="classic", target=50, strength="easy", idle_seconds=60
        )
        table = seating.table
        person = Connection(seat=0, language="en")
        await service.connect(table, person, None)
        await service.act(table, person, Pass(type="pass", cards=list(table.game.hand(0)[:3]), id=1))
        repository.broken = True
        await asyncio.sleep(1.5)  # the bots try, and every try is undone
        async with table.lock:  # not while a try waits for its save, applied and not yet undone
            assert len(table.game.actions) == stored_actions(engine, table.id)
        repository.broken = False
        for _ in range(200):
            if table.game.phase is Phase.PLAY and len(table.game.actions) > 4:
                break
            await asyncio.sleep(0.05)
        assert table.game.phase is Phase.PLAY and len(table.game.actions) > 4  # the passes, and the play goes on
        assert service.drivers.tasks.get(table.id) is not None

    run(tmp_path, scenario)


class LostRepository(FlakyRepository):
    """A repository whose writes fail as when the database ended this server's session (a server paused past its
    lease) or went away: the driver's OperationalError, as SQLAlchemy wraps it."""

    def _check(self) -> None:
        if self.broken:
            lost = sqlite3.OperationalError("the connection is lost")
            raise sqlalchemy.exc.OperationalError("UPDATE hearts_tables …", {}, lost)


@pytest.mark.parametrize(("broken", "traceback"), [(LostRepository, False), (FlakyRepository, True)])
def test_a_lost_database_is_one_line_in_the_log_and_anything_else_a_traceback(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, broken: type[FlakyRepository], traceback: bool
) -> None:
    async def scenario(service: TableService, repository: FlakyRepository, engine: Any) -> None:
        seating = await service.create(
            player_id="p", name="Ada", mode="solo", variant="classic", target=50, strength="easy", idle_seconds=60
        )
        service.drivers.cancel(seating.table.id)
        table = seating.table
        save = GameSave(table.id, table.status, game_text(table), epoch=service.epochs.get(table.id, 0))
        repository.broken = True
        with pytest.raises((sqlalchemy.exc.OperationalError, OSError)):
            await service.store.save(save)
        repository.broken = False

    with caplog.at_level(logging.ERROR, logger="heartcards.hearts.tables"):
        run(tmp_path, scenario, broken)
    [record] = [record for record in caplog.records if record.getMessage().startswith("could not store 1 table")]
    assert (record.exc_info is not None) == traceback
    if not traceback:
        assert (
            record.getMessage() == "could not store 1 table states: (sqlite3.OperationalError) the connection is lost"
        )
