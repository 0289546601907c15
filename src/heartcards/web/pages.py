"""HTML pages: `render_page` serves the front end's shell files from `static/pages/` with the page language filled
in (each game's `pages` module routes its own pages through it); this module's router serves the home page shared by
both games, and the health check.

Each shell holds `__LANG__` (in `<html lang="__LANG__">`) and `__HEAD__` (right after `<head>`); the server puts in
the language and the head every page shares (charset, viewport, theme colour, icon, stylesheet), and before the
page's entry script a `modulepreload` for each module it imports (`heartcards.web.modules`), so a shell carries only
its own title, stylesheet and entry script. A shell that does not exist (yet) answers a clean 404. `?lang=` is
remembered in the `hc_lang` cookie.
"""

from __future__ import annotations

import html
from collections.abc import Awaitable, Callable, Mapping

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from heartcards.web.deps import services_of
from heartcards.web.errors import WebError
from heartcards.web.i18n import LANGUAGE_COOKIE, language_of, normalize_language
from heartcards.web.modules import with_module_preloads

LANGUAGE_COOKIE_SECONDS = 365 * 24 * 3600
LANG_PLACEHOLDER = "__LANG__"
HEAD_PLACEHOLDER = "__HEAD__"
SHARED_HEAD = "\n".join(
    (
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
        '<meta name="theme-color" content="#184a35">',
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">',
        '<link rel="stylesheet" href="/static/css/app.css">',
    )
)
PAGE_METHODS = ["GET", "HEAD"]  # HEAD too: link previews and uptime checks ask it


class PageNotFoundError(WebError):
    status = 404
    key = "error.not_found"


def render_page(request: Request, name: str) -> HTMLResponse:
    path = services_of(request).settings.pages_dir / f"{name}.html"
    if not path.is_file():
        raise PageNotFoundError(path=request.url.path[:200])
    language = language_of(request)
    shell = with_module_preloads(path.read_text(encoding="utf-8").replace(HEAD_PLACEHOLDER, SHARED_HEAD, 1))
    html = shell.replace(LANG_PLACEHOLDER, language)
    response = HTMLResponse(html, headers={"Content-Language": language, "Cache-Control": "no-cache"})
    forced = normalize_language(request.query_params.get("lang"))
    if forced is not None:
        response.set_cookie(LANGUAGE_COOKIE, forced, max_age=LANGUAGE_COOKIE_SECONDS, samesite="lax", path="/")
    return response


def error_page(request: Request, status: int, key: str, params: Mapping[str, object]) -> HTMLResponse:
    """A page for a browser that asked for an address with nothing behind it: what went wrong, in the request's
    language, and a link home. Built on the server alone (no script), so it shows even when nothing else loads."""
    language = language_of(request)
    catalogs = services_of(request).catalogs
    title = html.escape(catalogs.translate(language, "error.page.title"))
    message = html.escape(catalogs.translate(language, key, params))
    home = html.escape(catalogs.translate(language, "error.page.home"))
    body = (
        f'<!doctype html>\n<html lang="{language}">\n<head>\n{SHARED_HEAD}\n<title>{title}</title>\n</head>\n'
        '<body class="error-page">\n<header class="site"><a class="brand" href="/">Heart Cards</a></header>\n'
        f'<main class="page"><h1>{title}</h1>\n<p data-role="message">{message}</p>\n'
        f'<p><a class="button primary" href="/" data-role="home">{home}</a></p></main>\n</body>\n</html>\n'
    )
    return HTMLResponse(body, status_code=status, headers={"Content-Language": language, "Cache-Control": "no-cache"})


def pages_router(shells: Mapping[str, str]) -> APIRouter:
    """A router serving each path (a route pattern such as `/play/{code}`) with its shell (`play` for
    `static/pages/play.html`), for `GET` and `HEAD`. Path parameters are the page's to read: the server serves the
    shell for any value."""
    router = APIRouter(include_in_schema=False)
    for path, shell in shells.items():
        router.add_api_route(path, _page(shell), methods=PAGE_METHODS, response_class=HTMLResponse, name=shell)
    return router


def _page(shell: str) -> Callable[[Request], Awaitable[HTMLResponse]]:
    """The handler of one page (the shell is fixed here, never read from the request)."""

    async def page(request: Request) -> HTMLResponse:
        return render_page(request, shell)

    return page


router = pages_router({"/": "index"})
"""The home page, shared by both games, and the health check."""


@router.get("/api/health")
async def health() -> JSONResponse:
    return JSONResponse({"ok": True})
