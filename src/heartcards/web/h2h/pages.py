"""The Heart to Heart pages (the front end's shells in `static/pages/`), served with the shared `render_page`.

`/play/{code}` and `/replay/{game_id}` are served for any value: the page asks the API and shows its error."""

from __future__ import annotations

from heartcards.web.pages import pages_router

router = pages_router(
    {
        "/play": "play",
        "/play/{code}": "play",
        "/rules": "rules",
        "/examples": "examples",
        "/stats": "stats",
        "/replay/{game_id}": "replay",
    }
)
