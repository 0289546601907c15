"""The Heart to Heart router the app includes: the game API and the pages."""

from __future__ import annotations

from fastapi import APIRouter

from heartcards.web.h2h import pages, routes

router = APIRouter()
router.include_router(routes.router)
router.include_router(pages.router)

__all__ = ["router"]
