"""`/healthz`, `/readyz` and `/metrics`: what a load balancer and an operator see, and who may see the metrics."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine

from heartcards.runtime.settings import Settings
from heartcards.web.app import create_app
from heartcards.web.services import Services
from tests.support.metrics import metric_values


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings.from_environment(f"sqlite:///{tmp_path / 'db.sqlite3'}")


@pytest.fixture
def loopback(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings), client=("127.0.0.1", 40000)) as client:
        yield client


def services_of(client: TestClient) -> Services:
    services: Services = client.app.state.services  # type: ignore[attr-defined]
    return services


def test_healthz_and_readyz_answer_200_while_the_database_answers(loopback: TestClient) -> None:
    assert loopback.get("/healthz").json() == {"ok": True}
    ready = loopback.get("/readyz")
    assert ready.status_code == 200
    assert ready.json() == {"ready": True, "draining": False, "database": True}


def test_readyz_is_503_while_draining(loopback: TestClient) -> None:
    services_of(loopback).draining = True
    answer = loopback.get("/readyz")
    assert answer.status_code == 503 and answer.json()["draining"] is True
    assert loopback.get("/healthz").status_code == 200  # alive all the same


def test_readyz_is_503_and_counts_an_error_when_the_database_does_not_answer(loopback: TestClient) -> None:
    services = services_of(loopback)
    working = services.engine
    services.engine = create_engine("postgresql+psycopg://nobody@127.0.0.1:1/nothing")  # nothing listens on port 1
    try:
        answer = loopback.get("/readyz")
    finally:
        services.engine.dispose()
        services.engine = working
    assert answer.status_code == 503 and answer.json()["database"] is False
    assert metric_values(loopback.get("/metrics").text)["heartcards_database_errors_total"] == 1.0


def test_readyz_includes_every_registered_check(loopback: TestClient) -> None:
    async def down() -> bool:
        return False

    services_of(loopback).readiness_checks["redis"] = down
    answer = loopback.get("/readyz")
    assert answer.status_code == 503 and answer.json()["redis"] is False


def test_metrics_are_shown_to_loopback_clients_in_prometheus_text(loopback: TestClient) -> None:
    answer = loopback.get("/metrics")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain")
    values = metric_values(answer.text)
    for name in (
        "heartcards_tables_owned",
        "heartcards_sockets",
        "heartcards_solver_queue_searches",
        "heartcards_bot_queue_decisions",
        "heartcards_database_errors_total",
        "heartcards_action_latency_seconds_count",
        "heartcards_bot_decision_latency_seconds_count",
    ):
        assert values[name] == 0.0, name


def test_metrics_are_hidden_from_other_addresses(settings: Settings) -> None:
    with TestClient(create_app(settings), client=("203.0.113.9", 40000)) as client:
        answer = client.get("/metrics")
        assert answer.status_code == 404 and answer.json()["error"]["key"] == "error.not_found"
        assert client.get("/readyz").status_code == 200  # the health checks stay open to load balancers


@pytest.mark.parametrize(
    ("peer", "forwarded", "status"),
    [
        ("127.0.0.1", "203.0.113.9", 404),
        ("127.0.0.1", "203.0.113.9, 127.0.0.1", 200),
        ("203.0.113.9", "127.0.0.1", 404),
    ],
)
def test_metrics_through_a_proxy_are_shown_only_when_the_forwarded_address_may_see_them_too(
    settings: Settings, peer: str, forwarded: str, status: int
) -> None:
    with TestClient(create_app(settings), client=(peer, 40000)) as client:
        assert client.get("/metrics", headers={"x-forwarded-for": forwarded}).status_code == status


@pytest.mark.parametrize(("client_address", "status"), [("10.0.0.7", 200), ("10.0.1.7", 404), ("::1", 200)])
def test_metrics_are_shown_to_the_configured_networks(settings: Settings, client_address: str, status: int) -> None:
    allowed = Settings(settings.database_url, metrics_networks=(ipaddress.ip_network("10.0.0.0/24"),))
    with TestClient(create_app(allowed), client=(client_address, 40000)) as client:
        assert client.get("/metrics").status_code == status
