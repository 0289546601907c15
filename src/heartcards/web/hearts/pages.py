"""The Hearts pages (templates in `templates/hearts/`), served with the shared `render_page`: setup and
lobby, a table (any id: the page asks the API and shows its error), a solo game played on the device (any id: the
page finds it in the browser's storage), statistics, and the rules with pictures (its
section anchors are those of docs/rules/hearts.md)."""

from __future__ import annotations

from heartcards.web.pages import pages_router

router = pages_router(
    {
        "/hearts": "hearts/lobby",
        "/hearts/table/{table_id}": "hearts/table",
        "/hearts/solo/{game_id}": "hearts/table",
        "/hearts/stats": "hearts/stats",
        "/hearts/ratings": "hearts/ratings",
        "/hearts/players/{public_id}": "hearts/player",
        "/hearts/rules": "hearts/rules",
    }
)
