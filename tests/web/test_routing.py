"""Every route is made ready when the app starts (`web/routing.py`, `prepare_routes`): no request is the first to
pay for building a route's dependencies and validation models on the event loop everyone shares."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi import routing as fastapi_routing
from fastapi.testclient import TestClient

from heartcards.runtime.settings import Settings
from heartcards.web.app import create_app

FIRST_REQUESTS = (
    ("get", "/api/h2h/stats", None),
    ("post", "/api/h2h/games", {"code": "HH1-N-AAAAAAM"}),
    ("get", "/api/hearts/ratings?variant=classic", None),
    ("get", "/api/account", None),
)


def test_first_requests_after_the_start_build_no_route(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []
    build = fastapi_routing.get_dependant

    def counted(*args: Any, **kwargs: Any) -> Any:
        built.append(str(kwargs.get("path")))
        return build(*args, **kwargs)

    monkeypatch.setattr(fastapi_routing, "get_dependant", counted)
    app = create_app(Settings.from_environment(f"sqlite:///{tmp_path / 'db.sqlite3'}"))
    with TestClient(app) as client:
        started = len(built)
        assert started > 20  # every route of both games, the accounts and the pages, at start
        for method, path, body in FIRST_REQUESTS:
            answer = client.request(method, path, json=body)
            assert answer.status_code < 500, path
    assert built[started:] == []
