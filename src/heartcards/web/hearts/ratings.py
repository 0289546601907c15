"""`/api/hearts/ratings` and `/api/hearts/players/{id}`: the leaderboards per ruleset, where the asking player stands,
one player's rating history, and a person's choice to be hidden from the leaderboards (docs/hearts-web-api.md,
"Ratings"). The handlers are plain functions: FastAPI runs them off the event loop, where the database is read."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

from fastapi import APIRouter, Query

from heartcards.hearts.ratings import standings
from heartcards.runtime.clock import iso_utc, utc_now
from heartcards.storage.hearts_ratings import BOT_PREFIX, HeartsRatings, RatingRecord
from heartcards.storage.player_names import chosen_names
from heartcards.web.deps import Language, PlayerId, ServicesDep
from heartcards.web.hearts.errors import RatedPlayerNotFoundError
from heartcards.web.hearts.models import (
    HiddenAnswer,
    HiddenRequest,
    MyRating,
    PlayerRatings,
    RatedPlayer,
    RatingPoint,
    Ratings,
    Variant,
)
from heartcards.web.i18n import Catalogs
from heartcards.web.services import Services

router = APIRouter(prefix="/api/hearts", tags=["hearts"])
VariantQuery = Annotated[Variant, Query()]


def _players(
    records: Sequence[RatingRecord], places: Sequence[int], services: Services, language: str
) -> list[RatedPlayer]:
    """The records as the API shows them: a person by the name they chose, a computer level by its translated name."""
    names = chosen_names(services.engine, [record.identity for record in records if record.person])
    return [
        RatedPlayer(
            id=record.public_id,
            name=names.get(record.identity) if record.person else computer_name(services.catalogs, record, language),
            computer=not record.person,
            rating=record.rating,
            games=record.games,
            place=place,
        )
        for record, place in zip(records, places, strict=True)
    ]


def computer_name(catalogs: Catalogs, record: RatingRecord, language: str) -> str:
    level = record.identity.removeprefix(BOT_PREFIX)
    return catalogs.translate(language, f"hearts.rating.computer.{level}")


@router.get("/ratings")
def ratings(variant: VariantQuery, player: PlayerId, services: ServicesDep, language: Language) -> Ratings:
    """The best 100 listed players of the ruleset, and where the asking player stands (null before their first rated
    game)."""
    store = HeartsRatings(services.engine)
    board = store.leaderboard(variant)
    places = standings([record.rating for record in board])
    own = store.rating(player, variant)
    me = None
    if own is not None:
        mine = _players([own], [store.place(own, variant)], services, language)[0]
        me = MyRating(**mine.model_dump(), hidden=store.is_hidden(player))
    return Ratings(variant=variant, players=_players(board, places, services, language), me=me)


@router.get("/players/{public_id}")
def player_ratings(public_id: str, variant: VariantQuery, services: ServicesDep, language: Language) -> PlayerRatings:
    """One player's rating in the ruleset and its history (404 for an id with no rating there)."""
    store = HeartsRatings(services.engine)
    record = store.by_public_id(public_id, variant)
    if record is None:
        raise RatedPlayerNotFoundError()
    shown = _players([record], [store.place(record, variant)], services, language)[0]
    history = [
        RatingPoint(
            table=change.table_id,
            place=change.place,
            left=change.left,
            rating=change.rating,
            at=iso_utc(change.created_at),
        )
        for change in store.changes(record.identity, variant)
    ]
    return PlayerRatings(variant=variant, player=shown, history=history)


@router.put("/ratings/hidden")
def set_hidden(body: HiddenRequest, player: PlayerId, services: ServicesDep) -> HiddenAnswer:
    """Hide the asking player from the leaderboards (or list them again); their rating is kept either way."""
    HeartsRatings(services.engine).set_hidden(player, body.hidden, utc_now())
    return HiddenAnswer(hidden=body.hidden)
