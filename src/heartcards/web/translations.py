"""The translation catalogs as JSON for the browser: `GET /api/i18n/{lang}`.

The JSON of each language is made once and sent with an ETag, so a page load revalidates it with a 304.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response, status
from pydantic import BaseModel

from heartcards.web.deps import ServicesDep
from heartcards.web.errors import LanguageNotFoundError
from heartcards.web.i18n import LANGUAGES

router = APIRouter(prefix="/api/i18n", tags=["i18n"])


class Catalog(BaseModel):
    """One language's messages for the browser."""

    lang: str
    """The language (`en`, `it`, `el`)."""
    messages: dict[str, str]
    """Message key (`h2h.error.deal_code`) → text in that language; `{name}` marks a parameter."""


@router.get(
    "/{lang}",
    response_model=Catalog,
    responses={status.HTTP_304_NOT_MODIFIED: {"description": "The catalog of that `If-None-Match` ETag is current"}},
)
async def catalog(lang: str, request: Request, services: ServicesDep) -> Response:
    """Every domain (server, ui, …) merged; missing translations filled with English."""
    if lang not in LANGUAGES:
        raise LanguageNotFoundError(lang=lang[:20], languages=", ".join(LANGUAGES))
    body, etag = services.catalogs.encoded(lang)
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)
