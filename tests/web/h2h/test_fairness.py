"""One client cannot slow the server for everyone else through Heart to Heart: a batch of moves costs what its own
moves cost, never the game's whole record (which has a maximum), it is played a few moves at a time between
everyone else's requests, and an address has a budget of moves a minute."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from heartcards.figures import percentile
from heartcards.runtime.settings import UNLIMITED_ADDRESSES_VARIABLE
from tests.support.databases import SqliteTemplate
from tests.support.metrics import metric_values
from tests.web.conftest import LiveServer
from tests.web.h2h.helpers import COSTLY_HINT_CODE, SEED_CODE

# A real server under a flood, over 10 s on the shared machine; its answers timed, so alone (`quiet`).
pytestmark = [pytest.mark.slow, pytest.mark.quiet]

BATCH = 2_000
BATCHES = 50
"""100,000 moves sent in all: the record an attacker grew before records had a maximum."""


def health_latencies(client: httpx.Client, until: Callable[[], bool], least: int = 0) -> list[float]:
    """Milliseconds of each `/api/health` asked one after the other, until `until()` and at least `least` of them."""
    latencies: list[float] = []
    while not until() or len(latencies) < least:
        started = time.perf_counter()
        assert client.get("/api/health").status_code == 200
        latencies.append((time.perf_counter() - started) * 1000)
    return latencies


@contextlib.contextmanager
def started(database_url: str, spared: bool) -> Iterator[LiveServer]:
    """A server of the test's own; `spared` spares 127.0.0.1 the per-address limits (budgets, requests at once)."""
    server = LiveServer(database_url, environment={UNLIMITED_ADDRESSES_VARIABLE: "127.0.0.1"} if spared else {})
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["budget", "no budget"])
def moves_server(
    request: pytest.FixtureRequest, tmp_path: Path, sqlite_template: SqliteTemplate
) -> Iterator[LiveServer]:
    """The server as it is, and one sparing this machine the budget of moves (every batch is played)."""
    with started(sqlite_template.copy_to(tmp_path / "db.sqlite3"), spared=request.param == "no budget") as server:
        yield server


def test_batches_toward_a_100000_move_record_leave_everyone_elses_health_fast(moves_server: LiveServer) -> None:
    live_server = moves_server
    bystander_address = httpx.HTTPTransport(local_address="127.0.0.2")  # another client: this one's requests wait
    with live_server.client() as attacker, live_server.client(transport=bystander_address) as bystander:
        game_id = attacker.post("/api/h2h/games", json={"code": SEED_CODE}).json()["id"]
        statuses: list[int] = []

        def attack() -> None:
            stored = 0
            for number in range(BATCHES):
                if number < BATCHES // 2:  # grow the record from where it is…
                    body: dict[str, object] = {"from": stored, "moves": ["S"] * BATCH}
                else:  # …then have it replaced, long and short in turn, so that every batch plays moves
                    body = {"from": 0, "moves": ["S"] * (BATCH if number % 2 else BATCH // 2), "replace": True}
                answer = attacker.post(f"/api/h2h/games/{game_id}/moves", json=body, timeout=120)
                statuses.append(answer.status_code)
                stored = answer.json()["stored"] if answer.status_code == 200 else stored

        baseline = health_latencies(bystander, lambda: True, least=100)
        thread = threading.Thread(target=attack)
        thread.start()
        under_attack = health_latencies(bystander, lambda: not thread.is_alive(), least=100)
        thread.join()
    assert len(statuses) == BATCHES and set(statuses) <= {200, 409, 429}, statuses
    if live_server.environment:  # spared the budget: the replacing batches were played, not refused
        assert 429 not in statuses and statuses.count(200) > BATCHES // 2
    else:  # the budget's worth of moves (a whole record twice), then the batches that play any wait for it
        assert statuses[0] == 200 and statuses.count(429) > BATCHES // 5, statuses
    limit = max(50.0, 2 * percentile(baseline, 0.99))
    assert percentile(under_attack, 0.99) < limit, (sorted(under_attack)[-5:], sorted(baseline)[-5:])


COOKIES = 300


async def _hints_from_fresh_cookies(url: str, game_ids: list[str], cookies: list[str], answered: list[int]) -> None:
    """One hint per cookie, all at once from one address; each answer's status joins `answered` as it comes."""
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.1")
    limits = httpx.Limits(max_connections=None)
    async with httpx.AsyncClient(base_url=url, transport=transport, timeout=120, limits=limits) as flooder:

        async def ask(game_id: str, cookie: str) -> None:
            try:
                answer = await flooder.post(f"/api/h2h/games/{game_id}/hint", headers={"cookie": f"hc_player={cookie}"})
            except httpx.HTTPError:  # hundreds of connections at once on a loaded machine: one may fail to open
                answered.append(0)
                return
            answered.append(answer.status_code)

        await asyncio.gather(*(ask(game_id, cookie) for game_id, cookie in zip(game_ids, cookies, strict=True)))


def _queued_searches(client: httpx.Client) -> int:
    return int(metric_values(client.get("/metrics").text)["heartcards_solver_queue_searches"])


@pytest.fixture
def spared_server(tmp_path: Path, sqlite_template: SqliteTemplate) -> Iterator[LiveServer]:
    """A server sparing 127.0.0.1 the per-address limits of requests and quotas: the solver's queue stands alone."""
    with started(sqlite_template.copy_to(tmp_path / "db.sqlite3"), spared=True) as server:
        yield server


def test_three_hundred_cookies_from_one_address_cannot_delay_another_addresss_hint(spared_server: LiveServer) -> None:
    # The flood's hints are costly and the bystander's cheap: what the bystander waits for is its place in the queue.
    # The flooder is spared the limit of requests at once (which would read its connections one at a time): the
    # queue's lines per address are what is tested.
    live_server = spared_server
    game_ids, cookies = [], []
    with live_server.client(transport=httpx.HTTPTransport(local_address="127.0.0.1")) as creator:
        for _ in range(COOKIES):
            creator.cookies.clear()
            game_ids.append(creator.post("/api/h2h/games", json={"code": COSTLY_HINT_CODE}).json()["id"])
            cookies.append(creator.cookies["hc_player"])
    with live_server.client(transport=httpx.HTTPTransport(local_address="127.0.0.2")) as bystander:
        game_id = bystander.post("/api/h2h/games", json={"code": SEED_CODE}).json()["id"]
        statuses: list[int] = []
        flood = threading.Thread(
            target=lambda: asyncio.run(_hints_from_fresh_cookies(live_server.url, game_ids, cookies, statuses))
        )
        flood.start()
        deadline = time.monotonic() + 60.0
        while len(statuses) + _queued_searches(bystander) + 1 < COOKIES:  # until every hint is queued or refused
            assert time.monotonic() < deadline
            time.sleep(0.05)
        started = time.perf_counter()
        answer = bystander.post(f"/api/h2h/games/{game_id}/hint", timeout=120)
        waited = time.perf_counter() - started
        flood.join()
    assert answer.status_code == 200, answer.text
    assert waited < 1.0, waited
    assert 429 in statuses  # the flood's own line was full: it waits for itself, not the others
