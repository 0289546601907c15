"""Heart to Heart's `Annotated` dependencies for its routes: its services (`H2H`) and the player's game named in the
path (`OwnedGame`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from heartcards.web.deps import PlayerId, app_state
from heartcards.web.h2h.games import LiveGame
from heartcards.web.h2h.services import H2HServices

H2H = Annotated[H2HServices, Depends(app_state("h2h", H2HServices))]
"""The running app's Heart to Heart services (made by `create_app`)."""


async def _owned_game(game_id: str, player: PlayerId, h2h: H2H) -> LiveGame:
    return await h2h.games.owned(game_id, player)


OwnedGame = Annotated[LiveGame, Depends(_owned_game)]
"""The player's game named by the path's `game_id` (404 when there is none of theirs)."""
