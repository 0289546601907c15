"""The app's published contract: the OpenAPI document (`/openapi.json`), with the Hearts socket's messages added to its
schemas (OpenAPI has no words for a WebSocket), the docs page FastAPI gives (`/docs`), and the committed copy.

`uv run python -m heartcards.web.openapi` writes `docs/openapi.json`; with `--check` it only says whether the copy
is up to date (exit 1 when not). A test holds the copy to the app.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any, Final

from fastapi import APIRouter, FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.openapi.utils import get_openapi
from fastapi.responses import HTMLResponse
from pydantic import TypeAdapter

from heartcards.web.errors import ErrorAnswer
from heartcards.web.hearts.messages import ClientMessage, ServerMessage
from heartcards.web.pages import PAGE_METHODS

OPENAPI_URL: Final = "/openapi.json"
DOCS_URL: Final = "/docs"
COMMITTED: Final = Path("docs/openapi.json")
SOCKET_SCHEMAS: Final[dict[str, Any]] = {"HeartsClientMessage": ClientMessage, "HeartsServerMessage": ServerMessage}
"""The Hearts socket's two directions, each a union discriminated on `type`."""
DOCS_PAGE_POLICY: Final = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net",
        "style-src 'self' https://cdn.jsdelivr.net",
        "img-src 'self' data: https://fastapi.tiangolo.com",
        "connect-src 'self'",
        "frame-ancestors 'none'",
    ]
)
"""The docs page loads Swagger UI from its CDN and starts it with an inline script (FastAPI's page as it is); it
serves no player data, so only this page's policy allows them."""

router = APIRouter(include_in_schema=False)


@router.api_route(DOCS_URL, methods=PAGE_METHODS, response_class=HTMLResponse)
async def docs_page() -> HTMLResponse:
    page = get_swagger_ui_html(openapi_url=OPENAPI_URL, title="Heart Cards API")
    page.headers["Content-Security-Policy"] = DOCS_PAGE_POLICY
    return page


def socket_schemas() -> dict[str, Any]:
    """The JSON schemas of the socket's messages and of everything they use, as OpenAPI component schemas."""
    schemas: dict[str, Any] = {}
    for name, shape in SOCKET_SCHEMAS.items():
        schema = TypeAdapter(shape).json_schema(ref_template="#/components/schemas/{model}", mode="serialization")
        schemas.update(schema.pop("$defs", {}))
        schemas[name] = schema
    return schemas


def with_error_answers(document: dict[str, Any], components: dict[str, Any]) -> None:
    """Every operation answers errors as `ErrorAnswer` (FastAPI would announce its own 422 shape, which this app's
    one error handler never sends)."""
    error_schema = TypeAdapter(ErrorAnswer).json_schema(ref_template="#/components/schemas/{model}")
    components.update(error_schema.pop("$defs", {}))
    components["ErrorAnswer"] = error_schema
    for name in ("HTTPValidationError", "ValidationError"):
        components.pop(name, None)
    content = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorAnswer"}}}
    for operations in document.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            if "422" in responses:
                responses["422"] = {"description": "A body, path or query that is not valid", "content": content}
            responses["4XX"] = {"description": "A translated error (see the error's key)", "content": content}


def install_openapi(app: FastAPI) -> None:
    """Serve the document (built once, with the socket's schemas) and the docs page."""

    def document() -> dict[str, Any]:
        if app.openapi_schema is None:
            built = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
            components = built.setdefault("components", {}).setdefault("schemas", {})
            with_error_answers(built, components)
            for name, schema in socket_schemas().items():
                components.setdefault(name, schema)
            app.openapi_schema = built
        return app.openapi_schema

    app.openapi = document  # type: ignore[method-assign]
    app.include_router(router)


def document_text(app: FastAPI) -> str:
    """The document as the committed copy holds it: indented JSON, keys in the app's order, a final newline."""
    return json.dumps(app.openapi(), indent=2, ensure_ascii=False) + "\n"


def built_document_text() -> str:
    """The document of an app built on a throwaway database (the schema does not depend on the data)."""
    from heartcards.web.app import create_app
    from heartcards.web.settings import Settings

    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Settings(database_url=f"sqlite:///{Path(folder) / 'openapi.sqlite3'}"))
        try:
            return document_text(app)
        finally:
            app.state.services.close()


def main(arguments: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write (or check) the committed OpenAPI document.")
    parser.add_argument("path", nargs="?", type=Path, default=COMMITTED, help=f"default: {COMMITTED}")
    parser.add_argument("--check", action="store_true", help="only check that the file is up to date")
    options = parser.parse_args(arguments)
    text = built_document_text()
    if options.check:
        current = options.path.read_text(encoding="utf-8") if options.path.is_file() else ""
        if current != text:
            print(f"{options.path} is out of date: run uv run python -m heartcards.web.openapi", file=sys.stderr)
            return 1
        print(f"{options.path} is up to date")
        return 0
    options.path.write_text(text, encoding="utf-8")
    print(f"wrote {options.path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
