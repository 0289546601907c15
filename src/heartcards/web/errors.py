"""Errors as translated 4xx JSON: `{"error": {"key", "message", "params"}}` in the request's language.

Every error the project translates is a `KeyedError` (`heartcards.errors`): the engines' (`HeartToHeartError`,
`HeartsError`), the Hearts tables' (`TableError`, whose statuses the app names) and the web layer's own `WebError`s.
One handler turns any of them into the answer above; validation
errors answer 422 (unless a field's own check raised a `KeyedError`: then that error is the answer), unknown routes
404. Anything unexpected answers a generic 500 with no traceback. A browser that asks for a page (`Accept:
text/html`, outside `/api/`) and finds nothing gets an HTML page in its language with a way home instead (the
`html_page` given to `install_error_handlers`); the API keeps its JSON errors.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any, Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from heartcards.errors import KeyedError
from heartcards.heart_to_heart.engine import GameOverError
from heartcards.web.i18n import Catalogs, language_of

logger = logging.getLogger("heartcards.web")

HTTP_KEYS: Final = {
    404: "error.not_found",
    405: "error.method_not_allowed",
    413: "error.body_too_large",
}


class ErrorDetail(BaseModel):
    key: str
    """The message's key (`h2h.error.deal_code`): what a program should look at."""
    message: str
    """The message in the request's language."""
    params: dict[str, str | int | float | bool]


class ErrorAnswer(BaseModel):
    """Every error answer (4xx, and the 500 that should never happen) has this shape."""

    error: ErrorDetail


class WebError(KeyedError):
    """An error of the web layer with its HTTP status, message key and parameters."""

    status = 400
    key = "error.bad_request"


class LanguageNotFoundError(WebError):
    status = 404
    key = "error.language"


class NotSavedError(WebError):
    """A change could not be stored (a full disk, a lost database); it was not applied, so trying again is safe."""

    status = 503
    key = "error.not_saved"


class BodyTooLargeError(WebError):
    status = 413
    key = "error.body_too_large"


class UnavailableError(WebError):
    """The server (past its cap on connections at once) or the site's proxy (no server up) cannot answer now;
    nothing was done, so trying again is safe."""

    status = 503
    key = "error.unavailable"
    retry_after = 5


class TooManyRequestsError(WebError):
    """One client address has more requests in the app and waiting than `limits.RequestsPerClient` holds."""

    status = 429
    key = "error.too_many_requests"
    retry_after = 1


ErrorStatuses = Mapping[type[KeyedError], int]
"""The HTTP status of the errors of a part that knows no HTTP (the Hearts tables'), by class; a subclass answers as
its nearest listed base."""


def status_of(error: KeyedError, statuses: ErrorStatuses | None = None) -> int:
    """The HTTP status of a keyed error: a `WebError`'s own; else its class's in `statuses`; a move after the game's
    end 409; any other bad input to an engine 400."""
    if isinstance(error, WebError):
        return error.status
    for kind in type(error).__mro__:
        status = (statuses or {}).get(kind)
        if status is not None:
            return status
    return 409 if isinstance(error, GameOverError) else 400


def error_json(catalogs: Catalogs | None, language: str, key: str, params: Mapping[str, object]) -> dict[str, Any]:
    """`{"key", "message", "params"}` in `language` (the key itself as the message without catalogs); parameters
    that are not plain JSON values are sent as their text."""
    safe_params = {
        name: value if isinstance(value, str | int | float | bool) else str(value) for name, value in params.items()
    }
    message = catalogs.translate(language, key, safe_params) if catalogs is not None else key
    return {"key": key, "message": message, "params": safe_params}


def error_response(
    request: Request, status: int, key: str, params: Mapping[str, object], catalogs: Catalogs | None = None
) -> JSONResponse:
    """The JSON error answer in the request's language (from the app's catalogs, or `catalogs` where no app is
    asked)."""
    language = language_of(request)
    if catalogs is None:
        services = getattr(request.app.state, "services", None)
        catalogs = services.catalogs if services is not None else None
    return JSONResponse(
        {"error": error_json(catalogs, language, key, params)},
        status_code=status,
        headers={"Content-Language": language},
    )


ErrorPage = Callable[[Request, int, str, Mapping[str, object]], Response]
"""Renders an error (status, key, params) as an HTML page for a browser."""


def wants_page(request: Request) -> bool:
    """Whether the request is a browser's navigation to a page (not an API call or a script's fetch)."""
    return not request.url.path.startswith("/api/") and "text/html" in request.headers.get("accept", "")


def install_error_handlers(
    app: FastAPI, html_page: ErrorPage | None = None, statuses: ErrorStatuses | None = None
) -> None:
    def answer(request: Request, status: int, key: str, params: Mapping[str, object]) -> Response:
        if html_page is not None and status == 404 and wants_page(request):
            return html_page(request, status, key, params)
        return error_response(request, status, key, params)

    async def on_keyed_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, KeyedError)
        response = answer(request, status_of(error, statuses), error.key, error.params)
        if error.retry_after is not None:
            response.headers["Retry-After"] = str(error.retry_after)
        return response

    async def on_validation_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, RequestValidationError)
        problems = error.errors()
        for problem in problems:  # a field's own check that raised a keyed error answers that error
            cause = problem.get("ctx", {}).get("error")
            if isinstance(cause, KeyedError):
                return answer(request, status_of(cause, statuses), cause.key, cause.params)
        first = problems[0] if problems else {}
        location = [str(part) for part in first.get("loc", ())]
        field = location[1] if len(location) > 1 and location[0] in ("body", "query", "path") else "body"
        problem = str(first.get("msg", "invalid"))
        return error_response(request, 422, "error.invalid_request", {"field": field, "problem": problem})

    async def on_http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, StarletteHTTPException)
        key = HTTP_KEYS.get(error.status_code, "error.bad_request")
        status = error.status_code if 400 <= error.status_code < 500 else 400
        return answer(request, status, key, {"path": request.url.path[:200]})

    async def on_unexpected(request: Request, error: Exception) -> JSONResponse:
        # The server's log gets the details; the client gets a translated sentence and no traceback.
        logger.error("unexpected error on %s %s", request.method, request.url.path, exc_info=error)
        return error_response(request, 500, "error.internal", {})

    app.add_exception_handler(KeyedError, on_keyed_error)
    app.add_exception_handler(RequestValidationError, on_validation_error)
    app.add_exception_handler(StarletteHTTPException, on_http_error)
    app.add_exception_handler(Exception, on_unexpected)
