"""Heart to Heart on the web: the game API under `/api/h2h`, its pages, the running games and the solver service
(docs/h2h-web-api.md is the contract). `router` is what the app includes."""

from __future__ import annotations

from fastapi import APIRouter

from heartcards.web.h2h import pages, routes

router = APIRouter()
router.include_router(routes.router)
router.include_router(pages.router)

__all__ = ["router"]
