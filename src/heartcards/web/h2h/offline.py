"""Heart to Heart with no network: the service worker at `/sw.js` (served from the site root so its scope covers
every page) and the web app manifest at `/manifest.webmanifest` (installable on a phone's home screen, its icons our
own favicon: the SVG, and PNGs rendered from it by `scripts/render_icons.py`). The worker is `static/sw.js` with
three things written in: VERSION, a digest of the static files and the pages' templates (a new deploy is a new
worker, which replaces the cache); PRECACHE, what one visit stores: the Heart to Heart pages, the Hearts lobby and the
table page of a solo game played on the device (their shells hold no one's data: the lobby's tables and a game come
from the API and from the browser's own storage), the scripts, styles and icons they load, and the catalogs; and
SHELLS, the stored page that serves every address under a prefix (each /play/CODE is the play page, each /replay/ID
the replay page, each /hearts/solo/ID the Hearts table page).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Final

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response

from heartcards.web.i18n import LANGUAGES
from heartcards.web.paths import PAGES_DIR, STATIC_DIR
from heartcards.web.static_files import static_folder

router = APIRouter(include_in_schema=False)

REPLAY_SHELL: Final = "/replay/offline"  # the replay page is served for any id
HEARTS_SOLO_SHELL: Final = "/hearts/solo/offline"  # so is the table page of a game played on the device
PAGES: Final = ("/", "/play", "/rules", "/examples", "/stats", REPLAY_SHELL, "/hearts", HEARTS_SOLO_SHELL)
SHELLS: Final = {"/play/": "/play", "/replay/": REPLAY_SHELL, "/hearts/solo/": HEARTS_SOLO_SHELL}
LEFT_OUT: Final = ("sw.js",)
THEME: Final = "#226247"
NO_CACHE: Final = {"Cache-Control": "no-cache"}
ICONS: Final = tuple(
    {"src": f"/static/icons/{name}.png", "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
    for name, size, purpose in (
        ("icon-192", 192, "any"),
        ("icon-512", 512, "any"),
        ("icon-maskable-192", 192, "maskable"),  # the heart inside the maskable safe zone, on a full square
        ("icon-maskable-512", 512, "maskable"),
    )
)


@lru_cache(maxsize=1)
def worker_script() -> tuple[str, str]:
    """The worker's text and its version (the static files do not change while the server runs)."""
    digest = hashlib.sha256()
    for page in sorted(PAGES_DIR.rglob("*.html")):  # the pages the worker stores are rendered from these
        digest.update(f"templates/{page.relative_to(PAGES_DIR).as_posix()}".encode())
        digest.update(page.read_bytes())
    assets: list[str] = []
    files = static_folder(STATIC_DIR)  # the files as the server answers them
    for relative, file in files.items():
        digest.update(relative.encode())
        digest.update(file.body)
        if not relative.startswith(LEFT_OUT):
            assets.append(f"/static/{relative}")
    version = digest.hexdigest()[:16]
    precache = [*PAGES, *assets, *(f"/api/i18n/{language}" for language in LANGUAGES)]
    template = files["sw.js"].body.decode("utf-8")
    shells = " ".join(f"{prefix}={page}" for prefix, page in SHELLS.items())
    text = template.replace("__VERSION__", version, 1).replace("__PRECACHE__", " ".join(precache), 1)
    text = text.replace("__SHELLS__", shells, 1)
    return text, version


@router.get("/sw.js")
async def service_worker() -> Response:
    text, _ = worker_script()
    return Response(text, media_type="text/javascript", headers=NO_CACHE)


@router.get("/manifest.webmanifest")
async def manifest() -> JSONResponse:
    return JSONResponse(
        {
            "name": "Heart Cards",
            "short_name": "Heart Cards",
            "description": "Heart to Heart patience, also with no network.",
            "start_url": "/play",
            "scope": "/",
            "display": "standalone",
            "orientation": "any",
            "background_color": THEME,
            "theme_color": THEME,
            "icons": [
                {"src": "/static/favicon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
                *ICONS,
            ],
        },
        media_type="application/manifest+json",
        headers=NO_CACHE,
    )
