"""Heart to Heart installable and offline (web/h2h/offline.py): the web app manifest names the app and its PNG icons,
which are served at the sizes it states; every Heart to Heart page links the manifest and an Apple touch icon; the
service worker stores only what the server serves, the replay page and the icons among it."""

from __future__ import annotations

import re
import shutil
import struct
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from heartcards.web.h2h import offline
from heartcards.web.paths import PAGES_DIR

H2H_PAGES = ("/", "/play", "/play/HH1-N-AAAAAAM", "/rules", "/examples", "/stats", "/replay/0123")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class HeadLinks(HTMLParser):
    """The `<link rel=… href=…>` of a page, by rel."""

    def __init__(self) -> None:
        super().__init__()
        self.links: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "link" and found.get("rel") and found.get("href"):
            self.links.setdefault(str(found["rel"]), []).append(str(found["href"]))


def links_of(client: Any, path: str) -> dict[str, list[str]]:
    response = client.get(path)
    assert response.status_code == 200, path
    parser = HeadLinks()
    parser.feed(response.text)
    return parser.links


def png_size(client: Any, path: str) -> tuple[int, int]:
    """The width and height a served PNG's header states (its IHDR chunk)."""
    response = client.get(path)
    assert response.status_code == 200, path
    assert response.headers["content-type"] == "image/png", path
    body = response.content
    assert body[:8] == PNG_SIGNATURE and body[12:16] == b"IHDR", path
    width, height = struct.unpack(">II", body[16:24])
    return width, height


def test_the_manifest_makes_the_app_installable(client: Any) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = response.json()
    assert manifest["name"] == "Heart Cards" and manifest["short_name"]
    assert manifest["start_url"] == "/play"
    assert manifest["display"] == "standalone"
    pngs = [icon for icon in manifest["icons"] if icon["type"] == "image/png"]
    stated = {(icon["sizes"], icon["purpose"]) for icon in pngs}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= stated
    for icon in pngs:
        width, height = png_size(client, icon["src"])
        assert icon["sizes"] == f"{width}x{height}", icon["src"]


@pytest.mark.parametrize("path", H2H_PAGES)
def test_every_heart_to_heart_page_links_the_manifest_and_a_touch_icon(client: Any, path: str) -> None:
    links = links_of(client, path)
    assert links.get("manifest") == ["/manifest.webmanifest"]
    [touch_icon] = links["apple-touch-icon"]
    assert png_size(client, touch_icon) == (180, 180)


def test_the_worker_stores_what_the_server_serves_the_replay_page_and_icons_among_it(client: Any) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    worker = response.text
    precache = re.search(r'const PRECACHE = "([^"]*)"', worker)
    shells = re.search(r'const SHELLS = "([^"]*)"', worker)
    assert precache is not None and shells is not None
    paths = precache.group(1).split()
    # One path the server does not answer and the worker never installs (cache.addAll fails as a whole).
    for path in paths:
        assert client.get(path).status_code == 200, path
    assert {"/static/icons/icon-192.png", "/static/icons/apple-touch-icon.png"} <= set(paths)
    served_by = dict(pair.split("=") for pair in shells.group(1).split())
    assert served_by["/play/"] in paths and served_by["/replay/"] in paths
    replay_shell = client.get(served_by["/replay/"]).text
    assert '<script type="module" src="/static/js/h2h/replay.js"></script>' in replay_shell
    # A solo Hearts game plays on the device: the lobby, the table page for any game's address, its engine and bots.
    assert {"/hearts", "/static/js/hearts/local-table.js", "/static/js/hearts/bots/worker.js"} <= set(paths)
    assert {"/static/js/hearts/engine/game.js", "/static/css/hearts.css"} <= set(paths)
    solo_shell = client.get(served_by["/hearts/solo/"]).text
    assert (
        served_by["/hearts/solo/"] in paths and '<script type="module" src="/static/js/hearts/table.js">' in solo_shell
    )


def test_a_changed_page_template_is_a_new_worker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pages the worker stores are rendered from the templates: changing one must replace the stored copies."""
    templates = tmp_path / "templates"
    shutil.copytree(PAGES_DIR, templates)
    monkeypatch.setattr(offline, "PAGES_DIR", templates)
    offline.worker_script.cache_clear()
    try:
        _, before = offline.worker_script()
        play = templates / "h2h" / "play.html"
        play.write_text(play.read_text(encoding="utf-8").replace("</main>", "<p>new</p></main>"), encoding="utf-8")
        offline.worker_script.cache_clear()
        assert offline.worker_script()[1] != before
    finally:
        offline.worker_script.cache_clear()
