"""The daily deal's page and a player's statistics, as the games table grows. Prints each figure and one JSON line.

    uv run python benchmarks/daily.py                       # 5,000 players today among 200,000 stored games
    uv run python benchmarks/daily.py --players 500 --history 20000 --no-keep   # a quick look, not kept

The site's database (a temporary SQLite file, migrated as `heartcards serve` does) holds `--history` games of other
deals and days, then today's daily deal played by `--players` players (one or two games each, about two in three won)
and `--heavy` games of one player who played a great deal. Each game's record is a plausible one (120 to 300 moves).
Then, through the app (a TestClient: in-process, so these are the server's own times plus a millisecond or two of the
client's), each request is timed `--requests` times: `GET /api/h2h/daily` as one of today's players and as someone
who has not played, and `GET /api/h2h/stats` as the heavy player (asked again, their games unchanged: the answer kept
since the first, `web/h2h/stats_answers.py`): the round trip's p50 and p99, and the longest the server's event loop
was held meanwhile (`loop_held_max_ms`, by a timer on it every millisecond: what every other request of the server
waits out while one of these is answered).

With `--served`, the same database is served by `heartcards serve` in a process of its own (as a site runs it; the
tests' `LiveServer`, on today's real date) and asked over HTTP, so that no client thread shares the server's
interpreter: the loop's delay is then read from the server's own `/metrics` (its timer every 10 ms, in buckets):
`loop_delay_p99_ms` and `loop_delay_max_ms`, each the upper bound of its bucket; and another client, from another
address, asks `/api/health` every 5 ms meanwhile (`health_meanwhile_p99_ms`, `health_meanwhile_max_ms`): a hold of the
loop shows in its round trips whenever it falls.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from sqlalchemy import insert

from heartcards.figures import percentile
from heartcards.runtime.settings import Settings
from heartcards.storage.h2h_models import GAMES
from heartcards.storage.models import PLAYERS
from heartcards.web.app import create_app
from heartcards.web.h2h.solving import daily_code_for
from heartcards.web.identity import PLAYER_COOKIE
from record import record_run

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository's root: the tests' shared helpers
from tests.support.live_server import LiveServer
from tests.support.metrics import bucket_bound, histogram_between, histogram_buckets

BYSTANDER = "127.0.0.2"
TODAY = datetime(2026, 12, 7, 18, 0, tzinfo=UTC)
"""The in-process app's clock; `--served` fills around the real time instead, which its server's clock reads."""
HEAVY = "f" * 32


def player_id(number: int) -> str:
    return f"{number:032x}"


def moves_text(pace: random.Random) -> tuple[str, int]:
    count = pace.randint(120, 300)
    return " ".join(pace.choice(("S", "W", "3+10", "W+K", "5+8", "A+Q", "J", "2+J")) for _ in range(count)), count


def game_row(pace: random.Random, number: int, player: str, code: str, at: datetime, won: bool) -> dict[str, Any]:
    moves, count = moves_text(pace)
    return {
        "id": f"{number:032x}",
        "player_id": player,
        "code": code,
        "moves": moves,
        "move_count": count,
        "score": 26 if won else pace.randint(0, 25),
        "status": "won" if won else pace.choice(("abandoned", "stalled", "playing")),
        "assisted": pace.random() < 0.1,
        "hints": 0,
        "seconds": round(pace.uniform(60, 900), 1),
        "paused": False,
        "created_at": at,
        "last_active_at": at,
        "finished_at": at if won else None,
    }


def fill(app: Any, players: int, history: int, heavy: int, today: datetime = TODAY) -> None:
    """The games table as the docstring says, around `today` (today's daily games earlier the same day)."""
    pace = random.Random(7)
    code = daily_code_for(today.date())
    engine = app.state.services.engine
    start_of_day = today.replace(hour=0, minute=0, second=0, microsecond=0)
    rows: list[dict[str, Any]] = []
    number = 0
    for index in range(history):  # other deals, other days, other players
        at = today - timedelta(days=pace.randint(1, 365), minutes=pace.randint(0, 1440))
        rows.append(game_row(pace, number := number + 1, player_id(index % 20_000 + 1), f"N{index}", at, True))
    for index in range(players):
        for _ in range(pace.choice((1, 1, 2))):
            at = max(start_of_day, today - timedelta(minutes=pace.randint(1, 17 * 60)))  # today's, all
            rows.append(game_row(pace, number := number + 1, player_id(index + 1), code, at, pace.random() < 0.65))
    for _ in range(heavy):
        at = today - timedelta(days=pace.randint(0, 700), minutes=pace.randint(0, 1440))
        rows.append(game_row(pace, number := number + 1, HEAVY, f"N{pace.randint(0, 999)}", at, pace.random() < 0.5))
    people = {row["player_id"] for row in rows}
    with engine.begin() as connection:
        connection.execute(insert(PLAYERS), [{"id": person, "created_at": today} for person in people])
        for start in range(0, len(rows), 5_000):
            connection.execute(insert(GAMES), rows[start : start + 5_000])


class LoopWatch:
    """A timer on the app's event loop every millisecond, keeping how late each run was: how long anything held the
    loop (a request's own work on it), which every other request of the server waits out."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.lateness: list[float] = []
        loop.call_soon_threadsafe(self._schedule)

    def _schedule(self) -> None:
        self.due = self.loop.time() + 0.001
        self.loop.call_at(self.due, self._run)

    def _run(self) -> None:
        self.lateness.append((self.loop.time() - self.due) * 1000)
        self._schedule()


def timed(client: TestClient, watch: LoopWatch, path: str, player: str, requests: int) -> dict[str, float]:
    client.cookies.set(PLAYER_COOKIE, player)
    assert client.get(path).status_code == 200  # the first answer warms what is computed once a day
    times = []
    watch.lateness.clear()
    for _ in range(requests):
        start = time.perf_counter()
        answer = client.get(path)
        times.append((time.perf_counter() - start) * 1000)
        assert answer.status_code == 200, answer.text
    late = list(watch.lateness)
    return {
        "p50_ms": round(statistics.median(times), 2),
        "p99_ms": round(percentile(times, 0.99), 2),
        "loop_held_max_ms": round(max(late), 2),
    }


def loop_delays(client: httpx.Client) -> dict[float, float]:
    """The server's event-loop delay histogram: samples at or under each bound in seconds (cumulative)."""
    return histogram_buckets(client.get("/metrics").text, "heartcards_event_loop_delay_seconds")


def health_meanwhile(url: str, asking: threading.Event, stop: threading.Event, times: list[float]) -> None:
    """Another client (another address, so not in the line of the timed requests' own) asking `/api/health` every
    5 ms until `stop`: its round trips in milliseconds, which wait out whatever holds the server's loop. `asking` is
    set once its first answer is in, so that a short phase still has it asking throughout."""
    transport = httpx.HTTPTransport(local_address=BYSTANDER)
    with httpx.Client(base_url=url, transport=transport, timeout=60) as client:
        while True:
            start = time.perf_counter()
            client.get("/api/health")
            times.append((time.perf_counter() - start) * 1000)
            asking.set()
            if stop.wait(0.005):
                return


def timed_served(client: httpx.Client, path: str, player: str, requests: int) -> dict[str, float]:
    """As `timed`, against a server of its own: the loop's delay from its `/metrics`, before and after, and another
    client's `/api/health` meanwhile."""
    client.cookies.set(PLAYER_COOKIE, player)
    assert client.get(path).status_code == 200
    before = loop_delays(client)
    asking, stop, health = threading.Event(), threading.Event(), list[float]()
    bystander = threading.Thread(target=health_meanwhile, args=(str(client.base_url), asking, stop, health))
    bystander.start()
    asking.wait()
    times = []
    try:
        for _ in range(requests):
            start = time.perf_counter()
            answer = client.get(path)
            times.append((time.perf_counter() - start) * 1000)
            assert answer.status_code == 200, answer.text
    finally:
        stop.set()
        bystander.join()
    after = loop_delays(client)
    delays = histogram_between(before, after)
    return {
        "p50_ms": round(statistics.median(times), 2),
        "p99_ms": round(percentile(times, 0.99), 2),
        "loop_delay_p99_ms": bucket_bound(delays, 0.99) * 1000,
        "loop_delay_max_ms": bucket_bound(delays, 1.0) * 1000,
        "health_meanwhile_p99_ms": round(percentile(health, 0.99), 2),
        "health_meanwhile_max_ms": round(max(health), 2),
    }


def served(options: argparse.Namespace) -> dict[str, Any]:
    """The figures with the database served by a server of its own, filled around the real time."""
    today = datetime.now(UTC)
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/site.db"
        app = create_app(Settings(database_url=url))  # migrates the file; only its engine is used, to fill it
        start = time.perf_counter()
        fill(app, options.players, options.history, options.heavy, today)
        app.state.services.engine.dispose()
        print(f"filled in {time.perf_counter() - start:.1f} s", flush=True)
        server = LiveServer(url)
        server.start()
        try:
            with server.client() as client:
                return {
                    "served": True,
                    "daily_as_a_player": timed_served(client, "/api/h2h/daily", player_id(1), options.requests),
                    "daily_as_a_newcomer": timed_served(client, "/api/h2h/daily", "e" * 32, options.requests),
                    "stats_of_the_heavy_player": timed_served(client, "/api/h2h/stats", HEAVY, options.requests),
                }
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=5_000, help="players of today's daily deal")
    parser.add_argument("--history", type=int, default=200_000, help="other games stored")
    parser.add_argument("--heavy", type=int, default=2_000, help="games of the player whose statistics are asked")
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--served", action="store_true", help="a server process of its own, asked over HTTP")
    parser.add_argument("--no-keep", action="store_true", help="print the line without keeping it")
    options = parser.parse_args()
    sizes = {"players": options.players, "history": options.history, "heavy": options.heavy}
    if options.served:
        figures = sizes | served(options)
        for name, value in figures.items():
            print(f"{name}: {value}")
        record_run("daily", figures, keep=not options.no_keep)
        return
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Settings(database_url=f"sqlite:///{folder}/site.db"), clock=lambda: TODAY)
        with TestClient(app) as client:
            assert client.portal is not None
            watch = LoopWatch(client.portal.call(asyncio.get_running_loop))
            start = time.perf_counter()
            fill(app, options.players, options.history, options.heavy)
            print(f"filled in {time.perf_counter() - start:.1f} s", flush=True)
            figures: dict[str, Any] = {
                "players": options.players,
                "history": options.history,
                "heavy": options.heavy,
                "daily_as_a_player": timed(client, watch, "/api/h2h/daily", player_id(1), options.requests),
                "daily_as_a_newcomer": timed(client, watch, "/api/h2h/daily", "e" * 32, options.requests),
                "stats_of_the_heavy_player": timed(client, watch, "/api/h2h/stats", HEAVY, options.requests),
            }
    for name, value in figures.items():
        print(f"{name}: {value}")
    record_run("daily", figures, keep=not options.no_keep)


if __name__ == "__main__":
    main()
