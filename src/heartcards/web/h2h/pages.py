"""The Heart to Heart pages (the front end's shells in `static/pages/`), served with the shared `render_page`."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from heartcards.web.pages import PAGE_METHODS, render_page

router = APIRouter(include_in_schema=False)


@router.api_route("/play", methods=PAGE_METHODS, response_class=HTMLResponse)
async def play(request: Request) -> HTMLResponse:
    return render_page(request, "play")


@router.api_route("/play/{code}", methods=PAGE_METHODS, response_class=HTMLResponse)
async def play_code(request: Request, code: str) -> HTMLResponse:
    """Served for any code: the page asks the API for the deal and shows its error if the code is bad."""
    return render_page(request, "play")


@router.api_route("/rules", methods=PAGE_METHODS, response_class=HTMLResponse)
async def rules(request: Request) -> HTMLResponse:
    return render_page(request, "rules")


@router.api_route("/examples", methods=PAGE_METHODS, response_class=HTMLResponse)
async def examples(request: Request) -> HTMLResponse:
    return render_page(request, "examples")


@router.api_route("/stats", methods=PAGE_METHODS, response_class=HTMLResponse)
async def stats(request: Request) -> HTMLResponse:
    return render_page(request, "stats")


@router.api_route("/replay/{game_id}", methods=PAGE_METHODS, response_class=HTMLResponse)
async def replay(request: Request, game_id: str) -> HTMLResponse:
    return render_page(request, "replay")
