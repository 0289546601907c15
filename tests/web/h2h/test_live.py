"""Against the real server (one per module): the browser fixture reaches it, and the server time per tap.

The issue's figure (p99 ≤ 5 ms) is measured by benchmarks/web.py; the tap test prints the same kind of figure for
one won game and fails only on a gross regression of the median (a tap that replays the record or writes much more than one row).
The machine is shared, so single taps can wait for a core; the median is the steady cost. See the figures with
`uv run pytest tests/web/test_live.py -s -k tap`.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from typing import Any

import pytest

from heartcards.heart_to_heart.engine import Game
from heartcards.heart_to_heart.solver import solve
from tests.support.databases import SqliteTemplate
from tests.web.conftest import LiveServer
from tests.web.h2h.helpers import SEED_CODE, taps_for

pytestmark = pytest.mark.slow  # a real server in a subprocess, restarted

STEADY_MEDIAN_MS = 5.0


@pytest.fixture(scope="module")
def live_server_module(
    tmp_path_factory: pytest.TempPathFactory, sqlite_template: SqliteTemplate
) -> Iterator[LiveServer]:
    """The module's server, with `Server-Timing` on (only debugging servers send it)."""
    folder = tmp_path_factory.mktemp("live_server")
    server = LiveServer(sqlite_template.copy_to(folder / "db.sqlite3"), environment={"HEARTCARDS_SERVER_TIMING": "1"})
    server.start()
    try:
        yield server
    finally:
        server.stop()


def server_ms(header: str, metric: str = "app") -> float:
    """`server_ms("app;dur=0.412, cpu;dur=0.398", "cpu")` → 0.398."""
    for entry in header.split(","):
        name, _, duration = entry.strip().partition(";dur=")
        if name == metric:
            return float(duration)
    raise ValueError(f"no {metric!r} in Server-Timing {header!r}")


@pytest.mark.browser
def test_the_browser_fixture_reaches_the_live_server(live_server_module: LiveServer, page: Any) -> None:
    response = page.goto(live_server_module.url + "api/health")
    assert response is not None and response.status == 200
    assert '"ok":true' in page.content().replace(" ", "")


def test_server_time_per_tap(live_server_module: LiveServer) -> None:
    moves = solve(Game.from_code(SEED_CODE).position).moves
    durations: list[float] = []
    cpu: list[float] = []
    with live_server_module.client() as client:
        # As a player would (minutes per game), let the solver start and find the par before the game is won.
        assert client.get(f"api/h2h/solution/{SEED_CODE}").json()["count"] == len(moves)
        game_id = client.post("api/h2h/games", json={"code": SEED_CODE}).json()["id"]
        for move in moves:
            for target in taps_for(move):
                response = client.post(f"api/h2h/games/{game_id}/tap", json={"target": target})
                assert response.status_code == 200
                durations.append(server_ms(response.headers["server-timing"]))
                cpu.append(server_ms(response.headers["server-timing"], "cpu"))
        assert response.json()["view"]["status"] == "won"
    for name, values in (("server time", durations), ("server CPU time", cpu)):
        values.sort()
        p99 = values[min(len(values) - 1, round(0.99 * (len(values) - 1)))]
        print(
            f"\n{name} per tap over {len(values)} taps: median {statistics.median(values):.2f} ms, "
            f"p99 {p99:.2f} ms, max {values[-1]:.2f} ms"
        )
    assert statistics.median(durations) < STEADY_MEDIAN_MS


def test_the_real_server_keeps_the_game_across_a_restart(live_server_module: LiveServer) -> None:
    """Last in this module (it restarts the server). Also checks the fixture itself: the real command starts, answers and restarts on the same port."""
    assert live_server_module.url.startswith("http://127.0.0.1:")
    port = live_server_module.port
    with live_server_module.client() as client:
        view = client.post("api/h2h/games", json={"code": SEED_CODE}).json()
        for _ in range(3):
            client.post(f"api/h2h/games/{view['id']}/tap", json={"target": "stock"})
        cookies = dict(client.cookies)
    live_server_module.restart()
    assert live_server_module.port == port
    with live_server_module.client(cookies=cookies) as client:
        current: dict[str, Any] = client.get("api/h2h/games/current").json()
        assert current["id"] == view["id"] and current["record"] == SEED_CODE + " S S S"
        assert client.post(f"api/h2h/games/{view['id']}/tap", json={"target": "stock"}).json()["view"]["moves"] == 4
