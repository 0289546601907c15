"""Hearts ratings in a real database (a SQLite file, and PostgreSQL): a finished game with two or more people moves
each seat's rating the way its place says, once; a leaver ranks last; hidden players leave the leaderboards."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine

from heartcards.hearts.ratings import NEW_SKILL
from heartcards.storage.database import open_engine, upgrade_database
from heartcards.storage.hearts_ratings import HeartsRatings, bot_identity, public_id
from heartcards.storage.hearts_repository import GameSave, HeartsRepository, SeatRecord, SeatResult, TableRecord

ANN, BEA, CID = "a" * 32, "b" * 32, "c" * 32
NOW = datetime(2026, 12, 3, 12, 0, tzinfo=UTC)


@pytest.fixture
def engine(each_database_url: str) -> Iterator[Engine]:
    made = open_engine(each_database_url)
    upgrade_database(made)
    try:
        yield made
    finally:
        made.dispose()


def finish(
    engine: Engine,
    table_id: str,
    people: dict[int, str],
    places: list[int],
    left: frozenset[int] = frozenset(),
    variant: str = "classic",
    strength: str = "normal",
) -> None:
    """A table whose `people` (seat → player id) sat with computer players elsewhere, finished at `places`."""
    repository = HeartsRepository(engine)
    seats = [
        SeatRecord(seat, "human", f"P{seat}", people[seat]) if seat in people else SeatRecord(seat, "bot", "Ada")
        for seat in range(4)
    ]
    repository.create_table(TableRecord(table_id, "online", variant, 100, strength, 60, "playing", {}, NOW, seats), NOW)
    results = [
        SeatResult(seat, 10 * place, place, place == 1, 0, 0, left=seat in left) for seat, place in enumerate(places)
    ]
    repository.save_games([GameSave(table_id, "finished", {}, (), results)], NOW + timedelta(minutes=len(table_id)))
    repository.close()


def test_two_people_and_two_computers_move_the_way_the_places_say(engine: Engine) -> None:
    finish(engine, "t1", {0: ANN, 2: BEA}, places=[1, 2, 4, 3])
    ratings = HeartsRatings(engine)
    ann, bea = ratings.rating(ANN, "classic"), ratings.rating(BEA, "classic")
    bot = ratings.rating(bot_identity("normal"), "classic")
    assert ann is not None and bea is not None and bot is not None
    assert ann.rating > NEW_SKILL.shown > bea.rating  # first place rises, last place falls
    assert (ann.games, bea.games, bot.games) == (1, 1, 1)
    assert ratings.rating(ANN, "special") is None  # one rating per ruleset
    finish(engine, "t2", {0: ANN, 2: BEA}, places=[4, 2, 1, 3])
    again_ann, again_bea = ratings.rating(ANN, "classic"), ratings.rating(BEA, "classic")
    assert again_ann is not None and again_bea is not None
    assert again_ann.rating < ann.rating and again_bea.rating > bea.rating and again_ann.games == 2
    assert [(change.table_id, change.place) for change in ratings.changes(ANN, "classic")] == [("t1", 1), ("t2", 4)]


def test_a_game_with_one_person_is_not_rated(engine: Engine) -> None:
    finish(engine, "solo", {0: ANN}, places=[1, 2, 3, 4])
    ratings = HeartsRatings(engine)
    assert ratings.rating(ANN, "classic") is None and ratings.leaderboard("classic") == []


def test_a_leaver_ranks_last_whatever_their_total(engine: Engine) -> None:
    finish(engine, "t1", {0: ANN, 1: BEA, 2: CID}, places=[1, 2, 3, 4], left=frozenset({0}))
    ratings = HeartsRatings(engine)
    ann, cid = ratings.rating(ANN, "classic"), ratings.rating(CID, "classic")
    assert ann is not None and cid is not None
    assert ann.rating < NEW_SKILL.shown and ann.rating < cid.rating  # the lowest total, yet rated as last
    assert [entry.identity for entry in ratings.leaderboard("classic")][-1] == ANN
    change = ratings.changes(ANN, "classic")[0]
    assert (change.place, change.left) == (4, True)


def test_hidden_players_are_absent_from_the_leaderboard_but_keep_their_rating(engine: Engine) -> None:
    finish(engine, "t1", {0: ANN, 2: BEA}, places=[1, 2, 4, 3])
    ratings = HeartsRatings(engine)
    ratings.set_hidden(ANN, True, NOW)
    ratings.set_hidden(ANN, True, NOW)  # twice is once
    listed = [entry.identity for entry in ratings.leaderboard("classic")]
    assert ANN not in listed and BEA in listed and bot_identity("normal") in listed
    ann = ratings.rating(ANN, "classic")
    assert ann is not None and ratings.place(ann, "classic") == 1
    ratings.set_hidden(ANN, False, NOW)
    assert ANN in [entry.identity for entry in ratings.leaderboard("classic")]


def test_a_table_is_rated_once_and_named_by_its_public_id(engine: Engine) -> None:
    finish(engine, "t1", {0: ANN, 2: BEA}, places=[1, 2, 4, 3])
    repository = HeartsRepository(engine)
    results = [SeatResult(seat, 0, 1, True, 0, 0) for seat in range(4)]
    repository.save_games([GameSave("t1", "finished", {}, (), results)], NOW)  # the end stored again
    repository.close()
    ratings = HeartsRatings(engine)
    ann = ratings.rating(ANN, "classic")
    assert ann is not None and ann.games == 1
    assert ann.public_id == public_id(ANN) and ANN not in ann.public_id
    assert ratings.by_public_id(public_id(ANN), "classic") == ann
