"""One client against everyone else, over loopback, the way issue 30's attacks were run: what each attack costs
another client now. Figures (kept in `results/fairness.jsonl`):

1. `/api/health` p50 and p99 of a bystander, alone and while one cookie sends 50 batches of 2,000 moves toward a
   100,000-move record (then replaces it, long and short in turn): on the server as it is (its address's budget of
   moves answers most of them 429), and on one that spares the attacker's address the budget (`unbudgeted`: every
   batch is played, what the batches' own cost does to the bystander).
2. A bystander's hint (from 127.0.0.2, on a deal whose hint takes milliseconds) while 300 fresh cookies from
   127.0.0.1 ask one hint each on random deals: it waits for the search running and at most one more.
3. Concurrent Hearts table creations on one cookie that succeed (the quota is 12), and Heart to Heart games made
   with a fresh cookie each from one address in 15 s (the quota is 300 per 10 minutes).
4. Spectator sockets one address holds open on a table when it asks for 400, and another address's ping round trip
   on another table (p50) while every one of those sockets sends pings flat out.

    uv run python benchmarks/fairness.py            # about a minute; --no-keep for a run not worth keeping
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.live_server import LiveServer

from heartcards.figures import percentile
from record import record_run

SEED_CODE = "HH1-N-AAAAAAM"
BATCHES = 50


def health(client: httpx.Client, until: threading.Event | None, least: int) -> list[float]:
    latencies: list[float] = []
    while len(latencies) < least or (until is not None and not until.is_set()):
        started = time.perf_counter()
        client.get("/api/health")
        latencies.append((time.perf_counter() - started) * 1000)
    return latencies


def moves_attack(url: str, label: str = "") -> dict[str, float]:
    done = threading.Event()
    with httpx.Client(base_url=url, timeout=300) as attacker, httpx.Client(base_url=url, timeout=60) as bystander:
        game_id = attacker.post("/api/h2h/games", json={"code": SEED_CODE}).json()["id"]
        alone = health(bystander, None, 200)

        def attack() -> None:
            stored = 0
            for number in range(BATCHES):
                if number < 25:
                    body: dict[str, object] = {"from": stored, "moves": ["S"] * 2000}
                else:
                    body = {"from": 0, "moves": ["S"] * (2000 if number % 2 else 1000), "replace": True}
                answer = attacker.post(f"/api/h2h/games/{game_id}/moves", json=body)
                statuses.append(answer.status_code)
                stored = answer.json()["stored"] if answer.status_code == 200 else stored
            done.set()

        statuses: list[int] = []

        thread = threading.Thread(target=attack)
        thread.start()
        attacked = health(bystander, done, 200)
        thread.join()
    return {
        f"health_alone{label}_p50_ms": round(percentile(alone, 0.5), 1),
        f"health_alone{label}_p99_ms": round(percentile(alone, 0.99), 1),
        f"health_under_moves{label}_p50_ms": round(percentile(attacked, 0.5), 1),
        f"health_under_moves{label}_p99_ms": round(percentile(attacked, 0.99), 1),
        f"moves_batches{label}_answered_200": statuses.count(200),
        f"moves_batches{label}_answered_429": statuses.count(429),
    }


async def hint_flood(url: str) -> dict[str, float]:
    flood_transport = httpx.AsyncHTTPTransport(local_address="127.0.0.1")
    limits = httpx.Limits(max_connections=None)
    async with httpx.AsyncClient(base_url=url, transport=flood_transport, timeout=300, limits=limits) as flooder:
        pairs = []
        for number in range(300):  # the games are made from ten addresses (each has a game quota), the hints from one
            creator = httpx.AsyncHTTPTransport(local_address=f"127.0.1.{number % 10 + 1}")
            async with httpx.AsyncClient(base_url=url, transport=creator, timeout=60) as making:
                answer = await making.post("/api/h2h/games", json={"mode": "N"})
            pairs.append((answer.json()["id"], answer.cookies["hc_player"]))
        transport = httpx.AsyncHTTPTransport(local_address="127.0.0.2")
        async with httpx.AsyncClient(base_url=url, transport=transport, timeout=300) as bystander:
            game_id = (await bystander.post("/api/h2h/games", json={"code": SEED_CODE})).json()["id"]
            flood = asyncio.gather(
                *(
                    flooder.post(f"/api/h2h/games/{gid}/hint", headers={"cookie": f"hc_player={cookie}"})
                    for gid, cookie in pairs
                )
            )
            await asyncio.sleep(1.0)
            started = time.perf_counter()
            await bystander.post(f"/api/h2h/games/{game_id}/hint")
            waited = time.perf_counter() - started
            answers = await flood
    return {
        "bystander_hint_s": round(waited, 3),
        "flood_hints_answered_429": sum(answer.status_code == 429 for answer in answers),
    }


async def creations(url: str) -> dict[str, int]:
    async with httpx.AsyncClient(base_url=url, timeout=120) as one_cookie:
        await one_cookie.get("/api/health")
        answers = await asyncio.gather(
            *(one_cookie.post("/api/hearts/tables", json={"mode": "online", "name": "Eve"}) for _ in range(30))
        )
    tables = sum(answer.status_code == 201 for answer in answers)
    games = 0
    deadline = time.monotonic() + 15.0
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.3")
    async with httpx.AsyncClient(base_url=url, timeout=60, transport=transport) as rotating:
        while time.monotonic() < deadline:
            rotating.cookies.clear()
            games += (await rotating.post("/api/h2h/games", json={"mode": "N"})).status_code == 201
    return {"concurrent_tables_on_one_cookie": tables, "h2h_games_fresh_cookies_15s": games}


async def sockets(url: str) -> dict[str, float]:
    async with httpx.AsyncClient(base_url=url, timeout=60) as host:
        table_id = (await host.post("/api/hearts/tables", json={"mode": "online", "name": "Host"})).json()["table"][
            "id"
        ]
        other_id = (await host.post("/api/hearts/tables", json={"mode": "online", "name": "Bea"})).json()["table"]["id"]
    address = url.replace("http://", "ws://") + f"ws/hearts/{table_id}"
    other_address = url.replace("http://", "ws://") + f"ws/hearts/{other_id}"
    held: list[websockets.ClientConnection] = []
    for _ in range(400):
        try:
            connection = await websockets.connect(address)
            await connection.send(json.dumps({"type": "hello"}))
            first = json.loads(await connection.recv())
        except (OSError, websockets.WebSocketException):
            continue
        if first.get("type") == "state":
            held.append(connection)
        else:
            await connection.close()
    stop = asyncio.Event()

    async def flood(connection: websockets.ClientConnection) -> None:
        with_errors = (OSError, websockets.WebSocketException)
        while not stop.is_set():
            try:
                await connection.send('{"type": "ping"}')
                await connection.recv()
            except with_errors:
                return

    floods = [asyncio.create_task(flood(connection)) for connection in held]
    await asyncio.sleep(1.0)
    round_trips = []
    async with websockets.connect(other_address, local_addr=("127.0.0.2", 0)) as other:  # another client, table
        await other.send(json.dumps({"type": "hello"}))
        await other.recv()
        for number in range(20):
            started = time.perf_counter()
            await other.send(json.dumps({"type": "ping", "id": number}))
            await other.recv()
            round_trips.append((time.perf_counter() - started) * 1000)
    stop.set()
    await asyncio.gather(*floods, return_exceptions=True)
    for connection in held:
        await connection.close()
    return {"sockets_held_of_400": len(held), "other_table_ping_p50_ms": round(percentile(round_trips, 0.5), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-keep", action="store_true", help="print the figures without keeping them")
    options = parser.parse_args()
    figures: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as folder:
        spared = {"HEARTCARDS_UNLIMITED_ADDRESSES": "127.0.0.1"}  # the attacker's address: no budget of moves
        server = LiveServer(f"sqlite:///{Path(folder) / 'unbudgeted.sqlite3'}", environment=spared)
        server.start()
        try:
            figures.update(moves_attack(server.url, "_unbudgeted"))
        finally:
            server.stop()
        server = LiveServer(f"sqlite:///{Path(folder) / 'fairness.sqlite3'}")
        server.start()
        try:
            figures.update(moves_attack(server.url))
            figures.update(asyncio.run(hint_flood(server.url)))
            figures.update(asyncio.run(creations(server.url)))
            figures.update(asyncio.run(sockets(server.url)))
        finally:
            server.stop()
    print(json.dumps(figures, indent=2))
    record_run("fairness", figures, keep=not options.no_keep)


if __name__ == "__main__":
    main()
