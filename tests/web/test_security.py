"""Security headers, and no state change or new identity on behalf of another site (`heartcards.web.security`)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from heartcards.web.i18n import read_catalog, shipped_catalogs
from heartcards.web.paths import LOCALES_DIR
from heartcards.web.security import CrossSiteError
from tests.web.conftest import REAL_PAGES
from tests.web.h2h.helpers import SEED_CODE, new_game

CROSS_SITE = {"Sec-Fetch-Site": "cross-site", "Origin": "https://attacker.example"}
OTHER_PORT = {"Sec-Fetch-Site": "same-site", "Origin": "http://testserver:8001"}
SAME_ORIGIN = {"Sec-Fetch-Site": "same-origin", "Origin": "http://testserver"}


@pytest.mark.parametrize("path", REAL_PAGES)
def test_every_page_gets_the_security_headers(client: Any, path: str) -> None:
    headers = client.get(path).headers
    policy = headers["content-security-policy"]
    script = next(part for part in policy.split("; ") if part.startswith("script-src"))
    assert script == "script-src 'self'"  # no inline script, no eval
    assert "frame-ancestors 'none'" in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"


def inline_code(html: str) -> list[str]:
    """Inline scripts, event-handler attributes and javascript: URLs in a page: what the policy would block."""
    found = [tag for tag in re.findall(r"<script\b[^>]*>", html) if "src=" not in tag]
    found += re.findall(r"<script\b[^>]*>\s*[^<\s][^<]*", html)
    found += re.findall(r"<[^>]+\son[a-z]+\s*=[^>]*>", html)
    found += re.findall(r"javascript:[^\"']*", html)
    return found


@pytest.mark.parametrize("path", REAL_PAGES)
def test_the_pages_have_no_inline_script_or_handlers(client: Any, path: str) -> None:
    assert inline_code(client.get(path).text) == []


def test_the_inline_code_check_finds_inline_code() -> None:
    assert inline_code('<script>alert(1)</script><a onclick="x()">a</a><a href="javascript:x()">b</a>') != []
    assert inline_code('<script type="module" src="/static/js/home.js"></script>') == []


@pytest.mark.parametrize("origin", [CROSS_SITE, OTHER_PORT, {"Origin": "https://attacker.example"}, {"Origin": "null"}])
def test_another_sites_form_cannot_replace_the_identity_or_the_game(client: Any, origin: dict[str, str]) -> None:
    view = new_game(client)
    cookie = client.cookies.get("hc_player")
    answer = client.post("/api/h2h/games", data={}, headers=origin)
    assert answer.status_code == 403 and answer.json()["error"]["key"] == "error.cross_site"
    assert "set-cookie" not in answer.headers
    abandon = client.post(f"/api/h2h/games/{view['id']}/abandon", headers=origin)
    assert abandon.status_code == 403
    assert client.cookies.get("hc_player") == cookie
    assert client.get("/api/h2h/games/current").json()["id"] == view["id"]


def test_the_apps_own_requests_and_programs_still_change_state(client: Any) -> None:
    for headers in (SAME_ORIGIN, {"Origin": "http://testserver"}, {}):  # {}: a program, not a browser
        assert client.post("/api/h2h/games", json={"code": SEED_CODE}, headers=headers).is_success


def test_a_request_from_another_site_never_gets_a_new_identity(client: Any) -> None:
    page = client.get("/", headers={"Sec-Fetch-Site": "cross-site"})
    assert page.status_code == 200 and "hc_player" not in page.headers.get("set-cookie", "")
    own = client.get("/", headers={"Sec-Fetch-Site": "none"})
    assert "hc_player" in own.headers.get("set-cookie", "")


def test_a_socket_opened_by_another_sites_page_is_refused(client: Any) -> None:
    foreign = client.websocket_connect("/ws/hearts/x", headers={"Origin": "https://attacker.example"})
    with pytest.raises(WebSocketDisconnect) as refused, foreign:  # closed before the handshake is accepted: a 403
        pass
    assert refused.value.code == 4403


def test_the_cross_site_refusal_is_translated() -> None:
    catalogs = shipped_catalogs()
    for language in ("en", "it", "el"):
        own = read_catalog(LOCALES_DIR / language / "LC_MESSAGES" / "common_server.po")
        assert CrossSiteError.key in own
        assert catalogs.translate(language, CrossSiteError.key) == own[CrossSiteError.key]
