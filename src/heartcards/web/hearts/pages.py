"""The Hearts pages (the front end's shells in `static/pages/`), served like the other pages with `render_page`."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from heartcards.web.routes.pages import render_page

router = APIRouter(include_in_schema=False)


@router.get("/hearts", response_class=HTMLResponse)
async def hearts_home(request: Request) -> HTMLResponse:
    """Setup and lobby."""
    return render_page(request, "hearts")


@router.get("/hearts/table/{table_id}", response_class=HTMLResponse)
async def hearts_table(request: Request, table_id: str) -> HTMLResponse:
    """Any id: the page asks the API and shows its error."""
    return render_page(request, "hearts-table")


@router.get("/hearts/stats", response_class=HTMLResponse)
async def hearts_stats(request: Request) -> HTMLResponse:
    return render_page(request, "hearts-stats")
