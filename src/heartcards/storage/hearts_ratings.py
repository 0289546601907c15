"""Hearts ratings in the database: updated in the transaction that stores a game's end, read for the leaderboards
and the players' pages (the model itself is `heartcards.hearts.ratings`).

A person is named by their player id here and by `public_id(identity)` everywhere a page can show it; a computer
level by `bot:<level>`. Ratings are kept per ruleset (`variant`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from sqlalchemy import Connection, Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from heartcards.hearts.ratings import Entrant, Skill, is_rated, rate
from heartcards.storage.hearts_models import CHANGES, HIDDEN, RATINGS, SEATS, TABLES
from heartcards.storage.rows import record_of

BOT_PREFIX: Final = "bot:"


def public_id(identity: str) -> str:
    """The rated player's name in addresses: a hash, so a person's player id (their cookie) never shows."""
    return hashlib.sha256(f"hearts-rating:{identity}".encode()).hexdigest()[:16]


def bot_identity(level: str) -> str:
    return f"{BOT_PREFIX}{level}"


@dataclass(frozen=True, slots=True)
class SeatOutcome:
    """A seat's end of a game, as the table service knows it: its place and whether its person left for good."""

    seat: int
    place: int
    left: bool


@dataclass(frozen=True, slots=True)
class RatingRecord:
    identity: str
    public_id: str
    person: bool
    rating: int
    games: int


@dataclass(frozen=True, slots=True)
class RatingChange:
    table_id: str
    place: int
    left: bool
    rating: int
    created_at: datetime


def record_ratings(connection: Connection, table_id: str, outcomes: Sequence[SeatOutcome], now: datetime) -> None:
    """Rate a finished game (once: a table already rated is left alone) when at least two people sat at it."""
    if connection.execute(select(CHANGES.c.table_id).where(CHANGES.c.table_id == table_id).limit(1)).first():
        return
    table = connection.execute(select(TABLES.c.variant, TABLES.c.strength).where(TABLES.c.id == table_id)).one()
    seats = {row.seat: row for row in connection.execute(select(SEATS).where(SEATS.c.table_id == table_id))}
    entrants = []
    for outcome in outcomes:
        seat = seats[outcome.seat]
        person = seat.kind == "human" and seat.player_id is not None
        identity = seat.player_id if person else bot_identity(table.strength)
        entrants.append(Entrant(identity, person, outcome.place, left=person and outcome.left))
    if not is_rated(entrants):
        return
    variant = table.variant
    identities = {entrant.identity for entrant in entrants}
    known = {
        row.identity: row
        for row in connection.execute(
            select(RATINGS).where(RATINGS.c.variant == variant, RATINGS.c.identity.in_(identities))
        )
    }
    skills = rate(entrants, {identity: Skill(row.mu, row.sigma) for identity, row in known.items()})
    for identity, skill in skills.items():
        values = {"mu": skill.mu, "sigma": skill.sigma, "rating": skill.shown, "updated_at": now}
        if identity in known:
            connection.execute(
                update(RATINGS)
                .where(RATINGS.c.identity == identity, RATINGS.c.variant == variant)
                .values(games=RATINGS.c.games + 1, **values)
            )
        else:
            person = not identity.startswith(BOT_PREFIX)
            connection.execute(
                insert(RATINGS).values(
                    identity=identity,
                    variant=variant,
                    public_id=public_id(identity),
                    person=person,
                    games=1,
                    **values,
                )
            )
    seen: set[str] = set()
    for entrant in entrants:
        if entrant.identity in seen:
            continue  # a level with two seats: one change, at its better place
        seen.add(entrant.identity)
        place = min(other.place for other in entrants if other.identity == entrant.identity)
        connection.execute(
            insert(CHANGES).values(
                table_id=table_id,
                identity=entrant.identity,
                variant=variant,
                place=len(entrants) if entrant.left else place,
                left=entrant.left,
                rating=skills[entrant.identity].shown,
                created_at=now,
            )
        )


class HeartsRatings:
    """The ratings' reads, and a person's choice to be hidden from the leaderboards."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def _listed(self, variant: str) -> Any:
        """The ratings a leaderboard lists: every computer level and every person who did not hide."""
        hidden = select(HIDDEN.c.player_id)
        return (RATINGS.c.variant == variant) & ~(RATINGS.c.person & RATINGS.c.identity.in_(hidden))

    def leaderboard(self, variant: str, limit: int = 100) -> list[RatingRecord]:
        query = (
            select(RATINGS)
            .where(self._listed(variant))
            .order_by(RATINGS.c.rating.desc(), RATINGS.c.games.desc(), RATINGS.c.public_id)
            .limit(limit)
        )
        with self.engine.connect() as connection:
            return [record_of(RatingRecord, row) for row in connection.execute(query)]

    def rating(self, identity: str, variant: str) -> RatingRecord | None:
        query = select(RATINGS).where(RATINGS.c.identity == identity, RATINGS.c.variant == variant)
        with self.engine.connect() as connection:
            row = connection.execute(query).first()
        return None if row is None else record_of(RatingRecord, row)

    def by_public_id(self, public: str, variant: str) -> RatingRecord | None:
        query = select(RATINGS).where(RATINGS.c.public_id == public, RATINGS.c.variant == variant)
        with self.engine.connect() as connection:
            row = connection.execute(query).first()
        return None if row is None else record_of(RatingRecord, row)

    def place(self, record: RatingRecord, variant: str) -> int:
        """Where `record` stands among the listed ratings (1 = best), counting it even when it is hidden."""
        query = select(func.count()).select_from(RATINGS).where(self._listed(variant), RATINGS.c.rating > record.rating)
        with self.engine.connect() as connection:
            return 1 + int(connection.execute(query).scalar_one())

    def changes(self, identity: str, variant: str, limit: int = 200) -> list[RatingChange]:
        """The player's rated games in this ruleset, oldest first (the newest `limit`)."""
        query = (
            select(CHANGES)
            .where(CHANGES.c.identity == identity, CHANGES.c.variant == variant)
            .order_by(CHANGES.c.created_at.desc())
            .limit(limit)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [record_of(RatingChange, row) for row in reversed(rows)]

    def is_hidden(self, player_id: str) -> bool:
        with self.engine.connect() as connection:
            return (
                connection.execute(select(HIDDEN.c.player_id).where(HIDDEN.c.player_id == player_id)).first()
                is not None
            )

    def set_hidden(self, player_id: str, hidden: bool, now: datetime) -> None:
        with self.engine.begin() as connection:
            if not hidden:
                connection.execute(delete(HIDDEN).where(HIDDEN.c.player_id == player_id))
            elif connection.execute(select(HIDDEN.c.player_id).where(HIDDEN.c.player_id == player_id)).first() is None:
                try:
                    with connection.begin_nested():
                        connection.execute(insert(HIDDEN).values(player_id=player_id, hidden_at=now))
                except IntegrityError:  # hidden meanwhile by another request
                    pass
