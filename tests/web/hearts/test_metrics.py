"""The Hearts tables' numbers on `/metrics`: tables, sockets, messages in and out, the latencies of actions and of the
computer players' decisions."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient

from heartcards.runtime.settings import Settings
from heartcards.web.app import create_app
from tests.support.metrics import metric_values
from tests.support.scripted import action_for, due
from tests.web.hearts.test_socket import four_seats


def test_a_table_its_sockets_and_an_action_are_counted(database_url: str) -> None:
    with TestClient(create_app(Settings.from_environment(database_url)), client=("127.0.0.1", 40000)) as client:
        with four_seats(client) as seats:
            before = metric_values(client.get("/metrics").text)
            assert before["heartcards_tables_owned"] == 1.0
            assert before["heartcards_sockets"] == 4.0
            assert before['heartcards_socket_messages_total{direction="in"}'] == 4.0  # the four hellos
            state = seats.view(0)  # one hello more, and its answer
            what = due(state)
            assert what == "pass"
            seats.act(0, action_for(state, what, 0))
            after = metric_values(client.get("/metrics").text)
        assert after['heartcards_socket_messages_total{direction="in"}'] == 6.0
        assert (
            after['heartcards_socket_messages_total{direction="out"}']
            >= before['heartcards_socket_messages_total{direction="out"}'] + 5
        )  # the hello's answer, then the pass's state to each of the four
        assert after["heartcards_action_latency_seconds_count"] == 1.0
        assert 0.0 < after["heartcards_action_latency_seconds_sum"] < 5.0
        assert metric_values(client.get("/metrics").text)["heartcards_sockets"] == 0.0


def test_the_computer_players_decisions_are_timed(tmp_path: Path) -> None:
    settings = Settings.from_environment(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    with TestClient(create_app(settings), client=("127.0.0.1", 40000)) as client:
        created = client.post("/api/hearts/tables", json={"mode": "solo", "name": "Ann"}).json()
        with client.websocket_connect(f"/ws/hearts/{created['table']['id']}") as socket:
            socket.send_json(
                {"type": "hello", "token": created["token"]}
            )  # a solo table plays while its person is there
            deadline = time.monotonic() + 30.0
            decided = 0.0
            while decided < 3 and time.monotonic() < deadline:  # the three computer players pass
                decided = metric_values(client.get("/metrics").text)["heartcards_bot_decision_latency_seconds_count"]
                time.sleep(0.05)
        assert decided >= 3
