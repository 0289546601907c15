"""Routes whose path parameters are checked before anything else of the request: `checked_path_route`.

FastAPI reads and validates a request's body before its path parameters reach the handler, so a malformed id with a
bad body would answer the body's 422. The API promises that a malformed game or table id answers 404 on every route,
whatever the body: a route class (FastAPI's documented extension point) runs each id's check first.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Mapping
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute

PathCheck = Callable[[str], None]
"""Raises the keyed error a malformed value of one path parameter answers; returns for a well-formed one."""


def checked_path_route(checks: Mapping[str, PathCheck]) -> type[APIRoute]:
    """A route class (for `APIRouter(route_class=…)`) that runs `checks[name]` on the path parameter `name`, in any
    route that has one, before the body is read."""

    class CheckedPathRoute(APIRoute):
        def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
            handler = super().get_route_handler()

            async def checked(request: Request) -> Response:
                for name, value in request.path_params.items():
                    check = checks.get(name)
                    if check is not None:
                        check(value)
                return await handler(request)

            return checked

    return CheckedPathRoute
