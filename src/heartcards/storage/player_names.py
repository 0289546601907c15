"""The name a player chose, for the pages that show other players (the daily deal's ranking).

Today a player names themselves for others only at an online Hearts table, so the name is the one of their newest
seat at one (a solo table's name, "You" when none is typed, is seen by nobody else); a player who never sat at one has
chosen no name and is shown without one. Everything that needs another player's name asks
`chosen_names`, so a later account name changes only this module.
"""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import Engine, select

from heartcards.storage.hearts_models import SEATS, TABLES


def chosen_names(engine: Engine, player_ids: Collection[str]) -> dict[str, str]:
    """Each of `player_ids` that chose a name, with that name (the newest online Hearts seat's)."""
    if not player_ids:
        return {}
    query = (
        select(SEATS.c.player_id, SEATS.c.name)
        .join(TABLES, TABLES.c.id == SEATS.c.table_id)
        .where(SEATS.c.kind == "human", TABLES.c.mode == "online", SEATS.c.player_id.in_(list(player_ids)))
        .order_by(TABLES.c.created_at, SEATS.c.table_id)
    )
    with engine.connect() as connection:
        return {row.player_id: row.name for row in connection.execute(query) if row.name}
