"""The published contract: `/openapi.json` is served, every API answer has a declared shape, and the committed
`docs/openapi.json` is the app's document (regenerate it with `uv run python -m heartcards.web.openapi`)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from heartcards.web.openapi import document_text, main

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "docs" / "openapi.json"
API_TYPES = ROOT / "types/openapi.d.ts"
GENERATOR = ROOT / "node_modules/.bin/openapi-typescript"


def test_the_committed_document_is_the_apps(shared_app: Any) -> None:
    assert COMMITTED.read_text(encoding="utf-8") == document_text(shared_app), (
        "docs/openapi.json is out of date: uv run python -m heartcards.web.openapi"
    )


def test_the_document_is_served_and_no_docs_page_loads_a_cdn(client: Any) -> None:
    served = client.get("/openapi.json")
    assert served.status_code == 200 and served.json() == json.loads(COMMITTED.read_text(encoding="utf-8"))
    for page in ("/docs", "/redoc"):  # a viewer needs inline script or a CDN; clients read the schema itself
        assert client.get(page).status_code == 404


def test_every_api_answer_and_the_socket_have_a_declared_shape(shared_app: Any) -> None:
    document = shared_app.openapi()
    operations = [
        (path, method, operation)
        for path, methods in document["paths"].items()
        if path.startswith(("/api/h2h", "/api/hearts", "/api/i18n"))
        for method, operation in methods.items()
    ]
    assert len(operations) >= 20
    for path, method, operation in operations:
        success = next(code for code in operation["responses"] if code.startswith("2"))
        schema = operation["responses"][success]["content"]["application/json"]["schema"]
        assert "$ref" in schema, (method, path, schema)
        errors = operation["responses"]["4XX"]["content"]["application/json"]["schema"]
        assert errors == {"$ref": "#/components/schemas/ErrorAnswer"}, (method, path)
    schemas = document["components"]["schemas"]
    assert {"HeartsClientMessage", "HeartsServerMessage", "GameView", "View", "PublicTable"} <= set(schemas)
    assert "HTTPValidationError" not in schemas  # the app never answers FastAPI's own 422 shape
    kinds = set(schemas["HeartsClientMessage"]["discriminator"]["mapping"])
    assert kinds == {"hello", "ping", "pass", "play", "next", "start", "back"}


def test_the_script_checks_and_writes_the_copy(tmp_path: Path) -> None:
    copy = tmp_path / "openapi.json"
    assert main([str(copy), "--check"]) == 1  # missing
    assert main([str(copy)]) == 0
    assert main([str(copy), "--check"]) == 0
    assert copy.read_text(encoding="utf-8") == COMMITTED.read_text(encoding="utf-8")


@pytest.mark.skipif(not GENERATOR.exists(), reason="npm ci has not installed openapi-typescript")
def test_the_front_ends_api_types_are_generated_from_the_committed_document() -> None:
    generated = subprocess.run(
        [str(GENERATOR), str(COMMITTED.relative_to(ROOT))], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert API_TYPES.read_text(encoding="utf-8") == generated, "openapi.d.ts is out of date: npm run api-types"
