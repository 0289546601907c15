"""Bad codes and forged API calls: translated 4xx answers in the player's language, nothing changed, never a 500."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from heartcards.errors import KeyedError
from heartcards.web import errors as web_errors
from heartcards.web.i18n import LANGUAGES, read_catalog
from heartcards.web.paths import LOCALES_DIR
from tests.web.conftest import AppMaker
from tests.web.h2h.helpers import new_game, tap

BAD_CODE_MESSAGES = {
    "en": "“HH2-N-AAAAAAA” is not a deal code",
    "it": "«HH2-N-AAAAAAA» non è un codice di smazzata",
    "el": "Το «HH2-N-AAAAAAA» δεν είναι κωδικός μοιρασιάς",
}
FORGED_TARGETS: list[Any] = [0, 26, -1, 1.5, "1", "Stock", "", None, True, False, [], {}, [1], "25-W", 10**30]


def assert_error(response: Any, status: int, key: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"key", "message", "params"}
    assert body["error"]["key"] == key and body["error"]["message"] and body["error"]["message"] != key
    assert "Traceback" not in response.text
    return body["error"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bad_code_is_a_400_in_each_language(client: Any, language: str) -> None:
    by_header = client.post("/api/h2h/games", json={"code": "HH2-N-AAAAAAA"}, headers={"Accept-Language": language})
    error = assert_error(by_header, 400, "h2h.error.deal_code")
    assert error["message"].startswith(BAD_CODE_MESSAGES[language])
    assert error["params"] == {"text": "HH2-N-AAAAAAA"}
    assert by_header.headers["content-language"] == language
    by_query = client.post(f"/api/h2h/games?lang={language}", json={"code": "HH2-N-AAAAAAA"})
    assert by_query.json()["error"]["message"] == error["message"]
    client.cookies.set("hc_lang", language)
    by_cookie = client.post("/api/h2h/games", json={"code": "HH2-N-AAAAAAA"}, headers={"Accept-Language": "en"})
    assert by_cookie.json()["error"]["message"] == error["message"]


def test_forged_targets_are_422_and_change_nothing(client: Any) -> None:
    game_id = new_game(client)["id"]
    tap(client, game_id, "stock")
    before = client.get(f"/api/h2h/games/{game_id}").json()
    for target in FORGED_TARGETS:
        response = client.post(f"/api/h2h/games/{game_id}/tap", json={"target": target})
        assert_error(response, 422, "error.invalid_request")
    for body in ({}, {"target": "stock", "extra": 1}, [], "stock", 25):
        assert_error(client.post(f"/api/h2h/games/{game_id}/tap", json=body), 422, "error.invalid_request")
    for raw in (b"", b"{", b"\xff\xfe", b"null", b'{"target": NaN}'):
        response = client.post(
            f"/api/h2h/games/{game_id}/tap", content=raw, headers={"Content-Type": "application/json"}
        )
        assert_error(response, 422, "error.invalid_request")
    after = client.get(f"/api/h2h/games/{game_id}").json()
    assert (after["record"], after["selection"], after["moves"]) == (before["record"], before["selection"], 1)


def test_covered_and_empty_targets_do_nothing(client: Any) -> None:
    game_id = new_game(client)["id"]
    for target in (1, 12, 24):  # covered at the start
        assert tap(client, game_id, target)["tap"] == {"outcome": "nothing", "move": None, "message": None}
    assert client.get(f"/api/h2h/games/{game_id}").json()["selection"] is None


@pytest.mark.parametrize(
    "game_id", ["nope", "0" * 32, "A" * 32, "x" * 5000, "%00", "..%2f..%2fetc", "ß" * 32, "1" * 31, "'; drop table"]
)
def test_bad_game_ids_are_404(client: Any, game_id: str) -> None:
    for method, path, body in (
        ("get", "", None),
        ("post", "/tap", {"target": "stock"}),
        ("post", "/undo", None),
        ("post", "/restart", None),
        ("post", "/hint", None),
        ("post", "/abandon", None),
        ("post", "/pause", None),
        ("get", "/replay", None),
    ):
        response = client.request(method.upper(), f"/api/h2h/games/{game_id}{path}", json=body)
        assert response.status_code == 404, (game_id, path, response.text)
        assert response.json()["error"]["key"] in {"h2h.error.game_not_found", "error.not_found"}


def test_new_game_bodies_of_the_wrong_types(client: Any) -> None:
    for body in ({"code": 12}, {"mode": "X"}, {"daily": "yes"}, {"code": None, "mode": 1}, {"code": "x" * 65}, [1]):
        assert_error(client.post("/api/h2h/games", json=body), 422, "error.invalid_request")
    assert client.get("/api/h2h/games/current").status_code == 204  # none of them started a game


def test_huge_bodies_are_413(client: Any) -> None:
    game_id = new_game(client)["id"]
    huge = json.dumps({"target": "stock", "padding": "x" * 100_000})
    response = client.post(f"/api/h2h/games/{game_id}/tap", content=huge, headers={"Content-Type": "application/json"})
    assert_error(response, 413, "error.body_too_large")

    def chunks() -> Any:
        for _ in range(40):
            yield b"x" * 1000

    streamed = client.post(
        f"/api/h2h/games/{game_id}/tap", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert 400 <= streamed.status_code < 500
    assert client.get(f"/api/h2h/games/{game_id}").json()["moves"] == 0


def test_unknown_routes_methods_and_languages(client: Any) -> None:
    assert_error(client.get("/api/h2h/nothing-here", headers={"Accept-Language": "el"}), 404, "error.not_found")
    assert_error(client.delete("/api/h2h/games"), 405, "error.method_not_allowed")
    assert_error(client.get("/api/i18n/fr"), 404, "error.language")


def test_a_forged_player_cookie_gets_a_new_identity(client: Any) -> None:
    client.cookies.set("hc_player", "../../admin")
    response = client.post("/api/h2h/games", json={"code": "HH1-N-AAAAAAM"})
    assert response.status_code == 201
    assert "../../admin" not in response.headers["set-cookie"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(max_size=20),
        lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3),
        max_leaves=8,
    ),
    path=st.sampled_from(["/api/h2h/games", "/api/h2h/games/current", "/tap", "/undo", "/hint", "/restart"]),
)
def test_no_input_gives_a_server_error(client: Any, body: Any, path: str) -> None:
    url = path if path.startswith("/api") else f"/api/h2h/games/{'f' * 32}{path}"
    response = client.post(url, json=body)
    assert response.status_code < 500, response.text
    assert "Traceback" not in response.text


ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3),
    max_leaves=8,
)
ODD_IDS = ["f" * 32, "0", "x" * 300, "%00", "..%2F..", "%C3%A9", "HH1-N-AAAAAAM", "%ZZ", "a%2Fb", "%20"]
DOCUMENT: dict[str, Any] = json.loads((Path(__file__).resolve().parents[2] / "docs" / "openapi.json").read_text())
"""The published API (tests/web/test_openapi.py holds it to the app's own)."""
ROUTES = [(method.upper(), path) for path, operations in DOCUMENT["paths"].items() for method in operations]


def fitting(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values of the shape `schema` describes (a body, a field), or near it: what reaches a route's own checks."""
    if "$ref" in schema:
        return fitting(DOCUMENT["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]])
    if "anyOf" in schema:
        return st.one_of([fitting(choice) for choice in schema["anyOf"]])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if kind == "object":
        fields = {name: fitting(field) | ANY_JSON for name, field in schema.get("properties", {}).items()}
        required = set(schema.get("required", ()))
        return st.fixed_dictionaries(
            {name: value for name, value in fields.items() if name in required},
            optional={name: value for name, value in fields.items() if name not in required},
        )
    if kind == "array":
        return st.lists(fitting(schema.get("items", {})), max_size=4)
    if kind == "string":
        return st.from_regex(schema["pattern"], fullmatch=True) if "pattern" in schema else st.text(max_size=30)
    if kind == "integer":
        return st.integers(int(schema.get("minimum", -(2**40))), int(schema.get("maximum", 2**40)))
    if kind == "boolean":
        return st.booleans()
    return ANY_JSON


@pytest.fixture(scope="module")
def started_client(shared_app_maker: AppMaker, shared_app: Any) -> Iterator[Any]:
    """A client of the module's app with the app's start run (its Hearts tables): every route answers."""
    with shared_app_maker.client(shared_app) as started:
        yield started


@pytest.fixture(scope="module")
def own_ids(started_client: Any) -> dict[str, str]:
    """The ids of a Heart to Heart game and of a Hearts table of the client's own, for the routes that take them:
    the bodies then reach a real game's checks, not only the id's."""
    game = started_client.post("/api/h2h/games", json={}, headers={"origin": "http://testserver"})
    table = started_client.post("/api/hearts/tables", json={"mode": "online"}, headers={"origin": "http://testserver"})
    return {"game_id": game.json()["id"], "table_id": table.json()["table"]["id"]}


@pytest.mark.parametrize(("method", "route"), ROUTES, ids=[f"{method} {route}" for method, route in ROUTES])
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_published_route_fails_on_any_input(
    started_client: Any, own_ids: dict[str, str], method: str, route: str, data: Any
) -> None:
    """Each route of either game and of accounts, with the client's own game or table or an odd id in its path, and a
    body of its own shape, near it, any JSON or none: a 4xx with a keyed, translated error, or an answer; never a
    5xx."""

    def an_id(parameter: re.Match[str]) -> str:
        odd = st.sampled_from(ODD_IDS)
        drawn: str = data.draw(st.just(own_ids[parameter[1]]) | odd if parameter[1] in own_ids else odd, parameter[1])
        return drawn

    path = re.sub(r"\{(\w+)\}", an_id, route)
    operation = DOCUMENT["paths"][route][method.lower()]
    shape = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
    body = data.draw((fitting(shape) if shape else st.nothing()) | (st.none() | ANY_JSON), label="body")
    headers = {"origin": "http://testserver", "accept-language": data.draw(st.sampled_from(["el", "it", "xx"]))}
    response = started_client.request(method, path, headers=headers, **({} if body is None else {"json": body}))
    assert response.status_code < 500, (method, path, body, response.text)
    assert "Traceback" not in response.text
    if response.status_code >= 400:
        error = response.json()["error"]
        assert error["key"] and error["message"] and error["message"] != error["key"], (method, path, error)


def _subclasses(base: type[KeyedError]) -> list[type[KeyedError]]:
    found = [base]
    for subclass in base.__subclasses__():
        found += _subclasses(subclass)
    return found


def test_every_error_key_is_translated_in_every_language() -> None:
    """Every `KeyedError` the app can raise (the engines', the web's, each game's) has its message in every
    language, in the server's own catalogs."""
    import heartcards.web.app  # noqa: F401  (imports every module that defines an error)

    keys = {error.key for error in _subclasses(KeyedError)}
    keys |= set(web_errors.HTTP_KEYS.values()) | {"error.invalid_request", "error.internal", "h2h.must_be_same_rank"}
    assert {"h2h.error.game_not_found", "hearts.error.follow_suit", "hearts.error.table_not_found"} <= keys
    for language in LANGUAGES:
        own: dict[str, str] = {}
        for path in (LOCALES_DIR / language / "LC_MESSAGES").glob("*_server.po"):
            own |= read_catalog(path)
        assert keys <= set(own), (language, keys - set(own))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    accept_language=st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=60),
    lang=st.text(max_size=12),
    cookie=st.text(
        alphabet=st.characters(min_codepoint=33, max_codepoint=126, exclude_characters=';,"\\'), max_size=40
    ),
)
def test_odd_languages_and_cookies_never_fail(client: Any, accept_language: str, lang: str, cookie: str) -> None:
    client.cookies.set("hc_lang", cookie)
    client.cookies.set("hc_player", cookie)
    response = client.post(
        "/api/h2h/games", params={"lang": lang}, json={"code": "bad"}, headers={"Accept-Language": accept_language}
    )
    assert response.status_code == 400
    assert response.headers["content-language"] in LANGUAGES
