"""Every route is built where it is declared (`web/routing.py`, `join`): no request is the first to pay for building a
route's dependencies and validation models on the event loop everyone shares, as the first request through an
included router does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi import APIRouter, FastAPI
from fastapi import routing as fastapi_routing
from fastapi.testclient import TestClient

from heartcards.runtime.settings import Settings
from heartcards.web.app import create_app
from heartcards.web.routing import join

FIRST_REQUESTS = (
    ("get", "/api/h2h/stats", None),
    ("post", "/api/h2h/games", {"code": "HH1-N-AAAAAAM"}),
    ("get", "/api/hearts/ratings?variant=classic", None),
    ("get", "/api/account", None),
    ("get", "/play", None),
)


def counted_builds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the routes FastAPI builds from now on (their dependencies read from the endpoint's signature)."""
    built: list[str] = []
    build = fastapi_routing.get_dependant

    def counted(*args: Any, **kwargs: Any) -> Any:
        built.append(str(kwargs.get("path")))
        return build(*args, **kwargs)

    monkeypatch.setattr(fastapi_routing, "get_dependant", counted)
    return built


def test_first_requests_after_the_start_build_no_route(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built = counted_builds(monkeypatch)
    app = create_app(Settings.from_environment(f"sqlite:///{tmp_path / 'db.sqlite3'}"))
    with TestClient(app) as client:
        started = len(built)
        for method, path, body in FIRST_REQUESTS:
            answer = client.request(method, path, json=body)
            assert answer.status_code < 500, path
    assert built[started:] == []


def _router() -> APIRouter:
    router = APIRouter(prefix="/api/things")

    @router.get("/{thing}")
    async def thing(thing: int) -> dict[str, int]:
        return {"thing": thing}

    return router


def test_an_included_router_is_built_by_its_first_request_and_a_joined_one_where_it_is_declared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What the test above guards against, seen by the same count: `include_router` leaves its routes to be built
    by the first request that reaches them; `join` takes them built."""
    built = counted_builds(monkeypatch)
    for joined in (False, True):
        router = _router()
        declared = len(built)
        app = FastAPI()
        if joined:
            join(app.router, router)
        else:
            app.include_router(router)
        with TestClient(app) as client:
            assert client.get("/api/things/7").json() == {"thing": 7}
            assert client.get("/api/things/x").status_code == 422
        assert (len(built) > declared) is not joined, joined
