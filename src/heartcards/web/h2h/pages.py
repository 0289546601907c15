"""The Heart to Heart pages (templates in `templates/h2h/`), served with the shared `render_page`.

`/replay/{game_id}` is served for any value: the page asks the API and shows its error. `/play/{code}` is served for
any deal code (the page starts or continues that deal); an address that is no deal code answers the not-found page,
so a mistyped address never shows another game under it."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import HTMLResponse

from heartcards.heart_to_heart.engine import DealCodeError, normalize_code
from heartcards.web.errors import WebError
from heartcards.web.pages import PAGE_METHODS, pages_router, render_page

CODE_SHOWN_CHARS = 40


class NoSuchDealError(WebError):
    """`/play/…` with something that is no deal code."""

    status = 404
    key = "error.page.no_deal"


async def play_deal_page(request: Request, code: str) -> HTMLResponse:
    """The play page for the deal `code`, or the not-found page when `code` is none."""
    try:
        normalize_code(code)
    except DealCodeError:
        raise NoSuchDealError(code=code[:CODE_SHOWN_CHARS]) from None
    return render_page(request, "h2h/play")


router = pages_router(
    {
        "/play": "h2h/play",
        "/rules": "h2h/rules",
        "/examples": "h2h/examples",
        "/stats": "h2h/stats",
        "/replay/{game_id}": "h2h/replay",
    }
)
router.add_api_route("/play/{code}", play_deal_page, methods=PAGE_METHODS, response_class=HTMLResponse, name="h2h/play")
