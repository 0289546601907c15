"""What docs/h2h-web-api.md and docs/hearts-web-api.md promise a client written from them alone: a malformed id
answers 404 on every route whatever the body, the identity cookie comes with the first answer, one form of times,
the catalog's schema, and every error key the Hearts socket sends is listed. (Move notation is held in
`h2h/test_moves.py`, the socket's answers to every message in `hearts/test_socket.py`.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from heartcards.hearts.engine.errors import HeartsError
from heartcards.hearts.tables import errors as table_errors
from heartcards.web.translations import Catalog
from tests.web.conftest import AppMaker

DOCS = Path(__file__).resolve().parents[2] / "docs"
MALFORMED_ID = "not-an-id"
BAD_BODIES: list[dict[str, Any]] = [
    {"content": b"{not json", "headers": {"content-type": "application/json"}},
    {"json": {"from": "zero", "moves": 7, "seat": "x", "target": []}},
    {"json": [1, 2, 3]},
]


def id_routes(app: Any, parameter: str) -> list[tuple[str, str]]:
    """Every (method, path) of the published API with the path parameter `parameter`, the id put in its place."""
    return [
        (method.upper(), path.replace("{" + parameter + "}", MALFORMED_ID))
        for path, operations in app.openapi()["paths"].items()
        if "{" + parameter + "}" in path
        for method in operations
    ]


@pytest.mark.parametrize(
    ("parameter", "key"), [("game_id", "h2h.error.game_not_found"), ("table_id", "hearts.error.table_not_found")]
)
def test_a_malformed_id_answers_404_on_every_route_whatever_the_body(
    shared_app: Any, client: Any, parameter: str, key: str
) -> None:
    routes = id_routes(shared_app, parameter)
    assert len(routes) >= 4
    for method, path in routes:
        for body in BAD_BODIES if method == "POST" else [{}]:
            answer = client.request(method, path, **body)
            assert answer.status_code == 404 and answer.json()["error"]["key"] == key, (method, path, body)


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/api/health", 200),
        ("GET", "/api/h2h/daily", 200),
        ("GET", "/api/i18n/it", 200),
        ("GET", "/api/h2h/games/current", 204),
        ("GET", "/api/h2h/deals/nonsense", 400),
        ("POST", "/api/h2h/games/0123456789abcdef0123456789abcdef/tap", 404),
        ("GET", "/api/nothing/here", 404),
        ("GET", "/rules", 200),
    ],
)
def test_the_first_answer_of_any_kind_sets_the_identity_cookie(
    client: Any, method: str, path: str, status: int
) -> None:
    first = client.request(method, path, json={"target": 1} if method == "POST" else None)
    assert first.status_code == status
    assert re.fullmatch(r"[0-9a-f]{32}", client.cookies.get("hc_player") or ""), first.headers
    cookie = first.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Max-Age=31536000" in cookie
    again = client.request(method, path, json={"target": 1} if method == "POST" else None)
    assert "hc_player" not in again.headers.get("set-cookie", "")


def test_the_identity_is_the_same_for_the_whole_first_request_and_static_files_get_none(client: Any) -> None:
    created = client.post("/api/h2h/games", json={"code": "HH1-N-AAAAAAM"})
    assert created.headers["set-cookie"].count("hc_player=") == 1
    assert client.get(f"/api/h2h/games/{created.json()['id']}").status_code == 200  # the cookie owns the game
    client.cookies.clear()
    assert "set-cookie" not in client.get("/static/favicon.svg").headers


def test_times_are_utc_with_z_in_both_games(app_maker: AppMaker) -> None:
    with app_maker.client(app_maker.new_app()) as client:  # with its lifespan: the Hearts tables run
        started = client.post("/api/h2h/games", json={"code": "HH1-N-AAAAAAM"}).json()["started_at"]
        table = client.post("/api/hearts/tables", json={"mode": "solo", "name": "Ann", "strength": "easy"}).json()
    for moment in (started, table["table"]["created_at"]):
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z", moment), moment
    for page in ("h2h-web-api.md", "hearts-web-api.md"):
        text = (DOCS / page).read_text(encoding="utf-8")
        assert "ending in `Z`" in text and "+00:00" not in text, page


def test_the_catalog_answers_its_declared_schema(client: Any) -> None:
    answer = client.get("/api/i18n/el")
    catalog = Catalog.model_validate_json(answer.content, strict=True)
    assert catalog.lang == "el" and len(catalog.messages) > 100
    schema = client.get("/openapi.json").json()["paths"]["/api/i18n/{lang}"]["get"]["responses"]["200"]
    assert schema["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Catalog"}


def socket_section() -> str:
    text = (DOCS / "hearts-web-api.md").read_text(encoding="utf-8")
    start = text.index("## Live play: WebSocket")
    return text[start : text.index("\n## ", start + 1)]


def engine_keys() -> set[str]:
    """The keys of the Hearts engine's errors a seat's pass or card can raise (a record, a seat number the server
    picks itself and the error classes that only group others are never a socket's answer)."""
    found: set[str] = set()
    pending = [HeartsError]
    while pending:
        kind = pending.pop()
        pending.extend(kind.__subclasses__())
        found.add(kind.key)
    never_sent = {"hearts.error", "hearts.error.record", "hearts.error.bad_seat", "hearts.error.illegal_play"}
    return (found - never_sent - {"hearts.error.pass"}) | {"hearts.error.already_passed", "hearts.error.pass_count"}


SOCKET_TABLE_ERRORS = (
    table_errors.BadMessageError,
    table_errors.CardMissingError,
    table_errors.BadTokenError,
    table_errors.SpectatorError,
    table_errors.TableNotStartedError,
    table_errors.TableFinishedError,
    table_errors.NotCreatorError,
    table_errors.TableStartedError,
    table_errors.NotReadyPhaseError,
    table_errors.NotSavedError,
)
"""The tables' errors an action or a `hello` on an open socket can answer."""


def test_every_error_key_the_socket_sends_is_listed() -> None:
    section = socket_section()
    listed = set(re.findall(r"`(hearts\.error\.[a-z_]+)`", section))
    sent = engine_keys() | {error.key for error in SOCKET_TABLE_ERRORS}
    assert sent - listed == set()
    assert "…" not in section
