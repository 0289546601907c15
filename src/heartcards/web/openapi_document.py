"""The app's OpenAPI document, served at `/openapi.json`: FastAPI's, with the Hearts socket's messages added to its
schemas (OpenAPI has no words for a WebSocket) and every operation's errors declared as this app sends them.

`heartcards.web.openapi` writes the committed copy of it, `docs/openapi.json`.
"""

from __future__ import annotations

from typing import Any, Final

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import TypeAdapter

from heartcards.hearts.tables.messages import ClientMessage, ServerMessage
from heartcards.web.errors import ErrorAnswer

OPENAPI_URL: Final = "/openapi.json"
SOCKET_SCHEMAS: Final[dict[str, Any]] = {"HeartsClientMessage": ClientMessage, "HeartsServerMessage": ServerMessage}
"""The Hearts socket's two directions, each a union discriminated on `type`."""


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
    """Serve the document, built once, with the socket's schemas."""

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
