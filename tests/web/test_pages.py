"""Pages: the templates rendered in the page's language, cookies set, a clean 404 when a template is missing; every
real page extends the one base template."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from heartcards.web.paths import PAGES_DIR, STATIC_DIR
from tests.web.conftest import REAL_PAGES, AppMaker

SHARED_HEAD = "\n".join(
    (
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
        '<meta name="theme-color" content="#184a35">',
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">',
        '<link rel="stylesheet" href="/static/css/common.css">',
    )
)

PAGES = {
    "/": "common/home",
    "/play": "h2h/play",
    "/play/HH1-N-AAAAAAM": "h2h/play",
    "/rules": "h2h/rules",
    "/examples": "h2h/examples",
    "/stats": "h2h/stats",
    "/replay/0123": "h2h/replay",
}


@pytest.fixture
def pages_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "pages"
    folder.mkdir()
    for name in set(PAGES.values()):
        (folder / name).parent.mkdir(exist_ok=True)
        (folder / f"{name}.html").write_text(f'<!doctype html><html lang="{{{{ lang }}}}"><title>{name}</title></html>')
    return folder


def test_each_page_serves_its_template_in_the_language(app_maker: AppMaker, pages_dir: Path) -> None:
    client = app_maker.client(app_maker.new_app(pages_dir=pages_dir))
    for path, name in PAGES.items():
        response = client.get(path, headers={"Accept-Language": "el-GR,el;q=0.9,en;q=0.5"})
        assert response.status_code == 200, path
        assert response.headers["content-type"].startswith("text/html")
        assert f'<html lang="el"><title>{name}</title>' in response.text
    assert client.cookies.get("hc_player")
    head = client.head("/rules")
    assert head.status_code == 200 and head.content == b""


def test_lang_query_is_remembered_in_a_cookie(app_maker: AppMaker, pages_dir: Path) -> None:
    client = app_maker.client(app_maker.new_app(pages_dir=pages_dir))
    forced = client.get("/rules?lang=it", headers={"Accept-Language": "el"})
    assert '<html lang="it">' in forced.text and "hc_lang=it" in forced.headers["set-cookie"]
    later = client.get("/rules", headers={"Accept-Language": "el"})
    assert '<html lang="it">' in later.text
    ignored = client.get("/rules?lang=xx", headers={"Accept-Language": "el"})
    assert '<html lang="it">' in ignored.text


def test_a_missing_template_is_a_clean_404(app_maker: AppMaker, tmp_path: Path) -> None:
    client = app_maker.client(app_maker.new_app(pages_dir=tmp_path / "none"))
    response = client.get("/stats")
    assert response.status_code == 404 and response.json()["error"]["key"] == "error.not_found"


@pytest.mark.parametrize(
    ("path", "key"), [("/no/such/page", "error.not_found"), ("/play/not-a-code", "error.page.no_deal")]
)
def test_a_browser_gets_a_not_found_page_in_its_language_and_a_program_json(
    app_maker: AppMaker, pages_dir: Path, path: str, key: str
) -> None:
    client = app_maker.client(app_maker.new_app(pages_dir=pages_dir))
    page = client.get(path, headers={"Accept": "text/html,*/*", "Accept-Language": "it"})
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    assert "<h1>Pagina non trovata</h1>" in page.text
    assert 'href="/" data-role="home"' in page.text
    assert SHARED_HEAD in page.text
    answer = client.get(path, headers={"Accept": "application/json"})
    assert answer.status_code == 404 and answer.json()["error"]["key"] == key
    api = client.get("/api/no/such/thing", headers={"Accept": "text/html"})
    assert api.status_code == 404 and api.json()["error"]["key"] == "error.not_found"


def test_static_files_and_health(app_maker: AppMaker) -> None:
    client = app_maker.client(app_maker.new_app())
    assert client.get("/api/health").json() == {"ok": True}
    missing = client.get("/static/no/such/file.js")
    assert missing.status_code == 404 and missing.json()["error"]["key"] == "error.not_found"
    assert "server-timing" not in missing.headers  # only when debugging
    timed = app_maker.client(app_maker.new_app(server_timing=True)).get("/api/health")
    assert timed.headers["server-timing"].startswith("app;dur=")


def test_every_real_page_gets_the_shared_head_once(app_maker: AppMaker) -> None:
    client = app_maker.client(app_maker.new_app())
    for path in REAL_PAGES:
        html = client.get(path, headers={"Accept-Language": "it"}).text
        assert html.startswith('<!doctype html>\n<html lang="it">\n<head>\n<meta charset="utf-8">'), path
        assert html.count(SHARED_HEAD) == 1 and "{{" not in html and "{%" not in html, path
        assert html.count("<title>") == 1 and html.index(SHARED_HEAD) < html.index("</head>"), path
        assert html.endswith(
            '<div id="status" class="status" role="status" aria-live="polite"></div>\n</body>\n</html>\n'
        )
        assert "<script>" not in html and html.count("<script") == 2, path  # the identity check and the entry only


def test_every_page_template_extends_the_base_and_names_its_own_entry_and_style() -> None:
    """A page's template sits in its part's folder (`h2h/`, `hearts/`, `account/`, or `common/` for the shared
    ones), and its entry module and stylesheet are that part's (the home page's entry is `home.js`)."""
    pages = sorted(path for path in PAGES_DIR.rglob("*.html") if path.name != "base.html")
    assert len(pages) >= 14
    for path in pages:
        part = path.parent.name
        assert part in ("common", "h2h", "hearts", "account"), path
        lines = path.read_text(encoding="utf-8").splitlines()
        assert lines[0] == '{% extends "common/base.html" %}', path
        assert lines[1].startswith("{% set page = {") and lines[1].endswith("} %}"), path
        entry = re.search(r'"entry": "([^"]+)"', lines[1])
        style = re.search(r'"style": "([^"]+)"', lines[1])
        if path.name == "error.html":
            assert entry is None and style is None
            continue
        assert entry is not None and style is not None, path
        assert entry[1].startswith(f"{part}/") or (path.name == "home.html" and entry[1] == "home.js"), path
        assert (STATIC_DIR / "js" / entry[1]).is_file(), path
        assert style[1] == (part if part != "common" else "h2h"), path  # the home page shows Heart to Heart's deal
        assert (STATIC_DIR / "css" / f"{style[1]}.css").is_file(), path


def test_every_real_page_answers_head_like_get(app_maker: AppMaker) -> None:
    """Link previews and uptime checks ask HEAD: every page answers it (Hearts pages once answered 405)."""
    client = app_maker.client(app_maker.new_app())
    for path in REAL_PAGES:
        got = client.get(path)
        head = client.head(path)
        assert head.status_code == got.status_code == 200, path
        assert head.content == b"" and head.headers["content-type"] == got.headers["content-type"], path
