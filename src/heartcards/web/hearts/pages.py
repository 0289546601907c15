"""The Hearts pages (the front end's shells in `static/pages/`), served like the other pages with `render_page`."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from heartcards.web.pages import PAGE_METHODS, render_page

router = APIRouter(include_in_schema=False)


@router.api_route("/hearts", methods=PAGE_METHODS, response_class=HTMLResponse)
async def hearts_home(request: Request) -> HTMLResponse:
    """Setup and lobby."""
    return render_page(request, "hearts")


@router.api_route("/hearts/table/{table_id}", methods=PAGE_METHODS, response_class=HTMLResponse)
async def hearts_table(request: Request, table_id: str) -> HTMLResponse:
    """Any id: the page asks the API and shows its error."""
    return render_page(request, "hearts-table")


@router.api_route("/hearts/stats", methods=PAGE_METHODS, response_class=HTMLResponse)
async def hearts_stats(request: Request) -> HTMLResponse:
    return render_page(request, "hearts-stats")


@router.api_route("/hearts/rules", methods=PAGE_METHODS, response_class=HTMLResponse)
async def hearts_rules(request: Request) -> HTMLResponse:
    """The rules with pictures; its section anchors are those of docs/rules/hearts.md."""
    return render_page(request, "hearts-rules")
