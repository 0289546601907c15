"""Routes whose path parameters are checked before anything else of the request: `checked_path_route`; and every
route made ready at start (`prepare_routes`).

FastAPI reads and validates a request's body before its path parameters reach the handler, so a malformed id with a
bad body would answer the body's 422. The API promises that a malformed game or table id answers 404 on every route,
whatever the body: a route class (FastAPI's documented extension point) runs each id's check first.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.routing import APIRoute
from starlette.routing import NoMatchFound

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


def prepare_routes(app: FastAPI) -> None:
    """Have FastAPI build every route's state now. It builds a router's routes (their dependencies and validation
    models) when a request first reaches them, and that held the event loop 10 to 36 ms for everyone, on the first
    request of each router after every start (`benchmarks/fairness.py`'s loop delay). Looking up a name no route has
    walks them all, which builds each."""
    with contextlib.suppress(NoMatchFound):
        app.url_path_for("heartcards.no-such-route")
