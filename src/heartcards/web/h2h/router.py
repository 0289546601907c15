"""The Heart to Heart router the app joins to its routes: the game API, the pages, and the service worker and manifest
that let them run offline."""

from __future__ import annotations

from fastapi import APIRouter

from heartcards.web.h2h import offline, pages, routes
from heartcards.web.routing import join

router = APIRouter()
join(router, routes.router, pages.router, offline.router)

__all__ = ["router"]
