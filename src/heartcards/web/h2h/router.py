"""The Heart to Heart router the app includes: the game API, the pages, and the service worker and manifest that
let them run offline."""

from __future__ import annotations

from fastapi import APIRouter

from heartcards.web.h2h import offline, pages, routes

router = APIRouter()
router.include_router(routes.router)
router.include_router(pages.router)
router.include_router(offline.router)

__all__ = ["router"]
