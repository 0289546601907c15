"""HTML pages: `render_page` renders the front end's pages from the Jinja2 templates in `templates/` in the page's
language (each game's `pages` module routes its own pages through it); this module's router serves the home page
shared by both games, and the health check.

Templates sit in one folder per game (`h2h/`, `hearts/`), `account/`, and `common/` for what both share. Every page
extends `common/base.html` and says only what is its own in one `{% set page = {…} %}`: its `title`, its entry
module under `static/js/` (`entry`), its game's stylesheet (`style`, after `common.css`) and its `body_class`. The
base writes the head every page shares (charset, viewport, theme colour, icon, stylesheets, title), and for a page
with an entry module the manifest, the catalog's preload, a `modulepreload` for each module the entry imports
(`heartcards.web.modules`) and the entry itself; then the site's header and the page's body (`{% block body %}`).
No page has inline script (the content policy forbids it). A page whose template does not exist (yet) answers a
clean 404. `?lang=` is remembered in the `hc_lang` cookie.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path

import jinja2
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.templating import Jinja2Templates

from heartcards.web.deps import services_of
from heartcards.web.errors import WebError
from heartcards.web.i18n import LANGUAGE_COOKIE, language_of, normalize_language
from heartcards.web.modules import FIRST_MODULE, page_preloads
from heartcards.web.paths import PAGES_DIR

LANGUAGE_COOKIE_SECONDS = 365 * 24 * 3600
PAGE_METHODS = ["GET", "HEAD"]  # HEAD too: link previews and uptime checks ask it
ERROR_TEMPLATE = "common/error.html"


class PageNotFoundError(WebError):
    status = 404
    key = "error.not_found"


@functools.cache
def templates_in(folder: Path) -> Jinja2Templates:
    """The pages' templates in `folder`, HTML-escaped; a block tag alone on its line leaves no blank line behind."""
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,  # a name a template uses that the server does not give is a bug, not ""
    )
    environment.globals["page_preloads"] = page_preloads
    environment.globals["first_module"] = FIRST_MODULE
    return Jinja2Templates(env=environment)


def render_page(request: Request, name: str) -> HTMLResponse:
    """The page of template `name` (`h2h/play` for `templates/h2h/play.html`) in the request's language."""
    folder = services_of(request).settings.pages_dir or PAGES_DIR
    language = language_of(request)
    try:
        response = templates_in(folder).TemplateResponse(
            request,
            f"{name}.html",
            {"lang": language},
            headers={"Content-Language": language, "Cache-Control": "no-cache"},
        )
    except jinja2.TemplateNotFound:
        raise PageNotFoundError(path=request.url.path[:200]) from None
    forced = normalize_language(request.query_params.get("lang"))
    if forced is not None:
        response.set_cookie(LANGUAGE_COOKIE, forced, max_age=LANGUAGE_COOKIE_SECONDS, samesite="lax", path="/")
    return response


def error_page(request: Request, status: int, key: str, params: Mapping[str, object]) -> HTMLResponse:
    """A page for a browser that asked for an address with nothing behind it: what went wrong, in the request's
    language, and a link home. Built on the server alone (no script), so it shows even when nothing else loads."""
    language = language_of(request)
    catalogs = services_of(request).catalogs
    context = {
        "lang": language,
        "title": catalogs.translate(language, "error.page.title"),
        "message": catalogs.translate(language, key, params),
        "home": catalogs.translate(language, "error.page.home"),
    }
    return templates_in(PAGES_DIR).TemplateResponse(  # the package's own: it must show whatever else is missing
        request,
        ERROR_TEMPLATE,
        context,
        status_code=status,
        headers={"Content-Language": language, "Cache-Control": "no-cache"},
    )


def pages_router(pages: Mapping[str, str]) -> APIRouter:
    """A router serving each path (a route pattern such as `/play/{code}`) with its page (`h2h/play` for
    `templates/h2h/play.html`), for `GET` and `HEAD`. Path parameters are the page's to read: the server serves the
    page for any value."""
    router = APIRouter(include_in_schema=False)
    for path, page in pages.items():
        router.add_api_route(path, _page(page), methods=PAGE_METHODS, response_class=HTMLResponse, name=page)
    return router


def _page(name: str) -> Callable[[Request], Awaitable[HTMLResponse]]:
    """The handler of one page (its template is fixed here, never read from the request)."""

    async def page(request: Request) -> HTMLResponse:
        return render_page(request, name)

    return page


router = pages_router({"/": "common/home"})
"""The home page, shared by both games, and the health check."""


@router.get("/api/health")
async def health() -> JSONResponse:
    return JSONResponse({"ok": True})
