"""The static files answered from memory (`web/static_files.py`): each file's own bytes and type, revalidation with
304, HEAD, paths normalised and nothing outside the folder; in the app, its errors and headers as on every answer."""

from __future__ import annotations

import asyncio
from email.utils import formatdate
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.websockets import WebSocketDisconnect

from heartcards.web.paths import STATIC_DIR
from heartcards.web.static_files import StaticFilesInMemory

TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "static"
    (root / "js").mkdir(parents=True)
    (root / "js" / "a.js").write_text("export const a = 1;\n", encoding="utf-8")
    (root / "notes.unknownkind").write_bytes(b"\x00\x01")
    (tmp_path / "secret.txt").write_text("not served", encoding="utf-8")
    return root


@pytest.fixture
def static_client(folder: Path) -> TestClient:
    return TestClient(Starlette(routes=[Mount("/static", StaticFilesInMemory(folder))]))


def test_a_file_is_its_bytes_with_its_type_length_and_validators(static_client: TestClient) -> None:
    answer = static_client.get("/static/js/a.js")
    assert answer.status_code == 200 and answer.content == b"export const a = 1;\n"
    assert answer.headers["content-type"] == "text/javascript; charset=utf-8"
    assert answer.headers["content-length"] == "20"
    assert answer.headers["etag"].startswith('"') and answer.headers["last-modified"].endswith(" GMT")
    other = static_client.get("/static/notes.unknownkind")
    assert other.headers["content-type"] == "application/octet-stream" and other.content == b"\x00\x01"


def test_head_gives_the_headers_without_the_body(static_client: TestClient) -> None:
    answer = static_client.head("/static/js/a.js")
    assert answer.status_code == 200 and answer.content == b""
    assert answer.headers["content-length"] == "20"


def test_a_revalidation_gets_304_with_the_validators_and_no_body(static_client: TestClient) -> None:
    first = static_client.get("/static/js/a.js")
    etag, modified = first.headers["etag"], first.headers["last-modified"]
    for if_none_match in (etag, f"W/{etag}", f'"other", {etag}'):
        again = static_client.get("/static/js/a.js", headers={"If-None-Match": if_none_match})
        assert again.status_code == 304 and again.content == b"", if_none_match
        assert again.headers["etag"] == etag and "content-length" not in again.headers
    changed = static_client.get("/static/js/a.js", headers={"If-None-Match": '"other"', "If-Modified-Since": modified})
    assert changed.status_code == 200  # an ETag that does not match wins over the date
    assert static_client.get("/static/js/a.js", headers={"If-Modified-Since": modified}).status_code == 304
    earlier = formatdate(0, usegmt=True)
    for if_modified_since in (earlier, "not a date"):
        answer = static_client.get("/static/js/a.js", headers={"If-Modified-Since": if_modified_since})
        assert answer.status_code == 200 and answer.content == first.content, if_modified_since


def raw_get(app: Starlette, path: str) -> tuple[int, bytes]:
    """A GET of `path` exactly as written (an HTTP client would take out its dot segments first)."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path, "root_path": "", "headers": [], "query_string": b""}
    asyncio.run(app(scope, receive, send))
    return sent[0]["status"], b"".join(message.get("body", b"") for message in sent[1:])


def test_paths_are_normalised_and_nothing_outside_the_folder_is_served(folder: Path) -> None:
    app = Starlette(routes=[Mount("/static", StaticFilesInMemory(folder))])
    assert raw_get(app, "/static/js/../js/./a.js") == (200, b"export const a = 1;\n")
    for path in (
        "/static/../secret.txt",
        "/static/js/../../secret.txt",
        "/static/js",
        "/static/",
        "/static/js/a.js\x00",
    ):
        assert raw_get(app, path)[0] == 404, path


def test_other_methods_are_refused_and_a_socket_closed(static_client: TestClient) -> None:
    answer = static_client.post("/static/js/a.js")
    assert answer.status_code == 405 and answer.headers["allow"] == "GET, HEAD"
    with pytest.raises(WebSocketDisconnect), static_client.websocket_connect("/static/js/a.js") as socket:
        socket.receive_text()


def test_the_app_serves_every_static_file_as_it_is_on_disk(client: Any) -> None:
    files = [path for path in sorted(STATIC_DIR.rglob("*")) if path.is_file()]
    assert len(files) > 100
    for path in files:
        answer = client.get(f"/static/{path.relative_to(STATIC_DIR).as_posix()}")
        assert answer.status_code == 200 and answer.content == path.read_bytes(), path
        assert answer.headers["content-type"] == TYPES.get(path.suffix), path  # a new kind of file: say its type here
        assert "content-security-policy" in answer.headers and "x-request-id" in answer.headers, path


def test_the_apps_static_errors_are_its_own(client: Any) -> None:
    missing = client.get("/static/no/such/file.js", headers={"Accept-Language": "it"})
    assert missing.status_code == 404 and missing.json()["error"]["key"] == "error.not_found"
    assert missing.headers["content-language"] == "it"
    refused = client.put("/static/js/common/settings.js")
    assert refused.status_code == 405 and refused.json()["error"]["key"] == "error.method_not_allowed"
