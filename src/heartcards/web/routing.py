"""Routes whose path parameters are checked before anything else of the request: `checked_path_route`; and routers'
routes put on one list (`join`).

FastAPI reads and validates a request's body before its path parameters reach the handler, so a malformed id with a
bad body would answer the body's 422. The API promises that a malformed game or table id answers 404 on every route,
whatever the body: a route class (FastAPI's documented extension point) runs each id's check first.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Mapping
from typing import Any

from fastapi import APIRouter, Request, Response
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


def join(into: APIRouter, *routers: APIRouter) -> None:
    """Put the routes of `routers` on `into`'s own list, as they were declared (each already holds its router's
    prefix, tags and route class), where `include_router` would keep each router as a node of `into`'s routes.
    FastAPI (since 0.137) walks such a node twice a request, matching its routes through wrappers, and builds its
    routes' dependencies and validation models on the first request that reaches them: 0.05-0.24 ms more CPU a
    request, and a first request that held the event loop 10 to 36 ms (docs/figures.md). A route declared on a router
    is built when it is declared. The routers joined carry no lifespan (the app enters the Hearts one itself)."""
    for router in routers:
        into.routes.extend(router.routes)
