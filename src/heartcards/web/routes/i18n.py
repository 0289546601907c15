"""The translation catalogs as JSON for the browser: `GET /api/i18n/{lang}`."""

from __future__ import annotations

from fastapi import APIRouter

from heartcards.web.deps import ServicesDep
from heartcards.web.errors import LanguageNotFoundError
from heartcards.web.i18n import LANGUAGES

router = APIRouter(prefix="/api/i18n", tags=["i18n"])


@router.get("/{lang}")
async def catalog(lang: str, services: ServicesDep) -> dict[str, object]:
    """Both domains (server and ui) merged; missing translations filled with English."""
    if lang not in LANGUAGES:
        raise LanguageNotFoundError(lang=lang[:20], languages=", ".join(LANGUAGES))
    return {"lang": lang, "messages": dict(services.catalogs.catalog(lang))}
